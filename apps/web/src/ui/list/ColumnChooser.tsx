/** Which columns a list shows: chosen in a menu, remembered per user (a preference). */
import { useMemo } from 'react';
import { ActionIcon, Checkbox, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { usePreference } from '../../lib/preferences';
import { IconColumns } from '../icons';
import type { Column } from './types';

export interface ColumnChoice<T, C extends Column<T> = Column<T>> {
  visibleKeys: Set<string>;
  visibleColumns: C[];
  toggle: (key: string) => void;
}

/** The columns shown: the user's choice (`preferenceKey`) of those that still exist, else the defaults. */
export function useColumnChoice<T, C extends Column<T> = Column<T>>(columns: C[], preferenceKey: string): ColumnChoice<T, C> {
  const [chosen, saveChosen] = usePreference<string[]>(preferenceKey);
  const visibleKeys = useMemo(() => {
    const valid = chosen?.filter((k) => columns.some((c) => c.key === k));
    return new Set(valid && valid.length > 0 ? valid : columns.filter((c) => c.defaultVisible !== false).map((c) => c.key));
  }, [chosen, columns]);
  const toggle = (key: string) => {
    const next = new Set(visibleKeys);
    if (next.has(key)) {
      if (next.size === 1) return; // keep at least one column
      next.delete(key);
    } else next.add(key);
    saveChosen(columns.filter((c) => next.has(c.key)).map((c) => c.key));
  };
  return { visibleKeys, visibleColumns: columns.filter((c) => visibleKeys.has(c.key)), toggle };
}

/** The "Choose columns" button: a checkbox per column (at least one stays shown). */
export function ColumnChooser<T, C extends Column<T> = Column<T>>({ columns, choice }: { columns: C[]; choice: ColumnChoice<T, C> }) {
  return (
    <Popover position="bottom-end" withinPortal shadow="md" trapFocus>
      <Popover.Target>
        <Tooltip label="Choose columns" withinPortal>
          <ActionIcon variant="default" size={30} aria-label="Choose columns">
            <IconColumns />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Stack gap={6} role="group" aria-label="Columns shown">
          <Text size="xs" fw={600} c="dimmed">
            Columns
          </Text>
          {columns.map((c) => {
            const shown = choice.visibleKeys.has(c.key);
            return (
              <Checkbox
                key={c.key}
                size="xs"
                label={c.header}
                checked={shown}
                disabled={shown && choice.visibleKeys.size === 1}
                onChange={() => choice.toggle(c.key)}
              />
            );
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
