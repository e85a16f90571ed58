/** The vendor's own fields and its contacts, in the surrounding form (the vendor page, new or existing). */
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { ORDER_CHANNEL_CODES, ORDER_CHANNEL_LABELS, SHIPPING_MODEL_LABELS, SHIPPING_MODELS, type Vendor } from '@qm/contracts';
import { RowsTable } from '../../../ui/RowsTable';
import { IconButton } from '../../../ui/IconButton';
import { IntegerField, MoneyField, SelectField, SwitchField, TextAreaField, TextField } from '../../../ui/fields';
import { IconPlus, IconTrash } from '../../../ui/icons';
import { MoneyInput } from '../../../ui/inputs';
import { useFeeSchemaOptions } from '../api';

/** The form's values of a vendor (its update body without the version). */
export function vendorFormValues(v: Vendor) {
  return {
    name: v.name,
    code: v.code,
    is_active: v.is_active,
    can_drop_ship: v.can_drop_ship,
    min_order_cents: v.min_order_cents,
    shipping_model: v.shipping_model,
    shipping_cents: v.shipping_cents,
    free_shipping_above_cents: v.free_shipping_above_cents,
    shipping_tiers: v.shipping_tiers,
    handling_days: v.handling_days,
    order_channel: v.order_channel,
    fee_schema_id: v.fee_schema_id,
    website: v.website ?? '',
    notes: v.notes ?? '',
    contacts: v.contacts.map((c) => ({ id: c.id, name: c.name, email: c.email ?? '', phone: c.phone ?? '', role: c.role ?? '' })),
  };
}

export const NEW_VENDOR = {
  name: '',
  code: '',
  is_active: true,
  can_drop_ship: false,
  min_order_cents: null,
  shipping_model: 'flat' as const,
  shipping_cents: 0,
  free_shipping_above_cents: null,
  shipping_tiers: [],
  handling_days: 1,
  order_channel: 'email' as const,
  fee_schema_id: null,
  website: '',
  notes: '',
  contacts: [{ name: '', email: '', phone: '', role: '' }],
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-label={title}>
      <Text size="sm" fw={600} mb="xs">
        {title}
      </Text>
      {children}
    </Paper>
  );
}

export function VendorFields({ readOnly }: { readOnly: boolean }) {
  const schemas = useFeeSchemaOptions();
  const model = useWatch({ name: 'shipping_model' }) as string;
  return (
    <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
          <Section title="Vendor">
            <Stack gap="xs">
              <TextField name="name" label="Name" required />
              <TextField name="code" label="Code" required description="Short code on purchase orders, e.g. SSI" />
              <TextField name="website" label="Website" type="url" placeholder="https://…" />
              <Group gap="lg">
                <SwitchField name="is_active" label="Active" />
                <SwitchField name="can_drop_ship" label="Can drop-ship" />
              </Group>
            </Stack>
          </Section>
          <Section title="Ordering">
            <Stack gap="xs">
              <MoneyField name="min_order_cents" label="Minimum order" description="Empty: no minimum" />
              <IntegerField name="handling_days" label="Handling days" max={60} description="Days from order to shipment" />
              <SelectField name="order_channel" label="Takes drop-ship orders by" options={ORDER_CHANNEL_CODES.map((c) => ({ value: c, label: ORDER_CHANNEL_LABELS[c] }))} />
              <SelectField name="fee_schema_id" label="Fee schema" options={schemas.options} clearable numeric placeholder="No fees" />
            </Stack>
          </Section>
          <Section title="Shipping">
            <Stack gap="xs">
              <SelectField name="shipping_model" label="Shipping cost" options={SHIPPING_MODELS.map((m) => ({ value: m, label: SHIPPING_MODEL_LABELS[m] }))} />
              {model === 'tiers' ? <ShippingTiers /> : <MoneyField name="shipping_cents" label={model === 'per_unit' ? 'Cost per package' : 'Cost per order'} />}
              <MoneyField name="free_shipping_above_cents" label="Free shipping from" description="Order amount; empty: never free" />
            </Stack>
          </Section>
        </SimpleGrid>
        <Contacts readOnly={readOnly} />
        <Paper withBorder radius="sm" p="sm">
          <TextAreaField name="notes" label="Notes" rows={2} />
        </Paper>
      </Stack>
    </fieldset>
  );
}

/** Tiers by order amount: from this amount, this shipping cost. */
function ShippingTiers() {
  const { control, formState } = useFormContext();
  const { fields, append, remove, update } = useFieldArray({ control, name: 'shipping_tiers' });
  const tiers = useWatch({ name: 'shipping_tiers' }) as { from_cents: number; cost_cents: number }[] | undefined;
  const error = (formState.errors.shipping_tiers as { message?: string } | undefined)?.message;
  return (
    <div>
      <Text size="sm" fw={500}>
        Tiers
      </Text>
      <RowsTable
        label="Shipping tiers"
        columns={[{ header: 'From order amount' }, { header: 'Shipping' }, { header: 'Remove', w: 32, hidden: true }]}
        error={error}
        addLabel="Add tier"
        onAdd={() => append({ from_cents: fields.length ? 50_000 * fields.length : 0, cost_cents: 0 })}
      >
        {fields.map((f, i) => (
          <Table.Tr key={f.id}>
            <Table.Td>
              <MoneyInput size="xs" aria-label={`Tier ${i + 1} from`} value={tiers?.[i]?.from_cents ?? 0} onChange={(v) => update(i, { ...tiers![i]!, from_cents: v ?? 0 })} />
            </Table.Td>
            <Table.Td>
              <MoneyInput size="xs" aria-label={`Tier ${i + 1} shipping`} value={tiers?.[i]?.cost_cents ?? 0} onChange={(v) => update(i, { ...tiers![i]!, cost_cents: v ?? 0 })} />
            </Table.Td>
            <Table.Td>
              <IconButton label={`Remove tier ${i + 1}`} color="red" onClick={() => remove(i)}>
                <IconTrash size={14} />
              </IconButton>
            </Table.Td>
          </Table.Tr>
        ))}
      </RowsTable>
    </div>
  );
}

/** The vendor's contacts, edited on the page: name, email, phone, role. */
function Contacts({ readOnly }: { readOnly: boolean }) {
  const { control, register, formState } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: 'contacts', keyName: 'key' });
  const errors = (formState.errors.contacts ?? []) as Record<string, { message?: string } | undefined>[];
  const cell = (i: number, name: 'name' | 'email' | 'phone' | 'role', label: string, type = 'text') => (
    <TextInput size="xs" type={type} aria-label={`Contact ${i + 1} ${label}`} placeholder={label} {...register(`contacts.${i}.${name}`)} error={errors[i]?.[name]?.message} />
  );
  return (
    <Section title={`Contacts (${fields.length})`}>
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          No contact yet.
        </Text>
      ) : (
        <Table verticalSpacing={4} horizontalSpacing="xs" fz="sm" aria-label="Contacts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Phone</Table.Th>
              <Table.Th w={40}>
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((f, i) => (
              <Table.Tr key={f.key}>
                <Table.Td>{cell(i, 'name', 'Name')}</Table.Td>
                <Table.Td>{cell(i, 'role', 'Role')}</Table.Td>
                <Table.Td>{cell(i, 'email', 'Email', 'email')}</Table.Td>
                <Table.Td>{cell(i, 'phone', 'Phone', 'tel')}</Table.Td>
                <Table.Td>
                  {readOnly ? null : (
                    <IconButton label={`Remove contact ${i + 1}`} color="red" onClick={() => remove(i)}>
                      <IconTrash size={14} />
                    </IconButton>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {readOnly ? null : (
        <Button size="compact-sm" variant="subtle" mt={6} leftSection={<IconPlus size={12} />} onClick={() => append({ name: '', email: '', phone: '', role: '' })}>
          Add contact
        </Button>
      )}
    </Section>
  );
}
