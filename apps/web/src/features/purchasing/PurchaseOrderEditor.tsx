/**
 * A purchase order (`/purchase-order/:id`): its head (vendor, entity, receiving location, expected
 * date, shipping, notes), its lines (editable while a draft), totals, invoice, and the actions its
 * status allows (the server's state machine answers which: `allowed_actions`).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useFormContext } from 'react-hook-form';
import { PO_ACTION_LABELS, PurchaseOrderUpdate, isAllowed, type PoAction, type PurchaseOrderDetail } from '@qm/contracts';
import { ApiError, errorMessage } from '../../lib/api';
import { formatDateTime, formatInteger } from '../../lib/format';
import { usePermissions } from '../../lib/session';
import { alertDialog, confirmDialog } from '../../ui/ConfirmDialog';
import { DateTimeDisplay, MoneyDisplay } from '../../ui/displays';
import { EditorForm, EditorLoading, EditorRoute, EditorShell, useEditorItem, useTabParam, type EditorItem } from '../../ui/Editor';
import { MoneyField, SelectField, TextAreaField } from '../../ui/fields';
import { purchaseOrders, usePurchaseOrderAction, usePurchaseOrderOptions, useUpdatePurchaseOrder } from './api';
import { DateField } from '../../ui/fields';
import { InvoiceDialog } from './parts/InvoiceDialog';
import { DraftLines, OrderedLines } from './parts/LinesTable';
import { ENTITY_OPTIONS } from './parts/NewPurchaseOrderDialog';
import { InvoiceStatusBadge, PoStatusBadge } from './parts/poDisplay';
import { ReceiveDialog } from './parts/ReceiveDialog';

const TABS = ['lines', 'details'] as const;
const FINAL = ['closed', 'cancelled'];

const toForm = (po: PurchaseOrderDetail) => ({
  vendor_id: po.vendor_id,
  entity: po.entity,
  location_id: po.location_id,
  expected_date: po.expected_date,
  shipping_cents: po.shipping_cents,
  notes: po.notes ?? '',
  version: po.version,
  ...(po.status === 'draft' && { lines: po.lines.map((l) => ({ variant_id: l.variant_id, quantity: l.quantity, unit_cost_cents: l.unit_cost_cents })) }),
});

export default function PurchaseOrderScreen() {
  return <EditorRoute noun="purchase order">{(n) => <PurchaseOrderPage key={n} id={n} />}</EditorRoute>;
}

function PurchaseOrderPage({ id }: { id: number }) {
  const canWrite = isAllowed(['purchasing.write'], usePermissions());
  const [tab, setTab] = useTabParam(TABS);
  const editor = useEditorItem(purchaseOrders, id);
  const update = useUpdatePurchaseOrder(id);
  const po = editor.query.data;
  if (!po) return <EditorLoading query={editor.query} noun="purchase order" />;
  const final = FINAL.includes(po.status);
  return (
    <EditorForm
      editor={editor}
      item={po}
      schema={PurchaseOrderUpdate}
      toForm={toForm}
      noun="purchase order"
      unsavedText={po.status === 'draft' ? 'Unsaved changes to the lines or details.' : 'Unsaved changes to the details.'}
      save={(values) => update.mutateAsync(values)}
      savedMessage={(saved) => `${saved.number} saved`}
      readOnly={!canWrite || final}
    >
      {(saveBar) => (
        <EditorShell
          tab={tab}
          onTab={setTab}
          back={{ to: '/purchase-order', label: 'Purchase Orders' }}
          title={po.number}
          facts={<Facts po={po} />}
          actions={canWrite ? <Actions po={po} editor={editor} /> : undefined}
          saveBar={saveBar}
          tabs={[
            ['lines', `Lines (${formatInteger(po.line_count)})`],
            ['details', 'Details'],
          ]}
        >
          <Tabs.Panel value="lines">
            <Stack gap="sm">
              <Totals po={po} />
              {po.status === 'draft' ? <DraftLines po={po} readOnly={!canWrite} /> : <OrderedLines po={po} />}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="details">
            <Details po={po} readOnly={!canWrite || final} />
          </Tabs.Panel>
        </EditorShell>
      )}
    </EditorForm>
  );
}

function Facts({ po }: { po: PurchaseOrderDetail }) {
  return (
    <Group gap="xs" mt={4} wrap="wrap">
      <PoStatusBadge status={po.status} />
      <InvoiceStatusBadge status={po.invoice_status} />
      <Text size="sm">
        <Anchor component={Link} to={`/vendor/${po.vendor_id}`} size="sm" underline="always">
          {po.vendor_name}
        </Anchor>
        {` · entity ${po.entity} · delivered to ${po.location_name}`}
      </Text>
      <Text size="xs" c="dimmed">
        Created {formatDateTime(po.created_at)}
        {po.created_by_name ? ` by ${po.created_by_name}` : ''}
      </Text>
    </Group>
  );
}

function Totals({ po }: { po: PurchaseOrderDetail }) {
  const cell = (label: string, cents: number, name: string) => (
    <div data-total={name}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>
        <MoneyDisplay cents={cents} />
      </Text>
    </div>
  );
  return (
    <Paper withBorder radius="sm" p="xs">
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
        {cell('Ordered', po.ordered_cents, 'ordered')}
        {cell('Received', po.received_cents, 'received')}
        {cell('Open', po.open_cents, 'open')}
        {cell('Shipping', po.shipping_cents, 'shipping')}
        <div>
          <Text size="xs" c="dimmed">
            Expected
          </Text>
          <Text fw={600}>
            <DateTimeDisplay value={po.expected_date} dateOnly />
          </Text>
        </div>
      </SimpleGrid>
    </Paper>
  );
}

const CONFIRM: Partial<Record<PoAction, (po: PurchaseOrderDetail) => { title: string; message: string }>> = {
  cancel: (po) =>
    po.status === 'partially_received'
      ? { title: `Cancel what is not received on ${po.number}?`, message: 'The open quantities are cancelled; what was received stays. The order becomes Received.' }
      : { title: `Cancel ${po.number}?`, message: 'Every line is cancelled. This cannot be undone.' },
  close: (po) => ({ title: `Close ${po.number}?`, message: 'A closed purchase order cannot be changed any more.' }),
};

/** The buttons of the actions the order's status allows; changes must be saved first. */
function Actions({ po, editor }: { po: PurchaseOrderDetail; editor: EditorItem<PurchaseOrderDetail> }) {
  const act = usePurchaseOrderAction(po.id);
  const { formState } = useFormContext();
  const [receiving, setReceiving] = useState(false);
  const [invoicing, setInvoicing] = useState(false);
  const dirty = formState.isDirty;
  const run = async (a: Exclude<PoAction, 'receive'>) => {
    const ask = CONFIRM[a]?.(po);
    if (ask && !(await confirmDialog({ ...ask, confirmLabel: PO_ACTION_LABELS[a], danger: a === 'cancel' }))) return;
    try {
      const done = await act.mutateAsync({ action: a, body: { version: po.version } });
      notifications.show({ color: 'teal', message: `${done.number}: ${PO_ACTION_LABELS[a].toLowerCase()} done` });
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) void editor.reload();
      alertDialog(`${PO_ACTION_LABELS[a]} refused`, errorMessage(e));
    }
  };
  const invoiceAllowed = po.status !== 'draft' && po.status !== 'cancelled';
  const buttons = po.allowed_actions.map((a) =>
    a === 'receive' ? (
      <Button key={a} size="xs" onClick={() => setReceiving(true)} disabled={dirty}>
        Receive…
      </Button>
    ) : (
      <Button key={a} size="xs" variant={a === 'cancel' ? 'light' : a === 'close' ? 'default' : 'filled'} color={a === 'cancel' ? 'red' : undefined} loading={act.isPending && act.variables?.action === a} disabled={dirty} onClick={() => void run(a)}>
        {a === 'cancel' && po.status === 'partially_received' ? 'Cancel the rest' : PO_ACTION_LABELS[a]}
      </Button>
    ),
  );
  return (
    <Group gap="xs" wrap="nowrap">
      {dirty ? (
        <Tooltip label="Save or discard your changes first">
          <Text size="xs" c="dimmed">
            Unsaved changes
          </Text>
        </Tooltip>
      ) : null}
      {buttons}
      {invoiceAllowed ? (
        <Button size="xs" variant="default" onClick={() => setInvoicing(true)} disabled={dirty}>
          {po.invoice_number ? 'Invoice…' : 'Record invoice…'}
        </Button>
      ) : null}
      {receiving ? <ReceiveDialog po={po} opened onClose={() => setReceiving(false)} /> : null}
      {invoicing ? <InvoiceDialog po={po} opened onClose={() => setInvoicing(false)} /> : null}
    </Group>
  );
}

function Details({ po, readOnly }: { po: PurchaseOrderDetail; readOnly: boolean }) {
  const options = usePurchaseOrderOptions();
  const draft = po.status === 'draft';
  const vendors = (options.data?.vendors ?? []).map((v) => ({ value: String(v.id), label: `${v.name} (${v.code})` }));
  const locations = (options.data?.locations ?? []).map((l) => ({ value: String(l.id), label: `${l.code} · ${l.name}` }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder radius="sm" p="sm">
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="sm">
            <SelectField name="vendor_id" label="Vendor" options={vendors} numeric required disabled={readOnly || !draft} description={draft ? undefined : 'Only while a draft'} />
            <Group grow align="flex-start">
              <SelectField name="entity" label="Purchasing entity" options={ENTITY_OPTIONS} required disabled={readOnly || !draft} />
              <SelectField name="location_id" label="Receive at" options={locations} numeric required disabled={readOnly || po.received_cents > 0} />
            </Group>
            <Group align="flex-start">
              <DateField name="expected_date" label="Expected" w={180} />
              <MoneyField name="shipping_cents" label="Shipping" disabled={readOnly} />
            </Group>
            <TextAreaField name="notes" label="Notes" rows={3} disabled={readOnly} />
          </Stack>
        </fieldset>
      </Paper>
      <Paper withBorder radius="sm" p="sm">
        <Stack gap={6}>
          <Text fw={600} size="sm">
            Invoice
          </Text>
          <Group gap="xs">
            <InvoiceStatusBadge status={po.invoice_status} />
          </Group>
          <Text size="sm">Number: {po.invoice_number ?? '—'}</Text>
          <Text size="sm">
            Date: <DateTimeDisplay value={po.invoice_date} dateOnly />
          </Text>
          <Text size="sm">
            Amount: {po.invoice_amount_cents === null ? '—' : <MoneyDisplay cents={po.invoice_amount_cents} />}
          </Text>
          <Text fw={600} size="sm" mt="sm">
            History
          </Text>
          <Text size="sm">Submitted: {po.submitted_at ? formatDateTime(po.submitted_at) : '—'}</Text>
          <Text size="sm">Closed: {po.closed_at ? formatDateTime(po.closed_at) : '—'}</Text>
          <Anchor component={Link} to={`/report/log?filter[entity]=purchase_order&filter[entity_id]=${po.id}`} size="sm">
            Changes in the log
          </Anchor>
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
