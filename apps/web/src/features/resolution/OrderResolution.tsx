/**
 * Order Resolution Dashboard: every order that needs a person, grouped by why, with counts and ages,
 * filtered by store and reason (in the URL), a page of open cases oldest first with the order's facts,
 * and the actions that resolve each.
 */
import { Link, useSearchParams } from 'react-router';
import { Anchor, Badge, Group, Pagination, Paper, Select, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { RESOLUTION_REASON_CODES, RESOLUTION_REASON_LABELS, type ResolutionReasonCode } from '@qm/contracts';
import { formatCents, formatDateTime, formatInteger, formatRange, plural } from '../../lib/format';
import { useStoreOptions } from '../../lib/lookups';
import { Stacked } from '../../ui/displays';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyState, ErrorState, Spinner } from '../../ui/states';
import { TableHead } from '../../ui/TableHead';
import { TABLE_DENSITY } from '../../ui/listParams';
import { useResolution } from './api';
import { ageText } from './parts/age';
import { ResolutionActions } from './parts/ResolutionActions';
import './parts/resolution.css';

const KEYS = ['store_id', 'reason', 'page', 'per_page'];

export default function OrderResolutionScreen() {
  const [params, setParams] = useSearchParams();
  const query = new URLSearchParams();
  for (const k of KEYS) {
    const v = params.get(k);
    if (v) query.set(k, v);
  }
  const res = useResolution(query);
  const stores = useStoreOptions();
  const reason = (params.get('reason') as ResolutionReasonCode | null) ?? null;

  const update = (k: string, v: string | null) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    if (k !== 'page') next.delete('page');
    setParams(next);
  };

  const d = res.data;
  return (
    <Stack gap="md">
      <PageHeader
        description={
          d
            ? d.open_orders === 0
              ? 'No order needs a person.'
              : `${d.open_orders === 1 ? '1 order needs' : `${plural(d.open_orders, 'order')} need`} a person (${plural(d.open_cases, 'open case')}); the oldest has been open for ${ageText(d.oldest_opened_at!, d.now)}.`
            : 'Orders that need a person, by reason.'
        }
      />
      <Group gap="sm" align="flex-end">
        <Select
          label="Store"
          size="xs"
          w={220}
          clearable
          placeholder="All stores"
          data={stores.options}
          value={params.get('store_id')}
          onChange={(v) => update('store_id', v)}
        />
        <Select
          label="Reason"
          size="xs"
          w={220}
          clearable
          placeholder="Every reason"
          data={RESOLUTION_REASON_CODES.map((r) => ({ value: r, label: RESOLUTION_REASON_LABELS[r] }))}
          value={reason}
          onChange={(v) => update('reason', v)}
        />
        <Anchor component={Link} to="/order-resolution-summary" size="sm" pb={6}>
          Summary over time
        </Anchor>
      </Group>

      {res.isPending ? <Spinner /> : null}
      {res.isError ? <ErrorState error={res.error} onRetry={() => void res.refetch()} title="Could not load the resolution dashboard" /> : null}

      {d ? (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="xs" component="ul" className="qm-resolution-groups" aria-label="Open cases by reason">
            {d.groups.map((g) => (
              <li key={g.reason}>
                <UnstyledButton
                  className="qm-resolution-group"
                  data-active={reason === g.reason || undefined}
                  aria-pressed={reason === g.reason}
                  onClick={() => update('reason', reason === g.reason ? null : g.reason)}
                  title={g.hint}
                >
                  <Paper withBorder p="xs" radius="sm" h="100%">
                    <Text size="xs" c="dimmed" fw={600}>
                      {g.label}
                    </Text>
                    <Text fz={22} fw={600} lh={1.3}>
                      {formatInteger(g.count)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {g.oldest_opened_at ? `oldest ${ageText(g.oldest_opened_at, d.now)}` : 'none open'}
                    </Text>
                  </Paper>
                </UnstyledButton>
              </li>
            ))}
          </SimpleGrid>
          {reason ? (
            <Text size="sm" c="dimmed">
              {d.groups.find((g) => g.reason === reason)?.hint}
            </Text>
          ) : null}

          <Paper withBorder radius="sm">
            {d.cases.length === 0 ? (
              <EmptyState title={reason ? `No open case: ${RESOLUTION_REASON_LABELS[reason].toLowerCase()}` : 'No open case'} />
            ) : (
              <Table.ScrollContainer minWidth={900}>
                <Table striped highlightOnHover verticalSpacing={5} horizontalSpacing={TABLE_DENSITY.x} fz={TABLE_DENSITY.fz} aria-label="Open cases">
                  <TableHead cells={['Order', 'Customer', { label: 'Total', ta: 'right' }, 'Reason', 'Detail', 'Opened', { label: 'Actions', srOnly: true }]} />
                  <Table.Tbody>
                    {d.cases.map((c) => (
                      <Table.Tr key={c.id} data-order-id={c.order_id}>
                        <Table.Td>
                          <Stacked note={`${c.store}${c.internal_status ? ` · ${c.internal_status}` : ''}`} noteTitle="Store · internal status" nowrap>
                            <Anchor component={Link} to={`/order/${c.order_id}`} fz="inherit" fw={600} style={{ whiteSpace: 'nowrap' }}>
                              {c.order_number}
                            </Anchor>
                          </Stacked>
                        </Table.Td>
                        <Table.Td>
                          <Stacked note={c.customer_email}>{c.customer_name}</Stacked>
                        </Table.Td>
                        <Table.Td ta="right" className="qm-num">
                          {formatCents(c.total_cents)}
                        </Table.Td>
                        <Table.Td>
                          <Badge variant="light" radius="sm" size="sm" tt="none" styles={{ root: { height: 'auto', maxWidth: 'none' }, label: { whiteSpace: 'nowrap', overflow: 'visible' } }} color={c.reason === 'compliance_hold' ? 'red' : c.reason === 'cs_open' ? 'blue' : 'orange'}>
                            {RESOLUTION_REASON_LABELS[c.reason]}
                          </Badge>
                          {c.other_reasons.length ? (
                            <Text size="xs" c="dimmed">
                              also {c.other_reasons.map((r) => RESOLUTION_REASON_LABELS[r].toLowerCase()).join(', ')}
                            </Text>
                          ) : null}
                        </Table.Td>
                        <Table.Td miw={200} maw={340}>
                          {/* a long reason (a route's, line by line) in three lines; all of it on hover and to a screen reader */}
                          <Text fz="inherit" lineClamp={3} title={c.detail}>
                            {c.detail}
                          </Text>
                          {c.route_id ? (
                            <Text size="xs">
                              <Anchor component={Link} to={`/order-route/${c.route_id}`} size="xs">
                                Latest route {c.route_id}
                              </Anchor>
                            </Text>
                          ) : null}
                        </Table.Td>
                        <Table.Td>
                          <Text fz="inherit" fw={500} style={{ whiteSpace: 'nowrap' }}>
                            open for {ageText(c.opened_at, d.now)}
                          </Text>
                          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                            {formatDateTime(c.opened_at)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <ResolutionActions row={c} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Paper>
          {d.meta.total > 0 ? (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {formatRange(d.meta.page, d.meta.per_page, d.meta.total)}
              </Text>
              <Pagination size="sm" total={Math.ceil(d.meta.total / d.meta.per_page)} value={d.meta.page} onChange={(p) => update('page', p === 1 ? null : String(p))} />
            </Group>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
