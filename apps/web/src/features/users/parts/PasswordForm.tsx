import { notifications } from '@mantine/notifications';
import { PasswordReset } from '@qm/contracts';
import { Text } from '@mantine/core';
import { PasswordField } from '../../../ui/fields';
import { ResourceForm } from '../../../ui/ResourceForm';
import { useSetPassword } from '../api';

/** Sets a new password for a user (`POST user/{id}/password`). */
export function PasswordForm({ user, onClose }: { user: { id: number; name: string } | null; onClose: () => void }) {
  const setPassword = useSetPassword();
  return (
    <ResourceForm
      opened={user !== null}
      onClose={onClose}
      title={user ? `Reset password of ${user.name}` : 'Reset password'}
      noun="password"
      schema={PasswordReset}
      defaultValues={{ password: '' }}
      submitLabel="Set password"
      size="sm"
      onSubmit={async ({ password }) => {
        await setPassword.mutateAsync({ id: user!.id, password });
        notifications.show({ color: 'teal', message: `Password of ${user!.name} changed` });
      }}
    >
      <Text size="sm" c="dimmed">
        Give the new password to the user in person or by a secure channel.
      </Text>
      <PasswordField name="password" label="New password" required autoFocus description="At least 8 characters." />
    </ResourceForm>
  );
}
