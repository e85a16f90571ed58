/**
 * The product editor (`/product/:id`, `/product/new`): details, attribute values side by side,
 * variants, modifiers, stores (store products and variants, feeds, publishing) and notes. The
 * product's own fields are saved with the version they were read at: a 409 says someone else saved
 * first and offers Reload, keeping what was typed until then (ui/Editor).
 */
import './parts/styles';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Badge, Button, Group, Menu, Paper, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import type { z } from 'zod';
import { ProductUpdate, isAllowed, type ProductDetail } from '@qm/contracts';
import { formatDateTime, plural } from '../../lib/format';
import { useStores } from '../../lib/lookups';
import { usePermissions } from '../../lib/session';
import { EditorDeleteButton, EditorForm, EditorLoading, EditorRoute, EditorShell, useEditorItem, useTabParam } from '../../ui/Editor';
import { MultiSelectField, SelectField, TextAreaField } from '../../ui/fields';
import { IconChevronDown, IconSend } from '../../ui/icons';
import { alertDialog, confirmDialog } from '../../ui/ConfirmDialog';
import { errorMessage } from '../../lib/api';
import { notifications } from '@mantine/notifications';
import { products, useAttributes, useBrandOptions, useCategoryOptions, useDeleteProduct, useUpdateProduct } from './api';
import { AttributesPanel } from './parts/AttributesPanel';
import { ProductCompliancePanel } from '../compliance/parts/ProductCompliancePanel';
import { ModifiersEditor } from './parts/ModifiersEditor';
import { Thumbnail } from './parts/Thumbnail';
import { NewProduct } from './parts/NewProduct';
import { typeOptions, variationOptions } from './parts/options';
import { productDeleteBlocked } from './parts/deleteRules';
import { usePublishToStore } from './parts/publish';
import { StoresTab } from './parts/StoresTab';
import { VariantsTab } from './parts/VariantsTab';

const TABS = ['details', 'attributes', 'variants', 'modifiers', 'stores', 'notes', 'compliance'] as const;
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
  return <EditorRoute noun="product">{(n) => <ProductEditor key={n} id={n} />}</EditorRoute>;
}

function ProductEditor({ id }: { id: number }) {
  const canWrite = isAllowed(['catalog.write'], usePermissions());
  const [tab, setTab] = useTabParam(TABS);
  const editor = useEditorItem(products, id);
  const { query: product } = editor;
  const updateProduct = useUpdateProduct(id);
  const attributes = useAttributes();
  const p = product.data;
  if (!p) return <EditorLoading query={product} noun="product" />;

  const title = p.title ?? `Untitled product #${p.id}`;
  return (
    <EditorForm
      editor={editor}
      item={p}
      schema={ProductUpdate}
      toForm={toForm}
      noun="product"
      unsavedText="Unsaved changes to the product's details or notes."
      save={(values) => updateProduct.mutateAsync(values)}
      savedMessage={() => 'Product saved'}
      readOnly={!canWrite}
    >
      {(saveBar) => (
        <EditorShell
          tab={tab}
          onTab={setTab}
          back={{ to: '/product', label: 'Products' }}
          image={<Thumbnail src={p.image} alt={`Image of ${title}`} size={56} />}
          title={title}
          facts={
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
          }
          actions={
            canWrite ? (
              <Group gap="xs" wrap="nowrap">
                <PublishMenu product={p} />
                <DeleteProductButton product={p} title={title} />
              </Group>
            ) : null
          }
          saveBar={saveBar}
          tabs={[
            ['details', 'Details'],
            ['attributes', 'Attributes'],
            ['variants', `Variants (${p.variants.length})`],
            ['modifiers', `Modifiers (${p.modifiers.length})`],
            ['stores', `Stores (${p.store_products.length})`],
            ['notes', 'Notes'],
            ['compliance', 'Compliance'],
          ]}
        >
          <Tabs.Panel value="details">
            <DetailsTab product={p} readOnly={!canWrite} />
          </Tabs.Panel>
          <Tabs.Panel value="attributes">
            <AttributesPanel owner={{ kind: 'product', id: p.id }} data={p.attribute_data} readOnly={!canWrite} />
          </Tabs.Panel>
          <Tabs.Panel value="variants">
            <VariantsTab product={p} readOnly={!canWrite} />
          </Tabs.Panel>
          <Tabs.Panel value="modifiers">
            <ModifiersEditor owner={{ kind: 'product', id: p.id }} modifiers={p.modifiers} variants={p.variants.map((v) => ({ id: v.id, label: `${v.sku} (${v.units_per_package.toLocaleString('en-US')} ${p.variation_type})` }))} readOnly={!canWrite} />
          </Tabs.Panel>
          <Tabs.Panel value="stores">
            <StoresTab product={p} attributes={attributes.data ?? []} readOnly={!canWrite} />
          </Tabs.Panel>
          <Tabs.Panel value="notes">
            <Paper withBorder radius="sm" p="sm" maw={900}>
              <TextAreaField name="notes" label="Notes" rows={10} disabled={!canWrite} description="For staff only: sourcing, vendor quirks, anything the next person should know." />
            </Paper>
          </Tabs.Panel>
          <Tabs.Panel value="compliance">{tab === 'compliance' ? <ProductCompliancePanel productId={p.id} /> : null}</Tabs.Panel>
        </EditorShell>
      )}
    </EditorForm>
  );
}

function PublishMenu({ product }: { product: ProductDetail }) {
  const stores = useStores();
  const [busy, setBusy] = useState(false);
  const publishToStore = usePublishToStore(product.id);
  const publish = async (s: { id: number; name: string }) => {
    setBusy(true);
    await publishToStore(s);
    setBusy(false);
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

/**
 * Deletes the product after a confirm that says what goes with it. A product live on a store is
 * refused by the server (unpublish first); the dialog says so before anyone tries.
 */
function DeleteProductButton({ product, title }: { product: ProductDetail; title: string }) {
  const navigate = useNavigate();
  const deleteProduct = useDeleteProduct();
  const remove = async () => {
    const ok = await confirmDialog({
      title: `Delete ${title}?`,
      message: [
        `The product, its ${plural(product.variants.length, 'variant')} and ${plural(product.modifiers.length, 'modifier')} will be deleted`,
        product.store_variants.length ? `, with its ${plural(product.store_variants.length, 'store variant')} and their feed listings` : '',
        product.families.length ? `; its variants leave ${product.families.map((f) => f.name).join(', ')}` : '',
        '. This cannot be undone.',
      ].join(''),
      confirmLabel: 'Delete product',
    });
    if (!ok) return;
    try {
      await deleteProduct.mutateAsync(product.id);
      notifications.show({ color: 'teal', message: `${title} deleted` });
      navigate('/product');
    } catch (e) {
      alertDialog('Error', errorMessage(e));
    }
  };
  return (
    <EditorDeleteButton label="Delete product" blockedReason={productDeleteBlocked(product.store_products.filter((s) => s.is_published).map((s) => s.store_name))} onDelete={() => void remove()} />
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
