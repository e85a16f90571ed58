/** Rows ticked in a list: a set of row keys, emptied when the page on screen changes (`resetKey`). */
import { useEffect, useState } from 'react';
import type { RowKey } from './types';

export interface SelectionState {
  selected: Set<RowKey>;
  isSelected: (key: RowKey) => boolean;
  toggle: (key: RowKey) => void;
  /** Ticks every row of the page, or (when all are) none. */
  togglePage: () => void;
  selectPage: () => void;
  clear: () => void;
  /** Keeps only these (e.g. the rows a bulk action refused). */
  set: (keys: RowKey[]) => void;
  allOnPage: boolean;
  someOnPage: boolean;
}

export function useSelection(pageKeys: RowKey[], resetKey: string): SelectionState {
  const [selected, setSelected] = useState<Set<RowKey>>(new Set());
  useEffect(() => setSelected(new Set()), [resetKey]);
  // Rows that left the page (deleted, or the page was read again) are no longer selected.
  const onPage = new Set(pageKeys);
  const current = new Set(Array.from(selected).filter((k) => onPage.has(k)));
  const allOnPage = pageKeys.length > 0 && pageKeys.every((k) => current.has(k));
  const someOnPage = pageKeys.some((k) => current.has(k));
  return {
    selected: current,
    isSelected: (k) => current.has(k),
    toggle: (k) => {
      const next = new Set(current);
      if (next.has(k)) next.delete(k);
      else next.add(k);
      setSelected(next);
    },
    togglePage: () => setSelected(allOnPage ? new Set() : new Set(pageKeys)),
    selectPage: () => setSelected(new Set(pageKeys)),
    clear: () => setSelected(new Set()),
    set: (keys) => setSelected(new Set(keys)),
    allOnPage,
    someOnPage,
  };
}
