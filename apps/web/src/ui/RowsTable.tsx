import type { ReactNode } from 'react';
import { Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from './icons';

/** A column of a RowsTable: its header (`hidden`: named for screen readers only, e.g. a row's buttons). */
export interface RowsColumn {
  header: string;
  w?: number;
  hidden?: boolean;
}

/**
 * A list edited in a form as table rows (shipping tiers, a feed's fields): the headers, the rows the
 * caller renders (`<Table.Tr>` each), the list's own error ("List at least one…") and an Add button.
 */
export function RowsTable({
  label,
  columns,
  children,
  error,
  addLabel,
  onAdd,
  addDisabled,
  bordered,
}: {
  label: string;
  columns: RowsColumn[];
  children: ReactNode;
  error?: string;
  addLabel: string;
  onAdd: () => void;
  addDisabled?: boolean;
  bordered?: boolean;
}) {
  return (
    <div>
      <Table withTableBorder={bordered} verticalSpacing={bordered ? 4 : 2} horizontalSpacing={bordered ? 'xs' : 4} fz="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.header} w={c.w}>
                {c.hidden ? <VisuallyHidden>{c.header}</VisuallyHidden> : c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
      {error ? (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      <Button size="compact-xs" variant="subtle" mt={4} leftSection={<IconPlus size={12} />} disabled={addDisabled} onClick={onAdd}>
        {addLabel}
      </Button>
    </div>
  );
}
