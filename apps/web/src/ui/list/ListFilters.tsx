/** The list's search box, its filter controls and the chips of filters it was not configured with. */
import { useEffect, useRef, useState } from 'react';
import { Badge, CloseButton, Group, Loader, MultiSelect, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DateInput, DateRangeInput } from '../inputs';
import { IconSearch } from '../icons';
import { filterParam, type ListState } from '../listParams';
import type { FilterDef } from './types';
import type { ListStateApi } from './useListState';

/**
 * Typed text, sent after a pause, and the value from the URL: a change from outside (back/forward,
 * "Clear filters") shows in the box, but the URL catching up with text sent earlier does not
 * overwrite what was typed since.
 */
const same = (a: string, b: string) => a.trim() === b.trim();

function useTypedValue(value: string, send: (text: string) => void) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, 300);
  const sent = useRef(value);
  useEffect(() => {
    if (same(debounced, value)) return;
    sent.current = debounced;
    send(debounced);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  useEffect(() => {
    if (same(value, sent.current)) return; // our own text, echoed back by the URL
    sent.current = value;
    if (!same(value, text)) setText(value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return [text, setText] as const;
}

/** The search box: typed text goes to `q` in the URL after a pause; a change from outside shows here. */
export function ListSearch({ value, onSearch, placeholder }: { value: string; onSearch: (q: string) => void; placeholder: string }) {
  const [text, setText] = useTypedValue(value, onSearch);
  return (
    <TextInput
      size="xs"
      label="Search"
      placeholder={placeholder}
      leftSection={<IconSearch size={14} />}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      rightSection={text ? <CloseButton size="xs" aria-label="Clear search" onClick={() => setText('')} /> : null}
      w={240}
      type="search"
    />
  );
}

/** One control per configured filter, bound to `filter[key]` in the URL. */
export function ListFilters({ filters, list }: { filters: FilterDef[]; list: Pick<ListStateApi, 'state' | 'setFilter' | 'update'> }) {
  const { state, setFilter, update } = list;
  return (
    <>
      {filters.map((f) => {
        const values = state.filters[f.kind === 'dateRange' ? f.fromKey : f.key] ?? [];
        const setOne = (v: string | null) => setFilter(f.key, v ? [v] : []);
        // What the list's select filters have in common.
        const select = { size: 'xs', label: f.label, comboboxProps: { withinPortal: true } } as const;
        switch (f.kind) {
          case 'select':
            return (
              <Select
                key={f.key}
                {...select}
                placeholder="Any"
                data={f.options}
                value={values[0] ?? null}
                onChange={setOne}
                clearable
                searchable={f.options.length > 8}
                rightSection={f.loading ? <Loader size={12} /> : undefined}
                w={f.width ?? 180}
              />
            );
          case 'multiselect':
            return (
              <MultiSelect
                key={f.key}
                {...select}
                placeholder={values.length ? undefined : 'Any'}
                data={f.options}
                value={values}
                onChange={(v) => setFilter(f.key, v)}
                clearable
                searchable
                miw={180}
                maw={320}
              />
            );
          case 'boolean':
            return (
              <Select
                key={f.key}
                {...select}
                data={[
                  { value: '', label: 'Any' },
                  { value: 'true', label: f.trueLabel ?? 'Yes' },
                  { value: 'false', label: f.falseLabel ?? 'No' },
                ]}
                value={values[0] ?? ''}
                onChange={setOne}
                allowDeselect={false}
                w={120}
              />
            );
          case 'dateRange':
            return (
              <DateRangeInput
                key={f.key}
                label={f.label}
                value={[state.filters[f.fromKey]?.[0] ?? null, state.filters[f.toKey]?.[0] ?? null]}
                onChange={([from, to]) =>
                  update((p) => {
                    p.delete(filterParam(f.fromKey));
                    p.delete(filterParam(f.toKey));
                    if (from) p.set(filterParam(f.fromKey), from);
                    if (to) p.set(filterParam(f.toKey), to);
                  })
                }
              />
            );
          case 'date':
            return <DateInput key={f.key} quiet size="xs" label={f.label} value={values[0] ?? null} onChange={(d) => d !== (values[0] ?? null) && setOne(d)} />;
          case 'text':
            return <TextFilter key={f.key} label={f.label} placeholder={f.placeholder} value={values[0] ?? ''} onChange={setOne} />;
        }
      })}
    </>
  );
}

/** The keys of the URL's filters that these controls show. */
export function configuredFilterKeys(filters: FilterDef[]): Set<string> {
  return new Set(filters.flatMap((f) => (f.kind === 'dateRange' ? [f.fromKey, f.toKey] : [f.key])));
}

/** Filters in the URL that no control shows (e.g. from a link): removable chips. */
export function ExtraFilterChips({ filters, state, setFilter }: { filters: FilterDef[]; state: ListState; setFilter: (key: string, values: string[]) => void }) {
  const configured = configuredFilterKeys(filters);
  const extra = Object.entries(state.filters).filter(([k]) => !configured.has(k));
  if (extra.length === 0) return null;
  return (
    <Group gap={6} px="xs" pb="xs">
      {extra.map(([k, vs]) => (
        <Badge key={k} variant="light" radius="sm" rightSection={<CloseButton size="xs" aria-label={`Remove filter ${k}`} onClick={() => setFilter(k, [])} />}>
          {k.replace(/_/g, ' ')}: {vs.join(', ')}
        </Badge>
      ))}
    </Group>
  );
}

function TextFilter({ label, placeholder, value, onChange }: { label: string; placeholder?: string; value: string; onChange: (v: string) => void }) {
  const [text, setText] = useTypedValue(value, (t) => onChange(t.trim()));
  return <TextInput size="xs" label={label} placeholder={placeholder} value={text} onChange={(e) => setText(e.currentTarget.value)} w={160} />;
}
