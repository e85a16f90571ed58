/** Dashboard: the day's orders view, each area's figures to act on, recent activity, and the user's shortcuts — all from `GET dashboard`, each as the user's roles allow. */
import { Anchor, Card, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { isAllowed, OPEN_PO_STATUSES } from '@qm/contracts';
import { useCurrentUser } from '../../lib/session';
import { navGroups } from '../../app/nav';
import { codeInWords } from '../../lib/format';
import { DateTimeDisplay } from '../../ui/displays';
import { Figure } from '../../ui/Figure';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyState, ErrorState, Spinner } from '../../ui/states';
import { auditLink, entityLabel } from '../audit/links';
import { ActionBadge, ActorName } from '../audit/parts/EntryCells';
import { TableHead } from '../../ui/TableHead';
import { useDashboard } from './api';
import { OrdersToday } from './parts/OrdersToday';

/** The server counts a figure only for those who read its area, and so may open its list. */
const COUNT_LABELS: Record<string, { label: string; note?: string; href: () => string }> = {
  po_open: {
    label: 'Purchase orders open',
    note: 'Submitted, confirmed or partly received',
    href: () => `/purchase-order?${OPEN_PO_STATUSES.map((s) => `filter%5Bstatus%5D=${s}`).join('&')}`,
  },
  stock_below_reorder: { label: 'Stock to reorder', note: 'Items at or below their reorder point', href: () => '/report/inventory-item?filter%5Bstock%5D=below_reorder' },
  // the day as the server counted it (UTC)
  restrictions_in_force: { label: 'Restrictions in force', note: 'Active and in force today', href: () => `/compliance-restriction?filter%5Bin_force_on%5D=${new Date().toISOString().slice(0, 10)}` },
  use_cases_low: { label: 'Use cases low on stock', note: 'Fewer products in stock than their target', href: () => '/merchandising-use-case?filter%5Bis_low%5D=true' },
  users_active: { label: 'Active users', href: () => '/user?filter%5Bis_active%5D=true' },
  audit_today: { label: 'Changes today', href: () => '/report/log' },
  client_errors_today: { label: 'Browser errors today', href: () => '/report/log?tab=errors' },
};

export default function DashboardScreen() {
  const user = useCurrentUser();
  const permissions = user.security.permissions;
  const canSeeLogs = isAllowed(['audit.read'], permissions);
  const dashboard = useDashboard();
  const groups = navGroups(permissions).map((g) => ({ ...g, routes: g.routes.filter((r) => r.path !== '') })).filter((g) => g.routes.length > 0);

  const counts = dashboard.data ? Object.entries(dashboard.data.counts).filter(([, v]) => typeof v === 'number') : [];

  return (
    <Stack gap="md">
      <PageHeader description={`Signed in as ${user.name}`} />

      {dashboard.isPending ? <Spinner /> : null}
      {dashboard.isError ? <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} title="Could not load the dashboard" /> : null}

      {dashboard.data?.orders ? <OrdersToday data={dashboard.data.orders} /> : null}

      {counts.length > 0 ? (
        <SimpleGrid cols={{ base: 1, xs: 3, lg: counts.length > 3 ? 6 : 3 }} spacing="sm" maw={counts.length > 3 ? undefined : 760}>
          {counts.map(([key, value]) => {
            const meta = COUNT_LABELS[key];
            return <Figure key={key} label={meta?.label ?? codeInWords(key)} value={value as number} href={meta?.href()} note={meta?.note} />;
          })}
        </SimpleGrid>
      ) : null}

      {dashboard.data ? (
        <Paper withBorder radius="sm">
          <Group justify="space-between" px="sm" py="xs">
            <Title order={2} size="h5">
              Recent activity
            </Title>
            {canSeeLogs ? (
              <Anchor component={Link} to="/report/log" size="sm">
                All logs
              </Anchor>
            ) : null}
          </Group>
          {dashboard.data.recent_activity.length === 0 ? (
            <EmptyState title="No activity yet" />
          ) : (
            <Table striped verticalSpacing={5} fz="sm" aria-label="Recent activity">
              <TableHead cells={['When', 'Who', 'Action', 'Entity']} />
              <Table.Tbody>
                {dashboard.data.recent_activity.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>
                      <DateTimeDisplay value={e.at} />
                    </Table.Td>
                    <Table.Td>
                      <ActorName name={e.actor_name} impersonator={e.impersonator_name} />
                    </Table.Td>
                    <Table.Td>
                      <ActionBadge action={e.action} />
                    </Table.Td>
                    <Table.Td>
                      {canSeeLogs ? (
                        <Anchor component={Link} to={auditLink(e.entity, e.entity_id)} size="sm">
                          {entityLabel(e.entity, e.entity_id)}
                        </Anchor>
                      ) : (
                        entityLabel(e.entity, e.entity_id)
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      ) : null}

      <div>
        <Title order={2} size="h5" mb="xs">
          Your shortcuts
        </Title>
        {groups.length === 0 ? (
          <Text size="sm" c="dimmed">
            Your account does not open any screen yet. Ask an administrator for a role.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="sm">
            {groups.map(({ group, routes }) => (
              <Card key={group} withBorder padding="sm" radius="sm" component="section" aria-label={group}>
                <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={6}>
                  {group}
                </Text>
                <Stack gap={2}>
                  {routes.map((r) => (
                    <Anchor key={r.name} component={Link} to={`/${r.path}`} size="sm">
                      {r.nav?.label ?? r.title}
                    </Anchor>
                  ))}
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </div>
    </Stack>
  );
}
