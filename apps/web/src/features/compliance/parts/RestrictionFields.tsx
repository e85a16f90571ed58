/**
 * The fields of a restriction: target (brand, category with its subcategories, product, variant, or
 * an attribute condition), where (states, zip code groups, and their exceptions), the type, the law
 * and when it is in force.
 */
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { Button, Divider, Group, SimpleGrid } from '@mantine/core';
import { ATTRIBUTE_OPS, ATTRIBUTE_OP_LABELS, COMPLIANCE_PLACES, EVERY_STATE, TARGET_KINDS, TARGET_KIND_LABELS } from '@qm/contracts';
import { DateField, MultiSelectField, SelectField, SwitchField, TagsField, TextAreaField, TextField } from '../../../ui/fields';
import { useAttributes, useBrandOptions, useCategoryOptions } from '../../catalog/api';
import { VariantSearchSelect } from '../../catalog/parts/VariantSearchSelect';
import { useRestrictionTypeOptions, useZipGroupOptions } from '../api';

const PLACE_OPTIONS = COMPLIANCE_PLACES.map((p) => ({ value: p, label: p }));

/** A product's variant or a product, found by SKU, UPC or title. */
function ItemPicker({ name, kind }: { name: string; kind: 'product' | 'variant' }) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  return (
    <VariantSearchSelect
      pick={kind}
      label={kind === 'variant' ? 'Variant' : 'Product'}
      description="Search by SKU, UPC or title"
      placeholder="e.g. PMAG30"
      required
      value={field.value ?? null}
      onPick={(id) => field.onChange(id)}
      error={fieldState.error?.message}
      ref={field.ref}
    />
  );
}

export function RestrictionFields() {
  const { setValue } = useFormContext();
  const kind = useWatch({ name: 'target_kind' }) as string;
  const attributeId = useWatch({ name: 'attribute_id' }) as number | null;
  const op = useWatch({ name: 'attribute_op' }) as string | null;
  const types = useRestrictionTypeOptions();
  const groups = useZipGroupOptions();
  const brands = useBrandOptions();
  const categories = useCategoryOptions();
  const attributes = useAttributes();
  const attribute = attributes.data?.find((a) => a.id === attributeId);
  return (
    <>
      <TextField name="name" label="Name" required autoFocus placeholder="e.g. Illinois — large-capacity magazines" />
      <SelectField name="restriction_type_id" label="Restriction type" required numeric options={types.options} />
      <Divider label="What it applies to" labelPosition="left" />
      <SelectField
        name="target_kind"
        label="Target"
        required
        options={TARGET_KINDS.map((k) => ({ value: k, label: TARGET_KIND_LABELS[k] }))}
      />
      {kind === 'brand' ? <SelectField name="target_id" label="Brand" required numeric options={brands.options} /> : null}
      {kind === 'category' ? <SelectField name="target_id" label="Category" required numeric options={categories.options} description="Its subcategories are included." /> : null}
      {kind === 'product' || kind === 'variant' ? <ItemPicker key={kind} name="target_id" kind={kind} /> : null}
      {kind === 'attribute' ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <SelectField
            name="attribute_id"
            label="Attribute"
            required
            numeric
            options={(attributes.data ?? []).filter((a) => ['number', 'measurement', 'select', 'text', 'boolean'].includes(a.type)).map((a) => ({ value: String(a.id), label: a.name }))}
          />
          <SelectField name="attribute_op" label="Compare" required options={ATTRIBUTE_OPS.map((o) => ({ value: o, label: ATTRIBUTE_OP_LABELS[o] }))} />
          {attribute?.type === 'select' && (op === 'in' || op === 'eq') ? (
            <MultiSelectField name="attribute_values" label="Values" required options={attribute.options.map((o) => ({ value: o, label: o }))} />
          ) : (
            <TagsField name="attribute_values" label={op === 'in' ? 'Values' : 'Value'} required placeholder="e.g. 10" />
          )}
        </SimpleGrid>
      ) : null}
      <Divider label="Where" labelPosition="left" />
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <div style={{ flex: 1 }}>
          <MultiSelectField name="states" label="States" options={PLACE_OPTIONS} description="States, DC, territories and military codes (AA, AE, AP)." />
        </div>
        <Button variant="default" size="xs" mb={2} onClick={() => setValue('states', [...EVERY_STATE], { shouldDirty: true, shouldValidate: true })}>
          Every state
        </Button>
      </Group>
      <MultiSelectField name="zip_code_group_ids" label="Zip code groups" numeric options={groups.options} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <MultiSelectField name="except_states" label="Except states" options={PLACE_OPTIONS} />
        <MultiSelectField name="except_zip_code_group_ids" label="Except zip code groups" numeric options={groups.options} />
      </SimpleGrid>
      <Divider label="Law and dates" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <TextField name="citation" label="Legal citation" required placeholder="e.g. 720 ILCS 5/24-1.10" />
        <TextField name="citation_url" label="Citation URL" type="url" placeholder="e.g. https://www.ilga.gov/…" />
        <DateField name="effective_from" label="Effective from" description="Empty: since always" />
        <DateField name="effective_to" label="Effective to" description="Empty: until changed (inclusive)" />
      </SimpleGrid>
      <TextAreaField name="notes" label="Notes" rows={2} />
      <SwitchField name="is_active" label="Active" />
    </>
  );
}
