/** How routes and vendor orders show: status badges named by the lookups, money. */
import { Badge, Text } from '@mantine/core';
import { type RouteStatus, type VendorOrderStatus } from '@qm/contracts';
import { formatCents } from '../../../lib/format';
import { useStatusName } from '../../../lib/lookups';

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
  const name = useStatusName('order-route-status');
  return (
    <>
      <Badge size="sm" radius="sm" variant="light" color={ROUTE_COLORS[status]}>
        {name(status)}
      </Badge>
      {stale ? (
        <Badge size="sm" radius="sm" variant="outline" color="orange" ml={4}>
          Stale
        </Badge>
      ) : null}
    </>
  );
}

export function VendorOrderStatusBadge({ status, late }: { status: VendorOrderStatus; late?: boolean }) {
  const name = useStatusName('vendor-order-status');
  return (
    <>
      <Badge size="sm" radius="sm" variant="light" color={VO_COLORS[status]}>
        {name(status)}
      </Badge>
      {late ? (
        <Badge size="sm" radius="sm" variant="filled" color="red" ml={4}>
          Late
        </Badge>
      ) : null}
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
