/** An order's or a route's vendor orders: number (opens it), source, status, total, and when created if known. */
import { Table } from '@mantine/core';
import type { VendorOrderStatus } from '@qm/contracts';
import { CodeDisplay, DateTimeDisplay, MoneyDisplay } from '../../../ui/displays';
import { VendorOrderStatusBadge } from './display';
import { DETAIL_TABLE } from '../../../ui/listParams';

export interface VendorOrderRow {
  id: number;
  number: string;
  source_name: string;
  /** A code of the vendor-order-status lookup. */
  status: VendorOrderStatus | string;
  total_cents: number;
  created_at?: string;
}

export function VendorOrdersTable({ rows, label }: { rows: readonly VendorOrderRow[]; label: string }) {
  const withCreated = rows.some((v) => v.created_at !== undefined);
  return (
    <Table {...DETAIL_TABLE} striped aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Number</Table.Th>
          <Table.Th>Source</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
          {withCreated ? <Table.Th>Created</Table.Th> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((v) => (
          <Table.Tr key={v.id}>
            <Table.Td>
              <CodeDisplay value={v.number} to={`/vendor-order/${v.id}`} />
            </Table.Td>
            <Table.Td>{v.source_name}</Table.Td>
            <Table.Td>
              <VendorOrderStatusBadge status={v.status as VendorOrderStatus} />
            </Table.Td>
            <Table.Td ta="right">
              <MoneyDisplay cents={v.total_cents} />
            </Table.Td>
            {withCreated ? <Table.Td>{v.created_at ? <DateTimeDisplay value={v.created_at} /> : null}</Table.Td> : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
