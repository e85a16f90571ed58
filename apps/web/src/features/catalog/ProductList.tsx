/**
 * Products (Catalogue): the server-paged list with search (title words, SKU, UPC) and filters (brand,
 * category with its subcategories, type, variation type, published on a store). Every row shows the
 * product's image (attribute 13, else the default image) and title (attribute 11).
 */
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Badge, Group, Text } from '@mantine/core';
import { PRODUCT_TYPES, VARIATION_TYPES, isAllowed, type ProductListItem, PRODUCT_LIST } from '@qm/contracts';
import { useStoreOptions } from '../../lib/lookups';
import { usePermissions } from '../../lib/session';
import { CodeDisplay, IntegerDisplay } from '../../ui/displays';
import { PageHeader } from '../../ui/PageHeader';
import { ResourceList, type Column, type FilterDef } from '../../ui/ResourceList';
import { productDeleteBlocked } from './parts/deleteRules';
import { products, useBrandOptions, useCategoryOptions } from './api';
import { Thumbnail } from './parts/Thumbnail';
import { idColumn, updatedColumn } from '../../ui/columns';

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export default function ProductsScreen() {
  const navigate = useNavigate();
  const canWrite = isAllowed(['catalog.write'], usePermissions());
  const brands = useBrandOptions();
  const categories = useCategoryOptions();
  const stores = useStoreOptions();
  const storeName = useMemo(() => new Map((stores.data ?? []).map((s) => [s.id, s.name])), [stores.data]);

  const columns: Column<ProductListItem>[] = [
    { key: 'image', header: 'Image', width: 52, render: (p) => <Thumbnail src={p.image} alt="" size={36} /> },
    idColumn({ width: 70 }),
    {
      key: 'title',
      header: 'Title',
      render: (p) =>
        p.title ? (
          <Text size="sm" fw={500} className="qm-wrap" lineClamp={2}>
            {p.title}
          </Text>
        ) : (
          <Text size="sm" c="orange" fs="italic">
            No title
          </Text>
        ),
    },
    { key: 'brand_name', header: 'Brand' },
    { key: 'default_sku', header: 'Default SKU', render: (p) => <CodeDisplay value={p.default_sku} /> },
    { key: 'variant_count', header: 'Variants', align: 'right', render: (p) => <IntegerDisplay value={p.variant_count} /> },
    { key: 'type', header: 'Type', defaultVisible: false, render: (p) => cap(p.type) },
    { key: 'variation_type', header: 'Sold in', render: (p) => cap(p.variation_type) },
    {
      key: 'published_store_ids',
      header: 'Published on',
      render: (p) =>
        p.published_store_ids.length ? (
          <Group gap={4} wrap="nowrap">
            {p.published_store_ids.map((id) => (
              <Badge key={id} size="sm" variant="light" color="teal" radius="sm">
                {storeName.get(id) ?? `Store ${id}`}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text span c="dimmed" size="sm">
            Not published
          </Text>
        ),
    },
    updatedColumn({ defaultVisible: false }),
  ];

  const filters: FilterDef[] = [
    { kind: 'select', key: 'brand_id', label: 'Brand', options: brands.options, loading: brands.isPending, width: 150 },
    { kind: 'select', key: 'category_id', label: 'Category', options: categories.options, loading: categories.isPending, width: 200 },
    { kind: 'select', key: 'type', label: 'Type', options: PRODUCT_TYPES.map((t) => ({ value: t, label: cap(t) })), width: 110 },
    { kind: 'select', key: 'variation_type', label: 'Variation type', options: VARIATION_TYPES.map((t) => ({ value: t, label: cap(t) })), width: 120 },
    { kind: 'select', key: 'store_id', label: 'Published on', options: stores.options, loading: stores.isPending, width: 160 },
  ];

  return (
    <>
      <PageHeader
        description="Loads and accessories: each product's variants are the packages it is sold in."
        create={canWrite && { label: 'New product', onClick: () => navigate('/product/new'), tooltip: 'Create a product with its first variants' }}
      />
      <ResourceList<ProductListItem>
        resource={products}
        fields={PRODUCT_LIST}
        noun={{ one: 'product', many: 'products' }}
        columns={columns}
        filters={filters}
        searchPlaceholder="Title, SKU or UPC"
        defaultSort="-id"
        exportCsv
        idFilter="id"
        bulkDelete
        writePermission="catalog.write"
        rowLabel={(p) => p.title ?? p.default_sku ?? `Product ${p.id}`}
        deleteBlockedReason={(p) => productDeleteBlocked(p.published_store_ids.map((id) => storeName.get(id) ?? `store ${id}`))}
        rowHref={(p) => `/product/${p.id}`}
      />
    </>
  );
}
