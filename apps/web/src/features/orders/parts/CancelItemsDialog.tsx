/** Cancel units of an order's items, with the reason (the server checks what is left on each line). */
import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Table, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OrderDetail } from '@qm/contracts';
import { errorMessage } from '../../../lib/api';
import { useOrderActions } from '../api';

export function CancelItemsDialog({ o, onClose }: { o: OrderDetail; onClose: () => void }) {
  const act = useOrderActions(o.id);
  const [qty, setQty] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const chosen = Object.entries(qty).filter(([, n]) => n > 0).map(([id, n]) => ({ order_item_id: Number(id), quantity: n }));
  const save = async () => {
    setError(null);
    try {
      await act.cancelItems.mutateAsync({ items: chosen, reason });
      notifications.show({ color: 'teal', message: `${o.number}: items cancelled` });
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Cancel items of ${o.number}`} size="lg">
      <Stack gap="sm">
        <Table fz="sm" verticalSpacing={4} aria-label="Items to cancel">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>SKU</Table.Th>
              <Table.Th ta="right">Left</Table.Th>
              <Table.Th w={130}>Cancel</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {o.items.map((i) => {
              const left = i.quantity - i.cancelled_quantity;
              return (
                <Table.Tr key={i.id}>
                  <Table.Td>
                    <Text size="sm" ff="monospace">{i.sku}</Text>
                    <Text size="xs" c="dimmed">{i.title ?? ''}</Text>
                  </Table.Td>
                  <Table.Td ta="right">{left}</Table.Td>
                  <Table.Td>
                    <NumberInput
                      size="xs"
                      aria-label={`Units of ${i.sku} to cancel`}
                      min={0}
                      max={left}
                      disabled={left === 0}
                      value={qty[i.id] ?? 0}
                      onChange={(v) => setQty((q) => ({ ...q, [i.id]: typeof v === 'number' ? v : 0 }))}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Textarea label="Reason" required placeholder="e.g. Out of stock at every source" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} />
        {error ? <Text c="red" size="sm">{error}</Text> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Close</Button>
          <Button color="red" onClick={() => void save()} disabled={!chosen.length || !reason.trim()} loading={act.cancelItems.isPending}>
            Cancel items
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
