/**
 * The vendor order state machine: one table of what each action may do from each status. Pure (no
 * database), property-tested on its own (test/routing-vo-state.test.ts); the service only asks it.
 *
 *   draft ──send──▶ submitted ──confirm──▶ acknowledged ──ship──▶ partially_shipped ──ship──▶ shipped ──deliver──▶ delivered
 *                      │  ▲                    │                                                 ▲
 *                      │  └──confirm── backordered ◀──backorder──┘                               │
 *                      └──────────────ship (tracking numbers required)───────────────────────────┘
 *   reject (the vendor refuses) from submitted, acknowledged or backordered; cancel from anything not
 *   yet shipped. Rejected and cancelled orders send the order back to resolution.
 */
import { VENDOR_ORDER_ACTIONS, type VendorOrderAction, type VendorOrderStatus } from '@qm/contracts';

export const VO_TRANSITIONS: Readonly<Record<VendorOrderStatus, Readonly<Partial<Record<VendorOrderAction, readonly VendorOrderStatus[]>>>>> = {
  draft: { send: ['submitted'], cancel: ['cancelled'] },
  submitted: { confirm: ['acknowledged'], backorder: ['backordered'], ship: ['partially_shipped', 'shipped'], reject: ['rejected'], cancel: ['cancelled'] },
  acknowledged: { backorder: ['backordered'], ship: ['partially_shipped', 'shipped'], reject: ['rejected'], cancel: ['cancelled'] },
  backordered: { confirm: ['acknowledged'], ship: ['partially_shipped', 'shipped'], reject: ['rejected'], cancel: ['cancelled'] },
  partially_shipped: { ship: ['partially_shipped', 'shipped'] },
  shipped: { deliver: ['delivered'] },
  delivered: {},
  rejected: {},
  cancelled: {},
};

export const VO_STATUS_LABELS: Record<VendorOrderStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  acknowledged: 'Acknowledged',
  backordered: 'Backordered',
  partially_shipped: 'Partially Shipped',
  shipped: 'Shipped',
  delivered: 'Delivered',
  rejected: 'Rejected by Vendor',
  cancelled: 'Cancelled',
};

const VERBS: Record<VendorOrderAction, string> = {
  send: 'sent',
  confirm: 'confirmed',
  backorder: 'marked backordered',
  ship: 'marked shipped',
  deliver: 'marked delivered',
  reject: 'marked rejected',
  cancel: 'cancelled',
};

/** Statuses in which the vendor order no longer carries its items. */
export const isDead = (s: VendorOrderStatus) => s === 'cancelled' || s === 'rejected';
/** Statuses after which nothing more happens. */
export const isFinal = (s: VendorOrderStatus) => Object.keys(VO_TRANSITIONS[s]).length === 0;

export function allowedActions(status: VendorOrderStatus): VendorOrderAction[] {
  return VENDOR_ORDER_ACTIONS.filter((a) => Object.hasOwn(VO_TRANSITIONS[status], a));
}

export function canDo(status: VendorOrderStatus, action: VendorOrderAction): boolean {
  return Object.hasOwn(VO_TRANSITIONS[status], action);
}

/** Why an action is refused, naming what is allowed from the current status. */
export function refusalMessage(status: VendorOrderStatus, action: VendorOrderAction): string {
  const what = `A vendor order that is ${VO_STATUS_LABELS[status]} cannot be ${VERBS[action]}.`;
  const allowed = allowedActions(status).map((a) => VERBS[a]);
  if (!allowed.length) return `${what} ${VO_STATUS_LABELS[status]} is final: no action is allowed.`;
  const words = allowed.length === 1 ? allowed[0] : `${allowed.slice(0, -1).join(', ')} or ${allowed[allowed.length - 1]}`;
  return `${what} From ${VO_STATUS_LABELS[status]} it can only be ${words}.`;
}

export class VoTransitionRefused extends Error {
  constructor(
    public status: VendorOrderStatus,
    public action: VendorOrderAction,
  ) {
    super(refusalMessage(status, action));
  }
}

/** The status after an action; `partial` (ship): some items are still to come. */
export function nextStatus(status: VendorOrderStatus, action: VendorOrderAction, partial = false): VendorOrderStatus {
  const targets = VO_TRANSITIONS[status][action];
  if (!targets) throw new VoTransitionRefused(status, action);
  const to = action === 'ship' ? (partial ? 'partially_shipped' : 'shipped') : targets[0]!;
  if (!targets.includes(to)) throw new VoTransitionRefused(status, action);
  return to;
}
