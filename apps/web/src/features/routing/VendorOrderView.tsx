/**
 * A vendor order (`/vendor-order/:id`): source, order, status, items, cost, fees, shipping, tracking,
 * instructions from compliance, the outbox, and the actions its status allows (the server's state
 * machine answers which): send, confirm, backordered, shipped with tracking numbers, delivered,
 * rejected, cancel (back to resolution).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  isAllowed,
  ORDER_CHANNEL_LABELS,
  VENDOR_ORDER_ACTION_LABELS,
  VendorOrderReasonBody,
  VendorOrderShipBody,
  type VendorOrderAction,
  type VendorOrderDetail,
} from '@qm/contracts';
import { errorMessage } from '../../lib/api';
import { formatDateTime, formatInteger } from '../../lib/format';
import { useStatusName } from '../../lib/lookups';
import { useResourceItem } from '../../lib/resource';
import { usePermissions } from '../../lib/session';
import { confirmDialog } from '../../ui/ConfirmDialog';
import { CodeDisplay, DateTimeDisplay, Fact, IntegerDisplay, MoneyDisplay } from '../../ui/displays';
import { EditorLoading, EditorRoute } from '../../ui/Editor';
import { CheckboxField, TagsField, TextAreaField } from '../../ui/fields';
import { PageHeader } from '../../ui/PageHeader';
import { ResourceForm } from '../../ui/ResourceForm';
import { useVendorOrderAction, vendorOrders } from './api';
import { SourceKindBadge, VendorOrderStatusBadge } from './parts/display';
import { DETAIL_TABLE } from '../../ui/listParams';

export default function VendorOrderScreen() {
  return <EditorRoute noun="vendor order">{(id) => <View key={id} id={id} />}</EditorRoute>;
}

const REASON_ACTIONS: VendorOrderAction[] = ['backorder', 'reject', 'cancel'];

function View({ id }: { id: number }) {
  const canWrite = isAllowed(['orders.write'], usePermissions());
  const q = useResourceItem<VendorOrderDetail>(vendorOrders, id);
  const act = useVendorOrderAction(id);
  const [dialog, setDialog] = useState<VendorOrderAction | null>(null);
  const statusName = useStatusName('vendor-order-status');
  const vo = q.data;
  if (!vo) return <EditorLoading query={q} noun="vendor order" />;

  const simple = async (a: VendorOrderAction) => {
    if (a === 'send') {
      const ok = await confirmDialog({
        title: `Send ${vo.number}?`,
        message: vo.source_kind === 'vendor' ? `It is written to the outbox for ${vo.source_name} by ${ORDER_CHANNEL_LABELS[vo.order_channel ?? 'email']}.` : `It is released to ${vo.source_name} for picking.`,
        confirmLabel: 'Send',
        danger: false,
      });
      if (!ok) return;
    }
    try {
      const after = await act.mutateAsync({ action: a, body: { version: vo.version } });
      notifications.show({ color: 'teal', message: `${after.number}: ${statusName(after.status)}` });
    } catch (e) {
      notifications.show({ color: 'red', title: 'Not done', message: errorMessage(e) });
    }
  };
  const actions = canWrite
    ? vo.allowed_actions.map((a) => (
        <Button
          key={a}
          size="sm"
          variant={a === 'cancel' || a === 'reject' ? 'default' : a === vo.allowed_actions[0] ? 'filled' : 'light'}
          color={a === 'cancel' || a === 'reject' ? 'red' : undefined}
          onClick={() => (a === 'ship' || REASON_ACTIONS.includes(a) ? setDialog(a) : void simple(a))}
          loading={act.isPending && act.variables?.action === a}
        >
          {VENDOR_ORDER_ACTION_LABELS[a]}
        </Button>
      ))
    : null;
  return (
    <>
      <PageHeader title={vo.number} item={vo.number} description={<SourceKindBadge kind={vo.source_kind} />} actions={actions?.length ? <Group gap="xs">{actions}</Group> : undefined} />
      <Stack gap="sm">
        <Paper withBorder radius="sm" p="sm">
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
            <Fact label="Status"><VendorOrderStatusBadge status={vo.status} late={vo.is_late} /></Fact>
            <Fact label={vo.source_kind === 'vendor' ? 'Vendor' : 'Warehouse'}>
              {vo.vendor_id ? <Anchor component={Link} to={`/vendor/${vo.vendor_id}`} size="sm">{vo.source_name}</Anchor> : vo.source_name}
            </Fact>
            <Fact label="Order"><CodeDisplay value={vo.order_number} to={`/order/${vo.order_id}`} /></Fact>
            <Fact label="Route">{vo.route_id ? <Anchor component={Link} to={`/order-route/${vo.route_id}`} size="sm">Route #{vo.route_id}</Anchor> : '—'}</Fact>
            <Fact label="Sent"><DateTimeDisplay value={vo.sent_at} /></Fact>
            <Fact label="Expected ship date"><DateTimeDisplay value={vo.expected_ship_date} dateOnly /></Fact>
            <Fact label="Cost"><MoneyDisplay cents={vo.items_cents} /></Fact>
            <Fact label="Fees"><MoneyDisplay cents={vo.fees_cents} /></Fact>
            <Fact label="Shipping"><MoneyDisplay cents={vo.shipping_cents} /></Fact>
            <Fact label="Total"><Text fw={600} span><MoneyDisplay cents={vo.total_cents} /></Text></Fact>
            <Fact label="Tracking">{vo.tracking_numbers.length ? <Text size="sm" ff="monospace">{vo.tracking_numbers.join(', ')}</Text> : '—'}</Fact>
            <Fact label="Channel">{vo.order_channel ? ORDER_CHANNEL_LABELS[vo.order_channel] : 'Our warehouse'}</Fact>
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt="xs">
            Created {formatDateTime(vo.created_at)}
            {vo.created_by_name ? ` by ${vo.created_by_name}` : ' automatically'}
            {vo.confirmed_at ? ` · confirmed ${formatDateTime(vo.confirmed_at)}` : ''}
            {vo.shipped_at ? ` · shipped ${formatDateTime(vo.shipped_at)}` : ''}
          </Text>
        </Paper>
        {vo.cancel_reason ? <Alert color="red" title={vo.status === 'rejected' ? 'Rejected by the vendor' : 'Cancelled'}>{vo.cancel_reason}</Alert> : null}
        {vo.instructions ? (
          <Alert color="yellow" title="Compliance instructions">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{vo.instructions}</Text>
          </Alert>
        ) : null}
        <Paper withBorder radius="sm" p="sm">
          <Title order={2} size="h5" mb="xs">Items ({formatInteger(vo.item_count)})</Title>
          <Table {...DETAIL_TABLE} striped="even" aria-label="Items">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>SKU</Table.Th>
                <Table.Th>Vendor SKU</Table.Th>
                <Table.Th>Product</Table.Th>
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right">Unit cost</Table.Th>
                <Table.Th ta="right">Line</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {vo.items.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td><CodeDisplay value={i.sku} /></Table.Td>
                  <Table.Td><CodeDisplay value={i.vendor_sku} /></Table.Td>
                  <Table.Td>{i.title ?? ''}</Table.Td>
                  <Table.Td ta="right"><IntegerDisplay value={i.quantity} /></Table.Td>
                  <Table.Td ta="right"><MoneyDisplay cents={i.unit_cost_cents} /></Table.Td>
                  <Table.Td ta="right"><MoneyDisplay cents={i.line_cents} /></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
        {vo.outbox.length ? (
          <Paper withBorder radius="sm" p="sm">
            <Title order={2} size="h5" mb="xs">Outbox</Title>
            <Table {...DETAIL_TABLE} aria-label="Outbox">
              <Table.Thead>
                <Table.Tr><Table.Th>When</Table.Th><Table.Th>What</Table.Th><Table.Th>Channel</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {vo.outbox.map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td>{formatDateTime(o.created_at)}</Table.Td>
                    <Table.Td>{o.kind === 'send' ? 'Order sent' : 'Cancellation sent'}</Table.Td>
                    <Table.Td>{ORDER_CHANNEL_LABELS[o.channel as keyof typeof ORDER_CHANNEL_LABELS] ?? o.channel}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        ) : null}
      </Stack>
      {dialog === 'ship' ? (
        <ResourceForm
          opened
          onClose={() => setDialog(null)}
          title={`Mark ${vo.number} shipped`}
          noun="shipment"
          schema={VendorOrderShipBody}
          defaultValues={{ version: vo.version, tracking_numbers: [], partial: false }}
          onSubmit={(v) => act.mutateAsync({ action: 'ship', body: v as Record<string, unknown> })}
          submitLabel="Mark shipped"
        >
          <Stack gap="sm">
            <TagsField name="tracking_numbers" label="Tracking numbers" required description="Press Enter after each one" />
            <CheckboxField name="partial" label="Only part of the order has shipped" />
          </Stack>
        </ResourceForm>
      ) : null}
      {dialog && REASON_ACTIONS.includes(dialog) ? (
        <ResourceForm
          opened
          onClose={() => setDialog(null)}
          title={`${VENDOR_ORDER_ACTION_LABELS[dialog]}: ${vo.number}`}
          noun="reason"
          schema={VendorOrderReasonBody}
          defaultValues={{ version: vo.version, reason: '' }}
          onSubmit={(v) => act.mutateAsync({ action: dialog, body: v as Record<string, unknown> })}
          submitLabel={VENDOR_ORDER_ACTION_LABELS[dialog]}
        >
          <TextAreaField name="reason" label="Why" required autoFocus />
          {dialog !== 'backorder' ? <Text size="xs" c="dimmed" mt="xs">The order goes back to resolution: what this vendor order carried must be routed again.</Text> : null}
        </ResourceForm>
      ) : null}
    </>
  );
}
