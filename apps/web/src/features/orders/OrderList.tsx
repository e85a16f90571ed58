/**
 * Orders: every order the stores sent. Search by number, email, customer name or an exact SKU;
 * filter by store, status, internal and customer-service status, flags and the day placed; export CSV.
 */
import { ORDER_LIST, type OrderListItem } from '@qm/contracts';
import { useInternalStatuses, useStoreOptions } from '../../lib/lookups';
import { PageHeader } from '../../ui/PageHeader';
import { ResourceList, type FilterDef } from '../../ui/ResourceList';
import { orders } from './api';
import { orderColumns, useCsStatusOptions, useOrderStatusOptions } from './parts/orderDisplay';

const columns = orderColumns();

export default function OrderList() {
  const stores = useStoreOptions();
  const internal = useInternalStatuses();
  const filters: FilterDef[] = [
    { kind: 'select', key: 'store_id', label: 'Store', options: stores.options, loading: stores.isPending, width: 170 },
    { kind: 'multiselect', key: 'status', label: 'Status', options: useOrderStatusOptions() },
    { kind: 'select', key: 'internal_status_id', label: 'Internal status', options: (internal.data ?? []).map((s) => ({ value: String(s.id), label: s.name })), loading: internal.isPending, width: 190 },
    { kind: 'multiselect', key: 'cs_status', label: 'Customer service', options: useCsStatusOptions() },
    { kind: 'boolean', key: 'compliance_hold', label: 'Compliance hold', trueLabel: 'On hold', falseLabel: 'Not on hold' },
    { kind: 'boolean', key: 'is_split', label: 'Split', trueLabel: 'Split', falseLabel: 'One source' },
    { kind: 'boolean', key: 'is_late', label: 'Late', trueLabel: 'Late', falseLabel: 'On time' },
    { kind: 'boolean', key: 'has_cases', label: 'Needs a person', trueLabel: 'Open cases', falseLabel: 'No open case' },
    { kind: 'dateRange', key: 'placed', label: 'Placed', fromKey: 'from', toKey: 'to' },
  ];
  return (
    <>
      <PageHeader description="Orders from the stores, from intake to delivery." />
      <ResourceList<OrderListItem>
        resource={orders}
        noun={{ one: 'order', many: 'orders' }}
        columns={columns}
        fields={ORDER_LIST}
        filters={filters}
        searchPlaceholder="Number, email, customer or SKU"
        defaultSort="-placed_at"
        exportCsv
        rowHref={(o) => `/order/${o.id}`}
      />
    </>
  );
}
