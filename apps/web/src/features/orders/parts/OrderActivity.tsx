/**
 * The order's Activity tab: its intake and every change, and those of its routes and vendor orders
 * (routed, chosen, sent, shipped, cancelled…), who made each and what (before → after).
 */
import type { AuditEntry } from '@qm/contracts';
import { RecordLink } from '../../audit/parts/EntryCells';
import { ActivityTable } from '../../audit/parts/ActivityTable';
import { useOrderActivity } from '../api';

const numberOf = (v: unknown) => (v as { number?: string } | null)?.number;

function what(e: AuditEntry) {
  if (e.entity === 'order_route')
    return (
      <RecordLink entity={e.entity} entityId={e.entity_id}>
        Route #{e.entity_id}
      </RecordLink>
    );
  if (e.entity === 'vendor_order')
    return (
      <RecordLink entity={e.entity} entityId={e.entity_id}>
        Vendor order {numberOf(e.after) ?? numberOf(e.before) ?? `#${e.entity_id}`}
      </RecordLink>
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
