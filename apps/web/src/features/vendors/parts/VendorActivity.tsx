/** The vendor page's Activity tab: who changed the vendor and its credentials, and what (before → after). */
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
import { useVendorActivity } from '../api';

const ENTITY_LABEL: Record<string, string> = { vendor: 'Vendor', vendor_credential: 'Credential' };

export function VendorActivity({ vendorId }: { vendorId: number }) {
  const activity = useVendorActivity(vendorId);
  const canAudit = isAllowed(['audit.read'], usePermissions());
  const [open, setOpen] = useState<number | null>(null);
  if (activity.isError) return <ErrorState error={activity.error} onRetry={() => void activity.refetch()} title="Could not load the activity" />;
  if (!activity.data) return <Spinner label="Loading activity…" />;
  if (!activity.data.length) return <EmptyState title="No activity yet" />;
  return (
    <>
      <Table verticalSpacing={5} horizontalSpacing="sm" fz="sm" striped highlightOnHover aria-label="Activity of this vendor">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={190}>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th w={110}>Action</Table.Th>
            <Table.Th>What</Table.Th>
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
                <Table.Td>
                  {e.actor_name ?? (
                    <Text span size="sm" c="dimmed">
                      System
                    </Text>
                  )}
                  {e.impersonator_name ? (
                    <Text size="xs" c="orange">
                      as impersonator {e.impersonator_name}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" radius="sm" color={actionColor(e.action)}>
                    {e.action.replace(/_/g, ' ')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {ENTITY_LABEL[e.entity] ?? e.entity} #{e.entity_id}
                  {e.entity === 'vendor_credential' ? ` · ${String((e.after as { label?: string } | null)?.label ?? (e.before as { label?: string } | null)?.label ?? '')}` : ''}
                </Table.Td>
              </Table.Tr>
              {open === e.id ? (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <JsonDiff before={e.before} after={e.after} />
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
      {canAudit ? (
        <Anchor component={Link} to={auditLink('vendor', String(vendorId))} size="xs" mt="xs" display="inline-block">
          Open in Logs
        </Anchor>
      ) : null}
    </>
  );
}
