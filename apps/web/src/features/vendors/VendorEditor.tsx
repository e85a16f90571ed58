/**
 * A vendor's page (`/vendor/{id}`, and `/vendor/new`): its details and contacts in one form saved with
 * the vendor's version, its catalogue, its purchase orders, its credentials (masked; Reveal for those
 * allowed) and its activity. Delete is refused while purchase orders or catalogue products refer to
 * it; deactivating is offered instead.
 */
import { useNavigate, useParams } from 'react-router';
import { Badge, Button, Group, Menu, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { isAllowed, VendorCreate, VendorUpdate, type Vendor } from '@qm/contracts';
import { ApiError, errorMessage, isApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { usePermissions } from '../../lib/session';
import { alertDialog, confirmDialog } from '../../ui/ConfirmDialog';
import { EditorForm, EditorLoading, EditorRoute, EditorShell, useEditorItem, useTabParam } from '../../ui/Editor';
import { IconDots } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { VendorPurchaseOrdersTab } from '../purchasing/parts/VendorPurchaseOrdersTab';
import { useVendorMutations, vendors } from './api';
import { CredentialsPanel } from './parts/CredentialsPanel';
import { VendorActivity } from './parts/VendorActivity';
import { VendorCatalogTab } from './parts/VendorCatalogTab';
import { NEW_VENDOR, VendorFields, vendorFormValues } from './parts/VendorFields';
import { shippingSummary } from './VendorList';

const TABS = ['details', 'catalogue', 'purchase-orders', 'credentials', 'activity'] as const;

export default function VendorEditorScreen() {
  const { id } = useParams();
  if (id === 'new') return <NewVendor />;
  return <EditorRoute noun="vendor">{(n) => <VendorEditor key={n} id={n} />}</EditorRoute>;
}

function VendorEditor({ id }: { id: number }) {
  const permissions = usePermissions();
  const canWrite = isAllowed(['vendors.write'], permissions);
  const navigate = useNavigate();
  const [tab, setTab] = useTabParam(TABS);
  const editor = useEditorItem(vendors, id);
  const { update, remove } = useVendorMutations();
  const v = editor.query.data;
  if (!v) return <EditorLoading query={editor.query} noun="vendor" />;

  const setActive = async (active: boolean) => {
    try {
      await update.mutateAsync({ id, values: { ...vendorFormValues(v), is_active: active, version: v.version } as never });
      notifications.show({ color: 'teal', message: `${v.name} ${active ? 'activated' : 'deactivated'}` });
    } catch (e) {
      alertDialog('Error', errorMessage(e));
    }
  };
  const del = async () => {
    const ok = await confirmDialog({ title: `Delete ${v.name}?`, message: `The vendor “${v.name}”, its contacts and credentials will be deleted. This cannot be undone.`, confirmLabel: 'Delete' });
    if (!ok) return;
    try {
      await remove.mutateAsync(id);
      notifications.show({ color: 'teal', message: `Vendor ${v.name} deleted` });
      navigate('/vendor');
    } catch (e) {
      if (isApiError(e) && e.status === 422 && v.is_active) {
        const deactivate = await confirmDialog({ title: 'Not allowed', message: `${errorMessage(e)}`, confirmLabel: 'Deactivate', cancelLabel: 'Keep it' });
        if (deactivate) await setActive(false);
      } else alertDialog(isApiError(e) && e.status === 422 ? 'Not allowed' : 'Error', errorMessage(e));
    }
  };

  return (
    <EditorForm
      editor={editor}
      item={v}
      schema={VendorUpdate}
      toForm={(x: Vendor) => ({ ...vendorFormValues(x), version: x.version })}
      noun="vendor"
      unsavedText="Unsaved changes to the vendor's details or contacts."
      save={(values) => update.mutateAsync({ id, values })}
      savedMessage={(saved) => `${saved.name} saved`}
      fieldErrorsOn422
      readOnly={!canWrite}
    >
      {(saveBar) => (
        <EditorShell
          tab={tab}
          onTab={setTab}
          back={{ to: '/vendor', label: 'Vendors' }}
          title={
            <Group gap="xs" component="span">
              {v.name}
              {!v.is_active ? (
                <Badge variant="light" color="gray" radius="sm">
                  Inactive
                </Badge>
              ) : null}
              {v.can_drop_ship ? (
                <Badge variant="light" color="teal" radius="sm">
                  Drop-ship
                </Badge>
              ) : null}
            </Group>
          }
          facts={
            <Text size="xs" c="dimmed">
              #{v.id} · {v.code} · {shippingSummary(v)} · {v.handling_days} handling {v.handling_days === 1 ? 'day' : 'days'} · {v.fee_schema_name ?? 'no fee schema'} · updated {formatDateTime(v.updated_at)}
            </Text>
          }
          actions={
            canWrite ? (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button variant="default" size="xs" rightSection={<IconDots size={14} />}>
                    Actions
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => void setActive(!v.is_active)}>{v.is_active ? 'Deactivate' : 'Activate'}</Menu.Item>
                  <Menu.Item color="red" onClick={() => void del()}>
                    Delete
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            ) : null
          }
          saveBar={saveBar}
          tabs={[
            ['details', `Details`],
            ['catalogue', 'Catalogue'],
            ['purchase-orders', 'Purchase orders'],
            ['credentials', `Credentials (${v.credential_count})`],
            ['activity', 'Activity'],
          ]}
        >
          <Tabs.Panel value="details">
            <VendorFields readOnly={!canWrite} />
          </Tabs.Panel>
          <Tabs.Panel value="catalogue">
            <VendorCatalogTab vendorId={id} />
          </Tabs.Panel>
          <Tabs.Panel value="purchase-orders">
            <VendorPurchaseOrdersTab vendorId={id} />
          </Tabs.Panel>
          <Tabs.Panel value="credentials">
            <CredentialsPanel vendorId={id} />
          </Tabs.Panel>
          <Tabs.Panel value="activity">
            <VendorActivity vendorId={id} />
          </Tabs.Panel>
        </EditorShell>
      )}
    </EditorForm>
  );
}

/** `/vendor/new`: the details form; once saved, the vendor's page. */
function NewVendor() {
  const navigate = useNavigate();
  const canWrite = isAllowed(['vendors.write'], usePermissions());
  const { create } = useVendorMutations();
  const form = useForm<z.input<typeof VendorCreate>, unknown, z.output<typeof VendorCreate>>({ resolver: zodResolver(VendorCreate), defaultValues: NEW_VENDOR, mode: 'onTouched' });
  const save = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(values);
      notifications.show({ color: 'teal', message: `Vendor ${created.name} created` });
      navigate(`/vendor/${created.id}`, { replace: true });
    } catch (e) {
      if (e instanceof ApiError && (e.status === 400 || e.status === 409 || e.status === 422) && Object.keys(e.fields).length) {
        for (const [f, m] of Object.entries(e.fields)) form.setError(f as Path<z.input<typeof VendorCreate>>, { type: 'server', message: m }, { shouldFocus: true });
      } else alertDialog('Error', errorMessage(e));
    }
  });
  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void save(e)} noValidate>
        <PageHeader
          title="New vendor"
          description="Catalogue, purchase orders, credentials and activity open once the vendor is saved."
          actions={
            <>
              <Button variant="default" onClick={() => navigate('/vendor')}>
                Cancel
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting} disabled={!canWrite}>
                Create vendor
              </Button>
            </>
          }
        />
        <VendorFields readOnly={!canWrite} />
      </form>
    </FormProvider>
  );
}
