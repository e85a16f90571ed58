/** Compliance Restrictions, one item: the rule in full, the products it catches and its history. */
import { Anchor, Badge, Button, Grid, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { isAllowed, type ComplianceRestriction } from '@qm/contracts';
import { formatDate, formatDateTime } from '../../lib/format';
import { useResourceItem } from '../../lib/resource';
import { usePermissions } from '../../lib/session';
import { Fact } from '../../ui/displays';
import { EditorLoading, EditorRoute } from '../../ui/Editor';
import { JsonDiff } from '../../ui/JsonDiff';
import { PageHeader } from '../../ui/PageHeader';
import { ErrorState, Spinner } from '../../ui/states';
import { restrictions, useRestrictionCatch, useRestrictionHistory } from './api';
import { whereText } from './parts/outcome';
import { EffectBadge } from '../../ui/EffectBadge';

export default function RestrictionViewScreen() {
  return <EditorRoute noun="restriction">{(id) => <RestrictionView key={id} id={id} />}</EditorRoute>;
}

function RestrictionView({ id }: { id: number }) {
  const canWrite = isAllowed(['compliance.write'], usePermissions());
  const item = useResourceItem<ComplianceRestriction>(restrictions, id);
  const r = item.data;
  if (!r) return <EditorLoading query={item} noun="restriction" />;
  return (
    <>
      <PageHeader
        title={r.name}
        description={
          <Anchor component={Link} to="/compliance-restriction" size="sm">
            ← Compliance Restrictions
          </Anchor>
        }
        actions={
          <Group gap="xs">
            <Button variant="default" component={Link} to={`/compliance-restriction/search?state=${r.states[0] ?? ''}`}>
              Search this place
            </Button>
            {canWrite ? (
              <Button component={Link} to={`/compliance-restriction?edit=${r.id}`}>
                Edit
              </Button>
            ) : null}
          </Group>
        }
      />
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder radius="sm" p="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
              <Fact label="Type">
                <Group gap={6}>
                  <EffectBadge effect={r.effect} document={r.document} min_age={r.min_age} />
                  <Text size="sm">{r.restriction_type_name}</Text>
                </Group>
              </Fact>
              <Fact label="State">
                <Badge size="sm" radius="sm" variant="light" color={r.in_force ? 'teal' : 'gray'}>
                  {r.in_force ? 'In force today' : r.is_active ? 'Not in force today' : 'Inactive'}
                </Badge>
              </Fact>
              <Fact label="Target">{r.target_label}</Fact>
              <Fact label="Where">{whereText(r) || '—'}</Fact>
              <Fact label="Legal citation">
                {r.citation_url ? (
                  <Anchor href={r.citation_url} target="_blank" rel="noreferrer noopener" size="sm">
                    {r.citation}
                  </Anchor>
                ) : (
                  r.citation
                )}
              </Fact>
              <Fact label="Effective">
                {formatDate(r.effective_from, 'always')} → {formatDate(r.effective_to, 'until changed')}
              </Fact>
            </SimpleGrid>
            {r.notes ? (
              <Text size="sm" mt="sm" c="dimmed">
                {r.notes}
              </Text>
            ) : null}
          </Paper>
          <History id={id} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Caught id={id} />
        </Grid.Col>
      </Grid>
    </>
  );
}

function Caught({ id }: { id: number }) {
  const q = useRestrictionCatch(id);
  return (
    <Paper withBorder radius="sm" p="sm">
      <Title order={2} size="h5" mb="xs">
        Products it catches{q.data ? `: ${q.data.product_count.toLocaleString('en-US')}` : ''}
      </Title>
      {q.isError ? <ErrorState error={q.error} onRetry={() => void q.refetch()} /> : null}
      {!q.data && !q.isError ? <Spinner minHeight={80} /> : null}
      {q.data && !q.data.sample.length ? <Text size="sm" c="dimmed">No product in the catalogue matches this target.</Text> : null}
      {q.data?.sample.length ? (
        <Table fz="xs" verticalSpacing={4} striped="even">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th>SKU</Table.Th>
              <Table.Th>Brand</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data.sample.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/product/${p.id}?tab=compliance`} size="xs">
                    {p.title ?? `Untitled product #${p.id}`}
                  </Anchor>
                </Table.Td>
                <Table.Td>{p.sku ?? '—'}</Table.Td>
                <Table.Td>{p.brand_name ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {q.data && q.data.product_count > q.data.sample.length ? (
        <Text size="xs" c="dimmed" mt={4}>
          The first {q.data.sample.length} of {q.data.product_count.toLocaleString('en-US')}.
        </Text>
      ) : null}
    </Paper>
  );
}

function History({ id }: { id: number }) {
  const q = useRestrictionHistory(id);
  return (
    <Paper withBorder radius="sm" p="sm" mt="sm">
      <Title order={2} size="h5" mb="xs">
        History
      </Title>
      {q.isError ? <ErrorState error={q.error} onRetry={() => void q.refetch()} /> : null}
      {!q.data && !q.isError ? <Spinner minHeight={80} /> : null}
      <Stack gap="xs">
        {q.data?.map((h) => (
          <div key={h.id}>
            <Text size="xs" fw={600}>
              {h.action === 'create' ? 'Created' : h.action === 'update' ? 'Changed' : h.action === 'delete' ? 'Deleted' : h.action} · {formatDateTime(h.at)} · {h.user_name ?? 'System'}
            </Text>
            {h.action === 'update' ? <JsonDiff before={h.before as never} after={h.after as never} /> : null}
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
