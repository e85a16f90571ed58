/**
 * Correcting one line of a vendor's catalogue by hand: its cost, the quantity the vendor has, whether
 * they drop-ship it, the MAP they impose, and which of our variants it is (a variant chosen here is a
 * match by a person; cleared, the line is none of ours). Validated by the contract's schema; the
 * server audits the change and refuses a stale version.
 */
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useController, useFormContext } from 'react-hook-form';
import { VendorProductUpdate, type VendorProduct } from '@qm/contracts';
import { IntegerField, MoneyField, SwitchField } from '../../../ui/fields';
import { ResourceForm } from '../../../ui/ResourceForm';
import { VariantSearchSelect } from '../../catalog/parts/VariantSearchSelect';
import { useUpdateLine } from '../catalogApi';

const LineForm = VendorProductUpdate.omit({ version: true });

/** Our variant, found by SKU, UPC or title; empty when the line is none of ours. */
function OurVariantPicker({ line }: { line: VendorProduct }) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name: 'variant_id', control });
  return (
    <VariantSearchSelect
      label="Our variant"
      description="Search by SKU, UPC or title; clear it when the line is none of ours"
      placeholder="Not matched"
      clearable
      value={field.value ?? null}
      currentLabel={field.value === line.variant_id && line.variant_sku ? `${line.variant_sku} — ${line.product_title ?? ''}` : undefined}
      onPick={(id) => field.onChange(id)}
      error={fieldState.error?.message}
      ref={field.ref}
    />
  );
}

export function VendorLineDialog({ vendorId, line, onClose }: { vendorId: number; line: VendorProduct | null; onClose: () => void }) {
  const update = useUpdateLine(vendorId);
  return (
    <ResourceForm
      opened={line !== null}
      onClose={onClose}
      title={line ? `Edit ${line.vendor_sku}` : 'Edit line'}
      noun="catalogue line"
      schema={LineForm}
      defaultValues={
        line
          ? { cost_cents: line.cost_cents, quantity_available: line.quantity_available, can_drop_ship: line.can_drop_ship, map_cents: line.map_cents, variant_id: line.variant_id }
          : {}
      }
      onSubmit={async (v) => {
        if (!line) return null;
        // The match is sent only when it changed: an unchanged line keeps how it was matched (UPC, SKU).
        const { variant_id, ...figures } = v;
        const changedMatch = (variant_id ?? null) !== line.variant_id;
        const saved = await update.mutateAsync({ id: line.id, body: { ...figures, ...(changedMatch && { variant_id: variant_id ?? null }), version: line.version } });
        notifications.show({ color: 'teal', message: `${line.vendor_sku} saved` });
        return saved;
      }}
      onSaved={onClose}
      submitLabel="Save line"
    >
      {line ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {line.name ?? 'No name'} · UPC {line.upc ?? 'none'}
          </Text>
          <SimpleGrid cols={2}>
            <MoneyField name="cost_cents" label="Cost" />
            <IntegerField name="quantity_available" label="Quantity available" required />
            <MoneyField name="map_cents" label="MAP" description="Minimum advertised price the vendor imposes" />
          </SimpleGrid>
          <SwitchField name="can_drop_ship" label="Can drop-ship" />
          <OurVariantPicker line={line} />
        </Stack>
      ) : null}
    </ResourceForm>
  );
}
