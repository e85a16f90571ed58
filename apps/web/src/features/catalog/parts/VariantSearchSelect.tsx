/**
 * A variant — or, with `pick="product"`, a product — found by SKU, UPC or product title (`GET variant?q=`),
 * typed into a searchable select. Two uses: a form's field (`value` given, the chosen one stays shown,
 * `null` when none) and an action (`value` left out: what is picked goes to `onPick` and the box empties
 * for the next one).
 */
import { useState, type Ref } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { VariantListItem } from '@qm/contracts';
import { useVariantSearch } from '../api';

type Props = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter' | 'nothingFoundMessage' | 'searchable'> & {
  pick?: 'variant' | 'product';
  /** The field's value (an id, or null for none); left out, the select is an action. */
  value?: number | null;
  /** What the current value is called while no search has found it (default "Variant #id"). */
  currentLabel?: string;
  /** The chosen id (null: cleared) and, when the search found it, its row. */
  onPick: (id: number | null, row: VariantListItem | undefined) => void;
  ref?: Ref<HTMLInputElement>;
};

/** How a variant is named wherever one is picked: its SKU and its product's title. */
export const variantLabel = (v: Pick<VariantListItem, 'sku' | 'product_id' | 'product_title'>) => `${v.sku} — ${v.product_title ?? `product #${v.product_id}`}`;

export function VariantSearchSelect({ pick = 'variant', value, currentLabel, onPick, placeholder = 'SKU, UPC or product title', ...rest }: Props) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const found = useVariantSearch(q);
  const rows = found.data?.data ?? [];
  // labels of what was chosen here: the box shows the chosen one's words, then searches them, and may not find it again
  const [chosen, setChosen] = useState(() => new Map<string, string>());
  const options =
    pick === 'variant'
      ? rows.map((v) => ({ value: String(v.id), label: variantLabel(v) }))
      : [...new Map(rows.map((v) => [v.product_id, { value: String(v.product_id), label: v.product_title ?? `Product #${v.product_id}` }])).values()];
  const action = value === undefined;
  const current = action || value === null ? null : String(value);
  if (current && !options.some((o) => o.value === current)) {
    options.unshift({ value: current, label: chosen.get(current) ?? currentLabel ?? `${pick === 'variant' ? 'Variant' : 'Product'} #${current}` });
  }
  const typed = search.trim();
  return (
    <Select
      placeholder={placeholder}
      searchable
      data={options}
      value={current}
      searchValue={search}
      onSearchChange={setSearch}
      // the server has searched; the select shows what it found as it is
      filter={({ options: o }) => o}
      nothingFoundMessage={typed.length < 2 ? 'Type two characters or more' : found.isFetching || q !== typed ? 'Searching…' : 'Nothing found'}
      onChange={(v) => {
        if (v === null) {
          if (!action) onPick(null, undefined);
          return;
        }
        const row = rows.find((r) => String(pick === 'variant' ? r.id : r.product_id) === v);
        const label = options.find((o) => o.value === v)?.label;
        if (label) setChosen((m) => new Map(m).set(v, label));
        onPick(Number(v), row);
        if (action) setSearch('');
      }}
      comboboxProps={{ withinPortal: true }}
      {...rest}
    />
  );
}
