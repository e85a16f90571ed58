/**
 * The product family editor (`/product-family/:id`): name, brand, categories and notes (saved with the
 * family's version), its variants — any product's variants can be added; removing one also takes it
 * out of every modifier option, on screen at once —, its modifiers, attribute values and store products.
 */
import './parts/styles';
import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Group, Loader, Paper, Select, SimpleGrid, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { z } from 'zod';
import { ProductFamilyUpdate, isAllowed, type ProductFamilyDetail, type StoreProduct } from '@qm/contracts';
import { ApiError, errorMessage } from '../../lib/api';
import { useStores } from '../../lib/lookups';
import { formatDateTime } from '../../lib/format';
import { usePermissions } from '../../lib/session';
import { alertDialog, confirmDialog } from '../../ui/ConfirmDialog';
import { CodeDisplay, IntegerDisplay } from '../../ui/displays';
import { EditorForm, EditorLoading, EditorRoute, EditorShell, useEditorItem, useEditorSection, useTabParam } from '../../ui/Editor';
import { MultiSelectField, SelectField, TextAreaField, TextField } from '../../ui/fields';
import { IconPlus, IconSearch, IconTrash } from '../../ui/icons';
import { EmptyState } from '../../ui/states';
import {
  families,
  useAddFamilyStoreProduct,
  useAddFamilyVariant,
  useBrandOptions,
  useCategoryOptions,
  useRemoveFamilyVariant,
  useSortFamilyVariants,
  useUpdateFamily,
  useUpdateStoreProduct,
  useVariantSearch,
} from './api';
import { AttributesPanel } from './parts/AttributesPanel';
import { VariantResults } from './parts/VariantResults';
import { ModifiersEditor } from './parts/ModifiersEditor';
import { TableHead } from '../../ui/TableHead';
import { IconButton } from '../../ui/IconButton';
import { MoveButtons, moved } from '../../ui/MoveButtons';
import { DETAIL_TABLE } from '../../ui/listParams';

const TABS = ['details', 'variants', 'modifiers', 'attributes', 'stores'] as const;

export default function FamilyEditorScreen() {
  return <EditorRoute noun="product family">{(n) => <FamilyEditor key={n} id={n} />}</EditorRoute>;
}

function FamilyEditor({ id }: { id: number }) {
  const canWrite = isAllowed(['catalog.write'], usePermissions());
  const [tab, setTab] = useTabParam(TABS);
  const editor = useEditorItem(families, id);
  const { query: family, reload } = editor;
  const updateFamily = useUpdateFamily(id);
  const removeFamilyVariant = useRemoveFamilyVariant(id);
  const f = family.data;
  if (!f) return <EditorLoading query={family} noun="product family" />;

  const removeVariant = async (variantId: number) => {
    const v = f.variants.find((x) => x.id === variantId);
    if (!v) return;
    const ok = await confirmDialog({
      title: `Remove ${v.sku} from the family?`,
      message: `${v.sku} leaves ${f.name} and every option of its modifiers. The variant itself is not deleted.`,
      confirmLabel: 'Remove',
    });
    if (!ok) return;
    // At once on screen: out of the family and out of every option (put back if refused).
    try {
      await removeFamilyVariant.mutateAsync(variantId);
      notifications.show({ color: 'teal', message: `${v.sku} removed from ${f.name}` });
    } catch (e) {
      alertDialog('Error', errorMessage(e));
    }
  };


  return (
    <EditorForm
      editor={editor}
      item={f}
      schema={ProductFamilyUpdate}
      toForm={toForm}
      noun="family"
      unsavedText="Unsaved changes to the family's details."
      save={(values) => updateFamily.mutateAsync(values)}
      savedMessage={(saved) => `${saved.name} saved`}
      readOnly={!canWrite}
    >
      {(saveBar) => (
        <EditorShell
          tab={tab}
          onTab={setTab}
          back={{ to: '/product-family', label: 'Product Families' }}
          title={f.name}
          facts={
            <Text size="xs" c="dimmed">
              #{f.id} · {f.brand?.name ?? 'Several brands'} · {f.variants.length} variants · updated {formatDateTime(f.updated_at)}
            </Text>
          }
          saveBar={saveBar}
          tabs={[
            ['details', 'Details'],
            ['variants', `Variants (${f.variants.length})`],
            ['modifiers', `Modifiers (${f.modifiers.length})`],
            ['attributes', 'Attributes'],
            ['stores', `Store products (${f.store_products.length})`],
          ]}
        >
          <Tabs.Panel value="details">
            <FamilyDetails readOnly={!canWrite} />
          </Tabs.Panel>
          <Tabs.Panel value="variants">
            <Stack gap="sm">
              <FamilyVariantsTable family={f} canWrite={canWrite} onRemove={(v) => void removeVariant(v)} removing={removeFamilyVariant.isPending} />
              {canWrite ? <AddVariants family={f} /> : null}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="modifiers">
            <ModifiersEditor
              owner={{ kind: 'product-family', id: f.id }}
              modifiers={f.modifiers}
              variants={f.variants.map((v) => ({ id: v.id, label: `${v.sku} (${v.units_per_package.toLocaleString('en-US')})` }))}
              readOnly={!canWrite}
            />
          </Tabs.Panel>
          <Tabs.Panel value="attributes">
            <AttributesPanel owner={{ kind: 'product-family', id: f.id }} data={f.attribute_data} readOnly={!canWrite} />
          </Tabs.Panel>
          <Tabs.Panel value="stores">
            <FamilyStores family={f} canWrite={canWrite} onStale={() => void reload()} />
          </Tabs.Panel>
        </EditorShell>
      )}
    </EditorForm>
  );
}

type FormValues = z.input<typeof ProductFamilyUpdate>;
const toForm = (f: ProductFamilyDetail): FormValues => ({ name: f.name, brand_id: f.brand_id, category_ids: f.category_ids, notes: f.notes ?? '', version: f.version });

function FamilyDetails({ readOnly }: { readOnly: boolean }) {
  const brands = useBrandOptions();
  const categories = useCategoryOptions();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <Paper withBorder radius="sm" p="sm">
        <Stack gap="sm">
          <TextField name="name" label="Name" required disabled={readOnly} />
          <SelectField name="brand_id" label="Brand" numeric clearable options={brands.options} placeholder="Several brands" disabled={readOnly} />
          <MultiSelectField name="category_ids" label="Categories" numeric options={categories.options} disabled={readOnly} />
        </Stack>
      </Paper>
      <Paper withBorder radius="sm" p="sm">
        <TextAreaField name="notes" label="Notes" rows={7} disabled={readOnly} />
      </Paper>
    </SimpleGrid>
  );
}

/** Finds variants of any product by SKU, UPC or product title (`GET variant`) and adds them (`POST product-family/{id}/variant`). */
function AddVariants({ family }: { family: ProductFamilyDetail }) {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 300);
  const [busy, setBusy] = useState<number | null>(null);
  const results = useVariantSearch(debounced);
  const addFamilyVariant = useAddFamilyVariant(family.id);
  const inFamily = new Set(family.variants.map((v) => v.id));

  const add = async (variantId: number, sku: string) => {
    setBusy(variantId);
    try {
      await addFamilyVariant.mutateAsync(variantId);
      notifications.show({ color: 'teal', message: `${sku} added to ${family.name}` });
    } catch (e) {
      alertDialog('Error', errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const found = results.data?.data ?? [];
  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-label="Add variants">
      <Text size="sm" fw={600}>
        Add variants
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        Find variants of any product by SKU, UPC or product title, then add them.
      </Text>
      <TextInput
        size="xs"
        aria-label="Find a product to add variants from"
        placeholder="e.g. 9mm 115 FMJ, or a SKU"
        leftSection={<IconSearch size={14} />}
        rightSection={results.isFetching ? <Loader size={12} /> : null}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        maw={420}
        type="search"
      />
      {debounced.length >= 2 && results.data ? (
        <VariantResults
          mt="xs"
          found={found}
          action={(v) =>
            inFamily.has(v.id) ? (
              <Badge size="sm" variant="light" color="gray" radius="sm">
                In this family
              </Badge>
            ) : (
              <Button size="compact-xs" leftSection={<IconPlus size={12} />} loading={busy === v.id} onClick={() => void add(v.id, v.sku)} aria-label={`Add ${v.sku}`}>
                Add
              </Button>
            )
          }
        />
      ) : null}
      {results.data && results.data.meta.total > found.length ? (
        <Text size="xs" c="dimmed" mt={4}>
          Showing {found.length} of {results.data.meta.total_exact ? results.data.meta.total.toLocaleString('en-US') : `${results.data.meta.total.toLocaleString('en-US')}+`}: type more to narrow.
        </Text>
      ) : null}
    </Paper>
  );
}

/** The family's store products: put it on a store, publish and unpublish it (`PUT store-product/{id}` with `is_published`). */
function FamilyStores({ family, canWrite, onStale }: { family: ProductFamilyDetail; canWrite: boolean; onStale: () => void }) {
  const addStoreProduct = useAddFamilyStoreProduct(family.id);
  const updateStoreProduct = useUpdateStoreProduct({ kind: 'product-family', id: family.id });
  const stores = useStores();
  const [storeId, setStoreId] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const onStores = new Set(family.store_products.map((sp) => sp.store_id));
  const addable = (stores.data ?? []).filter((s) => s.is_enabled && !onStores.has(s.id));

  const run = async (key: string, fn: () => Promise<string>) => {
    setBusy(key);
    try {
      const message = await fn();
      notifications.show({ color: 'teal', message });
    } catch (e) {
      if (e instanceof ApiError && e.status === 409 && e.code === 'stale_version') onStale();
      alertDialog('Error', errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const addToStore = () =>
    run('add', async () => {
      const sp = await addStoreProduct.mutateAsync(Number(storeId));
      setStoreId(null);
      return `${family.name} added to ${sp.store_name}`;
    });

  const setPublished = (sp: StoreProduct, publish: boolean) =>
    run(`sp-${sp.id}`, async () => {
      await updateStoreProduct.mutateAsync({ id: sp.id, body: { version: sp.version, attribute_data: [], is_published: publish } });
      return `${family.name} ${publish ? 'published on' : 'unpublished from'} ${sp.store_name}`;
    });

  return (
    <Stack gap="sm">
      <Paper withBorder radius="sm" p={0}>
        {family.store_products.length === 0 ? (
          <EmptyState title="Not on any store">{canWrite ? 'Add the family to a store below.' : undefined}</EmptyState>
        ) : (
          <Table {...DETAIL_TABLE} aria-label="Store products">
            <TableHead cells={['Store', 'Status', 'Published', 'Updated', canWrite && { label: 'Actions', srOnly: true }]} />
            <Table.Tbody>
              {family.store_products.map((sp) => (
                <Table.Tr key={sp.id} data-store={sp.store_name}>
                  <Table.Td>
                    {sp.store_name}
                    {!sp.store_enabled ? ' (disabled)' : ''}
                  </Table.Td>
                  <Table.Td>
                    <Badge size="sm" radius="sm" variant="light" color={sp.is_published ? 'teal' : 'gray'}>
                      {sp.is_published ? 'Published' : 'Not published'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{sp.published_at ? formatDateTime(sp.published_at) : '—'}</Table.Td>
                  <Table.Td>{formatDateTime(sp.updated_at)}</Table.Td>
                  {canWrite ? (
                    <Table.Td ta="right">
                      <Button
                        size="compact-xs"
                        variant={sp.is_published ? 'default' : 'filled'}
                        loading={busy === `sp-${sp.id}`}
                        onClick={() => void setPublished(sp, !sp.is_published)}
                        aria-label={`${sp.is_published ? 'Unpublish from' : 'Publish on'} ${sp.store_name}`}
                      >
                        {sp.is_published ? 'Unpublish' : 'Publish'}
                      </Button>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {canWrite ? (
        <Paper withBorder radius="sm" p="sm" component="section" aria-label="Add to a store">
          <Group gap="xs" align="end">
            <Select
              size="xs"
              label="Store"
              placeholder={addable.length ? 'Choose a store' : 'On every enabled store'}
              data={addable.map((s) => ({ value: String(s.id), label: s.name }))}
              value={storeId}
              onChange={setStoreId}
              disabled={!addable.length}
              w={260}
            />
            <Button size="xs" leftSection={<IconPlus size={12} />} disabled={!storeId} loading={busy === 'add'} onClick={() => void addToStore()}>
              Add to store
            </Button>
          </Group>
        </Paper>
      ) : null}
    </Stack>
  );
}

/**
 * The family's variants in the order shoppers see them. Moving one is a draft until the editor's save
 * bar saves the order; removing one acts at once (after a confirm).
 */
function FamilyVariantsTable({ family: f, canWrite, onRemove, removing }: { family: ProductFamilyDetail; canWrite: boolean; onRemove: (variantId: number) => void; removing: boolean }) {
  const sortFamilyVariants = useSortFamilyVariants(f.id);
  const [order, setOrder] = useState<number[] | null>(null);
  const byId = new Map(f.variants.map((v) => [v.id, v]));
  // A variant added or removed meanwhile: the saved ones keep the drafted order, new ones go last.
  const variants = order ? [...order.filter((id) => byId.has(id)).map((id) => byId.get(id)!), ...f.variants.filter((v) => !order.includes(v.id))] : f.variants;
  const changed = order !== null && variants.map((v) => v.id).join() !== f.variants.map((v) => v.id).join();
  const move = (from: number, to: number) => setOrder(moved(variants, from, to).map((v) => v.id));
  useEditorSection('family-variant-order', {
    label: "the variants' order",
    dirty: changed,
    discard: () => setOrder(null),
    save: async () => {
      try {
        await sortFamilyVariants.mutateAsync(variants.map((v) => v.id));
        setOrder(null);
      } catch (e) {
        alertDialog('Error', errorMessage(e));
        throw e;
      }
    },
  });
  const optionLabels = new Map(f.modifiers.flatMap((m) => m.options.map((o) => [o.id, `${m.name}: ${o.label}`] as const)));
  return (
    <Paper withBorder radius="sm" p={0}>
      {variants.length === 0 ? (
        <EmptyState title="No variants yet">Add variants of any product below.</EmptyState>
      ) : (
        <div className="qm-table-wrap qm-auto">
          <Table {...DETAIL_TABLE} aria-label="Family variants" striped highlightOnHover>
            <TableHead
              cells={[
                'SKU',
                'Product',
                'UPC',
                { label: 'Units', ta: 'right' },
                'Modifier options',
                canWrite && { label: 'Order', srOnly: true, w: 60 },
                canWrite && { label: 'Remove', srOnly: true, w: 48 },
              ]}
            />
            <Table.Tbody>
              {variants.map((v, i) => (
                <Table.Tr key={v.id} data-sku={v.sku}>
                  <Table.Td><CodeDisplay value={v.sku} strong /></Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/product/${v.product_id}`} size="sm">
                      {v.product_title ?? `Product #${v.product_id}`}
                    </Anchor>
                  </Table.Td>
                  <Table.Td><CodeDisplay value={v.upc} /></Table.Td>
                  <Table.Td ta="right"><IntegerDisplay value={v.units_per_package} /></Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {v.modifier_option_ids.map((o) => (
                        <Badge key={o} size="sm" variant="light" radius="sm" tt="none" fw={500}>
                          {optionLabels.get(o) ?? `#${o}`}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  {canWrite ? (
                    <Table.Td>
                      <MoveButtons index={i} count={variants.length} name={v.sku} disabled={removing} onMove={(to) => move(i, to)} />
                    </Table.Td>
                  ) : null}
                  {canWrite ? (
                    <Table.Td>
                      <IconButton label={`Remove ${v.sku} from the family`} color="red" onClick={() => onRemove(v.id)}>
                        <IconTrash size={14} />
                      </IconButton>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Paper>
  );
}
