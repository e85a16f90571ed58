/**
 * How a brand or a category is presented on one store (Store Brand, Store Categories): the same
 * screen for both subjects, filtered by store.
 */
import { Text } from '@mantine/core';
import type { z } from 'zod';
import { StoreBrandCreate, StoreBrandUpdate, StoreCategoryCreate, StoreCategoryUpdate, type StoreBrand, type StoreCategory, STORE_BRAND_LIST, STORE_CATEGORY_LIST } from '@qm/contracts';
import { useStores } from '../../../lib/lookups';
import { CrudScreen } from '../../../ui/CrudScreen';
import { BooleanBadge, CodeDisplay, IntegerDisplay } from '../../../ui/displays';
import { IntegerField, SelectField, SwitchField, TextAreaField, TextField } from '../../../ui/fields';
import type { Column } from '../../../ui/ResourceList';
import type { Resource } from '../../../lib/resource';
import { storeBrands, storeCategories, useBrandOptions, useCategoryOptions } from '../api';
import { idColumn, updatedColumn } from '../../../ui/columns';

type Subject = 'brand' | 'category';
type Row = (StoreBrand | StoreCategory) & Record<string, unknown>;

const CONFIG = {
  brand: {
    resource: storeBrands,
    fields: STORE_BRAND_LIST,
    noun: { one: 'store brand', many: 'store brands' },
    idKey: 'brand_id',
    nameKey: 'brand_name',
    label: 'Brand',
    create: StoreBrandCreate,
    update: StoreBrandUpdate,
    description: 'How each brand is presented on each store: whether it shows, its title, slug, description and place.',
  },
  category: {
    resource: storeCategories,
    fields: STORE_CATEGORY_LIST,
    noun: { one: 'store category', many: 'store categories' },
    idKey: 'category_id',
    nameKey: 'category_name',
    label: 'Category',
    create: StoreCategoryCreate,
    update: StoreCategoryUpdate,
    description: 'How each category is presented on each store: whether it shows, its title, slug, description and place.',
  },
} as const;

type AnySchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;
type AnyResource = Resource<Row, Record<string, unknown>, Record<string, unknown>>;

export function StorePresentationList({ subject }: { subject: Subject }) {
  const c = CONFIG[subject];
  const stores = useStores();
  const brands = useBrandOptions();
  const categories = useCategoryOptions();
  const subjects = subject === 'brand' ? brands : categories;
  const storeOptions = (stores.data ?? []).map((s) => ({ value: String(s.id), label: s.is_enabled ? s.name : `${s.name} (disabled)` }));

  const columns: Column<Row>[] = [
    idColumn({ defaultVisible: false }),
    { key: 'store_name', header: 'Store' },
    { key: c.nameKey, header: c.label, render: (r) => <Text size="sm" fw={500} className="qm-cell-text">{String(r[c.nameKey])}</Text> },
    { key: 'title', header: 'Title on the store' },
    { key: 'slug', header: 'Slug', render: (r) => <CodeDisplay value={r.slug} /> },
    { key: 'visible', header: 'Visible', render: (r) => <BooleanBadge value={r.visible} trueLabel="Visible" falseLabel="Hidden" /> },
    { key: 'sort_order', header: 'Order', align: 'right', render: (r) => <IntegerDisplay value={r.sort_order} /> },
    updatedColumn({ defaultVisible: false }),
  ];

  return (
    <CrudScreen<Row, AnySchema, AnySchema>
      description={c.description}
      resource={c.resource as unknown as AnyResource}
      noun={c.noun}
      nameOf={(r) => `${String(r[c.nameKey])} on ${r.store_name}`}
      writePermission="stores.write"
      list={{
        fields: c.fields,
        columns,
        defaultSort: 'sort_order',
        searchPlaceholder: `Search ${c.label.toLowerCase()}, title or slug`,
        exportCsv: true,
        filters: [
          { kind: 'select', key: 'store_id', label: 'Store', options: storeOptions, loading: stores.isPending },
          { kind: 'select', key: c.idKey, label: c.label, options: subjects.options, loading: subjects.isPending },
          { kind: 'boolean', key: 'visible', label: 'Visible', trueLabel: 'Visible', falseLabel: 'Hidden' },
        ],
      }}
      create={{
        schema: c.create as unknown as AnySchema,
        defaults: { store_id: null, [c.idKey]: null, visible: true, title: '', slug: null, description: '', sort_order: 0 },
      }}
      update={{
        schema: c.update as unknown as AnySchema,
        values: (r) => ({
          store_id: r.store_id,
          [c.idKey]: r[c.idKey],
          visible: r.visible,
          title: r.title ?? '',
          slug: r.slug,
          description: r.description ?? '',
          sort_order: r.sort_order,
          version: r.version,
        }),
      }}
      fields={() => (
        <>
          <SelectField name="store_id" label="Store" required numeric options={storeOptions} />
          <SelectField name={c.idKey} label={c.label} required numeric options={subjects.options} />
          <TextField name="title" label="Title on the store" placeholder={`Defaults to the ${c.label.toLowerCase()}'s name`} />
          <TextField name="slug" label="Slug" placeholder="e.g. federal-ammo" description="Lowercase letters, digits and single dashes." />
          <TextAreaField name="description" label="Description" rows={3} />
          <IntegerField name="sort_order" label="Sort order" />
          <SwitchField name="visible" label="Visible on the store" />
        </>
      )}
    />
  );
}
