/** Internal Statuses (Administration): the statuses staff put on orders for their own follow-up. */
import { Text } from '@mantine/core';
import { InternalStatusCreate, InternalStatusUpdate, type InternalStatus, INTERNAL_STATUS_LIST } from '@qm/contracts';
import { CrudScreen } from '../../ui/CrudScreen';
import { TextField } from '../../ui/fields';
import type { Column } from '../../ui/ResourceList';
import { createdColumn, idColumn, updatedColumn, versionColumn } from '../../ui/columns';
import { internalStatuses } from './api';

const columns: Column<InternalStatus>[] = [
  idColumn(),
  { key: 'name', header: 'Name', render: (s) => <Text size="sm" fw={500} className="qm-cell-text">{s.name}</Text> },
  createdColumn(),
  updatedColumn(),
  versionColumn(),
];

export default function InternalStatusesScreen() {
  return (
    <CrudScreen<InternalStatus, typeof InternalStatusCreate, typeof InternalStatusUpdate>
      description="Statuses staff give orders for internal follow-up."
      resource={internalStatuses}
      noun={{ one: 'internal status', many: 'internal statuses' }}
      writePermission="statuses.write"
      list={{ fields: INTERNAL_STATUS_LIST, columns, lookup: 'statuses', defaultSort: 'name', searchPlaceholder: 'Search by name', bulkDelete: true, exportCsv: true }}
      create={{ schema: InternalStatusCreate, defaults: { name: '' } }}
      update={{ schema: InternalStatusUpdate, values: (s) => ({ name: s.name, version: s.version }) }}
      fields={() => <TextField name="name" label="Name" required autoFocus />}
    />
  );
}
