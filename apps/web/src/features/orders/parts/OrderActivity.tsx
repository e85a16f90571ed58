/**
 * The order's Activity tab: its intake and every change, and those of its routes and vendor orders
 * (routed, chosen, sent, shipped, cancelled…), who made each and what (before → after).
 */
import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import type { AuditEntry } from '@qm/contracts';
import { ActivityTable } from '../../audit/parts/ActivityTable';
import { useOrderActivity } from '../api';

const numberOf = (v: unknown) => (v as { number?: string } | null)?.number;

function what(e: AuditEntry) {
  if (e.entity === 'order_route')
    return (
      <Anchor component={Link} to={`/order-route/${e.entity_id}`} size="sm">
        Route #{e.entity_id}
      </Anchor>
    );
  if (e.entity === 'vendor_order')
    return (
      <Anchor component={Link} to={`/vendor-order/${e.entity_id}`} size="sm">
        Vendor order {numberOf(e.after) ?? numberOf(e.before) ?? `#${e.entity_id}`}
      </Anchor>
    );
  return 'Order';
}

export function OrderActivity({ orderId }: { orderId: number }) {
  return (
    <ActivityTable
      activity={useOrderActivity(orderId)}
      entity="order"
      entityId={orderId}
      systemLabel={(e) => (e.action === 'intake' ? 'The store' : 'System')}
      what={what}
    />
  );
}
