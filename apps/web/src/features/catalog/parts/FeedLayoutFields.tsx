/**
 * A feed's file layout in the feed's form: the destination's standard one, or the feed's own — XML or
 * CSV, for XML the list's and each item's element names, and the fields in order under the names the
 * destination reads (a CSV column's header, an XML element), with a preview of the file's start.
 */
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Button, Code, Group, Paper, SimpleGrid, Stack, Switch, Table, Text } from '@mantine/core';
import {
  FEED_FILE_FIELD_LABELS,
  FEED_FILE_FIELDS,
  FEED_FILE_FORMAT_LABELS,
  FEED_FILE_FORMATS,
  FEED_LAYOUT_MAX_FIELDS,
  standardFeedLayout,
  TARGET_DESTINATION_LABELS,
  type FeedFileLayout,
  type TARGET_DESTINATIONS,
} from '@qm/contracts';
import { IconButton } from '../../../ui/IconButton';
import { SelectField, TextField } from '../../../ui/fields';
import { IconTrash } from '../../../ui/icons';
import { MoveButtons } from '../../../ui/MoveButtons';
import { RowsTable } from '../../../ui/RowsTable';

type Destination = (typeof TARGET_DESTINATIONS)[number];

const FIELD_OPTIONS = FEED_FILE_FIELDS.map((f) => ({ value: f, label: FEED_FILE_FIELD_LABELS[f] }));

/** The first lines of a file in the layout: the CSV's header, or the XML's first item with its elements. */
export function layoutPreview(layout: FeedFileLayout): string {
  if (layout.format === 'csv') return layout.fields.map((f) => (/[",\r\n]/.test(f.name) ? `"${f.name.replaceAll('"', '""')}"` : f.name)).join(',');
  const lines = [`<${layout.root}>`, `  <${layout.item}>`, ...layout.fields.map((f) => `    <${f.name}>…</${f.name}>`), `  </${layout.item}>`, '  …', `</${layout.root}>`];
  return lines.join('\n');
}

export function FeedLayoutFields() {
  const { setValue } = useFormContext();
  const destination = (useWatch({ name: 'target_destination' }) as Destination | undefined) ?? 'ammoseek';
  const layout = useWatch({ name: 'file_layout' }) as FeedFileLayout | null | undefined;
  const standard = standardFeedLayout(destination);
  const setLayout = (next: FeedFileLayout | null) => setValue('file_layout', next, { shouldDirty: true, shouldValidate: next === null });
  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-label="File layout">
      <Stack gap="xs">
        <Switch
          label="Own file layout"
          description={
            layout
              ? 'The file is written in the layout below: the destination’s names for the fields, in its order.'
              : `The file is ${TARGET_DESTINATION_LABELS[destination]}’s standard layout: ${FEED_FILE_FORMAT_LABELS[standard.format]} with every field under its own name.`
          }
          checked={Boolean(layout)}
          onChange={(e) => setLayout(e.currentTarget.checked ? standard : null)}
        />
        {/* mounted only with a layout: its list of fields is bound to file_layout.fields */}
        {layout ? <OwnLayout layout={layout} standard={standard} restart={() => setLayout(standard)} /> : null}
      </Stack>
    </Paper>
  );
}

function OwnLayout({ layout, standard, restart }: { layout: FeedFileLayout; standard: FeedFileLayout; restart: () => void }) {
  const { control } = useFormContext();
  const { errors } = useFormState({ name: 'file_layout' });
  const { fields, append, remove, move, replace } = useFieldArray({ control, name: 'file_layout.fields', keyName: 'key' });
  // the list's own error ("List at least one field"), not its items'
  const listErrors = (errors.file_layout as { fields?: { message?: string; root?: { message?: string } } } | undefined)?.fields;
  const listError = listErrors?.message ?? listErrors?.root?.message;
  const used = new Set(layout.fields.map((f) => f.field));
  const addField = () => {
    const field = FEED_FILE_FIELDS.find((f) => !used.has(f)) ?? 'upc';
    append({ field, name: field });
  };
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <SelectField name="file_layout.format" label="Format" required options={FEED_FILE_FORMATS.map((f) => ({ value: f, label: FEED_FILE_FORMAT_LABELS[f] }))} />
        {layout.format === 'xml' ? (
          <>
            <TextField name="file_layout.root" label="List element" required />
            <TextField name="file_layout.item" label="Item element" required />
          </>
        ) : null}
      </SimpleGrid>
      <RowsTable
        label="Fields of the file"
        bordered
        columns={[{ header: '#', w: 32 }, { header: 'Field' }, { header: layout.format === 'xml' ? 'Element name' : 'Column header' }, { header: 'Order', w: 88, hidden: true }]}
        error={listError}
        addLabel="Add field"
        addDisabled={fields.length >= FEED_LAYOUT_MAX_FIELDS}
        onAdd={addField}
      >
        {fields.map((f, i) => (
          <Table.Tr key={f.key}>
            <Table.Td>
              <Text size="xs" c="dimmed">
                {i + 1}
              </Text>
            </Table.Td>
            <Table.Td>
              <SelectField name={`file_layout.fields.${i}.field`} label={`Field ${i + 1}`} labelHidden options={FIELD_OPTIONS} />
            </Table.Td>
            <Table.Td>
              <TextField name={`file_layout.fields.${i}.name`} label={`Name of field ${i + 1} in the file`} labelHidden />
            </Table.Td>
            <Table.Td>
              <Group gap={0} wrap="nowrap">
                <MoveButtons index={i} count={fields.length} name={`field ${i + 1}`} onMove={(to) => move(i, to)} />
                <IconButton label={`Remove field ${i + 1}`} color="red" disabled={fields.length === 1} onClick={() => remove(i)}>
                  <IconTrash size={14} />
                </IconButton>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </RowsTable>
      <Group justify="flex-end">
        <Button
          size="xs"
          variant="subtle"
          onClick={() => {
            restart();
            // the list's rows follow the array, not a write of the layout around it
            replace(standard.fields);
          }}
        >
          Start again from the standard fields
        </Button>
      </Group>
      <Text size="xs" fw={600}>
        Preview
      </Text>
      <Code block aria-label="Preview of the file’s start" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {layoutPreview(layout)}
      </Code>
    </>
  );
}
