/** How purchase orders show: status badges named by the lookups, and the list's columns. */
import { Text } from '@mantine/core';
import type { InvoiceStatus, PoStatus, PurchaseOrderListItem } from '@qm/contracts';
import { CodeDisplay, DateTimeDisplay, MoneyDisplay } from '../../../ui/displays';
import type { Column } from '../../../ui/ResourceList';
import { createdColumn } from '../../../ui/columns';
import { StatusBadge } from '../../../ui/StatusBadge';

const STATUS_COLORS: Record<PoStatus, string> = {
  draft: 'gray',
  submitted: 'blue',
  confirmed: 'indigo',
  partially_received: 'yellow',
  received: 'teal',
  closed: 'dark',
  cancelled: 'red',
};
const INVOICE_COLORS: Record<InvoiceStatus, string> = {
  not_invoiced: 'gray',
  invoiced: 'blue',
  partially_paid: 'yellow',
  paid: 'teal',
  disputed: 'orange',
  void: 'red',
};

export function PoStatusBadge({ status }: { status: PoStatus }) {
  return <StatusBadge kind="purchase-order-status" status={status} colors={STATUS_COLORS} />;
}

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <StatusBadge kind="invoice-status" status={status} colors={INVOICE_COLORS} outline />;
}

/** Columns of purchase order lists (`withVendor: false` on a vendor's own page). */
export function poColumns({ withVendor = true }: { withVendor?: boolean } = {}): Column<PurchaseOrderListItem>[] {
  return [
    { key: 'number', header: 'Number', render: (p) => <CodeDisplay value={p.number} strong /> },
    ...(withVendor ? [{ key: 'vendor_name', header: 'Vendor', render: (p: PurchaseOrderListItem) => <Text size="sm" className="qm-cell-text">{p.vendor_name}</Text> }] : []),
    { key: 'entity', header: 'Entity', width: 64 },
    { key: 'status', header: 'Status', render: (p) => <PoStatusBadge status={p.status} /> },
    { key: 'invoice_status', header: 'Invoice', render: (p) => <InvoiceStatusBadge status={p.invoice_status} /> },
    { key: 'location_code', header: 'Receive at', width: 84 },
    { key: 'expected_date', header: 'Expected', render: (p) => <DateTimeDisplay value={p.expected_date} dateOnly /> },
    { key: 'line_count', header: 'Lines', align: 'right', defaultVisible: false },
    { key: 'ordered_cents', header: 'Ordered', align: 'right', render: (p) => <MoneyDisplay cents={p.ordered_cents} /> },
    { key: 'received_cents', header: 'Received', align: 'right', defaultVisible: false, render: (p) => <MoneyDisplay cents={p.received_cents} /> },
    { key: 'open_cents', header: 'Open', align: 'right', render: (p) => <MoneyDisplay cents={p.open_cents} /> },
    { key: 'invoice_number', header: 'Invoice no.', defaultVisible: false },
    createdColumn(),
  ];
}
