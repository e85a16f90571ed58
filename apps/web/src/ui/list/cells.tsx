import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** A cell of a column without `render`: the field's value as text ("—" when empty). */
export function cellValue(row: unknown, key: string): ReactNode {
  const v = (row as Record<string, unknown>)[key];
  if (v === null || v === undefined || v === '') return <Text span c="dimmed" size="inherit">—</Text>;
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'number') return String(v);
  return longText(Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? JSON.stringify(v) : String(v));
}

/** A text in a table cell: short values stay on one line (dense rows); a long one wraps instead of widening the table. */
export const longText = (text: string): ReactNode => (text.length > 40 ? <span className="qm-cell-text">{text}</span> : text);
