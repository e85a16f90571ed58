/** How routes and vendor orders show: status badges named by the lookups, money. */
import { Badge, Stack, Text } from '@mantine/core';
import { type RouteStatus, type VendorOrderStatus } from '@qm/contracts';
import { formatCents } from '../../../lib/format';
import { StatusBadge } from '../../../ui/StatusBadge';

const ROUTE_COLORS: Record<RouteStatus, string> = {
  pending: 'gray',
  computed: 'blue',
  needs_review: 'orange',
  selected: 'teal',
  submitted: 'green',
  failed: 'red',
};
const VO_COLORS: Record<VendorOrderStatus, string> = {
  draft: 'gray',
  submitted: 'blue',
  acknowledged: 'indigo',
  backordered: 'orange',
  partially_shipped: 'yellow',
  shipped: 'teal',
  delivered: 'green',
  rejected: 'red',
  cancelled: 'red',
};

export function RouteStatusBadge({ status, stale }: { status: RouteStatus; stale?: boolean }) {
  return (
    <>
      <StatusBadge kind="order-route-status" status={status} colors={ROUTE_COLORS} />
      {stale ? (
        <Badge size="sm" radius="sm" variant="outline" color="orange" ml={4}>
          Stale
        </Badge>
      ) : null}
    </>
  );
}

/** The status, and "Late" beside it (`stacked`: under it, where a list's column is narrow). */
export function VendorOrderStatusBadge({ status, late, stacked = false }: { status: VendorOrderStatus; late?: boolean; stacked?: boolean }) {
  const badge = <StatusBadge kind="vendor-order-status" status={status} colors={VO_COLORS} />;
  if (!late) return badge;
  const flag = (
    <Badge size="sm" radius="sm" variant="filled" color="red" ml={stacked ? 0 : 4}>
      Late
    </Badge>
  );
  return stacked ? (
    <Stack gap={2} align="flex-start">
      {badge}
      {flag}
    </Stack>
  ) : (
    <>
      {badge}
      {flag}
    </>
  );
}

export function SourceKindBadge({ kind }: { kind: 'vendor' | 'warehouse' }) {
  return (
    <Badge size="xs" radius="sm" variant="outline" color={kind === 'warehouse' ? 'indigo' : 'gray'}>
      {kind === 'warehouse' ? 'Our warehouse' : 'Drop-ship'}
    </Badge>
  );
}

/** "+$12.40 more than option 1" (nothing for the best). */
export function DeltaText({ cents, than = 'option 1' }: { cents: number | null; than?: string }) {
  if (cents === null || cents === 0) return null;
  return (
    <Text size="xs" c="dimmed" span>
      +{formatCents(cents)} more than {than}
    </Text>
  );
}

export const STRATEGY_OPTIONS = [
  { value: 'cheapest', label: 'Cheapest total' },
  { value: 'fewest_shipments', label: 'Fewest shipments' },
  { value: 'single_source', label: 'Single source only' },
];
