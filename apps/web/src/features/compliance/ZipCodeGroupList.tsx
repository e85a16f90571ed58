/** Zip Code Groups (Compliance): cities and areas by zip code, prefix or range, used by restrictions. */
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ZipCodeGroupCreate, ZipCodeGroupUpdate, type ZipCodeGroup, ZIP_CODE_GROUP_LIST } from '@qm/contracts';
import { CrudScreen } from '../../ui/CrudScreen';
import { TextAreaField, TextField } from '../../ui/fields';
import type { Column } from '../../ui/ResourceList';
import { createdColumn, idColumn, updatedColumn } from '../../ui/columns';
import { zipCodeGroups } from './api';
import { ZipEntriesField } from './parts/ZipEntriesField';
import { formatInteger } from '../../lib/format';

const columns: Column<ZipCodeGroup>[] = [
  idColumn(),
  { key: 'name', header: 'Name', render: (g) => <Text size="sm" fw={500} className="qm-cell-text">{g.name}</Text> },
  {
    key: 'entries',
    header: 'Zip codes',
    render: (g) => (
      <Text size="xs" ff="monospace" className="qm-cell-text">
        {g.entries.slice(0, 8).join(', ')}
        {g.entries.length > 8 ? ` … (${formatInteger(g.entry_count)})` : ''}
      </Text>
    ),
  },
  { key: 'states', header: 'States', render: (g) => <Group gap={4}>{g.states.map((s) => <Badge key={s} size="xs" variant="light" color="gray" radius="sm">{s}</Badge>)}</Group> },
  {
    key: 'used_by',
    header: 'Used by',
    render: (g) =>
      g.used_by.length ? (
        <Anchor component={Link} to={`/compliance-restriction?filter[zip_code_group_id]=${g.id}`} size="sm" onClick={(e) => e.stopPropagation()}>
          {g.used_by.length} {g.used_by.length === 1 ? 'restriction' : 'restrictions'}
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed">Not used</Text>
      ),
  },
  createdColumn({ defaultVisible: false }),
  updatedColumn(),
];

export default function ZipCodeGroupsScreen() {
  return (
    <CrudScreen<ZipCodeGroup, typeof ZipCodeGroupCreate, typeof ZipCodeGroupUpdate>
      description="Cities and areas by zip code, 3-digit prefix or range, for restrictions that apply below the state. A group used by a restriction cannot be deleted."
      resource={zipCodeGroups}
      noun={{ one: 'zip code group', many: 'zip code groups' }}
      writePermission="compliance.write"
      list={{
        fields: ZIP_CODE_GROUP_LIST,
        columns,
        defaultSort: 'name',
        searchPlaceholder: 'Search by name or zip code',
        exportCsv: true,
        filters: [{ kind: 'boolean', key: 'in_use', label: 'Used', trueLabel: 'Used by a restriction', falseLabel: 'Not used' }],
      }}
      create={{ schema: ZipCodeGroupCreate, defaults: { name: '', description: '', entries: [] } }}
      update={{ schema: ZipCodeGroupUpdate, values: (g) => ({ name: g.name, description: g.description ?? '', entries: g.entries, version: g.version }) }}
      formSize="lg"
      fields={(_form, row) => (
        <>
          <TextField name="name" label="Name" required autoFocus />
          <TextAreaField name="description" label="Description" rows={2} />
          <ZipEntriesField name="entries" label="Zip codes, prefixes and ranges" />
          {row?.used_by.length ? (
            <Text size="xs" c="dimmed">
              Used by {row.used_by.map((u) => u.name).join(', ')}.
            </Text>
          ) : null}
        </>
      )}
    />
  );
}
