/** How orders show: status badges named by the lookups, flag badges, and the list's columns. */
import { Badge, Group, Text } from '@mantine/core';
import { CS_STATUS_LABELS, ORDER_STATUS_LABELS, type CsStatus, type OrderDetail, type OrderListItem, type OrderStatus } from '@qm/contracts';
import { useStatusName } from '../../../lib/lookups';
import { DateTimeDisplay, IntegerDisplay, MoneyDisplay, NoValue, Stacked, StatusText } from '../../../ui/displays';
import type { Column } from '../../../ui/ResourceList';
import { numberColumn } from '../../../ui/columns';
import { StatusBadge } from '../../../ui/StatusBadge';

const STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'gray',
  processing: 'blue',
  awaiting_compliance: 'orange',
  awaiting_fulfillment: 'indigo',
  partially_shipped: 'yellow',
  shipped: 'cyan',
  delivered: 'teal',
  on_hold: 'orange',
  cancelled: 'red',
  refunded: 'grape',
};
const CS_COLORS: Record<CsStatus, string> = {
  none: 'gray',
  awaiting_customer: 'yellow',
  awaiting_documents: 'orange',
  address_verification: 'orange',
  escalated: 'red',
  resolved: 'teal',
};


export function useOrderStatusOptions() {
  const name = useStatusName('order-status', ORDER_STATUS_LABELS);
  return Object.keys(ORDER_STATUS_LABELS).map((code) => ({ value: code, label: name(code) }));
}
export function useCsStatusOptions() {
  const name = useStatusName('customer-service-status', CS_STATUS_LABELS);
  return Object.keys(CS_STATUS_LABELS).map((code) => ({ value: code, label: name(code) }));
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <StatusBadge kind="order-status" status={status} colors={STATUS_COLORS} fallback={ORDER_STATUS_LABELS} />;
}

export function CsStatusBadge({ status }: { status: CsStatus }) {
  if (status === 'none') return <NoValue />;
  return <StatusBadge kind="customer-service-status" status={status} colors={CS_COLORS} fallback={CS_STATUS_LABELS} outline />;
}

/** The order's status in a list cell: a dot and its name, wrapping. */
export function OrderStatusText({ status }: { status: OrderStatus }) {
  const name = useStatusName('order-status', ORDER_STATUS_LABELS);
  return <StatusText label={name(status)} color={STATUS_COLORS[status]} />;
}

/** The customer-service status in a list cell: a dot and its name, wrapping (nothing when none). */
export function CsStatusText({ status }: { status: CsStatus }) {
  const name = useStatusName('customer-service-status', CS_STATUS_LABELS);
  if (status === 'none') return <NoValue />;
  return <StatusText label={name(status)} color={CS_COLORS[status]} />;
}

/** Compliance hold, split and late as badges; nothing when none is raised. */
export function OrderFlags({ o }: { o: Pick<OrderListItem, 'compliance_hold' | 'is_split' | 'is_late'> }) {
  if (!o.compliance_hold && !o.is_split && !o.is_late) return <NoValue />;
  return (
    <Group gap={4} wrap="nowrap">
      {o.compliance_hold ? <Badge size="xs" radius="sm" color="red" variant="light">Hold</Badge> : null}
      {o.is_split ? <Badge size="xs" radius="sm" color="blue" variant="light">Split</Badge> : null}
      {o.is_late ? <Badge size="xs" radius="sm" color="orange" variant="light">Late</Badge> : null}
    </Group>
  );
}

/**
 * A margin in dollars with its share of `revenue` (goods and shipping charged, without tax — as the
 * order reports count it): under it in a table's cell, beside it (`inline`) in a row of totals; the dash
 * until routed.
 */
export function MarginDisplay({ margin, revenue, inline = false }: { margin: number | null; revenue: number; inline?: boolean }) {
  if (margin === null) return <NoValue />;
  if (inline)
    return (
      <Text span inherit c={margin < 0 ? 'red' : undefined} className="qm-num">
        <MoneyDisplay cents={margin} />
        {revenue > 0 ? <Text span size="xs" c="dimmed" fw={400} ml={6}>{`${((margin / revenue) * 100).toFixed(0)}%`}</Text> : null}
      </Text>
    );
  return (
    <Text span size="sm" c={margin < 0 ? 'red' : undefined} className="qm-num" style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}>
      <MoneyDisplay cents={margin} />
      {revenue > 0 ? <Text span size="xs" c="dimmed">{`${((margin / revenue) * 100).toFixed(0)}%`}</Text> : null}
    </Text>
  );
}

export function orderColumns(): Column<OrderListItem>[] {
  return [
    numberColumn((o) => o.number, { value: (o) => o.store_name, title: 'Store' }),
    { key: 'placed_at', header: 'Placed', render: (o) => <DateTimeDisplay value={o.placed_at} stacked /> },
    { key: 'store_name', header: 'Store', defaultVisible: false, render: (o) => <Text size="sm" className="qm-cell-text">{o.store_name}</Text> },
    {
      key: 'customer_name',
      header: 'Customer',
      render: (o) => (
        // Name over email, both cut to the column (the whole email is its tooltip).
        <Stacked note={o.customer_email} noteTitle={o.customer_email} maxWidth={170}>
          <Text size="sm" truncate="end" maw="100%">{o.customer_name}</Text>
        </Stacked>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      // The internal status under the order's status (its own column can be shown from the columns menu).
      render: (o) => (
        <Stacked note={o.internal_status_name} noteTitle="Internal status">
          <OrderStatusText status={o.status} />
        </Stacked>
      ),
    },
    { key: 'internal_status_name', header: 'Internal status', defaultVisible: false, render: (o) => (o.internal_status_name ? <Text size="sm">{o.internal_status_name}</Text> : <NoValue />) },
    { key: 'cs_status', header: 'Customer service', render: (o) => <CsStatusText status={o.cs_status} /> },
    { key: 'item_count', header: 'Items', align: 'right', render: (o) => <IntegerDisplay value={o.item_count} /> },
    { key: 'units', header: 'Units', align: 'right', defaultVisible: false, render: (o) => <IntegerDisplay value={o.units} /> },
    { key: 'total_cents', header: 'Total', align: 'right', render: (o) => <MoneyDisplay cents={o.total_cents} /> },
    { key: 'cost_cents', header: 'Cost', align: 'right', render: (o) => <MoneyDisplay cents={o.cost_cents} /> },
    { key: 'margin_cents', header: 'Margin', align: 'right', render: (o) => <MarginDisplay margin={o.margin_cents} revenue={o.revenue_cents} /> },
    { key: 'flags', header: 'Flags', render: (o) => <OrderFlags o={o} /> },
  ];
}

/**
 * What the order's cost holds beyond its items' cost: the vendor orders' fees and shipping (the cost is
 * what its vendor orders total; an item's cost is its units at their unit cost). Zero until every item
 * has a cost.
 */
export function vendorExtras(o: Pick<OrderDetail, 'cost_cents' | 'items'>): number {
  if (o.cost_cents === null || o.items.some((i) => i.cost_cents === null && i.quantity > i.cancelled_quantity)) return 0;
  return o.cost_cents - o.items.reduce((sum, i) => sum + (i.cost_cents ?? 0), 0);
}
