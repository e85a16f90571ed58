/** Internal Statuses (Administration): the statuses staff put on orders for their own follow-up. */
import { useEffect } from 'react';
import { useDialogParams } from '../../ui/dialogParams';
import { ActionIcon, Button, Group, Menu, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { InternalStatusCreate, InternalStatusUpdate, isAllowed, type InternalStatus } from '@qm/contracts';
import { api, errorMessage, isApiError } from '../../lib/api';
import { invalidateResource } from '../../lib/queryClient';
import { qk } from '../../lib/queryKeys';
import { usePermissions } from '../../lib/session';
import { alertDialog, confirmDialog } from '../../ui/ConfirmDialog';
import { DateTimeDisplay } from '../../ui/displays';
import { TextField } from '../../ui/fields';
import { IconDots, IconPlus } from '../../ui/icons';
import { PageHeader } from '../../ui/PageHeader';
import { ResourceForm } from '../../ui/ResourceForm';
import { ResourceList, type Column } from '../../ui/ResourceList';

const RESOURCE = 'internal-status';

const statusesApi = {
  get: (id: number, signal?: AbortSignal) => api.data<InternalStatus>(`${RESOURCE}/${id}`, undefined, signal),
  create: (body: { name: string }) => api.post<{ data: InternalStatus }>(RESOURCE, body),
  update: (id: number, body: { name: string; version: number }) => api.put<{ data: InternalStatus }>(`${RESOURCE}/${id}`, body),
  remove: (id: number) => api.delete<unknown>(`${RESOURCE}/${id}`),
};

function EditStatusForm({ id, onClose }: { id: number | null; onClose: () => void }) {
  const client = useQueryClient();
  const item = useQuery({
    queryKey: qk.item(RESOURCE, id ?? 0),
    queryFn: ({ signal }) => statusesApi.get(id!, signal),
    enabled: id !== null,
    staleTime: 0,
  });
  const failed = id !== null && item.isError;
  useEffect(() => {
    if (!failed) return;
    alertDialog('Error', errorMessage(item.error));
    onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed]);
  const data = item.data;
  return (
    <ResourceForm
      opened={id !== null && Boolean(data)}
      onClose={onClose}
      title={data ? `Edit ${data.name}` : 'Edit internal status'}
      noun="internal status"
      schema={InternalStatusUpdate}
      defaultValues={{ name: data?.name ?? '', version: data?.version ?? 1 }}
      onSubmit={async (values) => {
        const res = await statusesApi.update(id!, values);
        client.setQueryData(qk.item(RESOURCE, id!), res.data);
        await invalidateResource(RESOURCE);
        notifications.show({ color: 'teal', message: `Internal status ${res.data.name} saved` });
      }}
      onReload={async () => {
        const fresh = await statusesApi.get(id!);
        client.setQueryData(qk.item(RESOURCE, id!), fresh);
        return { name: fresh.name, version: fresh.version };
      }}
    >
      <TextField name="name" label="Name" required autoFocus />
    </ResourceForm>
  );
}

export default function InternalStatusesScreen() {
  const permissions = usePermissions();
  const canWrite = isAllowed(['statuses.write'], permissions);
  const { editId, creating, openNew, openEdit, close } = useDialogParams();

  const remove = async (s: InternalStatus) => {
    const ok = await confirmDialog({
      title: `Delete ${s.name}?`,
      message: `The internal status “${s.name}” will be deleted. This cannot be undone.`,
      confirmLabel: 'Delete',
    });
    if (!ok) return;
    try {
      await statusesApi.remove(s.id);
      notifications.show({ color: 'teal', message: `Internal status ${s.name} deleted` });
      await invalidateResource(RESOURCE);
    } catch (e) {
      alertDialog(isApiError(e) && (e.status === 422 || e.status === 409) ? 'Not allowed' : 'Error', errorMessage(e));
    }
  };

  const columns: Column<InternalStatus>[] = [
    { key: 'id', header: 'ID', sortable: true, width: 64, align: 'right' },
    { key: 'name', header: 'Name', sortable: true, render: (s) => <Text size="sm" fw={500}>{s.name}</Text> },
    { key: 'created_at', header: 'Created', sortable: true, render: (s) => <DateTimeDisplay value={s.created_at} /> },
    { key: 'updated_at', header: 'Updated', render: (s) => <DateTimeDisplay value={s.updated_at} /> },
    { key: 'version', header: 'Version', defaultVisible: false, align: 'right' },
  ];

  return (
    <>
      <PageHeader
        title="Internal Statuses"
        description="Statuses staff give orders for internal follow-up."
        actions={
          canWrite ? (
            <Button leftSection={<IconPlus size={14} />} onClick={() => openNew()}>
              New internal status
            </Button>
          ) : null
        }
      />
      <ResourceList<InternalStatus>
        resource={RESOURCE}
        noun={{ one: 'internal status', many: 'internal statuses' }}
        columns={columns}
        searchPlaceholder="Search by name"
        defaultSort="name"
        writePermission="statuses.write"
        bulkDelete
        exportCsv
        onRowClick={canWrite ? (s) => openEdit(s.id) : undefined}
        rowActions={
          canWrite
            ? (s) => (
                <Group justify="flex-end">
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" size="sm" aria-label={`Actions for ${s.name}`}>
                        <IconDots />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={() => openEdit(s.id)}>Edit</Menu.Item>
                      <Menu.Item color="red" onClick={() => void remove(s)}>
                        Delete
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              )
            : undefined
        }
      />
      {canWrite ? (
        <>
          <ResourceForm
            opened={creating}
            onClose={() => close()}
            title="New internal status"
            noun="internal status"
            schema={InternalStatusCreate}
            defaultValues={{ name: '' }}
            onSubmit={async (values) => {
              const res = await statusesApi.create(values);
              await invalidateResource(RESOURCE);
              notifications.show({ color: 'teal', message: `Internal status ${res.data.name} created` });
            }}
          >
            <TextField name="name" label="Name" required autoFocus />
          </ResourceForm>
          <EditStatusForm id={editId} onClose={() => close()} />
        </>
      ) : null}
    </>
  );
}
