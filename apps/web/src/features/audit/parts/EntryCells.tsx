/** How an audit entry's who and action read, wherever entries are listed (the logs, a record's activity, the dashboard). */
import { Badge, Text } from '@mantine/core';
import { actionColor } from '../links';

/** The person (or, without one, `system`: what acted) and, under it, who was impersonating them. */
export function ActorName({ name, impersonator, system = 'System' }: { name: string | null; impersonator?: string | null; system?: string }) {
  return (
    <div>
      {name ?? (
        <Text span c="dimmed" size="sm">
          {system}
        </Text>
      )}
      {impersonator ? (
        <Text size="xs" c="orange">
          as impersonator {impersonator}
        </Text>
      ) : null}
    </div>
  );
}

/** The action (create, update, delete, sign_in …) as a badge coloured by its kind. */
export function ActionBadge({ action }: { action: string }) {
  return (
    <Badge size="sm" variant="light" radius="sm" color={actionColor(action)}>
      {action.replace(/_/g, ' ')}
    </Badge>
  );
}
