/**
 * The product editor's Compliance panel: where the product (with its variants) is restricted today
 * and why — each state or zip code group with its outcome, the rules and their citations (the
 * restriction search's `where`).
 */
import { Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorState, Spinner } from '../../../ui/states';
import { useWhereRestricted } from '../api';
import { EffectBadge } from '../../../ui/EffectBadge';

export function ProductCompliancePanel({ productId }: { productId: number }) {
  const q = useWhereRestricted([{ product_id: productId, quantity: 1 }]);
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} title="Could not read the compliance rules" />;
  const item = q.data?.items[0];
  if (!item) return <Spinner label="Reading the compliance rules…" />;
  return (
    <Paper withBorder radius="sm" p="sm" maw={1200} aria-label="Compliance">
      <Group justify="space-between" mb="xs">
        <Text size="sm">
          {item.places.length ? (
            <>
              Restricted in <b>{item.restricted_states.length}</b> {item.restricted_states.length === 1 ? 'state' : 'states'}
              {item.places.length > item.restricted_states.length ? ` and ${item.places.length - item.restricted_states.length} zip code groups` : ''} on {q.data!.date}.
            </>
          ) : (
            <>No compliance rule restricts this product anywhere on {q.data!.date}.</>
          )}
        </Text>
        <Anchor component={Link} to={`/compliance-restriction/search?items=p${productId}`} size="xs">
          Check it to an address
        </Anchor>
      </Group>
      {item.places.length ? (
        <Table fz="xs" verticalSpacing={4} striped="even" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={140}>Where</Table.Th>
              <Table.Th w={200}>Outcome</Table.Th>
              <Table.Th>Why</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {item.places.map((p) => (
              <Table.Tr key={`${p.kind}-${p.place}`}>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="xs" fw={600}>
                      {p.place}
                    </Text>
                    {p.kind === 'zip_code_group' ? (
                      <Group gap={2}>
                        <Text size="xs" c="dimmed">
                          zip code group
                        </Text>
                        {p.states.map((s) => (
                          <Badge key={s} size="xs" variant="light" color="gray" radius="sm">
                            {s}
                          </Badge>
                        ))}
                      </Group>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <EffectBadge effect={p.outcome} documents={p.rules.filter((r) => r.decisive && r.document).map((r) => r.document!)} min_age={p.rules.find((r) => r.decisive)?.min_age ?? null} size="xs" />
                </Table.Td>
                <Table.Td>
                  {p.rules
                    .filter((r) => r.decisive)
                    .map((r) => (
                      <div key={r.id}>
                        <Anchor component={Link} to={`/compliance-restriction/${r.id}`} size="xs">
                          {r.name}
                        </Anchor>{' '}
                        <Text span size="xs" c="dimmed">
                          — {r.matched}; {r.citation}
                        </Text>
                      </div>
                    ))}
                  {p.rules.length > p.rules.filter((r) => r.decisive).length ? (
                    <Text size="xs" c="dimmed">
                      and {p.rules.length - p.rules.filter((r) => r.decisive).length} less strict
                    </Text>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Paper>
  );
}
