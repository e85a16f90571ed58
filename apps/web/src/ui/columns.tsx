/** Columns every list has in the same form: its id, when a row was created and updated (the day over its time), its version. */
import { DateTimeDisplay } from './displays';
import type { Column } from './ResourceList';

type Options = Pick<Column<unknown>, 'sortable' | 'defaultVisible' | 'width'>;

export const idColumn = <T,>(o: Options = {}): Column<T> => ({ key: 'id', header: 'ID', width: 64, align: 'right', ...o });

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
