/**
 * A fee schema (`/vendor-fee-schema/{id}`, and `/vendor-fee-schema/new`): its name and fees in one form
 * saved with the schema's version, and the preview of a basket's fees under it. Deleting is refused
 * while vendors use it.
 */
import { useNavigate, useParams } from 'react-router';
import { Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isAllowed, VendorFeeSchemaCreate, VendorFeeSchemaUpdate, type VendorFeeSchema } from '@qm/contracts';
import { errorMessage, isApiError } from '../../lib/api';
import { formatDateTime, plural } from '../../lib/format';
import { usePermissions } from '../../lib/session';
import { alertDialog, confirmDialog } from '../../ui/ConfirmDialog';
import { EditorActionsMenu, EditorCreatePage, EditorForm, EditorLoading, EditorRoute, EditorShell, useEditorItem, useTabParam } from '../../ui/Editor';
import { feeSchemas, useFeeSchemaMutations } from './api';
import { FeePreviewPanel } from './parts/FeePreviewPanel';
import { FeeSchemaFields, feeSchemaFormValues } from './parts/FeeFields';

const TABS = ['fees', 'preview'] as const;

export default function FeeSchemaEditorScreen() {
  const { id } = useParams();
  if (id === 'new') return <NewFeeSchema />;
  return <EditorRoute noun="fee schema">{(n) => <FeeSchemaEditor key={n} id={n} />}</EditorRoute>;
}

function FeeSchemaEditor({ id }: { id: number }) {
  const canWrite = isAllowed(['vendors.write'], usePermissions());
  const navigate = useNavigate();
  const [tab, setTab] = useTabParam(TABS);
  const editor = useEditorItem(feeSchemas, id);
  const { update, remove } = useFeeSchemaMutations();
  const s = editor.query.data;
  if (!s) return <EditorLoading query={editor.query} noun="fee schema" />;

  const del = async () => {
    if (!(await confirmDialog({ title: `Delete ${s.name}?`, message: `The fee schema “${s.name}” and its fees will be deleted. This cannot be undone.`, confirmLabel: 'Delete' }))) return;
    try {
      await remove.mutateAsync(id);
      notifications.show({ color: 'teal', message: `Fee schema ${s.name} deleted` });
      navigate('/vendor-fee-schema');
    } catch (e) {
      alertDialog(isApiError(e) && e.status === 422 ? 'Not allowed' : 'Error', errorMessage(e));
    }
  };

  return (
    <EditorForm
      editor={editor}
      item={s}
      schema={VendorFeeSchemaUpdate}
      toForm={(x: VendorFeeSchema) => ({ ...feeSchemaFormValues(x), version: x.version })}
      noun="fee schema"
      unsavedText="Unsaved changes to the schema or its fees."
      save={(values) => update.mutateAsync({ id, values })}
      savedMessage={(saved) => `${saved.name} saved`}
      readOnly={!canWrite}
    >
      {(saveBar) => (
        <EditorShell
          tab={tab}
          onTab={setTab}
          back={{ to: '/vendor-fee-schema', label: 'Vendor Fee Schemas' }}
          title={s.name}
          facts={
            <Text size="xs" c="dimmed">
              #{s.id} · {plural(s.fees.length, 'fee')} · used by {plural(s.vendor_count, 'vendor')} · updated {formatDateTime(s.updated_at)}
            </Text>
          }
          actions={<EditorActionsMenu actions={canWrite ? [{ label: 'Delete', danger: true, onClick: () => void del() }] : []} />}
          saveBar={saveBar}
          tabs={[
            ['fees', `Fees (${s.fees.length})`],
            ['preview', 'Preview'],
          ]}
        >
          <Tabs.Panel value="fees">
            <FeeSchemaFields readOnly={!canWrite} />
          </Tabs.Panel>
          <Tabs.Panel value="preview">
            <FeePreviewPanel schemaId={id} />
          </Tabs.Panel>
        </EditorShell>
      )}
    </EditorForm>
  );
}

/** `/vendor-fee-schema/new`: the schema and its fees; once saved, its page (with the preview). */
function NewFeeSchema() {
  const canWrite = isAllowed(['vendors.write'], usePermissions());
  const { create } = useFeeSchemaMutations();
  return (
    <EditorCreatePage
      title="New fee schema"
      noun="fee schema"
      description="The preview opens once the schema is saved."
      schema={VendorFeeSchemaCreate}
      defaults={{ name: '', description: '', fees: [{ name: 'Drop-ship handling', application: 'fixed', amount_cents: 0, unit_basis: null, brand_id: null, category_id: null, waived_above_cents: null, effective_from: null, effective_to: null }] }}
      listPath="/vendor-fee-schema"
      canWrite={canWrite}
      create={(values) => create.mutateAsync(values)}
    >
      <FeeSchemaFields readOnly={!canWrite} />
    </EditorCreatePage>
  );
}
