/** How outcomes and the rules behind them look: one colour per effect, strictest the loudest. */
import { Anchor, Stack, Table, Text } from '@mantine/core';
import { US_STATES, type AppliedRule, type ComplianceRestriction } from '@qm/contracts';
import { Link } from 'react-router';
import { EffectBadge } from '../../../ui/EffectBadge';

/** The rules that apply to an item, strictest first; the decisive ones in bold. */
export function AppliedRules({ rules, linkRules = true }: { rules: AppliedRule[]; linkRules?: boolean }) {
  if (!rules.length) return null;
  return (
    <Table withTableBorder striped="even" fz="xs" verticalSpacing={4} horizontalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Rule</Table.Th>
          <Table.Th>Effect</Table.Th>
          <Table.Th>What matched</Table.Th>
          <Table.Th>Where</Table.Th>
          <Table.Th>Citation</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rules.map((r) => (
          <Table.Tr key={r.id}>
            <Table.Td fw={r.decisive ? 600 : 400}>
              <Stack gap={0}>
                {linkRules ? (
                  <Anchor component={Link} to={`/compliance-restriction/${r.id}`} size="xs" fw={r.decisive ? 600 : 400}>
                    {r.name}
                  </Anchor>
                ) : (
                  r.name
                )}
                {r.decisive ? (
                  <Text size="xs" c="dimmed">
                    sets the outcome
                  </Text>
                ) : null}
              </Stack>
            </Table.Td>
            <Table.Td>
              <EffectBadge effect={r.effect} document={r.document} min_age={r.min_age} size="xs" />
            </Table.Td>
            <Table.Td>{r.matched}</Table.Td>
            <Table.Td>{r.where}</Table.Td>
            <Table.Td>
              {r.citation_url ? (
                <Anchor href={r.citation_url} target="_blank" rel="noreferrer noopener" size="xs">
                  {r.citation}
                </Anchor>
              ) : (
                r.citation
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Places in words: "CA, NY · Chicago · except 60601". */
/** A rule's states: named, or "Every state" (with DC and the territories it also names) for a federal rule. */
export function statesText(states: readonly string[]): string {
  const set = new Set(states);
  if (!US_STATES.every((s) => set.has(s))) return states.join(', ');
  const others = states.filter((s) => !(US_STATES as readonly string[]).includes(s));
  return others.length ? `Every state, ${others.join(', ')}` : 'Every state';
}

export function whereText(r: Pick<ComplianceRestriction, 'states' | 'zip_code_groups' | 'except_states' | 'except_zip_code_groups'>): string {
  const places = [statesText(r.states), r.zip_code_groups.map((g) => g.name).join(', ')].filter(Boolean).join(' · ');
  const except = [...r.except_states, ...r.except_zip_code_groups.map((g) => g.name)];
  return except.length ? `${places} · except ${except.join(', ')}` : places;
}

