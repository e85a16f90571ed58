/** The order's Activity tab: its intake and every change, who made it and what (before → after). */
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { isAllowed } from '@qm/contracts';
import { usePermissions } from '../../../lib/session';
import { DateTimeDisplay } from '../../../ui/displays';
import { IconChevronDown, IconChevronRight } from '../../../ui/icons';
import { JsonDiff } from '../../../ui/JsonDiff';
import { EmptyState, ErrorState, Spinner } from '../../../ui/states';
import { actionColor, auditLink } from '../../audit/links';
import { useOrderActivity } from '../api';

export function OrderActivity({ orderId }: { orderId: number }) {
  const activity = useOrderActivity(orderId);
  const canAudit = isAllowed(['audit.read'], usePermissions());
  const [open, setOpen] = useState<number | null>(null);
  if (activity.isError) return <ErrorState error={activity.error} onRetry={() => void activity.refetch()} title="Could not load the activity" />;
  if (!activity.data) return <Spinner label="Loading activity…" />;
  if (!activity.data.length) return <EmptyState title="No activity yet" />;
  return (
    <>
      <Table verticalSpacing={5} horizontalSpacing="sm" fz="sm" striped highlightOnHover aria-label="Activity of this order">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={200}>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {activity.data.map((e) => (
            <Fragment key={e.id}>
              <Table.Tr>
                <Table.Td>
                  <UnstyledButton onClick={() => setOpen(open === e.id ? null : e.id)} aria-expanded={open === e.id}>
                    <Group gap={4} wrap="nowrap">
                      {open === e.id ? <IconChevronDown size={12} /> : <IconChevronRight size={12} />}
                      <DateTimeDisplay value={e.at} />
                    </Group>
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>{e.actor_name ?? <Text span size="sm" c="dimmed">{e.action === 'intake' ? 'The store' : 'System'}</Text>}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" radius="sm" color={actionColor(e.action)}>
                    {e.action.replace(/_/g, ' ')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
              {open === e.id ? (
                <Table.Tr>
                  <Table.Td colSpan={3}>
                    <JsonDiff before={e.before} after={e.after} />
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
      {canAudit ? (
        <Anchor component={Link} to={auditLink('order', String(orderId))} size="xs" mt="xs" display="inline-block">
          Open in Logs
        </Anchor>
      ) : null}
    </>
  );
}
