/** Merchandising Use Case: the ways shoppers come to the catalogue, the products each features and whether enough are in stock. */
import { Anchor, Badge, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MERCHANDISING_USE_CASE_LIST, MerchandisingUseCaseCreate, MerchandisingUseCaseUpdate, type MerchandisingUseCase } from '@qm/contracts';
import { useStoreOptions, useUseCases } from '../../lib/lookups';
import { CrudScreen } from '../../ui/CrudScreen';
import { IntegerDisplay } from '../../ui/displays';
import type { Column } from '../../ui/ResourceList';
import { idColumn, updatedColumn } from '../../ui/columns';
import { useCategoryOptions } from '../catalog/api';
import { updateBody, useCases } from './api';
import { UseCaseFields } from './parts/UseCaseFields';
import { StockBadge } from './parts/StockBadge';

const columns: Column<MerchandisingUseCase>[] = [
  idColumn(),
  {
    key: 'name',
    header: 'Use case',
    render: (u) => (
      <Anchor component={Link} to={`/merchandising-use-case/${u.id}`} size="sm" fw={600} className="qm-cell-text" onClick={(e) => e.stopPropagation()}>
        {u.name}
      </Anchor>
    ),
  },
  { key: 'use_case', header: 'Kind', render: (u) => u.use_case_name ?? u.use_case },
  { key: 'store_name', header: 'Store', sortable: false, render: (u) => u.store_name ?? <Text size="sm" c="dimmed">Every store</Text> },
  { key: 'category_name', header: 'Category', sortable: false, render: (u) => u.category_name ?? '' },
  { key: 'product_count', header: 'Products', align: 'right', render: (u) => <IntegerDisplay value={u.product_count} /> },
  { key: 'in_stock_count', header: 'In stock', align: 'right', render: (u) => <StockBadge useCase={u} /> },
  { key: 'min_in_stock', header: 'Target', align: 'right', render: (u) => <IntegerDisplay value={u.min_in_stock} /> },
  {
    key: 'is_active',
    header: 'Status',
    sortable: false,
    render: (u) => (
      <Badge size="sm" radius="sm" variant="light" color={u.is_active ? 'teal' : 'gray'}>
        {u.is_active ? 'Active' : 'Paused'}
      </Badge>
    ),
  },
  updatedColumn({ defaultVisible: false }),
];

export default function UseCaseList() {
  const kinds = useUseCases();
  const stores = useStoreOptions();
  const categories = useCategoryOptions();
  const kindOptions = (kinds.data ?? []).map((k) => ({ value: k.code, label: k.name }));
  const storeOptions = stores.options;
  return (
    <CrudScreen<MerchandisingUseCase, typeof MerchandisingUseCaseCreate, typeof MerchandisingUseCaseUpdate>
      description="Ways shoppers come to the catalogue — home defense, deer season, range day — each featuring products in order, with how many should be in stock."
      resource={useCases}
      noun={{ one: 'use case', many: 'use cases' }}
      writePermission="merchandising.write"
      list={{
        fields: MERCHANDISING_USE_CASE_LIST,
        columns,
        defaultSort: 'name',
        searchPlaceholder: 'Search name or description',
        exportCsv: true,
        filters: [
          { kind: 'select', key: 'use_case', label: 'Kind', options: kindOptions, loading: kinds.isLoading },
          { kind: 'select', key: 'store_id', label: 'Store', options: storeOptions, loading: stores.isLoading },
          { kind: 'select', key: 'category_id', label: 'Category', options: categories.options, loading: categories.isLoading, width: 240 },
          { kind: 'boolean', key: 'is_low', label: 'Low on stock' },
          { kind: 'boolean', key: 'is_active', label: 'Active' },
        ],
      }}
      create={{
        schema: MerchandisingUseCaseCreate,
        defaults: { name: '', use_case: '', store_id: null, category_id: null, min_in_stock: 0, is_active: true, description: '', product_ids: [] },
      }}
      update={{ schema: MerchandisingUseCaseUpdate, values: (u) => ({ ...updateBody(u), description: u.description ?? '' }) }}
      fields={() => <UseCaseFields kindOptions={kindOptions} storeOptions={storeOptions} categoryOptions={categories.options} />}
    />
  );
}
