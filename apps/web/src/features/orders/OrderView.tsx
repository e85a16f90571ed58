/**
 * One order (`/order/:id`): customer and addresses, items with price, discount, cost and margin,
 * totals, its routes and vendor orders, status history, internal notes and activity; the actions its
 * status allows (the server's state machine answers which: `allowed_statuses`).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Button, Group, Menu, Paper, Select, SimpleGrid, Stack, Table, Tabs, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CS_STATUS_LABELS, ORDER_STATUS_LABELS, ROUTING_STRATEGY_LABELS, isAllowed, type CsStatus, type OrderDetail, type RouteStatus, type OrderStatus } from '@qm/contracts';
import { errorMessage } from '../../lib/api';
import { codeInWords, formatDateTime, formatInteger } from '../../lib/format';
import { useInternalStatuses } from '../../lib/lookups';
import { usePermissions } from '../../lib/session';
import { alertDialog, confirmDialog } from '../../ui/ConfirmDialog';
import { CodeDisplay, DateTimeDisplay, IntegerDisplay, MoneyDisplay, NoValue } from '../../ui/displays';
import { EditorLoading, EditorRoute, EditorShell, useEditorItem, useTabParam } from '../../ui/Editor';
import { EmptyState } from '../../ui/states';
import { orders, useOrderActions } from './api';
import { AddressDialog } from './parts/AddressDialog';
import { CancelItemsDialog } from './parts/CancelItemsDialog';
import { OrderActivity } from './parts/OrderActivity';
import { VendorOrdersTable } from '../routing/parts/VendorOrdersTable';
import { RouteStatusBadge } from '../routing/parts/display';
import { CsStatusBadge, MarginDisplay, OrderFlags, OrderStatusBadge, useCsStatusOptions, vendorExtras } from './parts/orderDisplay';
import { DETAIL_TABLE } from '../../ui/listParams';

const TABS = ['items', 'customer', 'fulfilment', 'history', 'activity'] as const;

export default function OrderScreen() {
  return <EditorRoute noun="order">{(n) => <OrderPage key={n} id={n} />}</EditorRoute>;
}

function OrderPage({ id }: { id: number }) {
  const canWrite = isAllowed(['orders.write'], usePermissions());
  const [tab, setTab] = useTabParam(TABS);
  const editor = useEditorItem(orders, id);
  const o = editor.query.data;
  if (!o) return <EditorLoading query={editor.query} noun="order" />;
  return (
    <EditorShell
      tab={tab}
      onTab={setTab}
      title={o.number}
      facts={<Facts o={o} />}
      actions={canWrite ? <Actions o={o} /> : undefined}
      saveBar={null}
      tabs={[
        ['items', `Items (${formatInteger(o.item_count)})`],
        ['customer', 'Customer'],
        ['fulfilment', `Routes & vendor orders (${formatInteger(o.routes.length + o.vendor_orders.length)})`],
        ['history', `History & notes (${o.notes.length})`],
        ['activity', 'Activity'],
      ]}
    >
      <Tabs.Panel value="items">
        <Stack gap="sm">
          <Totals o={o} />
          <Items o={o} />
          <Cases o={o} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="customer">
        <Customer o={o} />
      </Tabs.Panel>
      <Tabs.Panel value="fulfilment">
        <Fulfilment o={o} />
      </Tabs.Panel>
      <Tabs.Panel value="history">
        <History o={o} canWrite={canWrite} />
      </Tabs.Panel>
      <Tabs.Panel value="activity">
        <OrderActivity orderId={o.id} />
      </Tabs.Panel>
    </EditorShell>
  );
}

function Facts({ o }: { o: OrderDetail }) {
  return (
    <Group gap="xs" mt={4} wrap="wrap">
      <OrderStatusBadge status={o.status} />
      {o.cs_status !== 'none' ? <CsStatusBadge status={o.cs_status} /> : null}
      {o.internal_status_name ? (
        <Badge size="sm" radius="sm" variant="default">
          {o.internal_status_name}
        </Badge>
      ) : null}
      {o.compliance_hold || o.is_split || o.is_late ? <OrderFlags o={o} /> : null}
      <Text size="sm">
        {o.store_name} · {o.customer_name}
      </Text>
      <Text size="xs" c="dimmed">
        Placed {formatDateTime(o.placed_at)}
      </Text>
    </Group>
  );
}

function Totals({ o }: { o: OrderDetail }) {
  const extras = vendorExtras(o);
  const cell = (label: string, value: React.ReactNode, name: string) => (
    <div data-total={name}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
  return (
    <Paper withBorder radius="sm" p="xs">
      <SimpleGrid cols={{ base: 2, sm: 4, md: 8 }} spacing="xs">
        {cell('Subtotal', <MoneyDisplay cents={o.subtotal_cents} />, 'subtotal')}
        {cell('Shipping', <MoneyDisplay cents={o.shipping_charged_cents} />, 'shipping')}
        {cell('Tax', <MoneyDisplay cents={o.tax_cents} />, 'tax')}
        {cell('Total', <MoneyDisplay cents={o.total_cents} />, 'total')}
        {cell('Captured', <MoneyDisplay cents={o.payment_captured_cents} />, 'captured')}
        {cell(
          'Cost',
          <>
            <MoneyDisplay cents={o.cost_cents} />
            {extras > 0 ? (
              <Text component="span" display="block" size="xs" c="dimmed" fw={400} data-testid="cost-extras">
                incl. <MoneyDisplay cents={extras} /> fees and shipping
              </Text>
            ) : null}
          </>,
          'cost',
        )}
        {cell('Margin', <MarginDisplay margin={o.margin_cents} revenue={o.revenue_cents} inline />, 'margin')}
        {cell('Units', <IntegerDisplay value={o.units} />, 'units')}
      </SimpleGrid>
    </Paper>
  );
}

function Items({ o }: { o: OrderDetail }) {
  return (
    <Table {...DETAIL_TABLE} striped aria-label="Items of this order">
      <Table.Thead style={{ whiteSpace: 'nowrap' }}>
        <Table.Tr>
          <Table.Th w={40}>#</Table.Th>
          <Table.Th>SKU</Table.Th>
          <Table.Th>Title</Table.Th>
          <Table.Th ta="right">Qty</Table.Th>
          <Table.Th ta="right">Cancelled</Table.Th>
          <Table.Th ta="right">Unit price</Table.Th>
          <Table.Th ta="right">Discount</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
          <Table.Th ta="right">Cost</Table.Th>
          <Table.Th ta="right">Margin</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {o.items.map((i) => (
          <Table.Tr key={i.id}>
            <Table.Td>{i.line_no}</Table.Td>
            <Table.Td>
              <CodeDisplay value={i.sku} to={i.product_id ? `/product/${i.product_id}` : undefined} />
            </Table.Td>
            <Table.Td>{i.title ?? <NoValue />}</Table.Td>
            <Table.Td ta="right">
              <IntegerDisplay value={i.quantity} />
            </Table.Td>
            <Table.Td ta="right">{i.cancelled_quantity ? <IntegerDisplay value={i.cancelled_quantity} /> : <NoValue />}</Table.Td>
            <Table.Td ta="right">
              <MoneyDisplay cents={i.unit_price_cents} />
            </Table.Td>
            <Table.Td ta="right">{i.discount_cents ? <MoneyDisplay cents={i.discount_cents} /> : <NoValue />}</Table.Td>
            <Table.Td ta="right">
              <MoneyDisplay cents={i.amount_cents} />
            </Table.Td>
            <Table.Td ta="right">
              <MoneyDisplay cents={i.cost_cents} />
            </Table.Td>
            <Table.Td ta="right">
              <MarginDisplay margin={i.margin_cents} revenue={i.amount_cents} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const REASON_LABELS: Record<string, string> = {
  unroutable: 'Cannot be routed',
  compliance_hold: 'Compliance hold',
  vendor_backorder: 'Vendor backorder',
  address_problem: 'Address problem',
  payment_problem: 'Payment problem',
  vendor_late: 'Vendor order late',
  cs_open: 'Customer service open',
};

function Cases({ o }: { o: OrderDetail }) {
  if (!o.cases.length) return null;
  return (
    <Paper withBorder radius="sm" p="xs">
      <Text fw={600} size="sm" mb={4}>
        Needs a person
      </Text>
      <Stack gap={4}>
        {o.cases.map((c) => (
          <Group key={c.id} gap="xs" wrap="nowrap" align="flex-start">
            <Badge size="sm" radius="sm" variant={c.resolved_at ? 'outline' : 'light'} color={c.resolved_at ? 'gray' : 'orange'} style={{ flexShrink: 0 }}>
              {REASON_LABELS[c.reason] ?? c.reason}
            </Badge>
            <Text size="sm">
              {c.detail}
              <Text span size="xs" c="dimmed">
                {` · opened ${formatDateTime(c.opened_at)}`}
                {c.resolved_at ? ` · resolved ${formatDateTime(c.resolved_at)} (${c.resolution ?? ''})` : ''}
              </Text>
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

function AddressBlock({ title, a }: { title: string; a: OrderDetail['billing_address'] & { to_dealer?: boolean; dealer_license?: string | null } }) {
  return (
    <Paper withBorder radius="sm" p="sm">
      <Text fw={600} size="sm" mb={4}>
        {title}
      </Text>
      <Text size="sm">{a.name}</Text>
      {a.company ? <Text size="sm">{a.company}</Text> : null}
      <Text size="sm">{a.line1}</Text>
      {a.line2 ? <Text size="sm">{a.line2}</Text> : null}
      <Text size="sm">
        {a.city}, {a.state} {a.zip}
      </Text>
      {a.to_dealer ? (
        <Badge size="sm" radius="sm" variant="light" mt={4}>
          To a licensed dealer{a.dealer_license ? ` · ${a.dealer_license}` : ''}
        </Badge>
      ) : null}
    </Paper>
  );
}

function Customer({ o }: { o: OrderDetail }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <Paper withBorder radius="sm" p="sm">
        <Text fw={600} size="sm" mb={4}>
          Customer
        </Text>
        <Text size="sm">{o.customer_name}</Text>
        <Anchor href={`mailto:${o.customer_email}`} size="sm">
          {o.customer_email}
        </Anchor>
        <Text size="sm">{o.customer_phone ?? ''}</Text>
        <Text fw={600} size="sm" mt="sm">
          Payment
        </Text>
        <Text size="sm">
          {codeInWords(o.payment_method)} · captured <MoneyDisplay cents={o.payment_captured_cents} />
        </Text>
        {o.customer_notes ? (
          <>
            <Text fw={600} size="sm" mt="sm">
              Customer notes
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {o.customer_notes}
            </Text>
          </>
        ) : null}
      </Paper>
      <AddressBlock title="Ship to" a={o.shipping_address} />
      <AddressBlock title="Bill to" a={o.billing_address} />
    </SimpleGrid>
  );
}

function Fulfilment({ o }: { o: OrderDetail }) {
  return (
    <Stack gap="md">
      <div>
        <Text fw={600} size="sm" mb={4}>
          Routes
        </Text>
        {o.routes.length === 0 ? (
          <Text size="sm" c="dimmed">
            Not routed yet.
          </Text>
        ) : (
          <Table {...DETAIL_TABLE} striped aria-label="Routes of this order">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Route</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Strategy</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Chosen</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {o.routes.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/order-route/${r.id}`} size="sm">
                      Route #{r.id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <RouteStatusBadge status={r.status as RouteStatus} stale={r.is_stale} />
                    {r.failure_reason ? <Text size="xs" c="dimmed">{r.failure_reason}</Text> : null}
                  </Table.Td>
                  <Table.Td>{ROUTING_STRATEGY_LABELS[r.strategy]}</Table.Td>
                  <Table.Td>
                    <DateTimeDisplay value={r.created_at} />
                  </Table.Td>
                  <Table.Td>
                    <DateTimeDisplay value={r.chosen_at} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </div>
      <div>
        <Text fw={600} size="sm" mb={4}>
          Vendor orders
        </Text>
        {o.vendor_orders.length === 0 ? (
          <Text size="sm" c="dimmed">
            None yet.
          </Text>
        ) : (
          <VendorOrdersTable rows={o.vendor_orders} label="Vendor orders of this order" />
        )}
      </div>
    </Stack>
  );
}

const FIELD_LABELS: Record<string, string> = { status: 'Status', internal_status: 'Internal status', cs_status: 'Customer service' };
const valueLabel = (field: string, v: string | null) =>
  v === null ? '—' : field === 'status' ? (ORDER_STATUS_LABELS[v as OrderStatus] ?? v) : field === 'cs_status' ? (CS_STATUS_LABELS[v as CsStatus] ?? v) : v;

function History({ o, canWrite }: { o: OrderDetail; canWrite: boolean }) {
  const act = useOrderActions(o.id);
  const [note, setNote] = useState('');
  const add = async () => {
    try {
      await act.note.mutateAsync({ body: note });
      setNote('');
      notifications.show({ color: 'teal', message: 'Note added' });
    } catch (e) {
      notifications.show({ color: 'red', title: 'Note not added', message: errorMessage(e) });
    }
  };
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder radius="sm" p="sm">
        <Text fw={600} size="sm" mb="xs">
          Internal notes
        </Text>
        {canWrite ? (
          <Stack gap={6} mb="sm">
            <Textarea label="New note" placeholder="e.g. Called the customer about the FFL" value={note} onChange={(e) => setNote(e.currentTarget.value)} autosize minRows={2} maxLength={4000} />
            <Group justify="flex-end">
              <Button size="xs" onClick={() => void add()} disabled={!note.trim()} loading={act.note.isPending}>
                Add note
              </Button>
            </Group>
          </Stack>
        ) : null}
        {o.notes.length === 0 ? (
          <Text size="sm" c="dimmed">
            No notes yet.
          </Text>
        ) : (
          <Stack gap="xs" data-testid="order-notes">
            {o.notes.map((n) => (
              <div key={n.id}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(n.at)} · {n.user_name ?? 'System'}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {n.body}
                </Text>
              </div>
            ))}
          </Stack>
        )}
      </Paper>
      <Paper withBorder radius="sm" p="sm">
        <Text fw={600} size="sm" mb="xs">
          Status history
        </Text>
        {o.history.length === 0 ? (
          <EmptyState title="No changes yet" />
        ) : (
          <Table {...DETAIL_TABLE} aria-label="Status history">
            <Table.Tbody>
              {o.history.map((h) => (
                <Table.Tr key={h.id}>
                  <Table.Td w={150}>
                    <DateTimeDisplay value={h.at} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {FIELD_LABELS[h.field] ?? h.field}:{' '}
                      {h.from_value === h.to_value ? valueLabel(h.field, h.to_value) : `${valueLabel(h.field, h.from_value)} → ${valueLabel(h.field, h.to_value)}`}
                    </Text>
                    {h.note ? (
                      <Text size="xs" c="dimmed">
                        {h.note}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed">
                      {h.user_name ?? 'Store / system'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </SimpleGrid>
  );
}

/** Status (what the state machine allows), internal and customer-service status, cancel items, address. */
function Actions({ o }: { o: OrderDetail }) {
  const act = useOrderActions(o.id);
  const internal = useInternalStatuses();
  const csOptions = useCsStatusOptions();
  const [cancelling, setCancelling] = useState(false);
  const [addressing, setAddressing] = useState(false);
  const changeable = !['partially_shipped', 'shipped', 'delivered', 'refunded', 'cancelled'].includes(o.status);
  const run = async (what: string, fn: () => Promise<OrderDetail>) => {
    try {
      await fn();
      notifications.show({ color: 'teal', message: `${o.number}: ${what}` });
    } catch (e) {
      alertDialog(`${what} refused`, errorMessage(e));
    }
  };
  const setStatus = async (s: OrderStatus) => {
    if (
      (s === 'cancelled' || s === 'refunded') &&
      !(await confirmDialog({ title: `${s === 'cancelled' ? 'Cancel' : 'Refund'} ${o.number}?`, message: `The order becomes ${ORDER_STATUS_LABELS[s]}. This cannot be undone.`, confirmLabel: ORDER_STATUS_LABELS[s] }))
    )
      return;
    await run(`status ${ORDER_STATUS_LABELS[s]}`, () => act.status.mutateAsync({ status: s }));
  };
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <Select
        size="xs"
        w={200}
        label="Customer service"
        data={csOptions}
        value={o.cs_status}
        allowDeselect={false}
        onChange={(v) => v && v !== o.cs_status && void run('customer service status set', () => act.csStatus.mutateAsync({ cs_status: v as CsStatus }))}
      />
      <Select
        size="xs"
        w={200}
        label="Internal status"
        placeholder="None"
        clearable
        data={(internal.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
        value={o.internal_status_id === null ? null : String(o.internal_status_id)}
        onChange={(v) => void run('internal status set', () => act.internalStatus.mutateAsync({ internal_status_id: v ? Number(v) : null }))}
      />
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="xs" disabled={o.allowed_statuses.length === 0} loading={act.status.isPending}>
            Change status
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {o.allowed_statuses.map((s) => (
            <Menu.Item key={s} onClick={() => void setStatus(s)}>
              {ORDER_STATUS_LABELS[s]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="xs" variant="default">
            More
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item disabled={!changeable} onClick={() => setCancelling(true)}>
            Cancel items…
          </Menu.Item>
          <Menu.Item disabled={!changeable} onClick={() => setAddressing(true)}>
            Change shipping address…
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {cancelling ? <CancelItemsDialog o={o} onClose={() => setCancelling(false)} /> : null}
      {addressing ? <AddressDialog o={o} onClose={() => setAddressing(false)} /> : null}
    </Group>
  );
}
