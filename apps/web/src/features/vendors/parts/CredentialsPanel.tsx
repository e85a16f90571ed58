/**
 * Vendor credentials as a list with their create and edit dialogs: the Vendor Credentials screen,
 * and (given `vendorId`) the vendor page's Credentials tab, filtered to that vendor. Secrets show as
 * "••••"; a new secret typed replaces the stored one, an empty field keeps it.
 */
import { ActionIcon, Badge, Button, Group, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { CREDENTIAL_KIND_LABELS, CREDENTIAL_KINDS, IsoDate, isAllowed, type VendorCredential, VENDOR_CREDENTIAL_LIST } from '@qm/contracts';
import { errorMessage, isApiError } from '../../../lib/api';
import { useFetchItem, useResourceItem, useResourceMutations } from '../../../lib/resource';
import { usePermissions } from '../../../lib/session';
import { updatedColumn } from '../../../ui/columns';
import { alertDialog, confirmDialog } from '../../../ui/ConfirmDialog';
import { useDialogParams } from '../../../ui/dialogParams';
import { CodeDisplay, DateTimeDisplay } from '../../../ui/displays';
import { CheckboxField, DateField, PasswordField, SelectField, TextAreaField, TextField } from '../../../ui/fields';
import { IconDots, IconPlus } from '../../../ui/icons';
import { PageHeader } from '../../../ui/PageHeader';
import { ResourceForm } from '../../../ui/ResourceForm';
import { ResourceList, type Column, type FilterDef } from '../../../ui/ResourceList';
import { credentials, useVendorOptions } from '../api';
import { RevealButton } from './RevealSecret';


/** The form: the credential's fields, a new secret (or keep / clear the stored one). */
const Form = z.object({
  vendor_id: z.number({ message: 'Required' }).int().positive(),
  kind: z.enum(CREDENTIAL_KINDS, { message: 'Required' }),
  label: z.string().max(200),
  username: z.string().max(200),
  endpoint_url: z.string().max(500),
  notes: z.string().max(4000),
  last_verified_at: IsoDate.nullable(),
  new_secret: z.string().max(4000, 'At most 4000 characters'),
  clear_secret: z.boolean(),
  version: z.number().optional(),
});
type FormValues = z.infer<typeof Form>;

function bodyOf(v: FormValues, has: boolean) {
  const secret = v.new_secret !== '' ? v.new_secret : v.clear_secret && has ? null : undefined;
  return {
    vendor_id: v.vendor_id,
    kind: v.kind,
    label: v.label,
    username: v.username,
    endpoint_url: v.endpoint_url,
    notes: v.notes,
    last_verified_at: v.last_verified_at ? new Date(`${v.last_verified_at}T12:00:00Z`).toISOString() : null,
    ...(secret !== undefined && { secret }),
    ...(v.version !== undefined && { version: v.version }),
  };
}

const formOf = (k: VendorCredential | null, vendorId?: number): FormValues => ({
  vendor_id: k?.vendor_id ?? vendorId ?? (undefined as unknown as number),
  kind: k?.kind ?? 'portal',
  label: k?.label ?? '',
  username: k?.username ?? '',
  endpoint_url: k?.endpoint_url ?? '',
  notes: k?.notes ?? '',
  last_verified_at: k?.last_verified_at?.slice(0, 10) ?? null,
  new_secret: '',
  clear_secret: false,
  ...(k && { version: k.version }),
});

export function CredentialsPanel({ vendorId }: { vendorId?: number }) {
  const permissions = usePermissions();
  const canWrite = isAllowed(['vendors.write'], permissions);
  const canReveal = isAllowed(['vendors.reveal'], permissions);
  const vendorsList = useVendorOptions();
  const { editId, creating, openNew, openEdit, close } = useDialogParams();
  const mutations = useResourceMutations(credentials);
  const fetchItem = useFetchItem(credentials);
  const item = useResourceItem(credentials, editId, { enabled: canWrite });
  const editing = item.data ?? null;
  const remove = async (k: VendorCredential) => {
    const name = `${k.vendor_name} ${k.label ?? CREDENTIAL_KIND_LABELS[k.kind]}`;
    if (!(await confirmDialog({ title: `Delete ${name}?`, message: `The credential “${name}” and its secret will be deleted. This cannot be undone.`, confirmLabel: 'Delete' }))) return;
    try {
      await mutations.remove.mutateAsync(k.id);
      notifications.show({ color: 'teal', message: `Credential ${name} deleted` });
    } catch (e) {
      alertDialog(isApiError(e) && e.status === 422 ? 'Not allowed' : 'Error', errorMessage(e));
    }
  };

  const columns: Column<VendorCredential>[] = [
    ...(vendorId === undefined ? [{ key: 'vendor_name', header: 'Vendor', render: (k: VendorCredential) => <Text size="sm" fw={500} className="qm-cell-text">{k.vendor_name}</Text> }] : []),
    {
      key: 'kind',
      header: 'Kind',
      width: 120,
      render: (k) => (
        <Badge size="sm" variant="light" radius="sm" color="gray">
          {CREDENTIAL_KIND_LABELS[k.kind]}
        </Badge>
      ),
    },
    { key: 'label', header: 'Label' },
    {
      key: 'username',
      header: 'Username',
      render: (k) => <CodeDisplay value={k.username} maxWidth="22ch" />,
    },
    {
      key: 'has_secret',
      header: 'Secret',
      width: 90,
      render: (k) =>
        k.has_secret ? (
          <Text span size="sm" ff="monospace" aria-label="Secret stored, hidden">
            ••••
          </Text>
        ) : (
          <Text span size="sm" c="dimmed">
            none
          </Text>
        ),
    },
    {
      key: 'endpoint_url',
      header: 'Endpoint',
      // one line each: the address without "https://", cut short with the whole of it on hover
      render: (k) =>
        k.endpoint_url ? (
          <Text size="xs" ff="monospace" truncate="end" maw="24ch" title={k.endpoint_url}>
            {k.endpoint_url.replace(/^https:\/\//, '')}
          </Text>
        ) : null,
    },
    { key: 'last_verified_at', header: 'Last verified', width: 130, render: (k) => <DateTimeDisplay value={k.last_verified_at} dateOnly /> },
    updatedColumn({ defaultVisible: false }),
  ];
  const filters: FilterDef[] = [
    ...(vendorId === undefined ? [{ kind: 'select' as const, key: 'vendor_id', label: 'Vendor', options: vendorsList.options, loading: vendorsList.isPending, width: 240 }] : []),
    { kind: 'select', key: 'kind', label: 'Kind', options: CREDENTIAL_KINDS.map((k) => ({ value: k, label: CREDENTIAL_KIND_LABELS[k] })) },
  ];

  return (
    <>
      {vendorId === undefined ? (
        <PageHeader description="Logins, API keys, SFTP and EDI accounts of our vendors. Secrets are stored encrypted and shown only by Reveal, which is recorded." create={canWrite && { label: 'New credential', onClick: openNew }} />
      ) : canWrite ? (
        <Group justify="flex-end" mb="xs">
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={openNew}>
            New credential
          </Button>
        </Group>
      ) : null}
      <ResourceList<VendorCredential>
        resource={credentials}
        fields={VENDOR_CREDENTIAL_LIST}
        noun={{ one: 'credential', many: 'credentials' }}
        label={vendorId === undefined ? 'Vendor credentials' : 'Credentials of this vendor'}
        columns={columns}
        filters={filters}
        defaultSort={vendorId === undefined ? 'vendor_name' : 'kind'}
        fixedFilters={vendorId === undefined ? undefined : { vendor_id: String(vendorId) }}
        searchPlaceholder={vendorId === undefined ? 'Search vendor, label or username' : false}
        preferenceKey={vendorId === undefined ? undefined : 'columns.vendor-credential.tab'}
        exportCsv={vendorId === undefined}
        onRowClick={canWrite ? (k) => openEdit(k.id) : undefined}
        rowActions={
          canReveal || canWrite
            ? (k) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {canReveal ? <RevealButton credential={k} /> : null}
                  {canWrite ? (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon variant="subtle" size="sm" aria-label={`Actions for ${k.vendor_name} ${k.label ?? k.kind}`}>
                          <IconDots />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item onClick={() => openEdit(k.id)}>Edit</Menu.Item>
                        <Menu.Item color="red" onClick={() => void remove(k)}>
                          Delete
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  ) : null}
                </Group>
              )
            : undefined
        }
      />
      {canWrite ? (
        <>
          <ResourceForm
            opened={creating}
            onClose={close}
            title="New credential"
            noun="credential"
            schema={Form}
            defaultValues={formOf(null, vendorId)}
            onSubmit={async (values) => {
              const created = await mutations.create.mutateAsync(bodyOf(values, false) as never);
              notifications.show({ color: 'teal', message: `Credential for ${created.vendor_name} created` });
            }}
          >
            <CredentialFields vendorOptions={vendorsList.options} fixedVendor={vendorId !== undefined} stored={false} />
          </ResourceForm>
          <ResourceForm
            opened={editId !== null && Boolean(editing)}
            onClose={close}
            title={editing ? `Edit ${editing.vendor_name} ${editing.label ?? CREDENTIAL_KIND_LABELS[editing.kind]}` : 'Edit credential'}
            noun="credential"
            schema={Form}
            defaultValues={formOf(editing)}
            onSubmit={async (values) => {
              const saved = await mutations.update.mutateAsync({ id: editId!, values: bodyOf(values, Boolean(editing?.has_secret)) as never });
              notifications.show({ color: 'teal', message: `Credential for ${saved.vendor_name} saved` });
            }}
            onReload={async () => formOf(await fetchItem(editId!))}
          >
            <CredentialFields vendorOptions={vendorsList.options} fixedVendor={vendorId !== undefined} stored={Boolean(editing?.has_secret)} />
          </ResourceForm>
        </>
      ) : null}
    </>
  );
}

function CredentialFields({ vendorOptions, fixedVendor, stored }: { vendorOptions: { value: string; label: string }[]; fixedVendor: boolean; stored: boolean }) {
  const clearing = useWatch({ name: 'clear_secret' }) as boolean;
  return (
    <>
      <SelectField name="vendor_id" label="Vendor" options={vendorOptions} numeric required disabled={fixedVendor} />
      <Group grow gap="sm" align="flex-start">
        <SelectField name="kind" label="Kind" options={CREDENTIAL_KINDS.map((k) => ({ value: k, label: CREDENTIAL_KIND_LABELS[k] }))} required />
        <TextField name="label" label="Label" placeholder="e.g. Dealer portal" />
      </Group>
      <Group grow gap="sm" align="flex-start">
        <TextField name="username" label="Username" />
        <PasswordField
          name="new_secret"
          label={stored ? 'New secret' : 'Secret'}
          description={stored ? 'Stored: ••••. Leave empty to keep it.' : 'Password, API key or passphrase; stored encrypted.'}
          autoComplete="new-password"
          disabled={clearing}
        />
      </Group>
      {stored ? <CheckboxField name="clear_secret" label="Remove the stored secret" /> : null}
      <TextField name="endpoint_url" label="Endpoint" placeholder="https://…, sftp://host:port, as2://…" />
      <DateField name="last_verified_at" label="Last verified" />
      <TextAreaField name="notes" label="Notes" rows={2} />
    </>
  );
}
