/** Order Routes: every routing of an order — status, strategy, best total, stale — filtered by order, store, status. */
import { Text } from '@mantine/core';
import { ORDER_ROUTE_LIST, ROUTING_STRATEGY_LABELS, type OrderRouteListItem } from '@qm/contracts';
import { CodeDisplay, DateTimeDisplay, IntegerDisplay, MoneyDisplay } from '../../ui/displays';
import { createdColumn, idColumn } from '../../ui/columns';
import { PageHeader } from '../../ui/PageHeader';
import { ResourceList, type Column, type FilterDef } from '../../ui/ResourceList';
import { useResourceList } from '../../lib/resource';
import { orderRoutes, vendorNames } from './api';
import { RouteStatusBadge, STRATEGY_OPTIONS } from './parts/display';
import { useStatusOptions } from '../../lib/lookups';

const columns: Column<OrderRouteListItem>[] = [
  idColumn(),
  { key: 'order_number', header: 'Order', render: (r) => <CodeDisplay value={r.order_number} /> },
  { key: 'store_name', header: 'Store' },
  { key: 'status', header: 'Status', render: (r) => <RouteStatusBadge status={r.status} stale={r.is_stale} /> },
  { key: 'strategy', header: 'Strategy', render: (r) => ROUTING_STRATEGY_LABELS[r.strategy] },
  { key: 'item_count', header: 'Items', align: 'right', render: (r) => <IntegerDisplay value={r.item_count} /> },
  { key: 'option_count', header: 'Options', align: 'right', render: (r) => <IntegerDisplay value={r.option_count} /> },
  { key: 'best_total_cents', header: 'Best total', align: 'right', render: (r) => <MoneyDisplay cents={r.best_total_cents} /> },
  { key: 'created_by_name', header: 'By', render: (r) => r.created_by_name ?? <Text span inherit c="dimmed">Automatic</Text> },
  { key: 'failure_reason', header: 'Why no route', defaultVisible: false, render: (r) => <Text size="xs" className="qm-cell-text">{r.failure_reason ?? ''}</Text> },
  { key: 'computed_at', header: 'Computed', defaultVisible: false, render: (r) => <DateTimeDisplay value={r.computed_at} /> },
  createdColumn(),
];

export default function OrderRoutesScreen() {
  const statuses = useStatusOptions('order-route-status');
  const vendors = useResourceList(vendorNames, new URLSearchParams({ per_page: '500', sort: 'name' }));
  const filters: FilterDef[] = [
    { kind: 'text', key: 'order_id', label: 'Order id', placeholder: 'e.g. 1042' },
    { kind: 'multiselect', key: 'status', label: 'Status', options: statuses.options, loading: statuses.loading },
    { kind: 'select', key: 'vendor_id', label: 'Vendor', options: (vendors.data?.data ?? []).map((v) => ({ value: String(v.id), label: v.name })), loading: vendors.isPending, width: 190 },
    { kind: 'select', key: 'strategy', label: 'Strategy', options: STRATEGY_OPTIONS, width: 170 },
    { kind: 'boolean', key: 'is_stale', label: 'Stale', trueLabel: 'Stale', falseLabel: 'Current' },
    { kind: 'dateRange', key: 'created', label: 'Created', fromKey: 'from', toKey: 'to' },
  ];
  return (
    <>
      <PageHeader description="Each routing of an order over our warehouses and drop-ship vendors: its options, ranked, and the one chosen." />
      <ResourceList<OrderRouteListItem>
        resource={orderRoutes}
        fields={ORDER_ROUTE_LIST}
        noun={{ one: 'order route', many: 'order routes' }}
        columns={columns}
        filters={filters}
        searchPlaceholder="Order number or customer"
        defaultSort="-id"
        exportCsv
        rowHref={(r) => `/order-route/${r.id}`}
      />
    </>
  );
}
