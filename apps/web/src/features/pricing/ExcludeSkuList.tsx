/** Exclude Skus (Pricing): our SKUs repricing leaves alone, on every store or one, with why. */
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { EXCLUDE_SKU_LIST, ExcludeSkuCreate, ExcludeSkuUpdate, type ExcludeSku } from '@qm/contracts';
import { useStoreOptions } from '../../lib/lookups';
import { CrudScreen } from '../../ui/CrudScreen';
import { CodeDisplay } from '../../ui/displays';
import { SelectField, TextAreaField, TextField } from '../../ui/fields';
import type { Column } from '../../ui/ResourceList';
import { createdColumn, idColumn, updatedColumn } from '../../ui/columns';
import { excludeSkus } from './api';

const columns: Column<ExcludeSku>[] = [
  idColumn(),
  { key: 'sku', header: 'SKU', render: (x) => <CodeDisplay value={x.sku} strong /> },
  {
    key: 'product_title',
    header: 'Product',
    render: (x) => (
      <Anchor component={Link} to={`/product/${x.product_id}`} size="sm" className="qm-cell-text" onClick={(e) => e.stopPropagation()}>
        {x.product_title ?? `Product #${x.product_id}`}
      </Anchor>
    ),
  },
  { key: 'store_name', header: 'Store', render: (x) => x.store_name ?? <Text size="sm" c="dimmed">Every store</Text> },
  { key: 'reason', header: 'Why', render: (x) => <Text size="xs" className="qm-cell-text">{x.reason ?? ''}</Text> },
  createdColumn(),
  updatedColumn({ defaultVisible: false }),
];

export default function ExcludeSkuList() {
  const stores = useStoreOptions();
  const storeOptions = stores.options;
  return (
    <CrudScreen<ExcludeSku, typeof ExcludeSkuCreate, typeof ExcludeSkuUpdate>
      description="Our SKUs repricing leaves alone — a MAP-gated load, a clearance price, a loss leader — on every store or on one."
      resource={excludeSkus}
      noun={{ one: 'excluded SKU', many: 'excluded SKUs' }}
      nameOf={(x) => `${x.sku}${x.store_name ? ` on ${x.store_name}` : ''}`}
      writePermission="pricing.write"
      list={{
        fields: EXCLUDE_SKU_LIST,
        columns,
        defaultSort: '-id',
        searchPlaceholder: 'Search by SKU, product or reason',
        exportCsv: true,
        filters: [{ kind: 'select', key: 'store_id', label: 'Store', options: storeOptions, loading: stores.isLoading }],
      }}
      create={{ schema: ExcludeSkuCreate, defaults: { sku: '', store_id: null, reason: '' } }}
      update={{ schema: ExcludeSkuUpdate, values: (x) => ({ sku: x.sku, store_id: x.store_id, reason: x.reason ?? '', version: x.version }) }}
      fields={() => (
        <>
          <TextField name="sku" label="SKU" required autoFocus description="Our variant's SKU, in any case." />
          <SelectField name="store_id" label="Store" clearable numeric options={storeOptions} placeholder="Every store" />
          <TextAreaField name="reason" label="Why" rows={3} />
        </>
      )}
    />
  );
}
