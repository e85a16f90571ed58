/**
 * Deleting the selected rows: rows the screen says cannot be deleted are left out (and named), the
 * rest are confirmed, then deleted one after another (or by the resource's bulk endpoint); what the
 * server refused is reported row by row with its reason (e.g. the 422 rule).
 */
import { List, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../lib/api';
import { alertDialog, confirmDialog } from '../ConfirmDialog';
import { countOf } from './BulkBar';
import type { Noun, RowKey } from './types';

export interface Refusal {
  id: RowKey;
  message: string;
}

/** A bulk delete endpoint: deletes what it may and answers what it refused. */
export type BulkDeleteRun = (ids: RowKey[]) => Promise<Refusal[]>;

export interface BulkDeleteOptions<T> {
  rows: T[];
  rowKey: (row: T) => RowKey;
  rowLabel: (row: T) => string;
  noun: Noun;
  /** Why a row cannot be deleted, or null. */
  blockedReason?: (row: T) => string | null;
  /** Deletes one row (the resource's delete). */
  removeOne: (id: RowKey) => Promise<unknown>;
  bulk?: BulkDeleteRun;
}

const MAX_LISTED = 10;

function Listed({ items }: { items: { label: string; message: string }[] }) {
  return (
    <List size="sm" spacing={2}>
      {items.slice(0, MAX_LISTED).map((x, i) => (
        <List.Item key={i}>
          <Text span size="sm" fw={500} className="qm-break">
            {x.label}
          </Text>
          : {x.message}
        </List.Item>
      ))}
      {items.length > MAX_LISTED ? <List.Item>… and {items.length - MAX_LISTED} more</List.Item> : null}
    </List>
  );
}

/** Runs the whole flow; resolves to the keys of the rows that are still there (blocked or refused). */
export async function bulkDelete<T>(o: BulkDeleteOptions<T>): Promise<RowKey[]> {
  const blocked = o.rows.flatMap((r) => {
    const reason = o.blockedReason?.(r) ?? null;
    return reason ? [{ row: r, label: o.rowLabel(r), message: reason }] : [];
  });
  const blockedSet = new Set(blocked.map((b) => b.row));
  const targets = o.rows.filter((r) => !blockedSet.has(r));
  if (targets.length === 0) {
    alertDialog(`No ${o.noun.many} can be deleted`, <Listed items={blocked} />);
    return o.rows.map(o.rowKey);
  }
  const ok = await confirmDialog({
    title: `Delete ${countOf(targets.length, o.noun)}?`,
    message: (
      <Stack gap="xs">
        <Text size="sm">
          {targets.length === 1 ? `The ${o.noun.one} “${o.rowLabel(targets[0]!)}” will be deleted.` : `${countOf(targets.length, o.noun)} will be deleted.`} This cannot be undone.
        </Text>
        {blocked.length > 0 ? (
          <>
            <Text size="sm">{`${countOf(blocked.length, o.noun)} cannot be deleted and will stay:`}</Text>
            <Listed items={blocked} />
          </>
        ) : null}
      </Stack>
    ),
    confirmLabel: `Delete ${countOf(targets.length, o.noun)}`,
  });
  if (!ok) return o.rows.map(o.rowKey);

  const ids = targets.map(o.rowKey);
  let refused: Refusal[] = [];
  if (o.bulk) {
    try {
      refused = await o.bulk(ids);
    } catch (e) {
      refused = ids.map((id) => ({ id, message: errorMessage(e) }));
    }
  } else {
    for (const id of ids) {
      try {
        await o.removeOne(id);
      } catch (e) {
        refused.push({ id, message: errorMessage(e) });
      }
    }
  }
  const done = ids.length - refused.length;
  if (done > 0) notifications.show({ color: 'teal', message: `Deleted ${countOf(done, o.noun)}` });
  if (refused.length > 0) {
    const labelOf = new Map(targets.map((r) => [o.rowKey(r), o.rowLabel(r)]));
    alertDialog(
      `${countOf(refused.length, o.noun)} not deleted`,
      <Listed items={refused.map((r) => ({ label: labelOf.get(r.id) ?? `#${r.id}`, message: r.message }))} />,
    );
  }
  return [...blocked.map((b) => o.rowKey(b.row)), ...refused.map((r) => r.id)];
}
