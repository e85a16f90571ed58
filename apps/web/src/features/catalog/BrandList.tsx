/** Brands (Catalogue): the manufacturers products are filed under. */
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { BrandCreate, BrandUpdate, type Brand, BRAND_LIST } from '@qm/contracts';
import { CrudScreen } from '../../ui/CrudScreen';
import { IntegerDisplay } from '../../ui/displays';
import { TextField } from '../../ui/fields';
import type { Column } from '../../ui/ResourceList';
import { createdColumn, idColumn, updatedColumn } from '../../ui/columns';
import { brands } from './api';

const columns: Column<Brand>[] = [
  idColumn(),
  { key: 'name', header: 'Name', render: (b) => <Text size="sm" fw={500} className="qm-cell-text">{b.name}</Text> },
  {
    key: 'product_count',
    header: 'Products',
    align: 'right',
    render: (b) => (
      <Anchor component={Link} to={`/product?filter[brand_id]=${b.id}`} size="sm" onClick={(e) => e.stopPropagation()}>
        <IntegerDisplay value={b.product_count} />
      </Anchor>
    ),
  },
  createdColumn(),
  updatedColumn({ defaultVisible: false }),
];

export default function BrandsScreen() {
  return (
    <CrudScreen<Brand, typeof BrandCreate, typeof BrandUpdate>
      description="Manufacturers. A brand with products or families cannot be deleted."
      resource={brands}
      noun={{ one: 'brand', many: 'brands' }}
      writePermission="catalog.write"
      list={{ fields: BRAND_LIST, columns, defaultSort: 'name', searchPlaceholder: 'Search brands', exportCsv: true, idFilter: 'id', bulkDelete: true }}
      create={{ schema: BrandCreate, defaults: { name: '' } }}
      update={{ schema: BrandUpdate, values: (b) => ({ name: b.name, version: b.version }) }}
      formSize="sm"
      fields={() => <TextField name="name" label="Name" required autoFocus />}
    />
  );
}
