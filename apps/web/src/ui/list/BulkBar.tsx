/** The bar shown while rows are selected: how many, select the page / clear, and what can be done to them. */
import type { ReactNode } from 'react';
import { Button, Group, Text, Tooltip } from '@mantine/core';
import { plural } from '../../lib/format';
import type { BulkAction, Noun, Selection } from './types';

export interface BulkBarProps<T> {
  noun: Noun;
  selection: Selection<T>;
  /** Rows on the page: "Select all 25" shows while fewer are selected. */
  pageCount: number;
  onSelectPage: () => void;
  /** The kit's own buttons (export, delete) before the screen's. */
  children?: ReactNode;
  actions?: BulkAction<T>[];
}

export function BulkBar<T>({ noun, selection, pageCount, onSelectPage, children, actions = [] }: BulkBarProps<T>) {
  const n = selection.ids.length;
  if (n === 0) return null;
  return (
    <Group gap="xs" px="xs" py={6} className="qm-bulkbar" role="toolbar" aria-label={`Selected ${noun.many}`} justify="space-between" wrap="wrap">
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} aria-live="polite">
          {n} selected
        </Text>
        {n < pageCount ? (
          <Button size="compact-xs" variant="subtle" onClick={onSelectPage}>
            Select all {pageCount} on this page
          </Button>
        ) : null}
        <Button size="compact-xs" variant="subtle" onClick={selection.clear}>
          Clear selection
        </Button>
      </Group>
      <Group gap="xs" wrap="wrap">
        {children}
        {actions.map((a) => {
          const reason = a.disabledReason?.(selection) ?? null;
          const button = (
            <Button key={a.label} size="xs" variant="light" color={a.color} leftSection={a.icon} disabled={reason !== null} onClick={() => void a.run(selection)}>
              {a.label}
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
