/**
 * Columns every list has in the same form: its id, its record's number (with what it belongs to under
 * it), when a row was created and updated (the day over its time), its version.
 */
import { CodeDisplay, DateTimeDisplay, Stacked } from './displays';
import type { Column } from './ResourceList';

type Options = Pick<Column<unknown>, 'sortable' | 'defaultVisible' | 'width'>;

export const idColumn = <T,>(o: Options = {}): Column<T> => ({ key: 'id', header: 'ID', width: 64, align: 'right', ...o });

/**
 * The record's number (or code), strong, and what it belongs to dimmed under it (its store, its
 * order), whose own column the list keeps in the columns menu.
 */
export const numberColumn = <T,>(number: (row: T) => string, under: { value: (row: T) => string | null; title: string }, o: Options & { key?: string; header?: string } = {}): Column<T> => ({
  key: 'number',
  header: 'Number',
  render: (row) => (
    <Stacked note={under.value(row)} noteTitle={under.title}>
      <CodeDisplay value={number(row)} strong />
    </Stacked>
  ),
  ...o,
});

export const createdColumn = <T extends { created_at: string }>(o: Options = {}): Column<T> => ({
  key: 'created_at',
  header: 'Created',
  render: (row) => <DateTimeDisplay value={row.created_at} stacked />,
  ...o,
});

/** Sorts where the list's contract sorts by updated_at, as every column (sortingOf). */
export const updatedColumn = <T extends { updated_at: string }>(o: Options = {}): Column<T> => ({
  key: 'updated_at',
  header: 'Updated',
  render: (row) => <DateTimeDisplay value={row.updated_at} stacked />,
  ...o,
});

export const versionColumn = <T,>(o: Options = {}): Column<T> => ({ key: 'version', header: 'Version', defaultVisible: false, align: 'right', ...o });
