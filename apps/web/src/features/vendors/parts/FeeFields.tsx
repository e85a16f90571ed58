/** A fee schema's fees, edited as a list of cards in the surrounding form. */
import { useEffect } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { FEE_APPLICATIONS, FEE_UNIT_BASES, type VendorFee, type VendorFeeSchema } from '@qm/contracts';
import { formatCents } from '../../../lib/format';
import { IconButton } from '../../../ui/IconButton';
import { DateField, MoneyField, SelectField, TextField } from '../../../ui/fields';
import { IconPlus, IconTrash } from '../../../ui/icons';
import { MoveButtons } from '../../../ui/MoveButtons';
import { useBrandOptions, useCategoryOptions } from '../../catalog/api';

const APPLICATION_LABELS: Record<(typeof FEE_APPLICATIONS)[number], string> = { fixed: 'Fixed, once per order', per_unit: 'Per unit' };
const BASIS_LABELS: Record<(typeof FEE_UNIT_BASES)[number], string> = { rounds: 'per round', pieces: 'per piece', shells: 'per shell', item: 'per item (package)' };

/** "$2.50 per order", "$0.01 per round · Ammunition · waived from $100.00". */
export function feeSummary(f: Pick<VendorFee, 'application' | 'amount_cents' | 'unit_basis' | 'brand_name' | 'category_name' | 'waived_above_cents'>): string {
  const amount = `${formatCents(f.amount_cents)} ${f.application === 'fixed' ? 'per order' : (BASIS_LABELS[f.unit_basis ?? 'item'] ?? '').replace(' (package)', '')}`;
  const scope = [f.brand_name, f.category_name].filter(Boolean).join(', ');
  return [amount, scope, f.waived_above_cents !== null ? `waived from ${formatCents(f.waived_above_cents)}` : ''].filter(Boolean).join(' · ');
}

export const feeSchemaFormValues = (s: VendorFeeSchema) => ({
  name: s.name,
  description: s.description ?? '',
  fees: s.fees.map((f) => ({
    name: f.name,
    application: f.application,
    amount_cents: f.amount_cents,
    unit_basis: f.unit_basis,
    brand_id: f.brand_id,
    category_id: f.category_id,
    waived_above_cents: f.waived_above_cents,
    effective_from: f.effective_from,
    effective_to: f.effective_to,
  })),
});

const NEW_FEE = { name: '', application: 'fixed', amount_cents: 0, unit_basis: null, brand_id: null, category_id: null, waived_above_cents: null, effective_from: null, effective_to: null };

export function FeeSchemaFields({ readOnly }: { readOnly: boolean }) {
  const { control, setValue } = useFormContext();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'fees', keyName: 'key' });
  const fees = useWatch({ name: 'fees' }) as { application: string }[] | undefined;
  const brands = useBrandOptions();
  const categories = useCategoryOptions();
  return (
    <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Stack gap="sm">
        <Paper withBorder radius="sm" p="sm" component="section" aria-label="Schema">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <TextField name="name" label="Name" required />
            <TextField name="description" label="Description" />
          </SimpleGrid>
        </Paper>
        {fields.map((f, i) => {
          const perUnit = fees?.[i]?.application === 'per_unit';
          return (
            <Paper key={f.key} withBorder radius="sm" p="sm" component="section" aria-label={`Fee ${i + 1}`}>
              <Group justify="space-between" mb={4}>
                <Text size="sm" fw={600}>
                  Fee {i + 1}
                </Text>
                {readOnly ? null : (
                  <Group gap={0} wrap="nowrap">
                    <MoveButtons index={i} count={fields.length} name={`fee ${i + 1}`} onMove={(to) => move(i, to)} />
                    <IconButton label={`Remove fee ${i + 1}`} color="red" onClick={() => remove(i)}>
                      <IconTrash size={14} />
                    </IconButton>
                  </Group>
                )}
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="xs">
                <TextField name={`fees.${i}.name`} label="Name" required />
                <SelectField
                  name={`fees.${i}.application`}
                  label="Application"
                  options={FEE_APPLICATIONS.map((a) => ({ value: a, label: APPLICATION_LABELS[a] }))}
                />
                <MoneyField name={`fees.${i}.amount_cents`} label={perUnit ? 'Amount per unit' : 'Amount per order'} />
                {perUnit ? (
                  <SelectField name={`fees.${i}.unit_basis`} label="Per" options={FEE_UNIT_BASES.map((b) => ({ value: b, label: BASIS_LABELS[b] }))} required />
                ) : null}
                <SelectField name={`fees.${i}.brand_id`} label="Only brand" options={brands.options} numeric clearable placeholder="Any brand" />
                <SelectField name={`fees.${i}.category_id`} label="Only category (and its subcategories)" options={categories.options} numeric clearable placeholder="Any category" />
                <MoneyField name={`fees.${i}.waived_above_cents`} label="Waived from order amount" description="Empty: never waived" />
                <Group grow gap="xs" align="flex-start">
                  <DateField name={`fees.${i}.effective_from`} label="In force from" />
                  <DateField name={`fees.${i}.effective_to`} label="to (inclusive)" />
                </Group>
              </SimpleGrid>
              <ApplicationSync index={i} setValue={setValue} />
            </Paper>
          );
        })}
        {readOnly ? null : (
          <Group>
            <Button size="xs" variant="light" leftSection={<IconPlus size={12} />} onClick={() => append({ ...NEW_FEE })}>
              Add fee
            </Button>
          </Group>
        )}
      </Stack>
    </fieldset>
  );
}

/** A fixed fee has no unit; a per-unit fee starts per item. */
function ApplicationSync({ index, setValue }: { index: number; setValue: (name: string, value: unknown, opts?: object) => void }) {
  const application = useWatch({ name: `fees.${index}.application` }) as string;
  const basis = useWatch({ name: `fees.${index}.unit_basis` }) as string | null;
  useEffect(() => {
    if (application === 'fixed' && basis !== null) setValue(`fees.${index}.unit_basis`, null, { shouldDirty: true });
    if (application === 'per_unit' && basis === null) setValue(`fees.${index}.unit_basis`, 'item', { shouldDirty: true });
  }, [application, basis, index, setValue]);
  return null;
}
