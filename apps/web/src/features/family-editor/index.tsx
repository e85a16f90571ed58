/**
 * The product family editor (`/product-family/:id`): name, brand, categories and notes (saved with the
 * family's version), its variants — any product's variants can be added; removing one also takes it
 * out of every modifier option, on screen at once —, its modifiers, attribute values and store products.
 */
import '../catalog/styles';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ActionIcon, Alert, Anchor, Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Table, Tabs, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ProductFamilyUpdate, isAllowed, type ProductFamilyDetail, type ProductListItem } from '@qm/contracts';
import { ApiError, api, errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { invalidateResource } from '../../lib/queryClient';
import { qk } from '../../lib/queryKeys';
import { usePermissions } from '../../lib/session';
import { alertDialog, confirmDialog } from '../../ui/ConfirmDialog';
import { IntegerDisplay } from '../../ui/displays';
import { MultiSelectField, SelectField, TextAreaField, TextField } from '../../ui/fields';
import { IconAlert, IconArrowLeft, IconPlus, IconRefresh, IconSearch, IconTrash } from '../../ui/icons';
import { EmptyState, ErrorState, Spinner } from '../../ui/states';
import { useUnsavedChangesGuard } from '../../ui/unsavedChanges';
import { catalogApi, FAMILY, useAttributes, useBrandOptions, useCategoryOptions } from '../catalog/api';
import { AttributesPanel } from '../catalog/AttributesPanel';
import { ModifiersEditor } from '../catalog/ModifiersEditor';
import { Thumbnail } from '../catalog/Thumbnail';

const TABS = ['details', 'variants', 'modifiers', 'attributes', 'stores'] as const;
type Tab = (typeof TABS)[number];

export default function FamilyEditorScreen() {
  const { id } = useParams();
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0) return <ErrorState error={new Error(`There is no product family “${id}”.`)} title="Product family not found" />;
  return <FamilyEditor key={n} id={n} />;
}

function FamilyEditor({ id }: { id: number }) {
  const client = useQueryClient();
  const canWrite = isAllowed(['catalog.write'], usePermissions());
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'details';
  const setTab = (t: string | null) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (!t || t === 'details') p.delete('tab');
        else p.set('tab', t);
        return p;
      },
      { replace: true },
    );
  const key = qk.item(FAMILY, id);
  const family = useQuery({ queryKey: key, queryFn: ({ signal }) => catalogApi.family(id, signal), staleTime: 0 });
  const attributes = useAttributes();
  const f = family.data;
  const setFamily = (next: ProductFamilyDetail) => client.setQueryData(key, next);
  const reload = async () => {
    await family.refetch();
    void invalidateResource(FAMILY);
  };

  if (family.isError && !f) return <ErrorState error={family.error} onRetry={() => void family.refetch()} title="Could not load this product family" />;
  if (!f) return <Spinner label="Loading product family…" minHeight={320} />;

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
    <FamilyForm family={f} readOnly={!canWrite} onSaved={setFamily} onReload={reload}>
      {(saveBar) => (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <div className="qm-editor-head">
            <Group justify="space-between" align="flex-start" mb="xs" wrap="nowrap">
              <div>
                <Anchor component={Link} to="/product-family" size="xs" c="dimmed">
                  <Group gap={4} component="span">
                    <IconArrowLeft size={12} /> Product Families
                  </Group>
                </Anchor>
                <Title order={1} size="h3" fw={600} lineClamp={1}>
                  {f.name}
                </Title>
                <Text size="xs" c="dimmed">
                  #{f.id} · {f.brand?.name ?? 'Several brands'} · {f.variants.length} variants · updated {formatDateTime(f.updated_at)}
                </Text>
              </div>
            </Group>
            {saveBar}
            <Tabs.List>
              <Tabs.Tab value="details">Details</Tabs.Tab>
              <Tabs.Tab value="variants">Variants ({f.variants.length})</Tabs.Tab>
              <Tabs.Tab value="modifiers">Modifiers ({f.modifiers.length})</Tabs.Tab>
              <Tabs.Tab value="attributes">Attributes</Tabs.Tab>
              <Tabs.Tab value="stores">Store products ({f.store_products.length})</Tabs.Tab>
            </Tabs.List>
          </div>
          <div className="qm-editor-body">
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
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th>SKU</Table.Th>
                            <Table.Th>Product</Table.Th>
                            <Table.Th>UPC</Table.Th>
                            <Table.Th ta="right">Units</Table.Th>
                            <Table.Th>Modifier options</Table.Th>
                            {canWrite ? <Table.Th w={48}><span className="qm-sr-only">Remove</span></Table.Th> : null}
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {f.variants.map((v) => (
                            <Table.Tr key={v.id} data-sku={v.sku}>
                              <Table.Td>
                                <Text size="sm" ff="monospace" fw={500}>
                                  {v.sku}
                                </Text>
                              </Table.Td>
                              <Table.Td>
                                <Anchor component={Link} to={`/product/${v.product_id}`} size="sm">
                                  {v.product_title ?? `Product #${v.product_id}`}
                                </Anchor>
                              </Table.Td>
                              <Table.Td>{v.upc ? <Text size="sm" ff="monospace">{v.upc}</Text> : <Text span c="dimmed" size="sm">—</Text>}</Table.Td>
                              <Table.Td ta="right">
                                <IntegerDisplay value={v.units_per_package} />
                              </Table.Td>
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
                                  <Tooltip label={`Remove ${v.sku} from the family`}>
                                    <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Remove ${v.sku} from the family`} onClick={() => void removeVariant(v.id)}>
                                      <IconTrash size={14} />
                                    </ActionIcon>
                                  </Tooltip>
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
              {attributes.data ? (
                <AttributesPanel
                  owner="product-family"
                  ownerId={f.id}
                  attributes={attributes.data}
                  data={f.attribute_data}
                  readOnly={!canWrite}
                  onSaved={(row) => setFamily({ ...f, attribute_data: [...f.attribute_data.filter((d) => d.id !== row.id), row] })}
                  onStale={() => void reload()}
                />
              ) : (
                <Spinner label="Loading attributes…" />
              )}
            </Tabs.Panel>
            <Tabs.Panel value="stores">
              <Paper withBorder radius="sm" p={0}>
                {f.store_products.length === 0 ? (
                  <EmptyState title="Not on any store" />
                ) : (
                  <Table verticalSpacing={5} horizontalSpacing="sm" fz="sm" aria-label="Store products">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Store</Table.Th>
                        <Table.Th>Status</Table.Th>
                        <Table.Th>Published</Table.Th>
                        <Table.Th>Updated</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
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
          </div>
        </Tabs>
      )}
    </FamilyForm>
  );
}

type FormValues = z.input<typeof ProductFamilyUpdate>;
const toForm = (f: ProductFamilyDetail): FormValues => ({ name: f.name, brand_id: f.brand_id, category_ids: f.category_ids, notes: f.notes ?? '', version: f.version });

function FamilyForm({
  family,
  readOnly,
  onSaved,
  onReload,
  children,
}: {
  family: ProductFamilyDetail;
  readOnly: boolean;
  onSaved: (f: ProductFamilyDetail) => void;
  onReload: () => Promise<unknown>;
  children: (saveBar: ReactNode) => ReactNode;
}) {
  const form = useForm<FormValues, unknown, z.output<typeof ProductFamilyUpdate>>({ resolver: zodResolver(ProductFamilyUpdate), defaultValues: toForm(family), mode: 'onTouched' });
  const { isDirty, isSubmitting } = form.formState;
  const [problem, setProblem] = useState<{ stale: boolean; message: string } | null>(null);
  const [reloading, setReloading] = useState(false);
  useUnsavedChangesGuard(isDirty && !isSubmitting);
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(toForm(family));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [family.version]);

  const save = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const res = await catalogApi.updateFamily(family.id, values);
      onSaved(res.data);
      form.reset(toForm(res.data));
      notifications.show({ color: 'teal', message: `${res.data.name} saved` });
      void invalidateResource(FAMILY);
    } catch (e) {
      if (e instanceof ApiError && (e.status === 400 || e.status === 422) && Object.keys(e.fields).length) {
        for (const [k, m] of Object.entries(e.fields)) form.setError(k as Path<FormValues>, { type: 'server', message: m }, { shouldFocus: true });
        setProblem({ stale: false, message: 'Some fields need attention.' });
      } else if (e instanceof ApiError && e.status === 409) {
        setProblem({ stale: true, message: 'Someone else saved this family first. Reload to see their changes; until then what you typed stays here.' });
      } else setProblem({ stale: false, message: errorMessage(e) });
    }
  });

  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
      const fresh = await catalogApi.family(family.id);
      onSaved(fresh);
      form.reset(toForm(fresh));
      setProblem(null);
    } catch (e) {
      setProblem({ stale: false, message: errorMessage(e) });
    } finally {
      setReloading(false);
    }
  };

  const saveBar =
    !readOnly && (isDirty || problem) ? (
      <Stack gap={6} mb="xs">
        {problem ? (
          <Alert color={problem.stale ? 'orange' : 'red'} variant="light" icon={<IconAlert />} role="alert" p="xs" title="Not saved">
            <Group justify="space-between" gap="xs">
              <Text size="sm">{problem.message}</Text>
              {problem.stale ? (
                <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} loading={reloading} onClick={() => void reload()}>
                  Reload
                </Button>
              ) : null}
            </Group>
          </Alert>
        ) : null}
        {isDirty ? (
          <Group justify="space-between" px="sm" py={6} style={{ background: 'var(--mantine-color-yellow-light)', borderRadius: 'var(--mantine-radius-sm)' }}>
            <Text size="sm">Unsaved changes to the family's details.</Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => form.reset(toForm(family))} disabled={isSubmitting}>
                Discard
              </Button>
              <Button size="xs" onClick={() => void save()} loading={isSubmitting}>
                Save family
              </Button>
            </Group>
          </Group>
        ) : null}
      </Stack>
    ) : null;
  return <FormProvider {...form}>{children(saveBar)}</FormProvider>;
}

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
