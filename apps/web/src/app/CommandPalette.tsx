/**
 * The command palette (Ctrl/⌘-K, or the header's Search button): go to any screen the user may open
 * by its label or title, or find a record by name, SKU or number through the API lists of
 * app/search.ts. Keyboard: ↑/↓ move, Enter opens, Escape closes. A combobox over a listbox
 * (aria-activedescendant), so a screen reader follows the highlighted result.
 */
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Kbd, Loader, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight, spotlight } from '@mantine/spotlight';
import { useQueries } from '@tanstack/react-query';
import { api } from '../lib/api';
import { qk } from '../lib/queryKeys';
import { IconSearch } from '../ui/icons';
import { SEARCH_LIMIT, SEARCH_MIN_LENGTH, SEARCH_SOURCES, matchScreens, paletteScreens, searchSources, type SearchSource } from './search';

interface Item {
  id: string;
  group: string;
  label: string;
  description?: string;
  to: string;
}

const classes = Spotlight.classes as Record<'action' | 'actionBody' | 'actionLabel' | 'actionDescription', string>;

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
/** The shortcut as this keyboard writes it. */
export const PALETTE_SHORTCUT = isMac ? '⌘ K' : 'Ctrl K';

/** The header's button that opens the palette. */
export function PaletteButton() {
  return (
    <UnstyledButton className="qm-palette-button" onClick={() => spotlight.open()} aria-haspopup="dialog">
      <IconSearch size={14} />
      <span>Search</span>
      <Kbd size="xs" visibleFrom="sm">
        {PALETTE_SHORTCUT}
      </Kbd>
    </UnstyledButton>
  );
}

export function CommandPalette({ permissions, sources: allSources = SEARCH_SOURCES }: { permissions: readonly string[]; sources?: readonly SearchSource<unknown>[] }) {
  const navigate = useNavigate();
  const listId = `${useId().replace(/:/g, '')}-palette`;
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [searched] = useDebouncedValue(query.trim(), 200);
  const screens = useMemo(() => paletteScreens(permissions), [permissions]);
  const sources = useMemo(() => searchSources(permissions, allSources), [permissions, allSources]);
  const searching = searched.length >= SEARCH_MIN_LENGTH;

  const results = useQueries({
    queries: sources.map((s) => ({
      queryKey: qk.resource(s.endpoint).part('palette', searched),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.list<unknown>(s.endpoint, { q: searched, per_page: SEARCH_LIMIT }, signal),
      enabled: searching,
      staleTime: 30_000,
    })),
  });

  const items: Item[] = useMemo(() => {
    const out: Item[] = matchScreens(screens, query).map((r) => ({
      id: `screen-${r.name}`,
      group: 'Screens',
      label: r.nav!.label,
      description: r.nav!.label === r.title ? r.nav!.group : `${r.nav!.group} · ${r.title}`,
      to: `/${r.path}`,
    }));
    if (searching) {
      sources.forEach((s, i) => {
        for (const row of results[i]?.data?.data ?? []) {
          const to = s.href(row);
          out.push({ id: `${s.endpoint}-${to}`, group: s.group, label: s.label(row), description: s.description?.(row), to });
        }
      });
    }
    return out;
  }, [screens, query, searching, sources, results]);

  const loading = searching && results.some((r) => r.isFetching);
  const failed = searching && results.some((r) => r.isError);
  const ids = items.map((i) => i.id).join('\n');
  useEffect(() => setActive(0), [ids]);
  const activeItem = items[Math.min(active, items.length - 1)];
  const optionId = (item: Item) => `${listId}-${item.id.replace(/[^\w-]/g, '_')}`;
  useEffect(() => {
    if (activeItem) document.getElementById(optionId(activeItem))?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeItem?.id]);

  const open = (item: Item) => {
    spotlight.close();
    navigate(item.to);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (items.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (Math.min(a, items.length - 1) + step + items.length) % items.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (activeItem) open(activeItem);
    }
  };

  const groups = [...new Set(items.map((i) => i.group))];
  const status = loading ? 'Searching…' : failed ? 'Some records could not be searched.' : items.length === 0 ? 'Nothing found' : `${items.length} result${items.length === 1 ? '' : 's'}`;

  return (
    <Spotlight.Root
      query={query}
      onQueryChange={setQuery}
      shortcut="mod + K"
      // The shortcut works from any field too (a list's search box, a form).
      tagsToIgnore={[]}
      title="Go to a screen or find a record"
      classNames={{ header: 'qm-sr-only' }}
      size={640}
    >
      <Spotlight.Search
        aria-label="Screen, product, user…"
        placeholder={sources.length > 0 ? 'Go to a screen, or find a record by name, SKU or email…' : 'Go to a screen…'}
        leftSection={<IconSearch size={18} />}
        rightSection={loading ? <Loader size={14} /> : null}
        role="combobox"
        aria-expanded={items.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeItem ? optionId(activeItem) : undefined}
        onKeyDown={onKeyDown}
        autoComplete="off"
        spellCheck={false}
      />
      {/* Focusable, so that the list scrolls from the keyboard too (the arrows in the field move through it). */}
      <ScrollArea.Autosize mah={420} type="scroll" scrollbarSize={6} viewportProps={{ tabIndex: 0 }}>
        <div id={listId} role="listbox" aria-label="Results" className="qm-palette-list">
          {groups.map((group) => (
            <Spotlight.ActionsGroup key={group} label={group} role="group" aria-label={group}>
              {items
                .filter((i) => i.group === group)
                .map((item) => (
                  // An option of its own (Spotlight.Action keeps the id for itself), styled as the palette's actions.
                  <UnstyledButton
                    key={item.id}
                    id={optionId(item)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={item === activeItem}
                    data-selected={item === activeItem || undefined}
                    className={`${classes.action} qm-palette-option`}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => open(item)}
                    onMouseEnter={() => setActive(items.indexOf(item))}
                  >
                    <span className={classes.actionBody}>
                      <span className={classes.actionLabel}>{item.label}</span>
                      {item.description ? <span className={classes.actionDescription}>{item.description}</span> : null}
                    </span>
                  </UnstyledButton>
                ))}
            </Spotlight.ActionsGroup>
          ))}
        </div>
      </ScrollArea.Autosize>
      <Text size="xs" c="dimmed" px="md" py={6} className="qm-palette-status" role="status" aria-live="polite">
        {query.trim() && !searching && sources.length > 0 && items.length === 0 ? `Type ${SEARCH_MIN_LENGTH} or more characters to find records` : status}
        <span className="qm-palette-keys" aria-hidden="true">
          ↑↓ to move · Enter to open · Esc to close
        </span>
      </Text>
    </Spotlight.Root>
  );
}
