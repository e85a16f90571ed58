/**
 * The product family editor (`/product-family/:id`): name, brand, categories and notes (saved with the
 * family's version), its variants — any product's variants can be added; removing one also takes it
 * out of every modifier option, on screen at once —, its modifiers, attribute values and store products.
 */
import '../catalog/styles';
import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { z } from 'zod';
import { ProductFamilyUpdate, isAllowed, type ProductFamilyDetail, type ProductListItem } from '@qm/contracts';
import { api, errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { invalidateResource } from '../../lib/queryClient';
import { qk } from '../../lib/queryKeys';
import { usePermissions } from '../../lib/session';
import { alertDialog, confirmDialog } from '../../ui/ConfirmDialog';
import { CodeDisplay, IntegerDisplay } from '../../ui/displays';
import { EditorForm, EditorLoading, EditorRoute, EditorShell, useEditorItem, useTabParam } from '../../ui/Editor';
import { MultiSelectField, SelectField, TextAreaField, TextField } from '../../ui/fields';
import { IconPlus, IconSearch, IconTrash } from '../../ui/icons';
import { EmptyState } from '../../ui/states';
import { catalogApi, FAMILY, useBrandOptions, useCategoryOptions } from '../catalog/api';
import { AttributesPanel, withAttributeRow } from '../catalog/AttributesPanel';
import { ModifiersEditor } from '../catalog/ModifiersEditor';
import { Thumbnail } from '../catalog/Thumbnail';
import { TableHead } from '../../ui/TableHead';
import { IconButton } from '../../ui/IconButton';

const TABS = ['details', 'variants', 'modifiers', 'attributes', 'stores'] as const;

export default function FamilyEditorScreen() {
  return <EditorRoute noun="product family">{(n) => <FamilyEditor key={n} id={n} />}</EditorRoute>;
}

function FamilyEditor({ id }: { id: number }) {
  const canWrite = isAllowed(['catalog.write'], usePermissions());
  const [tab, setTab] = useTabParam(TABS);
  const editor = useEditorItem(FAMILY, id, catalogApi.family);
  const { query: family, set: setFamily, reload } = editor;
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
    const before = f;
    // At once on screen: out of the family and out of every option.
    setFamily({
      ...f,
      variants: f.variants.filter((x) => x.id !== variantId),
      modifiers: f.modifiers.map((m) => ({ ...m, options: m.options.map((o) => ({ ...o, variant_ids: o.variant_ids.filter((x) => x !== variantId) })) })),
    });
    try {
      const res = await catalogApi.removeFamilyVariant(f.id, variantId);
      setFamily(res.data);
      notifications.show({ color: 'teal', message: `${v.sku} removed from ${f.name}` });
      void invalidateResource(FAMILY);
    } catch (e) {
      setFamily(before);
      alertDialog('Error', errorMessage(e));
    }
  };

  const optionLabels = new Map(f.modifiers.flatMap((m) => m.options.map((o) => [o.id, `${m.name}: ${o.label}`] as const)));

  return (
    <EditorForm
      editor={editor}
      item={f}
      schema={ProductFamilyUpdate}
      toForm={toForm}
      noun="family"
      unsavedText="Unsaved changes to the family's details."
      save={(values) => catalogApi.updateFamily(f.id, values)}
      savedMessage={(saved) => `${saved.name} saved`}
      fieldErrorsOn422
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
              <Paper withBorder radius="sm" p={0}>
                {f.variants.length === 0 ? (
                  <EmptyState title="No variants yet">Add variants of any product below.</EmptyState>
                ) : (
                  <div className="qm-table-wrap qm-auto">
                    <Table verticalSpacing={5} horizontalSpacing="sm" fz="sm" aria-label="Family variants" striped highlightOnHover>
                      <TableHead cells={['SKU', 'Product', 'UPC', { label: 'Units', ta: 'right' }, 'Modifier options', canWrite && { label: 'Remove', srOnly: true, w: 48 }]} />
                      <Table.Tbody>
                        {f.variants.map((v) => (
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
                                <IconButton label={`Remove ${v.sku} from the family`} color="red" onClick={() => void removeVariant(v.id)}>
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
              {canWrite ? <AddVariants family={f} onAdded={setFamily} /> : null}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="modifiers">
            <ModifiersEditor
              owner={{ product_family_id: f.id }}
              modifiers={f.modifiers}
              variants={f.variants.map((v) => ({ id: v.id, label: `${v.sku} (${v.units_per_package.toLocaleString('en-US')})` }))}
              readOnly={!canWrite}
              onChanged={reload}
            />
          </Tabs.Panel>
          <Tabs.Panel value="attributes">
            <AttributesPanel
              owner="product-family"
              ownerId={f.id}
              data={f.attribute_data}
              readOnly={!canWrite}
              onSaved={(row) => setFamily({ ...f, attribute_data: withAttributeRow(f.attribute_data, row) })}
              onStale={() => void reload()}
            />
          </Tabs.Panel>
          <Tabs.Panel value="stores">
            <Paper withBorder radius="sm" p={0}>
              {f.store_products.length === 0 ? (
                <EmptyState title="Not on any store" />
              ) : (
                <Table verticalSpacing={5} horizontalSpacing="sm" fz="sm" aria-label="Store products">
                  <TableHead cells={['Store', 'Status', 'Published', 'Updated']} />
                  <Table.Tbody>
                    {f.store_products.map((sp) => (
                      <Table.Tr key={sp.id}>
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
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Paper>
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

/** Finds variants of any product by title, SKU or UPC and adds them (`POST product-family/{id}/variant`). */
function AddVariants({ family, onAdded }: { family: ProductFamilyDetail; onAdded: (f: ProductFamilyDetail) => void }) {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 300);
  const [open, setOpen] = useState<number | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const results = useQuery({
    queryKey: qk.list('product', `family-add:${debounced}`),
    queryFn: ({ signal }) => api.list<ProductListItem>('product', { q: debounced, per_page: 8 }, signal),
    enabled: debounced.length >= 2,
  });
  const product = useQuery({
    queryKey: qk.item('product', open ?? 0),
    queryFn: ({ signal }) => catalogApi.product(open!, signal),
    enabled: open !== null,
  });
  const inFamily = new Set(family.variants.map((v) => v.id));

  const add = async (variantId: number, sku: string) => {
    setBusy(variantId);
    try {
      const res = await catalogApi.addFamilyVariant(family.id, variantId);
      onAdded(res.data);
      notifications.show({ color: 'teal', message: `${sku} added to ${family.name}` });
      void invalidateResource(FAMILY);
    } catch (e) {
      alertDialog('Error', errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-label="Add variants">
      <Text size="sm" fw={600}>
        Add variants
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        Find a product by title, SKU or UPC, then add any of its variants.
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
        <Table verticalSpacing={4} horizontalSpacing="xs" fz="sm" mt="xs" aria-label="Products found" className="qm-inner-table">
          <Table.Tbody>
            {results.data.data.length === 0 ? (
              <Table.Tr>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    No product matches.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {results.data.data.map((p) => (
              <ProductResult
                key={p.id}
                product={p}
                open={open === p.id}
                onToggle={() => setOpen(open === p.id ? null : p.id)}
                variants={open === p.id ? product.data?.variants ?? null : null}
                inFamily={inFamily}
                busy={busy}
                onAdd={add}
              />
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Paper>
  );
}

function ProductResult({
  product,
  open,
  onToggle,
  variants,
  inFamily,
  busy,
  onAdd,
}: {
  product: ProductListItem;
  open: boolean;
  onToggle: () => void;
  variants: { id: number; sku: string; units_per_package: number; upc: string | null }[] | null;
  inFamily: Set<number>;
  busy: number | null;
  onAdd: (variantId: number, sku: string) => Promise<void>;
}) {
  return (
    <>
      <Table.Tr>
        <Table.Td w={44}>
          <Thumbnail src={product.image} alt="" size={28} />
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'normal' }}>
          <Text size="sm" fw={500}>
            {product.title ?? `Product #${product.id}`}
          </Text>
          <Text size="xs" c="dimmed">
            {product.brand_name ?? 'No brand'} · {product.variant_count} variants
          </Text>
        </Table.Td>
        <Table.Td ta="right">
          <Button size="compact-xs" variant="light" onClick={onToggle} aria-expanded={open}>
            {open ? 'Hide variants' : 'Show variants'}
          </Button>
        </Table.Td>
      </Table.Tr>
      {open ? (
        <Table.Tr>
          <Table.Td />
          <Table.Td colSpan={2}>
            {variants === null ? (
              <Loader size="xs" />
            ) : (
              <Stack gap={4}>
                {variants.map((v) => (
                  <Group key={v.id} justify="space-between" wrap="nowrap">
                    <Text size="sm" ff="monospace">
                      {v.sku} <Text span size="xs" c="dimmed">· {v.units_per_package.toLocaleString('en-US')} units{v.upc ? ` · ${v.upc}` : ''}</Text>
                    </Text>
                    {inFamily.has(v.id) ? (
                      <Badge size="sm" variant="light" color="gray" radius="sm">
                        In this family
                      </Badge>
                    ) : (
                      <Button size="compact-xs" leftSection={<IconPlus size={12} />} loading={busy === v.id} onClick={() => void onAdd(v.id, v.sku)} aria-label={`Add ${v.sku}`}>
                        Add
                      </Button>
                    )}
                  </Group>
                ))}
              </Stack>
            )}
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}
