/** Recording the vendor's invoice: number, date, amount and where payment stands (the invoice status). */
import { Group, Stack } from '@mantine/core';
import { PurchaseOrderInvoice, type PurchaseOrderDetail } from '@qm/contracts';
import { DateField, MoneyField, SelectField, TextField } from '../../../ui/fields';
import { ResourceForm } from '../../../ui/ResourceForm';
import { useInvoicePurchaseOrder } from '../api';
import { toIsoDate } from '../../../lib/format';
import { useStatusOptions } from '../../../lib/lookups';

export function InvoiceDialog({ po, opened, onClose }: { po: PurchaseOrderDetail; opened: boolean; onClose: () => void }) {
  const invoice = useInvoicePurchaseOrder(po.id);
  const statuses = useStatusOptions('invoice-status');
  return (
    <ResourceForm
      opened={opened}
      onClose={onClose}
      title={`Invoice of ${po.number}`}
      noun="invoice"
      schema={PurchaseOrderInvoice}
      defaultValues={{
        version: po.version,
        invoice_number: po.invoice_number ?? '',
        // the person's day (the date on the vendor's paper), not UTC's
        invoice_date: po.invoice_date ?? toIsoDate(new Date()),
        invoice_amount_cents: po.invoice_amount_cents ?? po.ordered_cents + po.shipping_cents,
        invoice_status: po.invoice_status === 'not_invoiced' ? 'invoiced' : po.invoice_status,
      }}
      onSubmit={(v) => invoice.mutateAsync(v)}
      submitLabel="Record invoice"
    >
      <Stack gap="sm">
        <TextField name="invoice_number" label="Invoice number" required autoFocus />
        <Group align="flex-start">
          <DateField name="invoice_date" label="Invoice date" w={180} />
          <MoneyField name="invoice_amount_cents" label="Amount" required />
        </Group>
        <SelectField name="invoice_status" label="Invoice status" options={statuses.options.filter((o) => o.value !== 'not_invoiced')} required />
      </Stack>
    </ResourceForm>
  );
}
