/**
 * Receiving: how many units of each open line arrived (all that is open by default; 0 skips a line)
 * and where they went. The server refuses more than is open on a line, saying so.
 */
import { Stack, Table, Text } from '@mantine/core';
import { z } from 'zod';
import type { PurchaseOrderDetail } from '@qm/contracts';
import { formatInteger } from '../../../lib/format';
import { SelectField } from '../../../ui/fields';
import { ResourceForm } from '../../../ui/ResourceForm';
import { TableHead } from '../../../ui/TableHead';
import { usePurchaseOrderOptions, useReceivePurchaseOrder } from '../api';
import { CellInteger } from './CellInputs';

const ReceiveForm = z.object({
  version: z.number(),
  location_id: z.number({ error: 'Choose where the goods went' }),
  lines: z.array(z.object({ line_id: z.number(), quantity: z.number().int('Whole units').min(0, 'Cannot be negative').nullable() })),
});

export function ReceiveDialog({ po, opened, onClose }: { po: PurchaseOrderDetail; opened: boolean; onClose: () => void }) {
  const receive = useReceivePurchaseOrder(po.id);
  const options = usePurchaseOrderOptions();
  const open = po.lines.filter((l) => l.quantity_open > 0);
  const locations = (options.data?.locations ?? []).filter((l) => l.is_active || l.id === po.location_id).map((l) => ({ value: String(l.id), label: `${l.code} · ${l.name}` }));
  return (
    <ResourceForm
      opened={opened}
      onClose={onClose}
      title={`Receive ${po.number}`}
      noun="receipt"
      schema={ReceiveForm}
      defaultValues={{ version: po.version, location_id: po.location_id, lines: open.map((l) => ({ line_id: l.id, quantity: l.quantity_open })) }}
      onSubmit={(v) => {
        const lines = v.lines.filter((l) => (l.quantity ?? 0) > 0).map((l) => ({ line_id: l.line_id, quantity: l.quantity! }));
        if (!lines.length) return Promise.reject(new Error('Enter a quantity on at least one line.'));
        return receive.mutateAsync({ version: v.version, location_id: v.location_id, lines });
      }}
      submitLabel="Receive"
      size="xl"
    >
      <Stack gap="sm">
        <SelectField name="location_id" label="Into location" options={locations} numeric required />
        <Table striped withTableBorder verticalSpacing={4} fz="sm">
          <TableHead cells={['SKU', 'Product', { label: 'Ordered', ta: 'right', w: 84 }, { label: 'Received', ta: 'right', w: 84 }, { label: 'Open', ta: 'right', w: 64 }, { label: 'Receive now', w: 120 }]} />
          <Table.Tbody>
            {open.map((l, i) => (
              <Table.Tr key={l.id}>
                <Table.Td ff="monospace">{l.sku}</Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={1}>
                    {l.product_title}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{formatInteger(l.quantity)}</Table.Td>
                <Table.Td ta="right">{formatInteger(l.quantity_received)}</Table.Td>
                <Table.Td ta="right">{formatInteger(l.quantity_open)}</Table.Td>
                <Table.Td>
                  <CellInteger name={`lines.${i}.quantity`} label={`Receive now of ${l.sku}`} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed">
          Each line can receive at most what is open on it. Stock is added to the location's inventory at the line's unit cost.
        </Text>
      </Stack>
    </ResourceForm>
  );
}
