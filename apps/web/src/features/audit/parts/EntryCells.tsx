/** How an audit entry's who and action read, wherever entries are listed (the logs, a record's activity, the dashboard). */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Text } from '@mantine/core';
import { usePermissions } from '../../../lib/session';
import { actionColor, recordPath } from '../links';

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

/** What an entry is about, opening its record's page when the console has one the user may open (`recordPath`). */
export function RecordLink({ entity, entityId, label, children }: { entity: string; entityId: string | null; label?: string; children: ReactNode }) {
  const to = recordPath(entity, entityId, usePermissions());
  return to ? (
    <Anchor component={Link} to={to} size="sm" aria-label={label}>
      {children}
    </Anchor>
  ) : (
    children
  );
}
