import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

/** A header cell: its text, or the text with alignment and width; `srOnly` is read out but not shown. */
export type HeadCell = ReactNode | { label: ReactNode; ta?: 'left' | 'right' | 'center'; w?: number | string; srOnly?: boolean };

const isSpec = (c: HeadCell): c is Exclude<HeadCell, ReactNode> => typeof c === 'object' && c !== null && 'label' in c;

/** The header row of a plain table (not a ResourceList); false and null cells are left out. */
export function TableHead({ cells }: { cells: (HeadCell | false | null)[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {cells.map((c, i) => {
          if (c === false || c === null) return null;
          if (!isSpec(c)) return <Table.Th key={i}>{c}</Table.Th>;
          return (
            <Table.Th key={i} ta={c.ta} w={c.w}>
              {c.srOnly ? <span className="qm-sr-only">{c.label}</span> : c.label}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}
