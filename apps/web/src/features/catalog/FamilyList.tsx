/** Product Families (Catalogue): storefront pages grouping variants of several products behind modifiers. */
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ProductFamilyCreate, isAllowed, type ProductFamilyListItem, PRODUCT_FAMILY_LIST } from '@qm/contracts';
import { usePermissions } from '../../lib/session';
import { useDialogParams } from '../../ui/dialogParams';
import { IntegerDisplay } from '../../ui/displays';
import { MultiSelectField, SelectField, TextAreaField, TextField } from '../../ui/fields';
import { PageHeader } from '../../ui/PageHeader';
import { ResourceForm } from '../../ui/ResourceForm';
import { ResourceList, type Column } from '../../ui/ResourceList';
import { families, useBrandOptions, useCategoryOptions, useCreateFamily } from './api';
import { idColumn, updatedColumn } from '../../ui/columns';

const columns: Column<ProductFamilyListItem>[] = [
  idColumn(),
  { key: 'name', header: 'Name', render: (f) => <Text size="sm" fw={500} className="qm-cell-text">{f.name}</Text> },
  { key: 'brand_name', header: 'Brand', render: (f) => f.brand_name ?? <Text span c="dimmed" size="sm">Several</Text> },
  { key: 'variant_count', header: 'Variants', align: 'right', render: (f) => <IntegerDisplay value={f.variant_count} /> },
  { key: 'modifier_count', header: 'Modifiers', align: 'right', render: (f) => <IntegerDisplay value={f.modifier_count} /> },
  updatedColumn(),
];

export default function ProductFamiliesScreen() {
  const navigate = useNavigate();
  const canWrite = isAllowed(['catalog.write'], usePermissions());
  const brands = useBrandOptions();
  const categories = useCategoryOptions();
  const { creating, openNew, close } = useDialogParams();
  const created = useRef<number | null>(null);
  const createFamily = useCreateFamily();

  return (
    <>
      <PageHeader
        description="Storefront pages that group variants of several products behind modifiers such as Quantity or Brand."
        create={canWrite && { label: 'New family', onClick: openNew }}
      />
      <ResourceList<ProductFamilyListItem>
        resource={families}
        fields={PRODUCT_FAMILY_LIST}
        noun={{ one: 'product family', many: 'product families' }}
        columns={columns}
        filters={[
          { kind: 'select', key: 'brand_id', label: 'Brand', options: brands.options, loading: brands.isPending },
          { kind: 'select', key: 'category_id', label: 'Category', options: categories.options, loading: categories.isPending },
        ]}
        searchPlaceholder="Search by name"
        defaultSort="name"
        exportCsv
        idFilter="id"
        bulkDelete
        writePermission="catalog.write"
        rowHref={(f) => `/product-family/${f.id}`}
      />
      {canWrite ? (
        <ResourceForm
          opened={creating}
          onClose={() => {
            // After creating, the editor opens instead (see onSaved).
            if (created.current === null) close();
          }}
          title="New product family"
          noun="product family"
          schema={ProductFamilyCreate}
          defaultValues={{ name: '', brand_id: null, category_ids: [], notes: '' }}
          submitLabel="Create family"
          onSubmit={async (values) => {
            const family = await createFamily.mutateAsync(values);
            notifications.show({ color: 'teal', message: `Family ${family.name} created` });
            return family.id;
          }}
          onSaved={(id) => {
            created.current = Number(id);
            navigate(`/product-family/${String(id)}`);
          }}
        >
          <TextField name="name" label="Name" required autoFocus placeholder="9mm Luger 115 gr FMJ Range Ammo" />
          <SelectField name="brand_id" label="Brand" numeric clearable options={brands.options} placeholder="Several brands" />
          <MultiSelectField name="category_ids" label="Categories" numeric options={categories.options} />
          <TextAreaField name="notes" label="Notes" rows={2} />
        </ResourceForm>
      ) : null}
    </>
  );
}
