/**
 * Purchase Orders: stock bought for our warehouses. Search by number, vendor or SKU; filter by vendor,
 * entity, status, invoice status, receiving location and creation date; export CSV.
 */
import { useState } from 'react';
import { isAllowed, type PurchaseOrderListItem, PURCHASE_ORDER_LIST } from '@qm/contracts';
import { usePermissions } from '../../lib/session';
import { PageHeader } from '../../ui/PageHeader';
import { ResourceList, type FilterDef } from '../../ui/ResourceList';
import { purchaseOrders, usePurchaseOrderOptions } from './api';
import { ENTITY_OPTIONS, NewPurchaseOrderDialog } from './parts/NewPurchaseOrderDialog';
import { poColumns } from './parts/poDisplay';
import { useStatusOptions } from '../../lib/lookups';

const columns = poColumns();

export default function PurchaseOrdersScreen() {
  const canWrite = isAllowed(['purchasing.write'], usePermissions());
  const [creating, setCreating] = useState(false);
  const options = usePurchaseOrderOptions();
  const statuses = useStatusOptions('purchase-order-status');
  const invoiceStatuses = useStatusOptions('invoice-status');
  const filters: FilterDef[] = [
    { kind: 'select', key: 'vendor_id', label: 'Vendor', options: (options.data?.vendors ?? []).map((v) => ({ value: String(v.id), label: v.name })), loading: options.isPending, width: 190 },
    { kind: 'select', key: 'entity', label: 'Entity', options: ENTITY_OPTIONS, width: 90 },
    { kind: 'multiselect', key: 'status', label: 'Status', options: statuses.options },
    { kind: 'select', key: 'invoice_status', label: 'Invoice status', options: invoiceStatuses.options, loading: invoiceStatuses.loading, width: 150 },
    { kind: 'select', key: 'location_id', label: 'Receive at', options: (options.data?.locations ?? []).map((l) => ({ value: String(l.id), label: l.code })), width: 110 },
    { kind: 'dateRange', key: 'created', label: 'Created', fromKey: 'from', toKey: 'to' },
  ];
  return (
    <>
      <PageHeader
        description="Stock bought for our warehouses, from draft to received and invoiced."
        create={canWrite && { label: 'New purchase order', onClick: () => setCreating(true) }}
      />
      <ResourceList<PurchaseOrderListItem>
        resource={purchaseOrders}
        fields={PURCHASE_ORDER_LIST}
        noun={{ one: 'purchase order', many: 'purchase orders' }}
        columns={columns}
        filters={filters}
        searchPlaceholder="Number, vendor or SKU"
        defaultSort="-id"
        exportCsv
        rowHref={(p) => `/purchase-order/${p.id}`}
      />
      {creating ? <NewPurchaseOrderDialog opened onClose={() => setCreating(false)} /> : null}
    </>
  );
}
