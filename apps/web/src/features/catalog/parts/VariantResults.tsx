/** Variants found by a search (SKU, product, units and UPC), each with the action the screen offers for it. */
import type { ReactNode } from 'react';
import { Table, Text } from '@mantine/core';
import type { VariantListItem } from '@qm/contracts';
import { CodeDisplay } from '../../../ui/displays';
import { DETAIL_TABLE } from '../../../ui/listParams';

export function VariantResults({ found, action, mt }: { found: readonly VariantListItem[]; action: (v: VariantListItem) => ReactNode; mt?: string }) {
  return (
    <Table {...DETAIL_TABLE} mt={mt} aria-label="Variants found" className="qm-inner-table">
      <Table.Tbody>
        {found.length === 0 ? (
          <Table.Tr>
            <Table.Td>
              <Text size="sm" c="dimmed">
                No variant matches.
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : null}
        {found.map((v) => (
          <Table.Tr key={v.id} data-sku={v.sku}>
            <Table.Td>
              <CodeDisplay value={v.sku} strong />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'normal' }}>
              <Text size="sm">{v.product_title ?? `Product #${v.product_id}`}</Text>
              <Text size="xs" c="dimmed">
                {v.units_per_package.toLocaleString('en-US')} units{v.upc ? ` · ${v.upc}` : ''}
              </Text>
            </Table.Td>
            <Table.Td ta="right">{action(v)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
