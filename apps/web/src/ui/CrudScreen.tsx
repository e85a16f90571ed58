/**
 * A whole list screen of a simple resource: page header with "New …", a ResourceList, and
 * ResourceForm dialogs to create and edit (open dialogs live in the URL: `?dialog=new`, `?edit=<id>`),
 * row actions (edit, delete with confirmation). A screen gives columns, filters, schemas and fields,
 * and where it needs them extra row buttons, row menu items and dialogs of its own.
 */
import { useEffect, type ReactNode } from 'react';
import { ActionIcon, Group, Menu, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { isAllowed, type Permission } from '@qm/contracts';
import { errorMessage, isApiError } from '../lib/api';
import { useFetchItem, useResourceItem, useResourceMutations, type Resource } from '../lib/resource';
import { usePermissions } from '../lib/session';
import { alertDialog, confirmDialog } from './ConfirmDialog';
import { useDialogParams } from './dialogParams';
import { IconDots } from './icons';
import { PageHeader } from './PageHeader';
import { ResourceForm } from './ResourceForm';
import { ResourceList, type ResourceListProps } from './ResourceList';
import { ErrorState } from './states';

type Schema = z.ZodType<FieldValues, FieldValues>;
type Form = UseFormReturn<FieldValues, unknown, FieldValues>;

export interface CrudScreenProps<T extends { id: number }, C extends Schema, U extends Schema> {
  /** Default: the route's title. */
  title?: string;
  description?: ReactNode;
  /** The area's resource (`api.ts`), e.g. `brands`: read and written through its hooks. */
  resource: Resource<T, z.output<C>, z.output<U>>;
  noun: { one: string; many: string };
  /** How confirmations and messages name a row. Default: its `name`. */
  nameOf?: (row: T) => string;
  writePermission: Permission;
  list: Omit<ResourceListProps<T>, 'resource' | 'noun' | 'onRowClick' | 'rowActions' | 'writePermission' | 'actions'>;
  /** Absent: rows are not created here (no "New …" button). */
  create?: { schema: C; defaults: DefaultValues<z.input<C>> };
  update: { schema: U; values: (row: T) => DefaultValues<z.input<U>> };
  /** The form's fields; `row` is the item being edited (null when creating). */
  fields: (form: Form, row: T | null) => ReactNode;
  /** Offer Delete in the row menu. Default true. */
  deletable?: boolean;
  /**
   * Why a row cannot be deleted (e.g. "Published: unpublish it first"), or null: its Delete is shown
   * disabled with the reason, and a bulk delete leaves it out and says so.
   */
  deleteBlockedReason?: (row: T) => string | null;
  /** Extra items of the row menu. */
  rowMenu?: (row: T) => ReactNode;
  /**
   * Buttons of a row beside its menu; given, the row actions show also to users who may not write
   * (the menu only to those who may). Return null for none.
   */
  rowButtons?: (row: T) => ReactNode;
  /**
   * While the item to edit loads, show a dialog with placeholders (and, should it fail, the error with
   * Retry) instead of nothing (and an alert).
   */
  editPlaceholder?: boolean;
  formSize?: string | number;
  /** Inside another screen, which gives the page its header: no header of its own. */
  embedded?: boolean;
  /** Dialogs of the screen's own (shown to users who may write). */
  children?: ReactNode;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const nameField = (row: object) => String((row as { name?: unknown }).name);

export function CrudScreen<T extends { id: number }, C extends Schema, U extends Schema>(props: CrudScreenProps<T, C, U>) {
  const { title, description, resource, noun, nameOf = nameField, writePermission, list, create, update, fields, deletable = true, deleteBlockedReason, rowMenu, rowButtons, editPlaceholder = false, formSize, embedded = false, children } = props;
  const permissions = usePermissions();
  const canWrite = isAllowed([writePermission], permissions);
  const { editId, creating, openNew, openEdit, close } = useDialogParams();
  const mutations = useResourceMutations(resource);
  const fetchItem = useFetchItem(resource);
  const item = useResourceItem(resource, editId, { enabled: canWrite });
  const failed = editId !== null && item.isError && !editPlaceholder;
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
      await mutations.remove.mutateAsync(row.id);
      notifications.show({ color: 'teal', message: `${capitalize(noun.one)} ${name} deleted` });
    } catch (e) {
      alertDialog(isApiError(e) && (e.status === 422 || e.status === 409) ? 'Not allowed' : 'Error', errorMessage(e));
    }
  };

  const editing = item.data ?? null;
  return (
    <>
      {embedded ? null : <PageHeader title={title} description={description} create={canWrite && create && { label: `New ${noun.one}`, onClick: openNew }} />}
      <ResourceList<T>
        rowLabel={nameOf}
        deleteBlockedReason={deleteBlockedReason}
        {...list}
        resource={resource}
        noun={noun}
        writePermission={writePermission}
        onRowClick={canWrite ? (row) => openEdit(row.id) : undefined}
        rowActions={
          canWrite || rowButtons
            ? (row) => {
                const buttons = rowButtons?.(row) ?? null;
                if (!canWrite && buttons === null) return null;
                return (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {buttons}
                    {canWrite ? (
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" size="sm" aria-label={`Actions for ${nameOf(row)}`}>
                            <IconDots />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => openEdit(row.id)}>Edit</Menu.Item>
                          {rowMenu?.(row)}
                          {deletable ? <DeleteItem reason={deleteBlockedReason?.(row) ?? null} onDelete={() => void remove(row)} /> : null}
                        </Menu.Dropdown>
                      </Menu>
                    ) : null}
                  </Group>
                );
              }
            : undefined
        }
      />
      {canWrite ? (
        <>
          {create ? (
            <ResourceForm
              opened={creating}
              onClose={close}
              title={`New ${noun.one}`}
              noun={noun.one}
              schema={create.schema}
              defaultValues={create.defaults}
              size={formSize}
              onSubmit={async (values) => {
                const created = await mutations.create.mutateAsync(values);
                notifications.show({ color: 'teal', message: `${capitalize(noun.one)} ${nameOf(created)} created` });
              }}
            >
              {(form) => fields(form as unknown as Form, null)}
            </ResourceForm>
          ) : null}
          {editPlaceholder && editId !== null && !editing ? (
            <EditPlaceholder noun={noun.one} onClose={close} error={item.isError ? item.error : null} retry={() => void item.refetch()} />
          ) : (
            <ResourceForm
              opened={editId !== null && Boolean(editing)}
              onClose={close}
              title={editing ? `Edit ${nameOf(editing)}` : `Edit ${noun.one}`}
              noun={noun.one}
              schema={update.schema}
              defaultValues={editing ? update.values(editing) : ({} as DefaultValues<z.input<U>>)}
              size={formSize}
              onSubmit={async (values) => {
                const saved = await mutations.update.mutateAsync({ id: editId!, values });
                notifications.show({ color: 'teal', message: `${capitalize(noun.one)} ${nameOf(saved)} saved` });
              }}
              onReload={async () => update.values(await fetchItem(editId!))}
            >
              {(form) => fields(form as unknown as Form, editing)}
            </ResourceForm>
          )}
          {children}
        </>
      ) : null}
    </>
  );
}

/** Delete in a row menu; disabled, with the reason under it, when the row cannot be deleted. */
export function DeleteItem({ reason, onDelete }: { reason: string | null; onDelete: () => void }) {
  if (reason === null)
    return (
      <Menu.Item color="red" onClick={onDelete}>
        Delete
      </Menu.Item>
    );
  return (
    <Menu.Item disabled aria-description={reason}>
      <Text size="sm">Delete</Text>
      <Text size="xs" c="dimmed" maw={220} className="qm-break">
        {reason}
      </Text>
    </Menu.Item>
  );
}

/** The edit dialog while its item loads, or the error with Retry. */
function EditPlaceholder({ noun, onClose, error, retry }: { noun: string; onClose: () => void; error: unknown; retry: () => void }) {
  return (
    <Modal opened onClose={onClose} title={`Edit ${noun}`} size="md">
      {error ? (
        <ErrorState error={error} onRetry={retry} title={`Could not load this ${noun}`} />
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label={`Loading ${noun}`}>
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={24} width="40%" />
        </Stack>
      )}
    </Modal>
  );
}
