/**
 * The store editor's order settings: the API keys its website sends orders with (created with the key
 * shown once, listed by prefix, revoked with a confirmation; `stores.write`) and how its orders are
 * routed (strategy, automatic routing; `stores.write` or `orders.write`).
 */
import { useState } from 'react';
import { Badge, Button, Divider, Group, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isAllowed, ROUTING_STRATEGY_CODES, ROUTING_STRATEGY_LABELS, type RoutingStrategyCode, type Store, type StoreApiKeyCreated } from '@qm/contracts';
import { errorMessage } from '../../../lib/api';
import { usePermissions } from '../../../lib/session';
import { confirmDialog } from '../../../ui/ConfirmDialog';
import { ShownOnce } from '../../../ui/ShownOnce';
import { DateTimeDisplay } from '../../../ui/displays';
import { useCreateStoreApiKey, useRevokeStoreApiKey, useSetStoreRouting, useStoreApiKeys, useStoreRouting } from '../../orders/api';
import { DETAIL_TABLE } from '../../../ui/listParams';

export function StoreOrderSettings({ store }: { store: Store }) {
  return (
    <Stack gap="sm" mt="md">
      <Divider label="Orders" labelPosition="left" />
      <RoutingSettings store={store} />
      <ApiKeys store={store} />
    </Stack>
  );
}

function RoutingSettings({ store }: { store: Store }) {
  const canWrite = isAllowed(['stores.write', 'orders.write'], usePermissions());
  const routing = useStoreRouting(store.id);
  const save = useSetStoreRouting(store.id);
  const r = routing.data;
  if (!r) return <Text size="sm" c="dimmed">Loading routing settings…</Text>;
  const set = async (strategy: RoutingStrategyCode, auto_route: boolean) => {
    try {
      await save.mutateAsync({ strategy, auto_route });
      notifications.show({ color: 'teal', message: `${store.name}: routing saved` });
    } catch (e) {
      notifications.show({ color: 'red', title: 'Routing not saved', message: errorMessage(e) });
    }
  };
  return (
    <Group align="flex-end" gap="md">
      <Select
        label="Routing strategy"
        w={220}
        data={ROUTING_STRATEGY_CODES.map((c) => ({ value: c, label: ROUTING_STRATEGY_LABELS[c] }))}
        value={r.strategy}
        allowDeselect={false}
        disabled={!canWrite}
        onChange={(v) => v && void set(v as RoutingStrategyCode, r.auto_route)}
      />
      <Switch
        label="Route automatically"
        description="Choose the best option without a person when there is one"
        checked={r.auto_route}
        disabled={!canWrite}
        onChange={(e) => void set(r.strategy, e.currentTarget.checked)}
      />
    </Group>
  );
}

function ApiKeys({ store }: { store: Store }) {
  const canWrite = isAllowed(['stores.write'], usePermissions());
  const keys = useStoreApiKeys(store.id);
  const create = useCreateStoreApiKey(store.id);
  const revoke = useRevokeStoreApiKey(store.id);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<StoreApiKeyCreated | null>(null);
  const add = async () => {
    try {
      setCreated(await create.mutateAsync(name.trim()));
      setName('');
    } catch (e) {
      notifications.show({ color: 'red', title: 'Key not created', message: errorMessage(e) });
    }
  };
  const doRevoke = async (id: number, label: string) => {
    const ok = await confirmDialog({
      title: `Revoke the key ${label}?`,
      message: `Orders sent with it are refused from now on. ${store.name}'s website must use another key.`,
      confirmLabel: 'Revoke',
    });
    if (!ok) return;
    try {
      await revoke.mutateAsync(id);
      if (created?.id === id) setCreated(null);
      notifications.show({ color: 'teal', message: `Key ${label} revoked` });
    } catch (e) {
      notifications.show({ color: 'red', title: 'Key not revoked', message: errorMessage(e) });
    }
  };
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        API keys
      </Text>
      <Text size="xs" c="dimmed">
        The store's website sends orders to POST /api/order with a key as Authorization: Bearer &lt;key&gt;.
      </Text>
      {created ? (
        <ShownOnce title={`New key “${created.name}”`} value={created.key} hideLabel="Hide the key" onHide={() => setCreated(null)} testId="new-api-key" />
      ) : null}
      {canWrite ? (
        <Group align="flex-end" gap="xs">
          <TextInput label="Key name" placeholder="e.g. Website checkout" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={200} w={260} />
          <Button type="button" variant="default" onClick={() => void add()} disabled={!name.trim()} loading={create.isPending}>
            Create key
          </Button>
        </Group>
      ) : null}
      {keys.data && keys.data.length ? (
        <Table {...DETAIL_TABLE} aria-label={`API keys of ${store.name}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Key</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.data.map((k) => (
              <Table.Tr key={k.id}>
                <Table.Td>
                  <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {k.prefix}…
                  </Text>
                </Table.Td>
                <Table.Td>{k.name}</Table.Td>
                <Table.Td>
                  <DateTimeDisplay value={k.created_at} />
                  {k.created_by_name ? <Text size="xs" c="dimmed">{k.created_by_name}</Text> : null}
                </Table.Td>
                <Table.Td>
                  <DateTimeDisplay value={k.last_used_at} />
                </Table.Td>
                <Table.Td ta="right" w={100} style={{ whiteSpace: 'nowrap' }}>
                  {k.revoked_at ? (
                    <Badge size="sm" radius="sm" color="gray" variant="light" style={{ overflow: 'visible' }}>
                      Revoked
                    </Badge>
                  ) : canWrite ? (
                    <Button type="button" size="compact-xs" color="red" variant="subtle" onClick={() => void doRevoke(k.id, `${k.prefix}…`)}>
                      Revoke
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : keys.data ? (
        <Text size="sm" c="dimmed">
          No keys yet.
        </Text>
      ) : null}
    </Stack>
  );
}
