/** The bar shown while rows are selected: how many, select the page / clear, and what can be done to them. */
import type { ReactNode } from 'react';
import { Button, Group, Text, Tooltip } from '@mantine/core';
import { formatInteger, plural } from '../../lib/format';
import type { BulkAction, ListShown, Noun, Selection } from './types';

export interface BulkBarProps<T> {
  noun: Noun;
  selection: Selection<T>;
  /** Rows on the page: "Select all 25" shows while fewer are selected. */
  pageCount: number;
  onSelectPage: () => void;
  /** The kit's own buttons (export, delete) before the screen's: for a page's rows, not shown while every match is selected. */
  children?: ReactNode;
  actions?: BulkAction<T>[];
  /** What the list shows past its page, for actions that run on every match (`runAll`). */
  shown?: ListShown;
  /** Every row the list matches is selected, not only the page's. */
  allMatching?: boolean;
  onSelectAllMatching?: (all: boolean) => void;
}

export function BulkBar<T>({ noun, selection, pageCount, onSelectPage, children, actions = [], shown, allMatching = false, onSelectAllMatching }: BulkBarProps<T>) {
  const n = selection.ids.length;
  if (n === 0) return null;
  // "Select all N": the whole page is selected, more rows match, and an action can run on them all
  const canSelectAll = Boolean(shown && onSelectAllMatching && n === pageCount && shown.total > pageCount && actions.some((a) => a.runAll));
  const all = allMatching && canSelectAll;
  const many = (k: number) => `${formatInteger(k)} ${k === 1 ? noun.one : noun.many}`;
  return (
    <Group gap="xs" px="xs" py={6} className="qm-bulkbar" role="toolbar" aria-label={`Selected ${noun.many}`} justify="space-between" wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} aria-live="polite">
          {all ? `All ${many(shown!.total)} selected` : `${n} selected`}
        </Text>
        {n < pageCount ? (
          <Button size="compact-xs" variant="subtle" onClick={onSelectPage}>
            Select all {pageCount} on this page
          </Button>
        ) : null}
        {canSelectAll && !all ? (
          <Button size="compact-xs" variant="subtle" onClick={() => onSelectAllMatching!(true)}>
            Select all {many(shown!.total)}
          </Button>
        ) : null}
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => {
            onSelectAllMatching?.(false);
            selection.clear();
          }}
        >
          Clear selection
        </Button>
      </Group>
      <Group gap="xs" wrap="wrap">
        {all ? null : children}
        {actions.map((a) => {
          const reason = all ? (a.runAll ? null : 'Acts on the rows of one page') : (a.disabledReason?.(selection) ?? null);
          const button = (
            <Button
              key={a.label}
              size="xs"
              variant="light"
              color={a.color}
              leftSection={a.icon}
              disabled={reason !== null}
              onClick={() => void (all ? a.runAll!(shown!) : a.run(selection))}
            >
              {all && a.runAll ? `${a.label} (all ${formatInteger(shown!.total)})` : a.label}
            </Button>
          );
          return reason ? (
            <Tooltip key={a.label} label={reason} withinPortal>
              <span>{button}</span>
            </Tooltip>
          ) : (
            button
          );
        })}
      </Group>
    </Group>
  );
}

/** "3 brands" */
export const countOf = (n: number, noun: Noun) => plural(n, noun.one, noun.many);
