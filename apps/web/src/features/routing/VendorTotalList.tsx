/** Order Route Options, per source: items, fees, shipping, total and minimum order of each source of each option. */
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ORDER_ROUTE_OPTION_VENDOR_TOTAL_LIST, type OrderRouteOptionVendorTotalListItem } from '@qm/contracts';
import { CodeDisplay, BooleanBadge, IntegerDisplay, MoneyDisplay } from '../../ui/displays';
import { idColumn } from '../../ui/columns';
import { PageHeader } from '../../ui/PageHeader';
import { ResourceList, type Column, type FilterDef } from '../../ui/ResourceList';
import { useResourceList } from '../../lib/resource';
import { vendorNames, vendorTotals } from './api';
import { SourceKindBadge } from './parts/display';

const columns: Column<OrderRouteOptionVendorTotalListItem>[] = [
  idColumn(),
  { key: 'route_id', header: 'Route', render: (r) => <Anchor component={Link} to={`/order-route/${r.route_id}`} size="sm" onClick={(e) => e.stopPropagation()}>#{r.route_id}</Anchor> },
  { key: 'order_number', header: 'Order', render: (r) => <CodeDisplay value={r.order_number} /> },
  { key: 'option_rank', header: 'Option', align: 'right', width: 70 },
  { key: 'source_name', header: 'Source', render: (r) => <Group gap={6} wrap="nowrap"><Text size="sm">{r.source_name}</Text><SourceKindBadge kind={r.source_kind} /></Group> },
  { key: 'units', header: 'Units', align: 'right', render: (r) => <IntegerDisplay value={r.units} /> },
  { key: 'items_cents', header: 'Items', align: 'right', render: (r) => <MoneyDisplay cents={r.items_cents} /> },
  { key: 'fees', header: 'Fees', align: 'right', render: (r) => <MoneyDisplay cents={r.fixed_fees_cents + r.per_unit_fees_cents} /> },
  { key: 'shipping_cents', header: 'Shipping', align: 'right', render: (r) => <MoneyDisplay cents={r.shipping_cents} /> },
  { key: 'total_cents', header: 'Total', align: 'right', render: (r) => <MoneyDisplay cents={r.total_cents} /> },
  { key: 'min_order_met', header: 'Minimum met', render: (r) => (r.min_order_cents === null ? <Text size="xs" c="dimmed">No minimum</Text> : <BooleanBadge value={r.min_order_met} />) },
];

export default function OrderRouteVendorTotalsScreen() {
  const vendors = useResourceList(vendorNames, new URLSearchParams({ per_page: '500', sort: 'name' }));
  const filters: FilterDef[] = [
    { kind: 'text', key: 'route_id', label: 'Route id', placeholder: 'e.g. 12' },
    { kind: 'text', key: 'order_id', label: 'Order id', placeholder: 'e.g. 1042' },
    { kind: 'select', key: 'vendor_id', label: 'Vendor', options: (vendors.data?.data ?? []).map((v) => ({ value: String(v.id), label: v.name })), loading: vendors.isPending, width: 190 },
    { kind: 'select', key: 'source_kind', label: 'Source', options: [{ value: 'vendor', label: 'Drop-ship vendor' }, { value: 'warehouse', label: 'Our warehouse' }], width: 170 },
    { kind: 'boolean', key: 'min_order_met', label: 'Minimum order', trueLabel: 'Met', falseLabel: 'Not met' },
  ];
  return (
    <>
      <PageHeader description="Each source's share of each option: its items, fixed and per-unit fees, shipping, total, and whether its minimum order is met." />
      <ResourceList<OrderRouteOptionVendorTotalListItem>
        resource={vendorTotals}
        fields={ORDER_ROUTE_OPTION_VENDOR_TOTAL_LIST}
        noun={{ one: 'source total', many: 'source totals' }}
        columns={columns}
        filters={filters}
        searchPlaceholder="Source or order number"
        defaultSort="-id"
        exportCsv
        rowHref={(r) => `/order-route-option-vendor-total/${r.id}`}
      />
    </>
  );
}
