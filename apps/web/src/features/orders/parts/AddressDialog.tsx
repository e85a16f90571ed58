/** Change the shipping address (before anything ships); the server checks it and marks open routes stale. */
import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { US_STATES, type OrderDetail } from '@qm/contracts';
import { ApiError, errorMessage } from '../../../lib/api';
import { useOrderActions } from '../api';

export function AddressDialog({ o, onClose }: { o: OrderDetail; onClose: () => void }) {
  const act = useOrderActions(o.id);
  const s = o.shipping_address;
  const [v, setV] = useState({
    ship_name: s.name,
    ship_company: s.company ?? '',
    ship_line1: s.line1,
    ship_line2: s.line2 ?? '',
    ship_city: s.city,
    ship_state: s.state,
    ship_zip: s.zip,
    ship_to_dealer: s.to_dealer,
    ship_dealer_license: s.dealer_license ?? '',
  });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof v) => (e: { currentTarget: { value: string } }) => setV((x) => ({ ...x, [k]: e.currentTarget.value }));
  const save = async () => {
    setError(null);
    setFields({});
    try {
      await act.address.mutateAsync({ ...v, ship_state: v.ship_state as (typeof US_STATES)[number] });
      notifications.show({ color: 'teal', message: `${o.number}: shipping address changed` });
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.fields) setFields(e.fields);
      setError(errorMessage(e));
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Shipping address of ${o.number}`} size="lg">
      <Stack gap="sm">
        <SimpleGrid cols={2}>
          <TextInput label="Name" required value={v.ship_name} onChange={set('ship_name')} error={fields.ship_name} />
          <TextInput label="Company" value={v.ship_company} onChange={set('ship_company')} error={fields.ship_company} />
        </SimpleGrid>
        <TextInput label="Address line 1" required value={v.ship_line1} onChange={set('ship_line1')} error={fields.ship_line1} />
        <TextInput label="Address line 2" value={v.ship_line2} onChange={set('ship_line2')} error={fields.ship_line2} />
        <SimpleGrid cols={3}>
          <TextInput label="City" required value={v.ship_city} onChange={set('ship_city')} error={fields.ship_city} />
          <Select label="State" required searchable data={[...US_STATES]} value={v.ship_state} onChange={(x) => x && setV((y) => ({ ...y, ship_state: x }))} error={fields.ship_state} />
          <TextInput label="Zip" required placeholder="e.g. 78701" value={v.ship_zip} onChange={set('ship_zip')} error={fields.ship_zip} />
        </SimpleGrid>
        <Group>
          <Checkbox label="Ships to a licensed dealer" checked={v.ship_to_dealer} onChange={(e) => setV((x) => ({ ...x, ship_to_dealer: e.currentTarget.checked }))} />
          {v.ship_to_dealer ? <TextInput aria-label="Dealer license" placeholder="e.g. 1-23-456-78-9A-12345" value={v.ship_dealer_license} onChange={set('ship_dealer_license')} /> : null}
        </Group>
        <Text size="xs" c="dimmed">Open routes become stale and are computed again; a zip that does not belong to its state keeps the address case open.</Text>
        {error ? <Text c="red" size="sm">{error}</Text> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Close</Button>
          <Button onClick={() => void save()} loading={act.address.isPending}>Save address</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
