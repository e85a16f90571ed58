import type { ReactNode } from 'react';
import { Group } from '@mantine/core';

/** The bar over a list: search and filters on the left (`children`), buttons on the right (`actions`). */
export function ListToolbar({ children, actions }: { children?: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="xs" p="xs" wrap="wrap" className="qm-list-toolbar">
      <Group gap="xs" align="flex-end" wrap="wrap">
        {children}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {actions}
      </Group>
    </Group>
  );
}
