/**
 * The order status state machine: one table of the statuses each status may move to. Pure (no
 * database), so it is property-tested on its own (test/orders-state.test.ts); the service asks it on
 * every status change and answers a refused change with a 422 naming the allowed ones.
 *
 *   pending ─▶ processing ─▶ awaiting_fulfillment ─▶ partially_shipped ─▶ shipped ─▶ delivered
 *      │           │  ▲              ▲     │                                  │          │
 *      │           ▼  │              │     └──────────────▶ shipped           ▼          ▼
 *      └──▶ awaiting_compliance ─────┘                                    refunded ◀─────┘
 *   on_hold: from anything before a shipment, back to processing, compliance review or fulfillment.
 *   cancelled: from anything before a shipment (on hold too); a cancelled order may be refunded.
 *   delivered, refunded: final but for a delivered order's refund.
 */
import { ORDER_STATUS_LABELS, type OrderStatus } from '@qm/contracts';

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['processing', 'awaiting_compliance', 'awaiting_fulfillment', 'on_hold', 'cancelled'],
  processing: ['awaiting_compliance', 'awaiting_fulfillment', 'partially_shipped', 'shipped', 'on_hold', 'cancelled'],
  awaiting_compliance: ['processing', 'awaiting_fulfillment', 'on_hold', 'cancelled'],
  awaiting_fulfillment: ['processing', 'partially_shipped', 'shipped', 'on_hold', 'cancelled'],
  partially_shipped: ['shipped'],
  shipped: ['delivered', 'refunded'],
  delivered: ['refunded'],
  on_hold: ['processing', 'awaiting_compliance', 'awaiting_fulfillment', 'cancelled'],
  cancelled: ['refunded'],
  refunded: [],
};

/** Statuses in which something has left a warehouse or a vendor: the address and items are fixed. */
export const SHIPPED_STATUSES: readonly OrderStatus[] = ['partially_shipped', 'shipped', 'delivered', 'refunded'];
/** Statuses in which nothing more happens to the order's goods. */
export const CLOSED_STATUSES: readonly OrderStatus[] = ['shipped', 'delivered', 'cancelled', 'refunded'];

export function allowedStatuses(from: OrderStatus): OrderStatus[] {
  return [...ORDER_TRANSITIONS[from]];
}

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

const words = (xs: string[]) => (xs.length === 1 ? xs[0]! : `${xs.slice(0, -1).join(', ')} or ${xs[xs.length - 1]}`);

/** Why a change is refused, in words, naming the statuses allowed from the current one. */
export function refusalMessage(from: OrderStatus, to: OrderStatus): string {
  const label = ORDER_STATUS_LABELS;
  const allowed = allowedStatuses(from);
  const what = from === to ? `The order is already ${label[from]}.` : `An order that is ${label[from]} cannot become ${label[to]}.`;
  if (allowed.length === 0) return `${what} ${label[from]} is final: its status cannot change.`;
  return `${what} From ${label[from]} it can only become ${words(allowed.map((s) => label[s]))}.`;
}

/** Items may be cancelled and the shipping address changed only before anything has shipped. */
export const goodsChangeable = (s: OrderStatus) => !SHIPPED_STATUSES.includes(s) && s !== 'cancelled';
