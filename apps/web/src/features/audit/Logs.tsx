/** Logs (Administration): the audit log of every write, and errors reported by browsers. */
import { useSearchParams } from 'react-router';
import { Badge, Code, Group, Loader, ScrollArea, Stack, Tabs, Text } from '@mantine/core';
import { AUDIT_ACTIONS, type AuditEntry, type ClientError, AUDIT_LIST, CLIENT_ERROR_LIST } from '@qm/contracts';
import { errorMessage } from '../../lib/api';
import { useUserOptions } from '../../lib/lookups';
import { DateTimeDisplay } from '../../ui/displays';
import { JsonDiff } from '../../ui/JsonDiff';
import { PageHeader } from '../../ui/PageHeader';
import { ResourceList, type Column, type FilterDef, type ResourceListProps } from '../../ui/ResourceList';
import { auditLog, clientErrors, useClientError } from './api';
import { ActionBadge, ActorName, RecordLink } from './parts/EntryCells';

type Tab = 'audit' | 'errors';

function AuditDetail({ entry }: { entry: AuditEntry }) {
  return (
    <Stack gap={6}>
      <Group gap="lg">
        <Text size="xs" c="dimmed">
          Entry #{entry.id}
        </Text>
        {entry.request_id ? (
          <Text size="xs" c="dimmed">
            Request <Code>{entry.request_id}</Code>
          </Text>
        ) : null}
      </Group>
      <JsonDiff before={entry.before} after={entry.after} />
    </Stack>
  );
}

/**
 * A log's list: newest first, no free-text search, filtered by the user (`userKey`), by the log's own
 * filters and by date.
 */
function LogList<T>({ userKey, filters, ...props }: { userKey: string; filters: FilterDef[] } & Pick<ResourceListProps<T>, 'resource' | 'fields' | 'noun' | 'label' | 'columns' | 'exportCsv' | 'expandRow'>) {
  const users = useUserOptions();
  const userFilter: FilterDef = {
    kind: 'select',
    key: userKey,
    label: 'User',
    options: (users.data ?? []).map((u) => ({ value: String(u.id), label: u.name })),
    loading: users.isPending,
  };
  return (
    <ResourceList<T>
      {...props}
      filters={[userFilter, ...filters, { kind: 'dateRange', key: 'at', label: 'Date', fromKey: 'from', toKey: 'to' }]}
      searchPlaceholder={false}
      defaultSort="-at"
    />
  );
}

function AuditLog() {
  const columns: Column<AuditEntry>[] = [
    { key: 'at', header: 'When', width: 190, render: (e) => <DateTimeDisplay value={e.at} /> },
    { key: 'actor_name', header: 'Who', render: (e) => <ActorName name={e.actor_name} impersonator={e.impersonator_name} /> },
    {
      key: 'action',
      header: 'Action',
      width: 130,
      render: (e) => <ActionBadge action={e.action} />,
    },
    { key: 'entity', header: 'Entity' },
    {
      key: 'entity_id',
      header: 'Entity ID',
      width: 110,
      render: (e) => (
        <RecordLink entity={e.entity} entityId={e.entity_id} label={`Open ${e.entity.replace(/_/g, ' ')} ${e.entity_id}`}>
          {e.entity_id}
        </RecordLink>
      ),
    },
    { key: 'id', header: 'Entry', defaultVisible: false, align: 'right', width: 80 },
    { key: 'request_id', header: 'Request', defaultVisible: false },
  ];
  const filters: FilterDef[] = [
    { kind: 'text', key: 'entity', label: 'Entity', placeholder: 'e.g. user' },
    { kind: 'select', key: 'action', label: 'Action', options: AUDIT_ACTIONS.map((a) => ({ value: a, label: a.replace(/_/g, ' ') })) },
  ];
  return (
    <LogList<AuditEntry>
      resource={auditLog}
      fields={AUDIT_LIST}
      noun={{ one: 'audit entry', many: 'audit entries' }}
      label="Audit log"
      columns={columns}
      userKey="actor_id"
      filters={filters}
      exportCsv
      expandRow={(e) => <AuditDetail entry={e} />}
    />
  );
}

function levelColor(level: string): string {
  if (level === 'critical' || level === 'error') return 'red';
  if (level === 'warning') return 'orange';
  return 'gray';
}

function BrowserErrors() {
  const columns: Column<ClientError>[] = [
    { key: 'at', header: 'At', width: 190, render: (e) => <DateTimeDisplay value={e.at} /> },
    { key: 'user_name', header: 'User', render: (e) => <ActorName name={e.user_name} /> },
    {
      key: 'level',
      header: 'Level',
      width: 90,
      render: (e) => (
        <Badge size="sm" variant="light" radius="sm" color={levelColor(e.level)}>
          {e.level}
        </Badge>
      ),
    },
    { key: 'message', header: 'Message', render: (e) => <Text size="sm" lineClamp={2} className="qm-wrap">{e.message}</Text> },
    { key: 'url', header: 'URL', render: (e) => (e.url ? <Text size="xs" ff="monospace" lineClamp={1}>{e.url}</Text> : null) },
    { key: 'environment', header: 'Environment', defaultVisible: false },
  ];
  const filters: FilterDef[] = [{ kind: 'select', key: 'level', label: 'Level', options: ['critical', 'error', 'warning', 'info', 'debug'].map((l) => ({ value: l, label: l })) }];
  return (
    <LogList<ClientError>
      resource={clientErrors}
      fields={CLIENT_ERROR_LIST}
      noun={{ one: 'browser error', many: 'browser errors' }}
      label="Browser errors"
      columns={columns}
      userKey="user_id"
      filters={filters}
      expandRow={(e) => <ErrorPayload id={e.id} />}
    />
  );
}

/** The report's payload, loaded when its row is opened (the list leaves payloads out). */
function ErrorPayload({ id }: { id: number }) {
  const report = useClientError(id);
  if (report.isPending) return <Loader size="sm" role="status" aria-label="Loading the report" />;
  if (report.isError) return <Text size="sm" c="red">{errorMessage(report.error)}</Text>;
  return (
    <ScrollArea.Autosize mah={360}>
      <Code block className="qm-code-wrap">
        {JSON.stringify(report.data.payload, null, 2)}
      </Code>
    </ScrollArea.Autosize>
  );
}

export default function LogsScreen() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'errors' ? 'errors' : 'audit';
  return (
    <>
      <PageHeader description="Who changed what and when, and errors seen in staff browsers." />
      <Tabs
        value={tab}
        onChange={(v) => setParams(v === 'errors' ? { tab: 'errors' } : {})}
        keepMounted={false}
        variant="outline"
      >
        <Tabs.List mb="sm">
          <Tabs.Tab value="audit">Audit log</Tabs.Tab>
          <Tabs.Tab value="errors">Browser errors</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="audit">
          <AuditLog />
        </Tabs.Panel>
        <Tabs.Panel value="errors">
          <BrowserErrors />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
