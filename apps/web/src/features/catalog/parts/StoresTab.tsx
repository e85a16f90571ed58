/**
 * The product on each store. Choosing a store first clears the store panel completely, then shows the
 * new store after CONSTANTS.storeSelectionDelayMs (SPEC §4). The panel holds the store product
 * (published or not, store-level attribute values), the store variants (price, MAP price, MAP gate,
 * shipping setting, enabled, feeds; disable) and the table that creates store variants from the
 * variants marked Include — only those are sent (SPEC §5).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ActionIcon, Alert, Badge, Button, Checkbox, Group, MultiSelect, Paper, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  CONSTANTS,
  SHIPPING_SETTINGS,
  type Attribute,
  type AttributeValue,
  type Feed,
  type ProductDetail,
  type StoreVariant,
} from '@qm/contracts';
import { errorMessage, isApiError } from '../../../lib/api';
import { saveProblemOf } from '../../../lib/errors';
import { useEditorSection } from '../../../ui/Editor';
import { formatDateTime, formatInteger } from '../../../lib/format';
import { mapGateOptions, useFeeds, useStores, type Store } from '../../../lib/lookups';
import { alertDialog, confirmDialog } from '../../../ui/ConfirmDialog';
import { CodeDisplay, IntegerDisplay, MoneyDisplay, PerUnitDisplay } from '../../../ui/displays';
import { IconPlus, IconSend, IconTrash } from '../../../ui/icons';
import { MoneyInput } from '../../../ui/inputs';
import { responseDataDialog, responseDataOf } from '../../../ui/ResponseDataDialog';
import { EmptyState } from '../../../ui/states';
import { useCreateStoreVariants, useDisableStoreVariant, useSaveStoreVariant, useUpdateStoreProduct, type StoreVariantInput } from '../api';
import { AttributeValueInput, AttributeValueView, checkAttributeValue } from './attributeValues';
import { usePublishToStore } from './publish';
import { TableHead } from '../../../ui/TableHead';
import { IconButton } from '../../../ui/IconButton';

const SHIPPING_LABELS: Record<(typeof SHIPPING_SETTINGS)[number], string> = {
  variable: 'Variable',
  per_unit: 'Per unit',
  free: 'Free',
  b2b: 'B2B',
};
const shippingOptions = SHIPPING_SETTINGS.map((s) => ({ value: s, label: SHIPPING_LABELS[s] }));

export interface StoresTabProps {
  product: ProductDetail;
  attributes: Attribute[];
  readOnly: boolean;
}

export function StoresTab(props: StoresTabProps) {
  const { product } = props;
  const stores = useStores();
  // The chosen store is in the URL (`?store=<id>`): a link or a reload opens the same store.
  const [params, setParams] = useSearchParams();
  const fromUrl = Number(params.get('store'));
  const [selected, setSelected] = useState<number | null>(Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // SPEC §4: clear the selection first, then set it after the store selection delay.
  const select = (id: number) => {
    clearTimeout(timer.current);
    setSelected(null);
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set('store', String(id));
        return p;
      },
      { replace: true },
    );
    timer.current = setTimeout(() => setSelected(id), CONSTANTS.storeSelectionDelayMs);
  };

  const list = stores.data ?? [];
  const store = list.find((s) => s.id === selected) ?? null;

  return (
    <Stack gap="sm">
      <Paper withBorder radius="sm" p="xs">
        <Group gap="xs" role="group" aria-label="Store">
          <Text size="xs" fw={600} c="dimmed" mr={4}>
            STORE
          </Text>
          {stores.isPending ? <Text size="sm" c="dimmed">Loading stores…</Text> : null}
          {list.map((s) => {
            const sp = product.store_products.find((x) => x.store_id === s.id);
            const count = product.store_variants.filter((v) => v.store_id === s.id).length;
            const active = selected === s.id;
            return (
              <Button
                key={s.id}
                size="xs"
                variant={active ? 'filled' : 'default'}
                aria-pressed={active}
                onClick={() => select(s.id)}
                rightSection={
                  sp?.is_published ? (
                    <Badge size="xs" radius="sm" color="teal" variant={active ? 'white' : 'light'}>
                      Published
                    </Badge>
                  ) : count ? (
                    <Badge size="xs" radius="sm" color="gray" variant={active ? 'white' : 'light'}>
                      {formatInteger(count)}
                    </Badge>
                  ) : undefined
                }
              >
                {s.name}
                {!s.is_enabled ? ' (disabled)' : ''}
              </Button>
            );
          })}
        </Group>
      </Paper>
      {store ? (
        <StorePanel key={store.id} {...props} store={store} />
      ) : (
        <Paper withBorder radius="sm" className="qm-store-panel" data-empty data-testid="store-panel-empty">
          <EmptyState title="Choose a store">Its store product, store variants and feeds show here.</EmptyState>
        </Paper>
      )}
    </Stack>
  );
}

function StorePanel({ product, attributes, readOnly, store }: StoresTabProps & { store: Store }) {
  const publishToStore = usePublishToStore(product.id);
  const updateStoreProduct = useUpdateStoreProduct({ kind: 'product', id: product.id });
  const feeds = useFeeds();
  const storeFeeds = ((feeds.data ?? []) as unknown as Feed[]).filter((f) => f.store_id === store.id);
  const sp = product.store_products.find((x) => x.store_id === store.id) ?? null;
  const svs = product.store_variants.filter((v) => v.store_id === store.id);
  const variantsById = new Map(product.variants.map((v) => [v.id, v]));
  const missing = product.variants.filter((v) => !svs.some((s) => s.variant_id === v.id));
  const [publishing, setPublishing] = useState(false);

  const publish = async () => {
    setPublishing(true);
    await publishToStore(store);
    setPublishing(false);
  };

  const unpublish = async () => {
    if (!sp) return;
    const ok = await confirmDialog({ title: `Unpublish from ${store.name}?`, message: `The product stops showing on ${store.name}. Its store variants stay as they are.`, confirmLabel: 'Unpublish' });
    if (!ok) return;
    try {
      await updateStoreProduct.mutateAsync({ id: sp.id, body: { attribute_data: [], version: sp.version, is_published: false } });
      notifications.show({ color: 'teal', message: `Unpublished from ${store.name}` });
    } catch (e) {
      alertDialog('Error', errorMessage(e));
    }
  };

  return (
    <Paper withBorder radius="sm" p="sm" className="qm-store-panel" aria-label={`${store.name} store panel`} component="section" data-store={store.id}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap="xs">
              <Title order={2} size="h4">
                {store.name}
              </Title>
              {!store.is_enabled ? (
                <Badge color="gray" radius="sm" variant="light">
                  Store disabled
                </Badge>
              ) : null}
              {sp ? (
                <Badge color={sp.is_published ? 'teal' : 'gray'} radius="sm" variant="light" data-testid="publish-status">
                  {sp.is_published ? 'Published' : 'Not published'}
                </Badge>
              ) : (
                <Badge color="gray" radius="sm" variant="outline">
                  Not on this store
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed" mt={2}>
              {sp?.published_at ? `Published ${formatDateTime(sp.published_at)} · ` : ''}
              {svs.length === 1 ? '1 store variant' : `${svs.length} store variants`}
            </Text>
          </div>
          {!readOnly ? (
            <Group gap="xs">
              {sp?.is_published ? (
                <Button size="xs" variant="default" onClick={() => void unpublish()}>
                  Unpublish
                </Button>
              ) : null}
              <Button size="xs" leftSection={<IconSend size={14} />} onClick={() => void publish()} loading={publishing}>
                Publish on {store.name}
              </Button>
            </Group>
          ) : null}
        </Group>

        <section aria-label="Store variants">
          <Text size="sm" fw={600} mb={4}>
            Store variants
          </Text>
          {svs.length === 0 ? (
            <Text size="sm" c="dimmed">
              None yet: create them below from the product's variants.
            </Text>
          ) : (
            <div className="qm-table-wrap qm-auto">
              <Table verticalSpacing={4} horizontalSpacing={6} fz="sm" className="qm-inner-table" aria-label={`Store variants on ${store.name}`}>
                <TableHead cells={['SKU', { label: 'Cost', ta: 'right' }, 'Price', 'MAP price', 'MAP gate', 'Shipping', 'Enabled', 'Feeds', { label: 'Actions', srOnly: true }]} />
                <Table.Tbody>
                  {svs.map((sv) => (
                    <StoreVariantRow
                      key={`${sv.id}:${sv.version}:${sv.feeds.map((f) => f.id).join(',')}`}
                      sv={sv}
                      costCents={variantsById.get(sv.variant_id)?.cost_cents ?? null}
                      feeds={storeFeeds}
                      productId={product.id}
                      readOnly={readOnly}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          )}
        </section>

        {!readOnly && missing.length > 0 ? (
          <CreateStoreVariants key={missing.map((v) => v.id).join(',')} product={product} store={store} storeProductId={sp?.id ?? null} variants={missing} />
        ) : null}

        {sp ? <StoreAttributes key={`${sp.id}:${sp.version}`} productId={product.id} storeProduct={sp} attributes={attributes} readOnly={readOnly} /> : null}
      </Stack>
    </Paper>
  );
}

interface RowDraft {
  price_cents: number | null;
  map_price_cents: number | null;
  map_gate: StoreVariant['map_gate'];
  shipping_setting: StoreVariant['shipping_setting'];
  is_enabled: boolean;
  feed_ids: string[];
}

function StoreVariantRow({ sv, costCents, feeds, productId, readOnly }: { sv: StoreVariant; costCents: number | null; feeds: Feed[]; productId: number; readOnly: boolean }) {
  const saveStoreVariant = useSaveStoreVariant(productId);
  const disableStoreVariant = useDisableStoreVariant(productId);
  const initial: RowDraft = {
    price_cents: sv.price_cents,
    map_price_cents: sv.map_price_cents,
    map_gate: sv.map_gate,
    shipping_setting: sv.shipping_setting,
    is_enabled: sv.is_enabled,
    feed_ids: sv.feeds.map((f) => String(f.id)),
  };
  const [d, setD] = useState<RowDraft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [rowProblem, setRowProblem] = useState<string | null>(null);
  const dirty = JSON.stringify(d) !== JSON.stringify(initial);
  const feedsChanged = d.feed_ids.join() !== initial.feed_ids.join();
  const fieldsChanged = JSON.stringify({ ...d, feed_ids: [] }) !== JSON.stringify({ ...initial, feed_ids: [] });
  const set = (patch: Partial<RowDraft>) => setD((x) => ({ ...x, ...patch }));
  const below = d.price_cents !== null && d.map_price_cents !== null && d.price_cents < d.map_price_cents && !d.map_gate;

  useEditorSection(`store-variant:${sv.id}`, {
    label: `store variant ${sv.sku}`,
    dirty,
    discard: () => {
      setD(initial);
      setErrors({});
      setRowProblem(null);
    },
    save: async () => {
      setErrors({});
      setRowProblem(null);
      try {
        await saveStoreVariant.mutateAsync({
          sv,
          fields: fieldsChanged
            ? {
                price_cents: d.price_cents,
                map_price_cents: d.map_price_cents,
                map_gate: d.map_gate,
                shipping_setting: d.shipping_setting,
                is_enabled: d.is_enabled,
                feed_title: sv.feed_title,
                feed_url: sv.feed_url,
                version: sv.version,
              }
            : null,
          feedIds: feedsChanged ? d.feed_ids.map(Number) : null,
        });
      } catch (e) {
        if (isApiError(e) && Object.keys(e.fields).length) setErrors(e.fields);
        const p = saveProblemOf(e, 'store variant');
        setRowProblem(p.kind === 'stale' ? 'Someone else saved this store variant first. Reload the product to see their changes; what you typed is still here.' : p.message);
        throw e;
      }
    },
  });

  const disable = async () => {
    const ok = await confirmDialog({ title: `Disable ${sv.sku}?`, message: `${sv.sku} stops selling on this store and leaves its feeds' output. You can enable it again later.`, confirmLabel: 'Disable' });
    if (!ok) return;
    try {
      await disableStoreVariant.mutateAsync(sv.id);
      notifications.show({ color: 'teal', message: `${sv.sku} disabled` });
    } catch (e) {
      alertDialog('Error', errorMessage(e));
    }
  };

  return (
    <Table.Tr data-sku={sv.sku} data-store-variant={sv.id}>
      <Table.Td>
        <Text size="sm" ff="monospace" fw={500}>
          {sv.sku}
        </Text>
        {!sv.is_enabled ? (
          <Badge size="xs" color="gray" radius="sm" variant="light">
            Disabled
          </Badge>
        ) : null}
        {dirty ? (
          <Badge size="xs" color="yellow" radius="sm" variant="light">
            Unsaved
          </Badge>
        ) : null}
        {rowProblem ? (
          <Text size="xs" c="red" role="alert" maw={220}>
            {rowProblem}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td ta="right">
        <MoneyDisplay cents={costCents} />
      </Table.Td>
      <Table.Td>
        <MoneyInput size="xs" w={96} aria-label={`Price of ${sv.sku}`} value={d.price_cents} onChange={(v) => set({ price_cents: v })} readOnly={readOnly} error={errors.price_cents} />
      </Table.Td>
      <Table.Td>
        <MoneyInput size="xs" w={96} aria-label={`MAP price of ${sv.sku}`} value={d.map_price_cents} onChange={(v) => set({ map_price_cents: v })} readOnly={readOnly} error={errors.map_price_cents ?? (below ? 'Below MAP' : undefined)} />
      </Table.Td>
      <Table.Td>
        <Select size="xs" w={122} aria-label={`MAP gate of ${sv.sku}`} placeholder="None" clearable data={mapGateOptions} value={d.map_gate} onChange={(v) => set({ map_gate: v as RowDraft['map_gate'] })} readOnly={readOnly} comboboxProps={{ withinPortal: true }} />
      </Table.Td>
      <Table.Td>
        <Select size="xs" w={100} aria-label={`Shipping of ${sv.sku}`} data={shippingOptions} value={d.shipping_setting} onChange={(v) => v && set({ shipping_setting: v as RowDraft['shipping_setting'] })} allowDeselect={false} readOnly={readOnly} comboboxProps={{ withinPortal: true }} />
      </Table.Td>
      <Table.Td>
        <Switch size="xs" aria-label={`${sv.sku} enabled`} checked={d.is_enabled} onChange={(e) => set({ is_enabled: e.currentTarget.checked })} disabled={readOnly} />
      </Table.Td>
      <Table.Td>
        <MultiSelect
          size="xs"
          w={176}
          aria-label={`Feeds of ${sv.sku}`}
          placeholder={d.feed_ids.length ? undefined : feeds.length ? 'No feed' : 'No feed on this store'}
          data={feeds.map((f) => ({ value: String(f.id), label: `${f.target_destination === 'ammoseek' ? 'AmmoSeek' : 'BulkCheapAmmo'} · ${f.frequency_hours === 24 ? 'daily' : 'weekly'}` }))}
          value={d.feed_ids}
          onChange={(v) => set({ feed_ids: v })}
          readOnly={readOnly}
          comboboxProps={{ withinPortal: true }}
        />
      </Table.Td>
      <Table.Td>
        {!readOnly ? (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <IconButton label={`Disable ${sv.sku}`} color="red" onClick={() => void disable()} disabled={!sv.is_enabled}>
              <IconTrash size={14} />
            </IconButton>
          </Group>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

type CreateRow = StoreVariantInput & { sku: string; units: number; cost_cents: number | null };

function CreateStoreVariants({
  product,
  store,
  storeProductId,
  variants,
}: {
  product: ProductDetail;
  store: Store;
  storeProductId: number | null;
  variants: ProductDetail['variants'];
}) {
  const createStoreVariants = useCreateStoreVariants(product.id);
  const [rows, setRows] = useState<CreateRow[]>(() =>
    variants.map((v) => ({
      variant_id: v.id,
      sku: v.sku,
      units: v.units_per_package,
      cost_cents: v.cost_cents,
      include: true,
      price_cents: null,
      map_price_cents: null,
      map_gate: null,
      shipping_setting: 'variable',
    })),
  );
  const [busy, setBusy] = useState(false);
  const included = rows.filter((r) => r.include);
  const set = (id: number, patch: Partial<CreateRow>) => setRows((rs) => rs.map((r) => (r.variant_id === id ? { ...r, ...patch } : r)));

  const create = async () => {
    setBusy(true);
    try {
      // SPEC §5: only the variants marked include are sent.
      const res = await createStoreVariants.mutateAsync({
        store_id: store.id,
        store_product_id: storeProductId,
        variants: included.map(({ variant_id, include, price_cents, map_price_cents, map_gate, shipping_setting }) => ({ variant_id, include, price_cents, map_price_cents, map_gate, shipping_setting })),
      });
      if (res.success === false) {
        responseDataDialog('Error', res, `The store variants were not created on ${store.name}.`);
        return;
      }
      notifications.show({ color: 'teal', message: `${res.variants.length === 1 ? '1 store variant' : `${res.variants.length} store variants`} created on ${store.name}` });
    } catch (e) {
      responseDataDialog('Error', responseDataOf(e), `The store variants were not created on ${store.name}.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label="Create store variants">
      <Group justify="space-between" mb={4}>
        <div>
          <Text size="sm" fw={600}>
            Create store variants
          </Text>
          <Text size="xs" c="dimmed">
            Variants not yet on {store.name}. Only those marked Include are created.
          </Text>
        </div>
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => void create()} loading={busy} disabled={included.length === 0}>
          Create {included.length === 1 ? '1 store variant' : `${included.length} store variants`}
        </Button>
      </Group>
      <div className="qm-table-wrap qm-auto">
        <Table verticalSpacing={4} horizontalSpacing="xs" fz="sm" className="qm-inner-table" aria-label={`Create store variants on ${store.name}`}>
          <TableHead cells={[{ label: 'Include', w: 70 }, 'SKU', { label: 'Units', ta: 'right' }, { label: 'Cost', ta: 'right' }, 'Price', 'MAP price', 'MAP gate', 'Shipping', { label: 'Price per unit', ta: 'right' }]} />
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.variant_id} data-sku={r.sku} style={{ opacity: r.include ? 1 : 0.55 }}>
                <Table.Td>
                  <Checkbox size="xs" aria-label={`Include ${r.sku}`} checked={r.include} onChange={(e) => set(r.variant_id, { include: e.currentTarget.checked })} />
                </Table.Td>
                <Table.Td><CodeDisplay value={r.sku} /></Table.Td>
                <Table.Td ta="right"><IntegerDisplay value={r.units} /></Table.Td>
                <Table.Td ta="right"><MoneyDisplay cents={r.cost_cents} /></Table.Td>
                <Table.Td>
                  <MoneyInput size="xs" w={108} aria-label={`New price of ${r.sku}`} value={r.price_cents} onChange={(v) => set(r.variant_id, { price_cents: v })} disabled={!r.include} />
                </Table.Td>
                <Table.Td>
                  <MoneyInput size="xs" w={108} aria-label={`New MAP price of ${r.sku}`} value={r.map_price_cents} onChange={(v) => set(r.variant_id, { map_price_cents: v })} disabled={!r.include} />
                </Table.Td>
                <Table.Td>
                  <Select size="xs" w={122} aria-label={`New MAP gate of ${r.sku}`} placeholder="None" clearable data={mapGateOptions} value={r.map_gate} onChange={(v) => set(r.variant_id, { map_gate: v as CreateRow['map_gate'] })} disabled={!r.include} comboboxProps={{ withinPortal: true }} />
                </Table.Td>
                <Table.Td>
                  <Select size="xs" w={110} aria-label={`New shipping of ${r.sku}`} data={shippingOptions} value={r.shipping_setting} onChange={(v) => v && set(r.variant_id, { shipping_setting: v as CreateRow['shipping_setting'] })} allowDeselect={false} disabled={!r.include} comboboxProps={{ withinPortal: true }} />
                </Table.Td>
                <Table.Td ta="right"><PerUnitDisplay cents={r.price_cents} units={r.units} /></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </section>
  );
}

/** Store-level attribute values (owner: the store product): they override the canonical ones on this store. */
function StoreAttributes({
  productId,
  storeProduct,
  attributes,
  readOnly,
}: {
  productId: number;
  storeProduct: ProductDetail['store_products'][number];
  attributes: Attribute[];
  readOnly: boolean;
}) {
  const updateStoreProduct = useUpdateStoreProduct({ kind: 'product', id: productId });
  const initial = useMemo(
    () => storeProduct.attribute_data.filter((d) => d.source_type === null).map((d) => ({ attribute_id: d.attribute_id, value: d.value as AttributeValue | null })),
    [storeProduct],
  );
  const [rows, setRows] = useState(initial);
  const [adding, setAdding] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const byId = new Map(attributes.map((a) => [a.id, a]));
  const dirty = JSON.stringify(rows) !== JSON.stringify(initial);

  useEditorSection(`store-values:${storeProduct.id}`, {
    label: `values on ${storeProduct.store_name}`,
    dirty,
    discard: () => {
      setRows(initial);
      setProblem(null);
    },
    save: async () => {
      setProblem(null);
      const body: { attribute_id: number; value: AttributeValue | null }[] = [];
      for (const r of rows) {
        const a = byId.get(r.attribute_id);
        if (!a) continue;
        const c = checkAttributeValue(a, r.value);
        if (c.problem) {
          setProblem(`${a.name}: ${c.problem}`);
          throw new Error(c.problem);
        }
        body.push({ attribute_id: r.attribute_id, value: c.value });
      }
      // Removed overrides are sent as null.
      for (const i of initial) if (!rows.some((r) => r.attribute_id === i.attribute_id)) body.push({ attribute_id: i.attribute_id, value: null });
      try {
        await updateStoreProduct.mutateAsync({ id: storeProduct.id, body: { attribute_data: body, version: storeProduct.version } });
      } catch (e) {
        const p = saveProblemOf(e, 'store product');
        setProblem(p.kind === 'stale' ? 'Someone else saved this store product first. Reload the product; what you typed is still here.' : p.kind === 'fields' ? Object.values(p.fields).join(' · ') : p.message);
        throw e;
      }
    },
  });

  const unused = attributes.filter((a) => !rows.some((r) => r.attribute_id === a.id));
  return (
    <section aria-label="Store attribute values">
      <Group justify="space-between" mb={4}>
        <div>
          <Text size="sm" fw={600}>
            Values on this store
          </Text>
          <Text size="xs" c="dimmed">
            Override the canonical value of an attribute on {storeProduct.store_name} only (e.g. a store-specific title).
          </Text>
        </div>
        {!readOnly ? (
          <Group gap="xs">
            <Select
              size="xs"
              w={200}
              aria-label="Attribute to override"
              placeholder="Add an attribute…"
              data={unused.map((a) => ({ value: String(a.id), label: a.name }))}
              value={adding}
              searchable
              onChange={(v) => {
                if (!v) return;
                setRows((rs) => [...rs, { attribute_id: Number(v), value: null }]);
                setAdding(null);
              }}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
        ) : null}
      </Group>
      {problem ? (
        <Alert color="red" variant="light" role="alert" p="xs" mb="xs">
          {problem}
        </Alert>
      ) : null}
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No store-specific values: the canonical values apply.
        </Text>
      ) : (
        <Table verticalSpacing={4} horizontalSpacing="xs" fz="sm" className="qm-inner-table" aria-label="Values on this store">
          <Table.Tbody>
            {rows.map((r) => {
              const a = byId.get(r.attribute_id);
              if (!a) return null;
              return (
                <Table.Tr key={r.attribute_id}>
                  <Table.Td w="30%">
                    <Text size="sm" fw={500}>
                      {a.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {readOnly ? (
                      <AttributeValueView attr={a} value={r.value} />
                    ) : (
                      <AttributeValueInput attr={a} value={r.value} label={`${a.name} on this store`} onChange={(v) => setRows((rs) => rs.map((x) => (x.attribute_id === a.id ? { ...x, value: v } : x)))} />
                    )}
                  </Table.Td>
                  <Table.Td w={40}>
                    {!readOnly ? (
                      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Remove the ${a.name} override`} onClick={() => setRows((rs) => rs.filter((x) => x.attribute_id !== a.id))}>
                        <IconTrash size={14} />
                      </ActionIcon>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}


