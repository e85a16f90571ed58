/**
 * Vendor Orders: what each source (a drop-ship vendor or our warehouse) was asked to ship — order,
 * status, items, cost, fees, shipping, total, tracking, sent, expected ship date; late ones flagged.
 */
import { Stack, Text } from '@mantine/core';
import { VENDOR_ORDER_LIST, type VendorOrderListItem } from '@qm/contracts';
import { CodeDisplay, DateTimeDisplay, IntegerDisplay, MoneyDisplay, Stacked } from '../../ui/displays';
import { createdColumn, numberColumn } from '../../ui/columns';
import { PageHeader } from '../../ui/PageHeader';
import { ResourceList, type Column, type FilterDef } from '../../ui/ResourceList';
import { useResourceList } from '../../lib/resource';
import { vendorNames, vendorOrders } from './api';
import { SourceKindBadge, VendorOrderStatusBadge } from './parts/display';
import { useStatusOptions } from '../../lib/lookups';

const columns: Column<VendorOrderListItem>[] = [
  numberColumn((v) => v.number, { value: (v) => v.order_number, title: 'Order' }),
  // a warehouse marked under its name, a drop-ship vendor (most rows) not; a long name cut to the column (whole in its tooltip)
  { key: 'source_name', header: 'Vendor', render: (v) => (
      <Stacked maxWidth={140}>
        <Text size="sm" truncate="end" maw="100%" title={v.source_name}>{v.source_name}</Text>
        {v.source_kind === 'warehouse' ? <SourceKindBadge kind={v.source_kind} /> : null}
      </Stacked>
    ), },
  { key: 'order_number', header: 'Order', defaultVisible: false, render: (v) => <CodeDisplay value={v.order_number} /> },
  { key: 'status', header: 'Status', render: (v) => <VendorOrderStatusBadge status={v.status} late={v.is_late} stacked /> },
  { key: 'item_count', header: 'Items', align: 'right', render: (v) => <IntegerDisplay value={v.item_count} /> },
  { key: 'units', header: 'Units', align: 'right', defaultVisible: false, render: (v) => <IntegerDisplay value={v.units} /> },
  { key: 'items_cents', header: 'Cost', align: 'right', render: (v) => <MoneyDisplay cents={v.items_cents} /> },
  { key: 'fees_cents', header: 'Fees', align: 'right', render: (v) => <MoneyDisplay cents={v.fees_cents} /> },
  { key: 'shipping_cents', header: 'Shipping', align: 'right', render: (v) => <MoneyDisplay cents={v.shipping_cents} /> },
  { key: 'total_cents', header: 'Total', align: 'right', render: (v) => <MoneyDisplay cents={v.total_cents} /> },
  { key: 'tracking_numbers', header: 'Tracking', render: (v) => (
      // one number a line, cut at a carrier's usual 18 characters (a 22-digit one whole in its tooltip and on the order's page)
      <Stack gap={0}>
        {v.tracking_numbers.map((n) => (
          <CodeDisplay key={n} value={n} maxWidth={144} />
        ))}
      </Stack>
    ), },
  { key: 'sent_at', header: 'Sent', render: (v) => <DateTimeDisplay value={v.sent_at} stacked /> },
  { key: 'expected_ship_date', header: 'Ships by', render: (v) => <DateTimeDisplay value={v.expected_ship_date} dateOnly /> },
  createdColumn({ defaultVisible: false }),
];

export default function VendorOrdersScreen() {
  const statuses = useStatusOptions('vendor-order-status');
  const vendors = useResourceList(vendorNames, new URLSearchParams({ per_page: '500', sort: 'name' }));
  const filters: FilterDef[] = [
    { kind: 'select', key: 'vendor_id', label: 'Vendor', options: (vendors.data?.data ?? []).map((v) => ({ value: String(v.id), label: v.name })), loading: vendors.isPending, width: 190 },
    { kind: 'select', key: 'source_kind', label: 'Source', options: [{ value: 'vendor', label: 'Drop-ship vendor' }, { value: 'warehouse', label: 'Our warehouse' }], width: 170 },
    { kind: 'multiselect', key: 'status', label: 'Status', options: statuses.options, loading: statuses.loading },
    { kind: 'boolean', key: 'is_late', label: 'Late', trueLabel: 'Late', falseLabel: 'On time' },
    { kind: 'text', key: 'order_id', label: 'Order id', placeholder: 'e.g. 1042' },
    { kind: 'dateRange', key: 'created', label: 'Created', fromKey: 'from', toKey: 'to' },
  ];
  return (
    <>
      <PageHeader description="What each vendor or warehouse was asked to ship, from draft to delivered; late ones are flagged." />
      <ResourceList<VendorOrderListItem>
        resource={vendorOrders}
        fields={VENDOR_ORDER_LIST}
        noun={{ one: 'vendor order', many: 'vendor orders' }}
        columns={columns}
        filters={filters}
        searchPlaceholder="Number, order number, vendor or SKU"
        defaultSort="-id"
        exportCsv
        rowHref={(v) => `/vendor-order/${v.id}`}
      />
    </>
  );
}
