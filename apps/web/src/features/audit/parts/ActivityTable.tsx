/**
 * A record's Activity tab (an order, a vendor…): its audit entries, newest first — when, who (and the
 * impersonator), the action, optionally what — each opening its before → after; "Open in Logs" for
 * those who may read the whole log.
 */
import { Fragment, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Group, Table, UnstyledButton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { isAllowed, type AuditEntry } from '@qm/contracts';
import { usePermissions } from '../../../lib/session';
import { DateTimeDisplay } from '../../../ui/displays';
import { IconChevronDown, IconChevronRight } from '../../../ui/icons';
import { JsonDiff } from '../../../ui/JsonDiff';
import { EmptyState, ErrorState, Spinner } from '../../../ui/states';
import { auditLink } from '../links';
import { ActionBadge, ActorName } from './EntryCells';

export interface ActivityTableProps {
  activity: UseQueryResult<AuditEntry[]>;
  /** "order", "vendor": the table's name and the Logs filter. */
  entity: string;
  entityId: number;
  /** Who acted when no user did (default "System"). */
  systemLabel?: (e: AuditEntry) => string;
  /** A "What" column: which record of the entity's family the entry is about. */
  what?: (e: AuditEntry) => ReactNode;
}

export function ActivityTable({ activity, entity, entityId, systemLabel = () => 'System', what }: ActivityTableProps) {
  const canAudit = isAllowed(['audit.read'], usePermissions());
  const [open, setOpen] = useState<number | null>(null);
  if (activity.isError) return <ErrorState error={activity.error} onRetry={() => void activity.refetch()} title="Could not load the activity" />;
  if (!activity.data) return <Spinner label="Loading activity…" />;
  if (!activity.data.length) return <EmptyState title="No activity yet" />;
  const columns = what ? 4 : 3;
  return (
    <>
      <Table verticalSpacing={5} horizontalSpacing="sm" fz="sm" striped highlightOnHover aria-label={`Activity of this ${entity}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={200}>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th w={what ? 110 : undefined}>Action</Table.Th>
            {what ? <Table.Th>What</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {activity.data.map((e) => (
            <Fragment key={e.id}>
              <Table.Tr>
                <Table.Td>
                  <UnstyledButton fz="sm" onClick={() => setOpen(open === e.id ? null : e.id)} aria-expanded={open === e.id}>
                    <Group gap={4} wrap="nowrap">
                      {open === e.id ? <IconChevronDown size={12} /> : <IconChevronRight size={12} />}
                      <DateTimeDisplay value={e.at} />
                    </Group>
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>
                  <ActorName name={e.actor_name} impersonator={e.impersonator_name} system={systemLabel(e)} />
                </Table.Td>
                <Table.Td>
                  <ActionBadge action={e.action} />
                </Table.Td>
                {what ? <Table.Td>{what(e)}</Table.Td> : null}
              </Table.Tr>
              {open === e.id ? (
                <Table.Tr>
                  <Table.Td colSpan={columns}>
                    <JsonDiff before={e.before} after={e.after} />
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
      {canAudit ? (
        <Anchor component={Link} to={auditLink(entity, String(entityId))} size="xs" mt="xs" display="inline-block">
          Open in Logs
        </Anchor>
      ) : null}
    </>
  );
}
