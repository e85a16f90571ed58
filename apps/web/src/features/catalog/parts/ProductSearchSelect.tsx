/** A product found by title or SKU (`GET product?q=`), typed into a searchable select: a screen picks one with it. */
import { useState } from 'react';
import { Select } from '@mantine/core';
import type { ProductListItem } from '@qm/contracts';
import { useResourceSearch } from '../../../lib/resource';
import { products } from '../api';

export function ProductSearchSelect({
  label,
  placeholder = 'Title or SKU',
  exclude = [],
  disabled = false,
  width = 360,
  onPick,
}: {
  /** The select's accessible name. */
  label: string;
  placeholder?: string;
  /** Products not offered (already chosen). */
  exclude?: readonly number[];
  disabled?: boolean;
  width?: number;
  onPick: (p: ProductListItem) => void;
}) {
  const [q, setQ] = useState('');
  const found = useResourceSearch<ProductListItem>(products, 'search', { q, per_page: 12 }, { enabled: q.trim().length >= 2 });
  const rows = (found.data?.data ?? []).filter((p) => !exclude.includes(p.id));
  return (
    <Select
      aria-label={label}
      placeholder={placeholder}
      searchable
      w={width}
      size="xs"
      disabled={disabled}
      data={rows.map((p) => ({ value: String(p.id), label: `${p.title ?? `Product #${p.id}`}${p.default_sku ? ` — ${p.default_sku}` : ''}` }))}
      value={null}
      searchValue={q}
      onSearchChange={setQ}
      onChange={(v) => {
        const p = rows.find((r) => String(r.id) === v);
        if (p) {
          onPick(p);
          setQ('');
        }
      }}
      nothingFoundMessage={q.trim().length < 2 ? 'Type two characters or more' : found.isFetching ? 'Searching…' : 'Nothing found'}
      filter={({ options }) => options}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
