/** The order's Activity tab: its intake and every change, who made it and what (before → after). */
import { ActivityTable } from '../../audit/parts/ActivityTable';
import { useOrderActivity } from '../api';

export function OrderActivity({ orderId }: { orderId: number }) {
  return <ActivityTable activity={useOrderActivity(orderId)} entity="order" entityId={orderId} systemLabel={(e) => (e.action === 'intake' ? 'The store' : 'System')} />;
}
