/** Stores (Stores & Feeds): the storefronts products are published on; a store can be disabled. */
import { Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { StoreCreate, StoreUpdate, type Store, STORE_LIST } from '@qm/contracts';
import { errorMessage } from '../../lib/api';
import { useResourceMutations } from '../../lib/resource';
import { alertDialog, confirmDialog } from '../../ui/ConfirmDialog';
import { CrudScreen } from '../../ui/CrudScreen';
import { BooleanBadge } from '../../ui/displays';
import { SwitchField, TextField } from '../../ui/fields';
import type { Column } from '../../ui/ResourceList';
import { idColumn, updatedColumn } from '../../ui/columns';
import { stores } from './api';
import { StoreOrderSettings } from './parts/StoreOrderSettings';

const columns: Column<Store>[] = [
  idColumn(),
  { key: 'name', header: 'Name', render: (s) => <Text size="sm" fw={500} className="qm-cell-text">{s.name}</Text> },
  { key: 'code', header: 'Code', render: (s) => <Text size="sm" ff="monospace">{s.code}</Text> },
  { key: 'domain', header: 'Domain' },
  { key: 'is_enabled', header: 'Status', render: (s) => <BooleanBadge value={s.is_enabled} trueLabel="Enabled" falseLabel="Disabled" /> },
  updatedColumn(),
];

const values = (s: Store) => ({ name: s.name, code: s.code, domain: s.domain, is_enabled: s.is_enabled, version: s.version });

export default function StoreList() {
  const { update } = useResourceMutations(stores);

  /** Enable or disable without opening the form (PUT store/{id} with is_enabled flipped). */
  const setEnabled = async (s: Store, enabled: boolean) => {
    if (!enabled) {
      const ok = await confirmDialog({
        title: `Disable ${s.name}?`,
        message: `Nothing can be published on ${s.name} while it is disabled. Its products and variants stay as they are.`,
        confirmLabel: 'Disable',
      });
      if (!ok) return;
    }
    try {
      await update.mutateAsync({ id: s.id, values: { ...values(s), is_enabled: enabled } });
      notifications.show({ color: 'teal', message: `${s.name} ${enabled ? 'enabled' : 'disabled'}` });
    } catch (e) {
      alertDialog('Error', errorMessage(e));
    }
  };

  return (
    <CrudScreen<Store, typeof StoreCreate, typeof StoreUpdate>
      description="Storefronts the catalogue is published on."
      resource={stores}
      noun={{ one: 'store', many: 'stores' }}
      writePermission="stores.write"
      deletable={false}
      list={{
        fields: STORE_LIST,
        columns,
        wholeList: true,
        lookup: 'stores',
        defaultSort: 'name',
        searchPlaceholder: 'Search stores',
        filters: [{ kind: 'boolean', key: 'is_enabled', label: 'Status', trueLabel: 'Enabled', falseLabel: 'Disabled' }],
      }}
      rowMenu={(s) =>
        s.is_enabled ? (
          <Menu.Item color="red" onClick={() => void setEnabled(s, false)}>Disable</Menu.Item>
        ) : (
          <Menu.Item onClick={() => void setEnabled(s, true)}>Enable</Menu.Item>
        )
      }
      create={{ schema: StoreCreate, defaults: { name: '', code: '', domain: null, is_enabled: true } }}
      update={{ schema: StoreUpdate, values }}
      formSize="xl"
      fields={(_form, row) => (
        <>
          <TextField name="name" label="Name" required autoFocus />
          <TextField name="code" label="Code" required description="Lowercase letters, digits, dash or underscore, e.g. ammo-depot." />
          <TextField name="domain" label="Domain" placeholder="e.g. ammodepot.com" />
          <SwitchField name="is_enabled" label="Enabled" description="Products can be published only on enabled stores." />
          {row ? <StoreOrderSettings store={row} /> : null}
        </>
      )}
    />
  );
}
