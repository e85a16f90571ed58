/** The list's footer: which rows are shown of how many, rows per page, and the pages. */
import type { ReactNode } from 'react';
import { Group, Pagination, Select, Text } from '@mantine/core';
import { formatRange } from '../../lib/format';
import { PER_PAGE_OPTIONS } from '../listParams';

export interface ListPaginationProps {
  page: number;
  perPage: number;
  total: number;
  /** False when the total is a cap ("1–25 of 1,000+"). */
  totalExact?: boolean;
  /** False until the first page has loaded (nothing is counted yet). */
  loaded: boolean;
  onPage: (page: number) => void;
  onPerPage: (perPage: number | null) => void;
  /** Shown after the count (e.g. how many are selected). */
  children?: ReactNode;
}

export function ListPagination({ page, perPage, total, totalExact = true, loaded, onPage, onPerPage, children }: ListPaginationProps) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <Group justify="space-between" gap="xs" px="xs" py={6} className="qm-list-footer">
      <Group gap="xs">
        <Text size="xs" c="dimmed" aria-live="polite">
          {loaded ? `${formatRange(page, perPage, total)}${totalExact ? '' : '+'}` : ' '}
        </Text>
        {children}
      </Group>
      <Group gap="xs">
        <Select
          size="xs"
          aria-label="Rows per page"
          data={PER_PAGE_OPTIONS.map((n) => ({ value: String(n), label: `${n} / page` }))}
          value={String(perPage)}
          onChange={(v) => onPerPage(v ? Number(v) : null)}
          allowDeselect={false}
          w={110}
          comboboxProps={{ withinPortal: true }}
        />
        <Pagination size="sm" total={pages} value={Math.min(page, pages)} onChange={onPage} withEdges siblings={1} aria-label="Pages" />
      </Group>
    </Group>
  );
}
