/**
 * "New purchase order": the order's head (vendor, entity, receiving location, expected date, notes);
 * it is created as a draft and opens on its page, where the lines are added. `vendorId` presets the vendor.
 */
import { useNavigate } from 'react-router';
import { Group, Stack } from '@mantine/core';
import { PURCHASING_ENTITIES, PurchaseOrderCreate, type PurchaseOrderDetail } from '@qm/contracts';
import { MoneyField, SelectField, TextAreaField } from '../../../ui/fields';
import { ResourceForm } from '../../../ui/ResourceForm';
import { useCreatePurchaseOrder, usePurchaseOrderOptions } from '../api';
import { DateField } from '../../../ui/fields';

export const ENTITY_OPTIONS = PURCHASING_ENTITIES.map((e) => ({ value: e, label: e }));

export function NewPurchaseOrderDialog({ opened, onClose, vendorId }: { opened: boolean; onClose: () => void; vendorId?: number }) {
  const navigate = useNavigate();
  const options = usePurchaseOrderOptions();
  const create = useCreatePurchaseOrder();
  const vendors = (options.data?.vendors ?? []).filter((v) => v.is_active || v.id === vendorId).map((v) => ({ value: String(v.id), label: `${v.name} (${v.code})` }));
  const locations = (options.data?.locations ?? []).filter((l) => l.is_active).map((l) => ({ value: String(l.id), label: `${l.code} · ${l.name}` }));
  return (
    <ResourceForm
      opened={opened}
      onClose={onClose}
      title="New purchase order"
      noun="purchase order"
      schema={PurchaseOrderCreate}
      defaultValues={{
        vendor_id: vendorId as number,
        entity: 'SD',
        location_id: options.data?.locations.find((l) => l.is_active)?.id as number,
        expected_date: null,
        shipping_cents: 0,
        notes: '',
        lines: [],
      }}
      onSubmit={(values) => create.mutateAsync(values)}
      onSaved={(po) => navigate(`/purchase-order/${(po as PurchaseOrderDetail).id}`)}
      submitLabel="Create draft"
      size="lg"
    >
      <Stack gap="sm">
        <SelectField name="vendor_id" label="Vendor" options={vendors} numeric required />
        <Group grow align="flex-start">
          <SelectField name="entity" label="Purchasing entity" options={ENTITY_OPTIONS} required />
          <SelectField name="location_id" label="Receive at" options={locations} numeric required />
        </Group>
        <Group align="flex-start">
          <DateField name="expected_date" label="Expected" w={180} />
          <MoneyField name="shipping_cents" label="Shipping" />
        </Group>
        <TextAreaField name="notes" label="Notes" rows={2} />
      </Stack>
    </ResourceForm>
  );
}
