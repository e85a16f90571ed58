/**
 * The actions that resolve a case, on each row of the resolution dashboard: reroute (a new route now,
 * then its page), cancel items, change the shipping address, set the internal or customer-service
 * status, add a note. Each is one request to the orders or routing API; the dashboard is read again
 * after it, so an order whose reason is gone leaves it.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Checkbox, Group, Menu, Modal, NumberInput, Select, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isAllowed, type ResolutionCase } from '@qm/contracts';
import { errorMessage } from '../../../lib/api';
import { useInternalStatuses, useStatuses } from '../../../lib/lookups';
import { usePermissions } from '../../../lib/session';
import { confirmDialog } from '../../../ui/ConfirmDialog';
import { Spinner } from '../../../ui/states';
import { useOrderAction, useOrderForResolution, type AddressBody } from '../api';
import { formatInteger } from '../../../lib/format';

type Dialog = 'cancel-items' | 'address' | 'internal-status' | 'cs-status' | 'note' | null;

export function ResolutionActions({ row }: { row: ResolutionCase }) {
  const permissions = usePermissions();
  const canWrite = isAllowed(['orders.write'], permissions);
  const canRoute = isAllowed(['orders.route'], permissions);
  const [dialog, setDialog] = useState<Dialog>(null);
  const action = useOrderAction(row.order_id);
  if (!canWrite && !canRoute) return null;

  const reroute = async () => {
    const ok = await confirmDialog({
      title: `Reroute order ${row.order_number}?`,
      message: 'A new route is computed now from current stock, costs and rules. Its options are then chosen on the route’s page.',
      confirmLabel: 'Reroute',
      danger: false,
    });
    if (!ok) return;
    try {
      const { route_id } = await action.mutateAsync({ kind: 'route' });
      notifications.show({
        color: 'teal',
        title: `Order ${row.order_number} rerouted`,
        message: route_id ? (
          <Anchor component={Link} to={`/order-route/${route_id}`} size="sm">
            Open route {route_id}
          </Anchor>
        ) : (
          'A new route was computed.'
        ),
      });
    } catch (e) {
      notifications.show({ color: 'red', title: 'Could not reroute', message: errorMessage(e) });
    }
  };

  const close = () => setDialog(null);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="compact-xs" variant="default" aria-label={`Resolve order ${row.order_number}`}>
            Resolve…
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {canRoute ? <Menu.Item onClick={() => void reroute()}>Reroute</Menu.Item> : null}
          {canWrite ? (
            <>
              <Menu.Item onClick={() => setDialog('cancel-items')}>Cancel items…</Menu.Item>
              <Menu.Item onClick={() => setDialog('address')}>Change address…</Menu.Item>
              <Menu.Item onClick={() => setDialog('internal-status')}>Set internal status…</Menu.Item>
              <Menu.Item onClick={() => setDialog('cs-status')}>Set customer-service status…</Menu.Item>
              <Menu.Item onClick={() => setDialog('note')}>Add note…</Menu.Item>
            </>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      {dialog === 'cancel-items' ? <CancelItemsDialog row={row} onClose={close} /> : null}
      {dialog === 'address' ? <AddressDialog row={row} onClose={close} /> : null}
      {dialog === 'internal-status' ? <InternalStatusDialog row={row} onClose={close} /> : null}
      {dialog === 'cs-status' ? <CsStatusDialog row={row} onClose={close} /> : null}
      {dialog === 'note' ? <NoteDialog row={row} onClose={close} /> : null}
    </>
  );
}

interface DialogProps {
  row: ResolutionCase;
  onClose: () => void;
}

/** A dialog whose confirm sends one action; a refusal is shown in it and keeps what was entered. */
function ActionDialog({ title, row, onClose, onConfirm, confirmLabel, children, disabled }: DialogProps & { title: string; onConfirm: () => Promise<unknown>; confirmLabel: string; children: React.ReactNode; disabled?: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      notifications.show({ color: 'teal', title: `Order ${row.order_number}`, message: `${title}: done.` });
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={`${title} — order ${row.order_number}`} size="lg">
      <Stack gap="sm">
        {children}
        {error ? (
          <Alert color="red" title="Not saved">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={busy} disabled={disabled}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function CancelItemsDialog({ row, onClose }: DialogProps) {
  const order = useOrderForResolution(row.order_id);
  const action = useOrderAction(row.order_id);
  const [qty, setQty] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const items = Object.entries(qty)
    .filter(([, q]) => q > 0)
    .map(([id, q]) => ({ order_item_id: Number(id), quantity: q }));
  return (
    <ActionDialog
      title="Cancel items"
      row={row}
      onClose={onClose}
      confirmLabel="Cancel these items"
      disabled={items.length === 0 || reason.trim() === ''}
      onConfirm={() => action.mutateAsync({ kind: 'cancel-items', body: { items, reason: reason.trim() } })}
    >
      {order.isPending ? <Spinner minHeight={80} /> : null}
      {order.isError ? <Alert color="red">{errorMessage(order.error)}</Alert> : null}
      {order.data ? (
        <Table fz="sm" aria-label="Items to cancel">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>SKU</Table.Th>
              <Table.Th>Ordered</Table.Th>
              <Table.Th>Cancelled</Table.Th>
              <Table.Th>Cancel now</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.data.items.map((it) => {
              const left = it.quantity - it.cancelled_quantity;
              return (
                <Table.Tr key={it.id}>
                  <Table.Td>{it.line_no}</Table.Td>
                  <Table.Td>
                    {it.sku}
                    {it.title ? (
                      <Text size="xs" c="dimmed">
                        {it.title}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{formatInteger(it.quantity)}</Table.Td>
                  <Table.Td>{formatInteger(it.cancelled_quantity)}</Table.Td>
                  <Table.Td>
                    <NumberInput
                      size="xs"
                      w={90}
                      min={0}
                      max={left}
                      disabled={left === 0}
                      allowDecimal={false}
                      aria-label={`Units of line ${it.line_no} to cancel`}
                      value={qty[it.id] ?? 0}
                      onChange={(v) => setQty({ ...qty, [it.id]: Math.min(left, Math.max(0, Number(v) || 0)) })}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      ) : null}
      <TextInput label="Why" required value={reason} onChange={(e) => setReason(e.currentTarget.value)} placeholder="e.g. No source has it; customer agreed" maxLength={500} />
    </ActionDialog>
  );
}

function AddressDialog({ row, onClose }: DialogProps) {
  const order = useOrderForResolution(row.order_id);
  const action = useOrderAction(row.order_id);
  const [draft, setDraft] = useState<AddressBody | null>(null);
  const a = order.data?.shipping_address;
  const value: AddressBody | null =
    draft ??
    (a
      ? { ship_name: a.name, ship_company: a.company, ship_line1: a.line1, ship_line2: a.line2, ship_city: a.city, ship_state: a.state, ship_zip: a.zip, ship_to_dealer: a.to_dealer, ship_dealer_license: a.dealer_license }
      : null);
  const set = (k: keyof AddressBody, v: string | boolean | null) => value && setDraft({ ...value, [k]: v });
  const text = (k: keyof AddressBody, label: string, required = true, max = 200) => (
    <TextInput label={label} required={required} maxLength={max} value={(value?.[k] as string | null) ?? ''} onChange={(e) => set(k, e.currentTarget.value === '' && !required ? null : e.currentTarget.value)} />
  );
  return (
    <ActionDialog title="Change address" row={row} onClose={onClose} confirmLabel="Save address" disabled={!value} onConfirm={() => action.mutateAsync({ kind: 'address', body: value! })}>
      {order.isPending ? <Spinner minHeight={80} /> : null}
      {order.isError ? <Alert color="red">{errorMessage(order.error)}</Alert> : null}
      {value ? (
        <>
          {text('ship_name', 'Name')}
          {text('ship_company', 'Company', false)}
          {text('ship_line1', 'Address line 1')}
          {text('ship_line2', 'Address line 2', false)}
          <Group grow>
            {text('ship_city', 'City', true, 100)}
            {text('ship_state', 'State', true, 2)}
            {text('ship_zip', 'ZIP', true, 10)}
          </Group>
          <Checkbox label="Ships to a licensed dealer (FFL)" checked={value.ship_to_dealer} onChange={(e) => set('ship_to_dealer', e.currentTarget.checked)} />
          {value.ship_to_dealer ? text('ship_dealer_license', 'Dealer license', false, 40) : null}
          <Text size="xs" c="dimmed">
            Saving checks the address again and marks the order’s open routes stale.
          </Text>
        </>
      ) : null}
    </ActionDialog>
  );
}

function InternalStatusDialog({ row, onClose }: DialogProps) {
  const statuses = useInternalStatuses();
  const action = useOrderAction(row.order_id);
  const [value, setValue] = useState<string | null>(row.internal_status_id ? String(row.internal_status_id) : null);
  return (
    <ActionDialog
      title="Set internal status"
      row={row}
      onClose={onClose}
      confirmLabel="Set status"
      onConfirm={() => action.mutateAsync({ kind: 'internal-status', body: { internal_status_id: value ? Number(value) : null } })}
    >
      <Select
        label="Internal status"
        data={(statuses.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
        value={value}
        onChange={setValue}
        clearable
        placeholder="None"
        searchable
      />
    </ActionDialog>
  );
}

function CsStatusDialog({ row, onClose }: DialogProps) {
  const statuses = useStatuses('customer-service-status');
  const action = useOrderAction(row.order_id);
  const [value, setValue] = useState<string | null>(row.cs_status);
  const [note, setNote] = useState('');
  return (
    <ActionDialog
      title="Set customer-service status"
      row={row}
      onClose={onClose}
      confirmLabel="Set status"
      disabled={!value}
      onConfirm={() => action.mutateAsync({ kind: 'cs-status', body: { cs_status: value!, ...(note.trim() && { note: note.trim() }) } })}
    >
      <Select label="Customer-service status" data={(statuses.data ?? []).map((s) => ({ value: s.code, label: s.name }))} value={value} onChange={setValue} />
      <Text size="xs" c="dimmed">
        “No Action Needed” and “Resolved” close the customer-service case; any other status keeps the order here.
      </Text>
      <TextInput label="Note" value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={500} placeholder="e.g. Customer sent the FFL copy" />
    </ActionDialog>
  );
}

function NoteDialog({ row, onClose }: DialogProps) {
  const action = useOrderAction(row.order_id);
  const [body, setBody] = useState('');
  return (
    <ActionDialog title="Add note" row={row} onClose={onClose} confirmLabel="Add note" disabled={body.trim() === ''} onConfirm={() => action.mutateAsync({ kind: 'note', body: { body: body.trim() } })}>
      <Textarea label="Note" required autosize minRows={3} maxLength={4000} value={body} onChange={(e) => setBody(e.currentTarget.value)} placeholder="e.g. Called the vendor; ships Friday" />
      <Text size="xs" c="dimmed">
        Internal: the customer never sees notes.
      </Text>
    </ActionDialog>
  );
}
