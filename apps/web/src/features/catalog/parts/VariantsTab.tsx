/**
 * Variants of a product: the packages it is sold in (SKU, UPC, units per package in the product's
 * variation type, cost, weight). Exactly one is the default: choosing another clears the old one on
 * screen at once, and the editor's save bar makes it so (`PUT product/{id}/variant/{variantId}`).
 * Adding and editing a variant happen in a dialog, saved when it is confirmed.
 */
import { useState } from 'react';
import { Badge, Button, Group, Paper, Radio, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { VariantCreate, VariantUpdate, type ProductDetail, type Variant } from '@qm/contracts';
import { errorMessage, isApiError } from '../../../lib/api';
import { saveProblemOf } from '../../../lib/errors';
import { useEditorSection } from '../../../ui/Editor';
import { alertDialog, confirmDialog } from '../../../ui/ConfirmDialog';
import { CodeDisplay, IntegerDisplay, MoneyDisplay, NoValue, PerUnitDisplay } from '../../../ui/displays';
import { CheckboxField, DecimalField, IntegerField, MoneyField, TextField, UpcField } from '../../../ui/fields';
import { IconPencil, IconPlus, IconTrash } from '../../../ui/icons';
import { ResourceForm } from '../../../ui/ResourceForm';
import { EmptyState } from '../../../ui/states';
import { useAddVariant, useDeleteVariant, useOptionLabels, useUpdateVariant } from '../api';
import { formatDecimal } from '../../../lib/format';
import { TableHead } from '../../../ui/TableHead';
import { IconButton } from '../../../ui/IconButton';
import { DETAIL_TABLE } from '../../../ui/listParams';

export const UNIT_WORD: Record<ProductDetail['variation_type'], { one: string; many: string }> = {
  rounds: { one: 'round', many: 'Rounds' },
  pieces: { one: 'piece', many: 'Pieces' },
  shells: { one: 'shell', many: 'Shells' },
};

export function unitsLabel(t: ProductDetail['variation_type']): string {
  return `${UNIT_WORD[t].many} per package`;
}

function toUpdate(v: Variant) {
  return { sku: v.sku, upc: v.upc, units_per_package: v.units_per_package, cost_cents: v.cost_cents, weight_oz: v.weight_oz, is_default: v.is_default, version: v.version };
}

export function VariantsTab({ product, readOnly }: { product: ProductDetail; readOnly: boolean }) {
  const addVariant = useAddVariant(product.id);
  const updateVariant = useUpdateVariant(product.id);
  const deleteVariant = useDeleteVariant(product.id);
  const [editing, setEditing] = useState<Variant | null>(null);
  const [adding, setAdding] = useState(false);
  /** The variant chosen as the default, not saved yet. */
  const [draftDefault, setDraftDefault] = useState<number | null>(null);
  const variants = product.variants;
  const label = unitsLabel(product.variation_type);
  const storeCount = (variantId: number) => product.store_variants.filter((s) => s.variant_id === variantId).length;
  // Options of the product's own modifiers and of its families' (a variant may carry either).
  const optionLabels = useOptionLabels(product);
  const optionsOf = (v: Variant) => v.modifier_option_ids.map((id) => optionLabels.get(id) ?? '…').join(', ');

  const savedDefault = variants.find((v) => v.is_default)?.id ?? null;
  const chosenDefault = draftDefault ?? savedDefault;
  const draftTarget = draftDefault !== null && draftDefault !== savedDefault ? variants.find((v) => v.id === draftDefault) : undefined;
  useEditorSection('default-variant', {
    label: `the default variant (${draftTarget?.sku ?? ''})`,
    dirty: Boolean(draftTarget),
    discard: () => setDraftDefault(null),
    save: async () => {
      if (!draftTarget) return;
      try {
        await updateVariant.mutateAsync({ id: draftTarget.id, body: { ...toUpdate(draftTarget), is_default: true } });
        setDraftDefault(null);
      } catch (e) {
        const p = saveProblemOf(e, 'variant');
        alertDialog(p.kind === 'error' ? 'Error' : 'Not saved', p.kind === 'stale' ? 'Someone else changed this variant first. Reload the product and try again.' : p.kind === 'fields' ? Object.values(p.fields).join(' · ') : p.message);
        throw e;
      }
    },
  });

  const remove = async (v: Variant) => {
    const ok = await confirmDialog({ title: `Delete ${v.sku}?`, message: `The variant ${v.sku} will be deleted. A variant sold on a store cannot be deleted: disable its store variants instead.`, confirmLabel: 'Delete' });
    if (!ok) return;
    try {
      await deleteVariant.mutateAsync(v.id);
      notifications.show({ color: 'teal', message: `Variant ${v.sku} deleted` });
    } catch (e) {
      alertDialog(isApiError(e) && e.status === 422 ? 'Not allowed' : 'Error', errorMessage(e));
    }
  };

  return (
    <Paper withBorder radius="sm" p={0}>
      <Group justify="space-between" p="xs">
        <Text size="sm" c="dimmed">
          {variants.length === 1 ? '1 variant' : `${variants.length} variants`} · sold in {product.variation_type}
        </Text>
        {!readOnly ? (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>
            Add variant
          </Button>
        ) : null}
      </Group>
      {variants.length === 0 ? (
        <EmptyState title="No variants yet">Add the packages this product is sold in, e.g. a box of 50 and a case of 1,000.</EmptyState>
      ) : (
        <Radio.Group value={String(chosenDefault ?? '')} onChange={(v) => setDraftDefault(Number(v) === savedDefault ? null : Number(v))} aria-label="Default variant">
          <div className="qm-table-wrap qm-auto">
            <Table {...DETAIL_TABLE} aria-label="Variants" highlightOnHover striped>
              <TableHead cells={[{ label: 'Default', w: 72 }, 'SKU', 'UPC', { label, ta: 'right' }, { label: 'Cost', ta: 'right' }, { label: `Cost per ${UNIT_WORD[product.variation_type].one}`, ta: 'right' }, { label: 'Weight', ta: 'right' }, 'Modifier options', { label: 'Stores', ta: 'right' }, !readOnly && { label: 'Actions', srOnly: true, w: 70 }]} />
              <Table.Tbody>
                {variants.map((v) => (
                  <Table.Tr key={v.id} data-sku={v.sku} data-default={v.id === chosenDefault || undefined}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Radio value={String(v.id)} aria-label={`Make ${v.sku} the default variant`} disabled={readOnly} size="xs" />
                        {v.id === chosenDefault ? (
                          <Badge size="xs" radius="sm" variant="light" color={draftTarget ? 'yellow' : 'teal'}>
                            {draftTarget ? 'Default, unsaved' : 'Default'}
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td><CodeDisplay value={v.sku} strong /></Table.Td>
                    <Table.Td><CodeDisplay value={v.upc} /></Table.Td>
                    <Table.Td ta="right"><IntegerDisplay value={v.units_per_package} /></Table.Td>
                    <Table.Td ta="right"><MoneyDisplay cents={v.cost_cents} /></Table.Td>
                    <Table.Td ta="right"><PerUnitDisplay cents={v.cost_cents} units={v.units_per_package} /></Table.Td>
                    <Table.Td ta="right" className="qm-num">
                      {v.weight_oz !== null ? `${formatDecimal(v.weight_oz)} oz` : <NoValue />}
                    </Table.Td>
                    <Table.Td>
                      {v.modifier_option_ids.length ? (
                        <Text size="xs" c="dimmed" lineClamp={1} maw={220} title={optionsOf(v)}>
                          {optionsOf(v)}
                        </Text>
                      ) : (
                        <NoValue />
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      <IntegerDisplay value={storeCount(v.id)} />
                    </Table.Td>
                    {!readOnly ? (
                      <Table.Td>
                        <Group gap={2} wrap="nowrap" justify="flex-end">
                          <IconButton label={`Edit ${v.sku}`} onClick={() => setEditing(v)}>
                            <IconPencil size={14} />
                          </IconButton>
                          <IconButton label={`Delete ${v.sku}`} color="red" onClick={() => void remove(v)}>
                            <IconTrash size={14} />
                          </IconButton>
                        </Group>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        </Radio.Group>
      )}

      {!readOnly ? (
        <>
          <ResourceForm
            opened={adding}
            onClose={() => setAdding(false)}
            title="Add variant"
            noun="variant"
            schema={VariantCreate}
            defaultValues={{ sku: '', upc: '', units_per_package: undefined as unknown as number, cost_cents: null, weight_oz: null, is_default: variants.length === 0 }}
            onSubmit={async (values) => {
              const res = await addVariant.mutateAsync(values);
              notifications.show({ color: 'teal', message: `Variant ${res.data.sku} added` });
            }}
          >
            <VariantFields unitsLabel={label} />
            <CheckboxField name="is_default" label="Default variant" description="Makes it the default and clears the current one." />
          </ResourceForm>
          <ResourceForm
            opened={editing !== null}
            onClose={() => setEditing(null)}
            title={editing ? `Edit ${editing.sku}` : 'Edit variant'}
            noun="variant"
            schema={VariantUpdate}
            defaultValues={editing ? toUpdate(editing) : { sku: '', upc: '', units_per_package: 1, cost_cents: null, weight_oz: null, is_default: false, version: 1 }}
            onSubmit={async (values) => {
              const res = await updateVariant.mutateAsync({ id: editing!.id, body: values });
              notifications.show({ color: 'teal', message: `Variant ${res.data.sku} saved` });
            }}
          >
            <VariantFields unitsLabel={label} />
            <CheckboxField name="is_default" label="Default variant" disabled={editing?.is_default} description={editing?.is_default ? 'To change the default, make another variant the default.' : 'Makes it the default and clears the current one.'} />
          </ResourceForm>
        </>
      ) : null}
    </Paper>
  );
}

export function VariantFields({ unitsLabel: units, prefix = '' }: { unitsLabel: string; prefix?: string }) {
  return (
    <>
      <TextField name={`${prefix}sku`} label="SKU" required autoFocus={!prefix} />
      <UpcField name={`${prefix}upc`} label="UPC" description="12 digits (UPC-A)." />
      <IntegerField name={`${prefix}units_per_package`} label={units} required min={1} max={100000} />
      <Group grow>
        <MoneyField name={`${prefix}cost_cents`} label="Cost" />
        <DecimalField name={`${prefix}weight_oz`} label="Weight" unit="oz" />
      </Group>
    </>
  );
}
