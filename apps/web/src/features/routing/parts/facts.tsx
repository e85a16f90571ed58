/** Pieces the routing screens share: a source's lines and fees, the per-source totals of an option. */
import { Table, Text } from '@mantine/core';
import { COMPLIANCE_EFFECTS, EFFECT_LABELS, type OrderRouteOptionVendorTotalListItem } from '@qm/contracts';
import { codeInWords } from '../../../lib/format';
import { BooleanBadge, CodeDisplay, IntegerDisplay, MoneyDisplay } from '../../../ui/displays';
import type { FilterDef } from '../../../ui/ResourceList';

export const COMPLIANCE_FILTER: FilterDef = {
  kind: 'select',
  key: 'compliance_outcome',
  label: 'Compliance',
  options: COMPLIANCE_EFFECTS.map((e) => ({ value: e, label: EFFECT_LABELS[e] })),
  width: 210,
};

/** Per source: items, fees, shipping, total, minimum order. */
export function SourceTotals({ totals, caption }: { totals: OrderRouteOptionVendorTotalListItem[]; caption?: string }) {
  return (
    // on a narrow card it scrolls sideways rather than spill out of it
    <Table.ScrollContainer minWidth={440} type="native">
      <Table fz="xs" verticalSpacing={4} horizontalSpacing={8} withTableBorder striped="even" aria-label={caption ?? 'Per-source totals'}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Source</Table.Th>
            <Table.Th ta="right">Units</Table.Th>
            <Table.Th ta="right">Items</Table.Th>
            <Table.Th ta="right">Fees</Table.Th>
            <Table.Th ta="right">Shipping</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>Minimum</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {totals.map((t) => (
            <Table.Tr key={t.id} data-source={t.source_name}>
              <Table.Td>
                <Text size="xs" fw={500}>{t.source_name}</Text>
              </Table.Td>
              <Table.Td ta="right"><IntegerDisplay value={t.units} /></Table.Td>
              <Table.Td ta="right"><MoneyDisplay cents={t.items_cents} /></Table.Td>
              <Table.Td ta="right"><MoneyDisplay cents={t.fixed_fees_cents + t.per_unit_fees_cents} /></Table.Td>
              <Table.Td ta="right"><MoneyDisplay cents={t.shipping_cents} /></Table.Td>
              <Table.Td ta="right" fw={600}><MoneyDisplay cents={t.total_cents} /></Table.Td>
              <Table.Td>
                {t.min_order_cents === null ? <Text size="xs" c="dimmed">None</Text> : <BooleanBadge value={t.min_order_met} trueLabel="Met" falseLabel="Not met" />}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One source's lines (why each went there) and its fees (why each was charged or not). */
export function SourceDetail({ total }: { total: OrderRouteOptionVendorTotalListItem }) {
  return (
    <>
      <Table fz="xs" verticalSpacing={4} withTableBorder aria-label={`Lines from ${total.source_name}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>SKU</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Unit cost</Table.Th>
            <Table.Th>Why here</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {total.lines.map((l) => (
            <Table.Tr key={`${l.order_item_id}-${l.variant_id}`}>
              <Table.Td><CodeDisplay value={l.sku} /></Table.Td>
              <Table.Td ta="right"><IntegerDisplay value={l.quantity} /></Table.Td>
              <Table.Td ta="right"><MoneyDisplay cents={l.unit_cost_cents} /></Table.Td>
              <Table.Td>{l.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {total.fee_lines.length ? (
        <Table fz="xs" verticalSpacing={4} withTableBorder mt="xs" aria-label={`Fees of ${total.source_name}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fee</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Charged</Table.Th>
              <Table.Th>Why</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {total.fee_lines.map((f) => (
              <Table.Tr key={f.fee_id}>
                <Table.Td>{f.name}</Table.Td>
                <Table.Td>{codeInWords(f.status)}</Table.Td>
                <Table.Td ta="right"><MoneyDisplay cents={f.total_cents} /></Table.Td>
                <Table.Td>{f.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </>
  );
}
