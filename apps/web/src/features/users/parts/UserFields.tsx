/** The fields of the new-user and edit-user forms (CrudScreen's ResourceForms, the contracts' schemas). */
import { Group, Text } from '@mantine/core';
import type { User } from '@qm/contracts';
import { DateTimeDisplay } from '../../../ui/displays';
import { MultiSelectField, PasswordField, SwitchField, TextField, type Option } from '../../../ui/fields';

/** `user` is the user being edited; null on the new-user form (which sets a password). */
export function UserFields({ user, roleOptions }: { user: User | null; roleOptions: Option[] }) {
  return (
    <>
      <TextField name="name" label="Name" required autoFocus />
      <TextField name="email" label="Email" type="email" required autoComplete="off" />
      {user ? null : <PasswordField name="password" label="Password" required description="At least 8 characters. The user can change it after signing in." />}
      <MultiSelectField name="roles" label="Roles" required options={roleOptions} placeholder="Choose roles" />
      <SwitchField name="is_active" label="Active" description={user ? 'Inactive users cannot sign in; their sessions end.' : 'Inactive users cannot sign in.'} />
      {user ? (
        <Group gap="lg">
          <Text size="xs" c="dimmed">
            Last sign-in: <DateTimeDisplay value={user.last_login_at} />
          </Text>
          <Text size="xs" c="dimmed">
            Created: <DateTimeDisplay value={user.created_at} />
          </Text>
        </Group>
      ) : null}
    </>
  );
}
