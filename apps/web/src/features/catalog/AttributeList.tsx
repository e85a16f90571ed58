/** Attributes (Catalogue): what products are described by; ids 11 (title) and 13 (image) are built in. */
import { Badge, Group, Text } from '@mantine/core';
import { ATTRIBUTE_TYPES, AttributeCreate, AttributeUpdate, type Attribute, ATTRIBUTE_LIST } from '@qm/contracts';
import { CrudScreen } from '../../ui/CrudScreen';
import { BooleanBadge, NoValue } from '../../ui/displays';
import { SelectField, SwitchField, TagsField, TextField } from '../../ui/fields';
import type { Column } from '../../ui/ResourceList';
import { idColumn, updatedColumn } from '../../ui/columns';
import { attributes } from './api';

const TYPE_LABELS: Record<Attribute['type'], string> = {
  text: 'Text',
  number: 'Number',
  boolean: 'Yes / no',
  select: 'Select (options)',
  url: 'URL',
  image: 'Image',
  money: 'Money',
  measurement: 'Measurement (with unit)',
};
const typeOptions = ATTRIBUTE_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }));

const columns: Column<Attribute>[] = [
  idColumn(),
  { key: 'code', header: 'Code', render: (a) => <Text size="sm" ff="monospace">{a.code}</Text> },
  {
    key: 'name',
    header: 'Name',
    render: (a) => (
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={500}>{a.name}</Text>
        {a.is_system ? <Badge size="xs" variant="outline" color="gray" radius="sm">Built in</Badge> : null}
      </Group>
    ),
  },
  { key: 'type', header: 'Type', render: (a) => <Badge size="sm" variant="light" radius="sm">{a.type}</Badge> },
  {
    key: 'options',
    header: 'Options / unit',
    render: (a) =>
      a.type === 'select' ? (
        <Text size="sm" className="qm-wrap" lineClamp={1} title={a.options.join(', ')}>
          {a.options.length} · {a.options.slice(0, 4).join(', ')}{a.options.length > 4 ? '…' : ''}
        </Text>
      ) : a.unit ? (
        a.unit
      ) : (
        <NoValue />
      ),
  },
  { key: 'required_for_publish', header: 'Required to publish', render: (a) => <BooleanBadge value={a.required_for_publish} trueLabel="Required" falseLabel="Optional" /> },
  updatedColumn({ defaultVisible: false }),
];

export default function AttributesScreen() {
  return (
    <CrudScreen<Attribute, typeof AttributeCreate, typeof AttributeUpdate>
      description="What products are described by. Canonical values are set on each product; vendors and stores may send their own."
      resource={attributes}
      noun={{ one: 'attribute', many: 'attributes' }}
      writePermission="catalog.write"
      deleteBlockedReason={(a) => (a.is_system ? 'A system attribute (the title or the image): it cannot be deleted.' : null)}
      list={{
        fields: ATTRIBUTE_LIST,
        columns,
        defaultSort: 'id',
        searchPlaceholder: 'Search code or name',
        exportCsv: true,
        idFilter: 'id',
        filters: [
          { kind: 'select', key: 'type', label: 'Type', options: typeOptions },
          { kind: 'boolean', key: 'required_for_publish', label: 'To publish', trueLabel: 'Required', falseLabel: 'Optional' },
        ],
      }}
      create={{ schema: AttributeCreate, defaults: { code: '', name: '', type: 'text', options: [], unit: null, required_for_publish: false } }}
      update={{
        schema: AttributeUpdate,
        values: (a) => ({ code: a.code, name: a.name, type: a.type, options: a.options, unit: a.unit, required_for_publish: a.required_for_publish, version: a.version }),
      }}
      fields={(form, row) => {
        const type = form.watch('type') as Attribute['type'];
        const builtIn = Boolean(row?.is_system);
        return (
          <>
            <TextField name="code" label="Code" required autoFocus disabled={builtIn} description={builtIn ? 'Built-in attribute: the code and type cannot change.' : 'Lowercase letters, digits and underscores, e.g. grain_weight.'} />
            <TextField name="name" label="Name" required />
            <SelectField name="type" label="Type" required options={typeOptions} disabled={builtIn} />
            {type === 'select' ? <TagsField name="options" label="Options" placeholder="Type an option, then Enter" description="The values a product may take." /> : null}
            {type === 'measurement' ? <TextField name="unit" label="Unit" placeholder="e.g. gr, fps, in" /> : null}
            <SwitchField name="required_for_publish" label="Required for publishing" description="A product without a value cannot be published on a store." />
          </>
        );
      }}
    />
  );
}
