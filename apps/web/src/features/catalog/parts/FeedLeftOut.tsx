/**
 * A feed's report of left-out items (`GET feed/{id}/left-out`): how many items the feed carries, how
 * many it leaves out, and, page by page, each left-out item with the reason in words (compliance, and the
 * feed's own rules: disabled, no price, no numeric UPC, below cost).
 */
import { Anchor, Badge, Drawer, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { FEED_LEFT_OUT_CAUSE_LABELS, type FeedLeftOutCause } from '@qm/contracts';
import { Link } from 'react-router';
import { formatInteger } from '../../../lib/format';
import { CodeDisplay } from '../../../ui/displays';
import { ListPagination } from '../../../ui/list';
import { TABLE_DENSITY } from '../../../ui/listParams';
import { EmptyState, ErrorState, Spinner } from '../../../ui/states';
import { useFeedLeftOut } from '../api';

const CAUSE_COLORS: Record<FeedLeftOutCause, string> = { disabled: 'gray', no_price: 'gray', blocked_everywhere: 'red', restricted: 'orange', no_upc: 'yellow', below_cost: 'yellow' };

export function FeedLeftOutDrawer({ feedId, onClose }: { feedId: number | null; onClose: () => void }) {
  return (
    <Drawer opened={feedId !== null} onClose={onClose} position="right" size="xl" title="Left-out items">
      {feedId !== null ? <FeedLeftOut feedId={feedId} /> : null}
    </Drawer>
  );
}

function FeedLeftOut({ feedId }: { feedId: number }) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(25);
  const report = useFeedLeftOut(feedId, page, perPage);
  if (report.isError) return <ErrorState error={report.error} onRetry={() => void report.refetch()} title="Could not check this feed" />;
  if (!report.data) return <Spinner label="Checking the feed’s items…" />;
  const r = report.data;
  return (
    <Stack gap="sm">
      <div>
        <Text fw={600}>
          {r.feed.name} <Text span c="dimmed">· {r.feed.store_name}</Text>
        </Text>
        <Text size="sm" aria-live="polite" data-testid="left-out-counts">
          {formatInteger(r.item_count)} item{r.item_count === 1 ? '' : 's'}, {formatInteger(r.left_out_count)} left out
        </Text>
        <Text size="xs" c="dimmed">
          Checked against the compliance rules in force on {r.date}. Items blocked in every state are always left out
          {r.feed.leave_out_restricted ? '; this feed also leaves out every item restricted anywhere.' : '; this feed keeps items restricted only in some places.'} Items
          disabled, without a price, without a numeric UPC or priced below cost are left out too, unless the feed keeps the last two.
        </Text>
      </div>
      {r.data.length === 0 ? (
        <EmptyState title="Nothing is left out">Every item this feed carries goes into it.</EmptyState>
      ) : (
        <Table striped withTableBorder verticalSpacing={5} horizontalSpacing={TABLE_DENSITY.x} fz={TABLE_DENSITY.fz} aria-label="Left-out items">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>SKU</Table.Th>
              <Table.Th>Item</Table.Th>
              <Table.Th>Why it is left out</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.data.map((i) => (
              <Table.Tr key={i.store_variant_id}>
                <Table.Td>
                  <CodeDisplay value={i.sku} />
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/product/${i.product_id}`} fz="inherit">
                    {i.title ?? `Product ${i.product_id}`}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <Badge size="sm" variant="light" color={CAUSE_COLORS[i.cause]} style={{ flexShrink: 0 }}>
                      {FEED_LEFT_OUT_CAUSE_LABELS[i.cause]}
                    </Badge>
                    <Text fz="inherit">{i.reason}</Text>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {r.left_out_count > 0 ? (
        <ListPagination
          page={page}
          perPage={perPage}
          total={r.left_out_count}
          loaded
          onPage={setPage}
          onPerPage={(n) => {
            setPerPage(n ?? 25);
            setPage(1);
          }}
        />
      ) : null}
    </Stack>
  );
}
