/** New user / edit user: a configuration of ResourceForm with the contracts' schemas. */
import { Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { UserCreate, UserUpdate, type User } from '@qm/contracts';
import type { z } from 'zod';
import { invalidateResource } from '../../lib/queryClient';
import { qk } from '../../lib/queryKeys';
import { useRoles } from '../../lib/lookups';
import { MultiSelectField, PasswordField, SwitchField, TextField } from '../../ui/fields';
import { ResourceForm } from '../../ui/ResourceForm';
import { ErrorState } from '../../ui/states';
import { DateTimeDisplay } from '../../ui/displays';
import { USERS, usersApi } from './api';

function useRoleOptions() {
  const roles = useRoles();
  return (roles.data ?? []).map((r) => ({ value: r.code, label: r.name }));
}

export function NewUserForm({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const roleOptions = useRoleOptions();
  const defaults: z.input<typeof UserCreate> = { name: '', email: '', password: '', roles: [], is_active: true };
  return (
    <ResourceForm
      opened={opened}
      onClose={onClose}
      title="New user"
      noun="user"
      schema={UserCreate}
      defaultValues={defaults}
      onSubmit={async (values) => {
        const res = await usersApi.create(values);
        await invalidateResource(USERS);
        notifications.show({ color: 'teal', message: `User ${res.data.name} created` });
      }}
    >
      <TextField name="name" label="Name" required autoFocus />
      <TextField name="email" label="Email" type="email" required autoComplete="off" />
      <PasswordField name="password" label="Password" required description="At least 8 characters. The user can change it after signing in." />
      <MultiSelectField name="roles" label="Roles" required options={roleOptions} placeholder="Choose roles" />
      <SwitchField name="is_active" label="Active" description="Inactive users cannot sign in." />
    </ResourceForm>
  );
}

function toUpdate(u: User): z.input<typeof UserUpdate> {
  return { name: u.name, email: u.email, roles: u.roles, is_active: u.is_active, version: u.version };
}

export function EditUserForm({ id, onClose }: { id: number | null; onClose: () => void }) {
  const roleOptions = useRoleOptions();
  const client = useQueryClient();
  const user = useQuery({
    queryKey: qk.item(USERS, id ?? 0),
    queryFn: ({ signal }) => usersApi.get(id!, signal),
    enabled: id !== null,
    staleTime: 0,
  });
  const opened = id !== null;

  if (opened && !user.data) {
    return (
      <ResourceFormPlaceholder opened onClose={onClose} error={user.isError ? user.error : null} retry={() => void user.refetch()} />
    );
  }
  const defaults = user.data ? toUpdate(user.data) : { name: '', email: '', roles: [], is_active: true, version: 1 };

  return (
    <ResourceForm
      opened={opened && Boolean(user.data)}
      onClose={onClose}
      title={user.data ? `Edit ${user.data.name}` : 'Edit user'}
      noun="user"
      schema={UserUpdate}
      defaultValues={defaults}
      onSubmit={async (values) => {
        const res = await usersApi.update(id!, values);
        client.setQueryData(qk.item(USERS, id!), res.data);
        await invalidateResource(USERS);
        notifications.show({ color: 'teal', message: `User ${res.data.name} saved` });
      }}
      onReload={async () => {
        const fresh = await usersApi.get(id!);
        client.setQueryData(qk.item(USERS, id!), fresh);
        return toUpdate(fresh);
      }}
    >
      <TextField name="name" label="Name" required autoFocus />
      <TextField name="email" label="Email" type="email" required autoComplete="off" />
      <MultiSelectField name="roles" label="Roles" required options={roleOptions} placeholder="Choose roles" />
      <SwitchField name="is_active" label="Active" description="Inactive users cannot sign in; their sessions end." />
      {user.data ? (
        <Group gap="lg">
          <Text size="xs" c="dimmed">
            Last sign-in: <DateTimeDisplay value={user.data.last_login_at} />
          </Text>
          <Text size="xs" c="dimmed">
            Created: <DateTimeDisplay value={user.data.created_at} />
          </Text>
        </Group>
      ) : null}
    </ResourceForm>
  );
}


function ResourceFormPlaceholder({ opened, onClose, error, retry }: { opened: boolean; onClose: () => void; error: unknown; retry: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit user" size="md">
      {error ? (
        <ErrorState error={error} onRetry={retry} title="Could not load this user" />
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label="Loading user">
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={24} width="40%" />
        </Stack>
      )}
    </Modal>
  );
}
