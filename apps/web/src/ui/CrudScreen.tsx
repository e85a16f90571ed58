/**
 * A whole list screen of a simple resource: page header with "New …", a ResourceList, and
 * ResourceForm dialogs to create and edit (open dialogs live in the URL: `?dialog=new`, `?edit=<id>`),
 * row actions (edit, delete with confirmation). A screen gives columns, filters, schemas and fields.
 */
import { useEffect, type ReactNode } from 'react';
import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { isAllowed, type Permission } from '@qm/contracts';
import { api, errorMessage, isApiError } from '../lib/api';
import { invalidateResource } from '../lib/queryClient';
import { qk } from '../lib/queryKeys';
import { usePermissions } from '../lib/session';
import { alertDialog, confirmDialog } from './ConfirmDialog';
import { useDialogParams } from './dialogParams';
import { IconDots, IconPlus } from './icons';
import { PageHeader } from './PageHeader';
import { ResourceForm } from './ResourceForm';
import { ResourceList, type ResourceListProps } from './ResourceList';

type Schema = z.ZodType<FieldValues, FieldValues>;
type Form = UseFormReturn<FieldValues, unknown, FieldValues>;

export interface CrudScreenProps<T extends { id: number }, C extends Schema, U extends Schema> {
  title: string;
  description?: ReactNode;
  /** API resource, e.g. `brand`. */
  resource: string;
  noun: { one: string; many: string };
  nameOf: (row: T) => string;
  writePermission: Permission;
  list: Omit<ResourceListProps<T>, 'resource' | 'noun' | 'onRowClick' | 'rowActions' | 'writePermission' | 'actions'>;
  create: { schema: C; defaults: DefaultValues<z.input<C>> };
  update: { schema: U; values: (row: T) => DefaultValues<z.input<U>> };
  /** The form's fields; `row` is the item being edited (null when creating). */
  fields: (form: Form, row: T | null) => ReactNode;
  /** Offer Delete in the row menu. Default true. */
  deletable?: boolean;
  /** Extra items of the row menu. */
  rowMenu?: (row: T) => ReactNode;
  formSize?: string | number;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function CrudScreen<T extends { id: number }, C extends Schema, U extends Schema>(props: CrudScreenProps<T, C, U>) {
  const { title, description, resource, noun, nameOf, writePermission, list, create, update, fields, deletable = true, rowMenu, formSize } = props;
  const permissions = usePermissions();
  const canWrite = isAllowed([writePermission], permissions);
  const client = useQueryClient();
  const { editId, creating, openNew, openEdit, close } = useDialogParams();

  const item = useQuery({
    queryKey: qk.item(resource, editId ?? 0),
    queryFn: ({ signal }) => api.data<T>(`${resource}/${editId}`, undefined, signal),
    enabled: canWrite && editId !== null,
    staleTime: 0,
  });
  const failed = editId !== null && item.isError;
  useEffect(() => {
    if (!failed) return;
    alertDialog('Error', errorMessage(item.error));
    close();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed]);

  const remove = async (row: T) => {
    const name = nameOf(row);
    const ok = await confirmDialog({
      title: `Delete ${name}?`,
      message: `The ${noun.one} “${name}” will be deleted. This cannot be undone.`,
      confirmLabel: 'Delete',
    });
    if (!ok) return;
    try {
      await api.delete(`${resource}/${row.id}`);
      notifications.show({ color: 'teal', message: `${capitalize(noun.one)} ${name} deleted` });
      await invalidateResource(resource);
    } catch (e) {
      alertDialog(isApiError(e) && (e.status === 422 || e.status === 409) ? 'Not allowed' : 'Error', errorMessage(e));
    }
  };

  const editing = item.data ?? null;
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          canWrite ? (
            <Button leftSection={<IconPlus size={14} />} onClick={openNew}>
              New {noun.one}
            </Button>
          ) : null
        }
      />
      <ResourceList<T>
        {...list}
        resource={resource}
        noun={noun}
        writePermission={writePermission}
        onRowClick={canWrite ? (row) => openEdit(row.id) : undefined}
        rowActions={
          canWrite
            ? (row) => (
                <Group justify="flex-end">
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" size="sm" aria-label={`Actions for ${nameOf(row)}`}>
                        <IconDots />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={() => openEdit(row.id)}>Edit</Menu.Item>
                      {rowMenu?.(row)}
                      {deletable ? (
                        <Menu.Item color="red" onClick={() => void remove(row)}>
                          Delete
                        </Menu.Item>
                      ) : null}
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
            onClose={close}
            title={`New ${noun.one}`}
            noun={noun.one}
            schema={create.schema}
            defaultValues={create.defaults}
            size={formSize}
            onSubmit={async (values) => {
              const res = await api.post<{ data: T }>(resource, values);
              await invalidateResource(resource);
              notifications.show({ color: 'teal', message: `${capitalize(noun.one)} ${nameOf(res.data)} created` });
            }}
          >
            {(form) => fields(form as unknown as Form, null)}
          </ResourceForm>
          <ResourceForm
            opened={editId !== null && Boolean(editing)}
            onClose={close}
            title={editing ? `Edit ${nameOf(editing)}` : `Edit ${noun.one}`}
            noun={noun.one}
            schema={update.schema}
            defaultValues={editing ? update.values(editing) : ({} as DefaultValues<z.input<U>>)}
            size={formSize}
            onSubmit={async (values) => {
              const res = await api.put<{ data: T }>(`${resource}/${editId}`, values);
              client.setQueryData(qk.item(resource, editId!), res.data);
              await invalidateResource(resource);
              notifications.show({ color: 'teal', message: `${capitalize(noun.one)} ${nameOf(res.data)} saved` });
            }}
            onReload={async () => {
              const fresh = await api.data<T>(`${resource}/${editId}`);
              client.setQueryData(qk.item(resource, editId!), fresh);
              return update.values(fresh);
            }}
          >
            {(form) => fields(form as unknown as Form, editing)}
          </ResourceForm>
        </>
      ) : null}
    </>
  );
}
