/** Before → after of one audited change: a row per changed key (the Logs screen). */
import { Badge, Code, Table, Text } from '@mantine/core';
import { TableHead } from './TableHead';

type Json = unknown;

function isObject(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Flattens nested objects to dotted keys (`address.zip`); arrays stay whole. */
function flatten(v: Json, prefix = '', out: Record<string, Json> = {}): Record<string, Json> {
  if (isObject(v)) {
    const keys = Object.keys(v);
    if (keys.length === 0 && prefix) out[prefix] = v;
    for (const k of keys) flatten(v[k], prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) {
    out[prefix] = v;
  } else if (v !== null && v !== undefined) {
    out['(value)'] = v;
  }
  return out;
}

function same(a: Json, b: Json): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function show(v: Json, present: boolean) {
  if (!present) return <Text span size="xs" c="dimmed">(none)</Text>;
  if (v === null) return <Text span size="xs" c="dimmed">null</Text>;
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return <Code className="qm-code-wrap">{text}</Code>;
}

export interface DiffRow {
  key: string;
  before: Json;
  after: Json;
  hasBefore: boolean;
  hasAfter: boolean;
}

export function diffRows(before: Json, after: Json): DiffRow[] {
  const a = flatten(before ?? {});
  const b = flatten(after ?? {});
  const keys = Array.from(new Set([...Object.keys(a), ...Object.keys(b)])).sort();
  return keys
    .filter((k) => !(k in a && k in b && same(a[k], b[k])))
    .map((k) => ({ key: k, before: a[k], after: b[k], hasBefore: k in a, hasAfter: k in b }));
}

export function JsonDiff({ before, after }: { before: Json; after: Json }) {
  const rows = diffRows(before, after);
  if (rows.length === 0) {
    return <Text size="sm" c="dimmed">No field changed.</Text>;
  }
  return (
    <Table withTableBorder withColumnBorders verticalSpacing={4} horizontalSpacing="xs" fz="xs" aria-label="Changes">
      <TableHead cells={[{ label: 'Field', w: '22%' }, { label: 'Before', w: '39%' }, { label: 'After', w: '39%' }]} />
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.key}>
            <Table.Td>
              <Text size="xs" ff="monospace">{r.key}</Text>
              {!r.hasBefore ? <Badge size="xs" color="teal" variant="light" ml={4}>added</Badge> : null}
              {!r.hasAfter ? <Badge size="xs" color="red" variant="light" ml={4}>removed</Badge> : null}
            </Table.Td>
            <Table.Td className="qm-diff-before">{show(r.before, r.hasBefore)}</Table.Td>
            <Table.Td className="qm-diff-after">{show(r.after, r.hasAfter)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
