/**
 * Adjusting the stock of one variant at one location: by a change (+/−) or to what was counted, with a
 * reason from the list and a note. On hand cannot go below zero (the server refuses it in words).
 * Opened from inventory screens and reports: `<AdjustStockDialog variantId variantLabel locationId onHand onDone />`.
 */
import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ADJUSTMENT_REASON_CODES, ADJUSTMENT_REASONS, type InventoryTransaction } from '@qm/contracts';
import { formatInteger } from '../../../lib/format';
import { IntegerInput } from '../../../ui/inputs';
import { SelectField, TextAreaField } from '../../../ui/fields';
import { ResourceForm } from '../../../ui/ResourceForm';
import { useAdjustStock, useLocations } from '../api';

const AdjustForm = z
  .object({
    mode: z.enum(['delta', 'count']),
    quantity: z.number({ error: 'Required' }).int('Whole units').min(-1_000_000).max(10_000_000),
    reason: z.enum(ADJUSTMENT_REASON_CODES, 'Choose a reason'),
    note: z.string().trim().max(500, 'At most 500 characters'),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'delta' && v.quantity === 0) ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'Cannot be zero' });
    if (v.mode === 'count' && v.quantity < 0) ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'Cannot be negative' });
    if (v.reason === 'other' && !v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: 'Say what happened' });
  });
type AdjustValues = z.infer<typeof AdjustForm>;

export interface AdjustStockDialogProps {
  variantId: number;
  /** How the variant is named in the dialog (SKU and title). */
  variantLabel: string;
  locationId: number;
  /** On hand as the caller shows it (the server checks against the ledger). */
  onHand: number;
  opened?: boolean;
  onClose: () => void;
  /** After the adjustment is recorded: the ledger rows (none when a count matched on hand). */
  onDone?: (transactions: InventoryTransaction[]) => void;
}

export function AdjustStockDialog({ variantId, variantLabel, locationId, onHand, opened = true, onClose, onDone }: AdjustStockDialogProps) {
  const adjust = useAdjustStock();
  const locations = useLocations();
  const location = locations.data?.find((l) => l.id === locationId);
  return (
    <ResourceForm
      opened={opened}
      onClose={onClose}
      title="Adjust stock"
      noun="adjustment"
      schema={AdjustForm}
      defaultValues={{ mode: 'delta', quantity: null as unknown as number, reason: undefined as unknown as AdjustValues['reason'], note: '' }}
      onSubmit={async (v) => {
        const rows = await adjust.mutateAsync({
          variant_id: variantId,
          location_id: locationId,
          ...(v.mode === 'delta' ? { quantity_delta: v.quantity } : { counted_quantity: v.quantity }),
          reason: v.reason,
          note: v.note || null,
        });
        notifications.show({
          color: 'teal',
          message: rows.length ? `${variantLabel}: on hand is now ${formatInteger(rows[rows.length - 1]!.balance_after)}` : `${variantLabel}: the count matches on hand; nothing recorded`,
        });
        onDone?.(rows);
        return rows;
      }}
      submitLabel="Record adjustment"
    >
      <Stack gap="sm">
        <div>
          <Text size="sm" fw={600}>
            {variantLabel}
          </Text>
          <Text size="sm" c="dimmed">
            {location ? `${location.code} · ${location.name}` : `Location ${locationId}`} · on hand {formatInteger(onHand)}
          </Text>
        </div>
        <QuantityFields onHand={onHand} />
        <SelectField name="reason" label="Reason" options={ADJUSTMENT_REASONS.map((r) => ({ value: r.value, label: r.label }))} required />
        <TextAreaField name="note" label="Note" description="What happened (required for Other)" rows={2} />
      </Stack>
    </ResourceForm>
  );
}

function QuantityFields({ onHand }: { onHand: number }) {
  const { control, setValue } = useFormContext<AdjustValues>();
  const mode = useWatch({ control, name: 'mode' });
  const { field: modeField } = useController({ control, name: 'mode' });
  const { field, fieldState } = useController({ control, name: 'quantity' });
  const q = field.value as number | null;
  const after = q === null || q === undefined ? null : mode === 'delta' ? onHand + q : q;
  return (
    <Stack gap={6}>
      <SegmentedControl
        size="xs"
        aria-label="How to adjust"
        value={modeField.value}
        onChange={(v) => {
          modeField.onChange(v);
          if (v === 'count') setValue('reason', 'count_correction', { shouldDirty: true });
        }}
        data={[
          { value: 'delta', label: 'Change by' },
          { value: 'count', label: 'Counted quantity' },
        ]}
      />
      <Group align="flex-end" gap="sm">
        <IntegerInput
          label={mode === 'delta' ? 'Change (+ adds, − removes)' : 'Counted on the shelf'}
          required
          min={mode === 'delta' ? -1_000_000 : 0}
          max={10_000_000}
          value={q}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          w={200}
        />
        <Text size="sm" c={after !== null && after < 0 ? 'red' : 'dimmed'} pb={6} data-testid="on-hand-after">
          {after === null ? '' : `On hand after: ${formatInteger(after)}`}
        </Text>
      </Group>
    </Stack>
  );
}
