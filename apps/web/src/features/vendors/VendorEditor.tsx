/**
 * A vendor's page (`/vendor/{id}`, and `/vendor/new`): its details and contacts in one form saved with
 * the vendor's version, its catalogue, its purchase orders, its credentials (masked; Reveal for those
 * allowed) and its activity. Delete is refused while purchase orders or catalogue products refer to
 * it; deactivating is offered instead.
 */
import { useNavigate, useParams } from 'react-router';
import { Badge, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isAllowed, VendorCreate, VendorUpdate, type Vendor } from '@qm/contracts';
import { errorMessage, isApiError } from '../../lib/api';
import { formatDateTime, formatInteger } from '../../lib/format';
import { usePermissions } from '../../lib/session';
import { alertDialog, confirmDialog } from '../../ui/ConfirmDialog';
import { EditorActionsMenu, EditorCreatePage, EditorForm, EditorLoading, EditorRoute, EditorShell, useEditorItem, useTabParam } from '../../ui/Editor';
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
      readOnly={!canWrite}
    >
      {(saveBar) => (
        <EditorShell
          tab={tab}
          onTab={setTab}
          back={{ to: '/vendor', label: 'Vendors' }}
          title={v.name}
          badges={
            <>
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
            </>
          }
          facts={
            <Text size="xs" c="dimmed">
              #{v.id} · {v.code} · {shippingSummary(v)} · {v.handling_days} handling {v.handling_days === 1 ? 'day' : 'days'} · {v.fee_schema_name ?? 'no fee schema'} · updated {formatDateTime(v.updated_at)}
            </Text>
          }
          actions={
            <EditorActionsMenu
              actions={canWrite ? [{ label: v.is_active ? 'Deactivate' : 'Activate', onClick: () => void setActive(!v.is_active) }, { label: 'Delete', danger: true, onClick: () => void del() }] : []}
            />
          }
          saveBar={saveBar}
          tabs={[
            ['details', `Details`],
            ['catalogue', 'Catalogue'],
            ['purchase-orders', 'Purchase orders'],
            ['credentials', `Credentials (${formatInteger(v.credential_count)})`],
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
  const canWrite = isAllowed(['vendors.write'], usePermissions());
  const { create } = useVendorMutations();
  return (
    <EditorCreatePage
      title="New vendor"
      noun="vendor"
      description="Catalogue, purchase orders, credentials and activity open once the vendor is saved."
      schema={VendorCreate}
      defaults={NEW_VENDOR}
      listPath="/vendor"
      canWrite={canWrite}
      create={(values) => create.mutateAsync(values)}
    >
      <VendorFields readOnly={!canWrite} />
    </EditorCreatePage>
  );
}
