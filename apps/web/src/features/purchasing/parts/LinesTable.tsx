/**
 * The lines of a purchase order. In a draft they are the form's `lines` (add a variant by SKU, UPC or
 * title — its unit cost comes from the vendor's catalogue —, change quantity and cost, remove); after
 * that they show what was ordered, received, cancelled and is still open.
 */
import { useState } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Group, Paper, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { PurchaseOrderDetail, PurchaseOrderLineInput } from '@qm/contracts';
import { errorMessage } from '../../../lib/api';
import { formatCents, formatInteger } from '../../../lib/format';
import { MoneyDisplay } from '../../../ui/displays';
import { IconButton } from '../../../ui/IconButton';
import { IconTrash } from '../../../ui/icons';
import { TableHead } from '../../../ui/TableHead';
import { VariantSearchSelect } from '../../catalog/parts/VariantSearchSelect';
import { fetchUnitCost } from '../api';
import { CellInteger, CellMoney } from './CellInputs';

interface Shown {
  sku: string;
  title: string | null;
  units: number;
}

/** Lines of a draft, as form fields. */
export function DraftLines({ po, readOnly }: { po: PurchaseOrderDetail; readOnly: boolean }) {
  const { control } = useFormContext<{ lines: PurchaseOrderLineInput[]; vendor_id: number }>();
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const values = useWatch({ control, name: 'lines' }) ?? [];
  const vendorId = useWatch({ control, name: 'vendor_id' });
  const [shown, setShown] = useState(() => new Map<number, Shown>(po.lines.map((l) => [l.variant_id, { sku: l.sku, title: l.product_title, units: l.units_per_package }])));
  const total = values.reduce((n, l) => n + (l?.quantity ?? 0) * (l?.unit_cost_cents ?? 0), 0);

  const add = async (v: { id: number; sku: string; product_title: string | null; units_per_package: number }) => {
    setShown((m) => new Map(m).set(v.id, { sku: v.sku, title: v.product_title, units: v.units_per_package }));
    let cost: number | null = null;
    try {
      cost = (await fetchUnitCost(vendorId, v.id)).unit_cost_cents;
    } catch (e) {
      notifications.show({ color: 'orange', message: `No default cost for ${v.sku}: ${errorMessage(e)}` });
    }
    append({ variant_id: v.id, quantity: 1, unit_cost_cents: cost });
  };

  return (
    <Paper withBorder radius="sm" p={0}>
      <Table verticalSpacing={4} fz="sm" aria-label="Lines">
        <TableHead cells={['SKU', 'Product', { label: 'Quantity', w: 130 }, { label: 'Unit cost', w: 150 }, { label: 'Line total', ta: 'right' }, readOnly ? null : { label: 'Remove', srOnly: true, w: 40 }]} />
        <Table.Tbody>
          {fields.map((f, i) => {
            const s = shown.get(values[i]?.variant_id ?? -1);
            const line = values[i];
            return (
              <Table.Tr key={f.id}>
                <Table.Td ff="monospace">{s?.sku ?? `#${line?.variant_id}`}</Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={1}>
                    {s?.title}
                  </Text>
                  {s && s.units > 1 ? (
                    <Text size="xs" c="dimmed">
                      {formatInteger(s.units)} a package{line?.quantity ? ` · ${formatInteger(s.units * line.quantity)} in all` : ''}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{readOnly ? formatInteger(line?.quantity) : <CellInteger name={`lines.${i}.quantity`} label={`Quantity of ${s?.sku ?? 'line'}`} min={1} max={1_000_000} />}</Table.Td>
                <Table.Td>{readOnly ? formatCents(line?.unit_cost_cents) : <CellMoney name={`lines.${i}.unit_cost_cents`} label={`Unit cost of ${s?.sku ?? 'line'}`} />}</Table.Td>
                <Table.Td ta="right">
                  <MoneyDisplay cents={(line?.quantity ?? 0) * (line?.unit_cost_cents ?? 0)} />
                </Table.Td>
                {readOnly ? null : (
                  <Table.Td>
                    <IconButton label={`Remove ${s?.sku ?? 'line'}`} onClick={() => remove(i)} color="red">
                      <IconTrash size={14} />
                    </IconButton>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
          {fields.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text size="sm" c="dimmed" py="xs">
                  No lines yet{readOnly ? '.' : ': add a variant below.'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={4} ta="right">
              Ordered
            </Table.Th>
            <Table.Th ta="right">
              <MoneyDisplay cents={total} />
            </Table.Th>
            {readOnly ? null : <Table.Th />}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      {readOnly ? null : (
        <Group p="xs" className="qm-list-toolbar">
          <VariantSearchSelect size="xs" label="Add a line" w={420} onPick={(_, v) => v && void add(v)} />
        </Group>
      )}
    </Paper>
  );
}

/** Lines after the draft: ordered, received, cancelled, open. */
export function OrderedLines({ po }: { po: PurchaseOrderDetail }) {
  return (
    <Paper withBorder radius="sm" p={0}>
      <Table verticalSpacing={4} fz="sm" aria-label="Lines">
        <TableHead
          cells={[
            'SKU',
            'Product',
            { label: 'Ordered', ta: 'right' },
            { label: 'Received', ta: 'right' },
            { label: 'Cancelled', ta: 'right' },
            { label: 'Open', ta: 'right' },
            { label: 'Unit cost', ta: 'right' },
            { label: 'Line total', ta: 'right' },
          ]}
        />
        <Table.Tbody>
          {po.lines.map((l) => (
            <Table.Tr key={l.id} data-line={l.sku}>
              <Table.Td ff="monospace">{l.sku}</Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={1}>
                  {l.product_title}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{formatInteger(l.quantity)}</Table.Td>
              <Table.Td ta="right" data-col="received">{formatInteger(l.quantity_received)}</Table.Td>
              <Table.Td ta="right">{formatInteger(l.quantity_cancelled)}</Table.Td>
              <Table.Td ta="right" data-col="open" fw={l.quantity_open > 0 ? 600 : undefined}>
                {formatInteger(l.quantity_open)}
              </Table.Td>
              <Table.Td ta="right">
                <MoneyDisplay cents={l.unit_cost_cents} />
              </Table.Td>
              <Table.Td ta="right">
                <MoneyDisplay cents={l.line_cents} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
