/**
 * The product editor (`/product/:id`, `/product/new`): details, attribute values side by side,
 * variants, modifiers, stores (store products and variants, feeds, publishing) and notes. The
 * product's own fields are saved with the version they were read at: a 409 says someone else saved
 * first and offers Reload, keeping what was typed until then.
 */
import '../catalog/styles';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, Menu, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ProductUpdate, TITLE_ATTRIBUTE_ID, IMAGE_ATTRIBUTE_ID, isAllowed, type ProductDetail, type StoreVariant, type Variant } from '@qm/contracts';
import { ApiError, errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useStores } from '../../lib/lookups';
import { invalidateResource } from '../../lib/queryClient';
import { qk } from '../../lib/queryKeys';
import { usePermissions } from '../../lib/session';
import { MultiSelectField, SelectField, TextAreaField } from '../../ui/fields';
import { IconAlert, IconArrowLeft, IconChevronDown, IconRefresh, IconSend } from '../../ui/icons';
import { ErrorState, Spinner } from '../../ui/states';
import { useUnsavedChangesGuard } from '../../ui/unsavedChanges';
import { catalogApi, PRODUCT, useAttributes, useBrandOptions, useCategoryOptions } from '../catalog/api';
import { AttributesPanel } from '../catalog/AttributesPanel';
import { ModifiersEditor } from '../catalog/ModifiersEditor';
import { Thumbnail } from '../catalog/Thumbnail';
import { NewProduct } from './NewProduct';
import { typeOptions, variationOptions } from './options';
import { publishToStore } from './publish';
import { StoresTab } from './StoresTab';
import { VariantsTab } from './VariantsTab';

const TABS = ['details', 'attributes', 'variants', 'modifiers', 'stores', 'notes'] as const;
type Tab = (typeof TABS)[number];
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

type FormValues = z.input<typeof ProductUpdate>;
const toForm = (p: ProductDetail): FormValues => ({
  type: p.type,
  variation_type: p.variation_type,
  brand_id: p.brand_id,
  category_ids: p.category_ids,
  notes: p.notes ?? '',
  version: p.version,
});

export default function ProductEditorScreen() {
  const { id } = useParams();
  if (id === 'new') return <NewProduct />;
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0) return <ErrorState error={new Error(`There is no product “${id}”.`)} title="Product not found" />;
  return <ProductEditor key={n} id={n} />;
}

function ProductEditor({ id }: { id: number }) {
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

  const key = qk.item(PRODUCT, id);
  const product = useQuery({ queryKey: key, queryFn: ({ signal }) => catalogApi.product(id, signal), staleTime: 0 });
  const attributes = useAttributes();
  const p = product.data;
  const setProduct = (fn: (p: ProductDetail) => ProductDetail) => client.setQueryData<ProductDetail>(key, (old) => (old ? fn(old) : old));
  const reload = async () => {
    await product.refetch();
    void invalidateResource(PRODUCT);
  };

  if (product.isError && !p) return <ErrorState error={product.error} onRetry={() => void product.refetch()} title="Could not load this product" />;
  if (!p) return <Spinner label="Loading product…" minHeight={320} />;

  const title = p.title ?? `Untitled product #${p.id}`;
  return (
    <DetailsFormProvider product={p} readOnly={!canWrite} onSaved={(fresh) => client.setQueryData(key, fresh)} onReload={reload}>
      {(saveBar) => (
        <Tabs value={tab} onChange={setTab} keepMounted={false} variant="default">
          <div className="qm-editor-head">
            <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Thumbnail src={p.image} alt={`Image of ${title}`} size={56} />
                <div>
                  <Anchor component={Link} to="/product" size="xs" c="dimmed">
                    <Group gap={4} component="span" wrap="nowrap">
                      <IconArrowLeft size={12} /> Products
                    </Group>
                  </Anchor>
                  <Title order={1} size="h3" fw={600} lineClamp={1}>
                    {title}
                  </Title>
                  <Group gap={8}>
                    <Text size="xs" c="dimmed">
                      #{p.id} · {p.brand?.name ?? 'No brand'} · {cap(p.type)} · sold in {p.variation_type} · updated {formatDateTime(p.updated_at)}
                    </Text>
                    {p.store_products.filter((s) => s.is_published).map((s) => (
                      <Badge key={s.id} size="xs" color="teal" variant="light" radius="sm">
                        On {s.store_name}
                      </Badge>
                    ))}
                  </Group>
                </div>
              </Group>
              {canWrite ? <PublishMenu product={p} onPublished={reload} /> : null}
            </Group>
            {saveBar}
            <Tabs.List>
              <Tabs.Tab value="details">Details</Tabs.Tab>
              <Tabs.Tab value="attributes">Attributes</Tabs.Tab>
              <Tabs.Tab value="variants">Variants ({p.variants.length})</Tabs.Tab>
              <Tabs.Tab value="modifiers">Modifiers ({p.modifiers.length})</Tabs.Tab>
              <Tabs.Tab value="stores">Stores ({p.store_products.length})</Tabs.Tab>
              <Tabs.Tab value="notes">Notes</Tabs.Tab>
            </Tabs.List>
          </div>
          <div className="qm-editor-body">
            <Tabs.Panel value="details">
              <DetailsTab product={p} readOnly={!canWrite} />
            </Tabs.Panel>
            <Tabs.Panel value="attributes">
              {attributes.data ? (
                <AttributesPanel
                  owner="product"
                  ownerId={p.id}
                  attributes={attributes.data}
                  data={p.attribute_data}
                  readOnly={!canWrite}
                  onSaved={(row) => {
                    setProduct((old) => ({ ...old, attribute_data: [...old.attribute_data.filter((d) => d.id !== row.id), row] }));
                    if (row.attribute_id === TITLE_ATTRIBUTE_ID || row.attribute_id === IMAGE_ATTRIBUTE_ID) void reload();
                  }}
                  onStale={() => void reload()}
                />
              ) : attributes.isError ? (
                <ErrorState error={attributes.error} onRetry={() => void attributes.refetch()} title="Could not load attributes" />
              ) : (
                <Spinner label="Loading attributes…" />
              )}
            </Tabs.Panel>
            <Tabs.Panel value="variants">
              <VariantsTab
                product={p}
                readOnly={!canWrite}
                setVariants={(variants: Variant[]) => {
                  setProduct((old) => ({ ...old, variants }));
                  void invalidateResource(PRODUCT);
                }}
              />
            </Tabs.Panel>
            <Tabs.Panel value="modifiers">
              <ModifiersEditor owner={{ product_id: p.id }} modifiers={p.modifiers} variants={p.variants.map((v) => ({ id: v.id, label: `${v.sku} (${v.units_per_package.toLocaleString('en-US')} ${p.variation_type})` }))} readOnly={!canWrite} onChanged={reload} />
            </Tabs.Panel>
            <Tabs.Panel value="stores">
              <StoresTab
                product={p}
                attributes={attributes.data ?? []}
                readOnly={!canWrite}
                reload={reload}
                replaceStoreVariant={(sv: StoreVariant) => setProduct((old) => ({ ...old, store_variants: old.store_variants.map((x) => (x.id === sv.id ? sv : x)) }))}
              />
            </Tabs.Panel>
            <Tabs.Panel value="notes">
              <Paper withBorder radius="sm" p="sm" maw={900}>
                <TextAreaField name="notes" label="Notes" rows={10} disabled={!canWrite} description="For staff only: sourcing, vendor quirks, anything the next person should know." />
              </Paper>
            </Tabs.Panel>
          </div>
        </Tabs>
      )}
    </DetailsFormProvider>
  );
}

function PublishMenu({ product, onPublished }: { product: ProductDetail; onPublished: () => Promise<unknown> }) {
  const stores = useStores();
  const [busy, setBusy] = useState(false);
  const publish = async (s: { id: number; name: string }) => {
    setBusy(true);
    const res = await publishToStore(product.id, s);
    setBusy(false);
    if (res?.success) await onPublished();
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button leftSection={<IconSend size={14} />} rightSection={<IconChevronDown size={14} />} loading={busy}>
          Publish to a store
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Publish on</Menu.Label>
        {(stores.data ?? []).map((s) => {
          const sp = product.store_products.find((x) => x.store_id === s.id);
          return (
            <Menu.Item key={s.id} onClick={() => void publish(s)} rightSection={sp?.is_published ? <Badge size="xs" color="teal" variant="light">Published</Badge> : null}>
              {s.name}
              {!s.is_enabled ? ' (disabled)' : ''}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The product's own fields (details and notes) in one form, saved with its version. */
function DetailsFormProvider({
  product,
  readOnly,
  onSaved,
  onReload,
  children,
}: {
  product: ProductDetail;
  readOnly: boolean;
  onSaved: (p: ProductDetail) => void;
  onReload: () => Promise<unknown>;
  children: (saveBar: ReactNode) => ReactNode;
}) {
  const form = useForm<FormValues, unknown, z.output<typeof ProductUpdate>>({ resolver: zodResolver(ProductUpdate), defaultValues: toForm(product), mode: 'onTouched' });
  const { isDirty, isSubmitting } = form.formState;
  const [problem, setProblem] = useState<{ kind: 'stale' | 'error'; message: string } | null>(null);
  const [reloading, setReloading] = useState(false);
  useUnsavedChangesGuard(isDirty && !isSubmitting);

  // The saved product changed (someone saved, or a reload): follow it unless the user is typing.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(toForm(product));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [product.version]);

  const save = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const res = await catalogApi.updateProduct(product.id, values);
      onSaved(res.data);
      form.reset(toForm(res.data));
      notifications.show({ color: 'teal', message: 'Product saved' });
      void invalidateResource(PRODUCT);
    } catch (e) {
      if (e instanceof ApiError && e.status === 400 && Object.keys(e.fields).length) {
        for (const [f, m] of Object.entries(e.fields)) form.setError(f as Path<FormValues>, { type: 'server', message: m }, { shouldFocus: true });
        setProblem({ kind: 'error', message: 'Some fields need attention.' });
      } else if (e instanceof ApiError && e.status === 409) {
        setProblem({ kind: 'stale', message: 'Someone else saved this product first. Reload to see their changes; until then what you typed stays here.' });
      } else setProblem({ kind: 'error', message: errorMessage(e) });
    }
  });

  const reload = async () => {
    setReloading(true);
    try {
      // Reload replaces what was typed with the saved version, on purpose.
      await onReload();
      const fresh = await catalogApi.product(product.id);
      onSaved(fresh);
      form.reset(toForm(fresh));
      setProblem(null);
    } catch (e) {
      setProblem({ kind: 'error', message: errorMessage(e) });
    } finally {
      setReloading(false);
    }
  };

  const saveBar =
    !readOnly && (isDirty || problem) ? (
      <Stack gap={6} mb="xs">
        {problem ? (
          <Alert color={problem.kind === 'stale' ? 'orange' : 'red'} variant="light" icon={<IconAlert />} role="alert" p="xs" title="Not saved">
            <Group justify="space-between" gap="xs">
              <Text size="sm">{problem.message}</Text>
              {problem.kind === 'stale' ? (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconRefresh size={14} />}
                  loading={reloading}
                  onClick={() => void reload()}
                >
                  Reload
                </Button>
              ) : null}
            </Group>
          </Alert>
        ) : null}
        {isDirty ? (
          <Group justify="space-between" className="qm-savebar" px="sm" py={6} style={{ background: 'var(--mantine-color-yellow-light)', borderRadius: 'var(--mantine-radius-sm)' }}>
            <Text size="sm">Unsaved changes to the product's details or notes.</Text>
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => form.reset(toForm(product))} disabled={isSubmitting}>
                Discard
              </Button>
              <Button size="xs" onClick={() => void save()} loading={isSubmitting}>
                Save product
              </Button>
            </Group>
          </Group>
        ) : null}
      </Stack>
    ) : null;

  return (
    // No <form> element here: the editor's dialogs hold forms of their own (React events cross portals).
    <FormProvider {...form}>{children(saveBar)}</FormProvider>
  );
}

function DetailsTab({ product, readOnly }: { product: ProductDetail; readOnly: boolean }) {
  const brands = useBrandOptions();
  const categories = useCategoryOptions();
  const navigate = useNavigate();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <Paper withBorder radius="sm" p="sm">
        <Stack gap="sm">
          <Group grow>
            <SelectField name="type" label="Type" required options={typeOptions} disabled={readOnly} />
            <SelectField name="variation_type" label="Variation type" required options={variationOptions} disabled={readOnly} description="What a package counts." />
          </Group>
          <SelectField name="brand_id" label="Brand" numeric clearable options={brands.options} disabled={readOnly} placeholder="No brand" />
          <MultiSelectField name="category_ids" label="Categories" numeric options={categories.options} disabled={readOnly} placeholder="Choose categories" />
          <Text size="xs" c="dimmed">
            The title and the image are attributes: change them under Attributes.
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder radius="sm" p="sm">
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            At a glance
          </Text>
          <Info label="Default variant" value={product.variants.find((v) => v.is_default)?.sku ?? '—'} mono />
          <Info label="Canonical attribute values" value={String(product.attribute_data.filter((d) => d.source_type === null).length)} />
          <Info label="Stores" value={product.store_products.map((s) => `${s.store_name}${s.is_published ? ' (published)' : ''}`).join(', ') || '—'} />
          <Text size="xs" c="dimmed" mt={4}>
            In families
          </Text>
          {product.families.length ? (
            <Group gap={6}>
              {product.families.map((f) => (
                <Button key={f.id} size="compact-xs" variant="light" onClick={() => navigate(`/product-family/${f.id}`)}>
                  {f.name}
                </Button>
              ))}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              None
            </Text>
          )}
          <Info label="Created" value={formatDateTime(product.created_at)} />
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}

function Info({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ff={mono ? 'monospace' : undefined} ta="right" lineClamp={2}>
        {value}
      </Text>
    </Group>
  );
}
