/**
 * The purchase order state machine: one table of what each action may do from each status. Pure (no
 * database), so it is property-tested on its own (test/po-state.test.ts) and the service only asks it.
 *
 *   draft ──submit──▶ submitted ──confirm──▶ confirmed
 *     │                  │  └──receive──┐       │
 *     └──cancel──▶ cancelled ◀──cancel──┴───────┤ (nothing received yet: the whole order is cancelled)
 *                                       ▼       ▼
 *                  partially_received ◀─receive─┘ ──receive (the rest)──▶ received ──close──▶ closed
 *                        └──cancel (what is not received)──▶ received
 */
import { PO_ACTIONS, type PoAction, type PoStatus } from '@qm/contracts';

/** For each status, the actions allowed and the statuses each may lead to (which one depends on the quantities). */
export const PO_TRANSITIONS: Readonly<Record<PoStatus, Readonly<Partial<Record<PoAction, readonly PoStatus[]>>>>> = {
  draft: { submit: ['submitted'], cancel: ['cancelled'] },
  submitted: { confirm: ['confirmed'], receive: ['partially_received', 'received'], cancel: ['cancelled'] },
  confirmed: { receive: ['partially_received', 'received'], cancel: ['cancelled'] },
  partially_received: { receive: ['partially_received', 'received'], cancel: ['received'] },
  received: { close: ['closed'] },
  closed: {},
  cancelled: {},
};

export const STATUS_LABELS: Record<PoStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  confirmed: 'Confirmed',
  partially_received: 'Partially Received',
  received: 'Received',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

const ACTION_VERBS: Record<PoAction, string> = {
  submit: 'submitted',
  confirm: 'confirmed',
  receive: 'received',
  cancel: 'cancelled',
  close: 'closed',
};

/** The actions allowed from a status, in the order of PO_ACTIONS. */
export function allowedActions(status: PoStatus): PoAction[] {
  const row = PO_TRANSITIONS[status];
  return PO_ACTIONS.filter((a) => Object.hasOwn(row, a));
}

export function canDo(status: PoStatus, action: PoAction): boolean {
  return Object.hasOwn(PO_TRANSITIONS[status], action);
}

/** Why an action is refused, in words, naming what is allowed from the current status. */
export function refusalMessage(status: PoStatus, action: PoAction): string {
  const allowed = allowedActions(status);
  const what = `A purchase order that is ${STATUS_LABELS[status]} cannot be ${ACTION_VERBS[action]}.`;
  if (allowed.length === 0) return `${what} ${STATUS_LABELS[status]} is final: no action is allowed.`;
  const list = allowed.map((a) => ACTION_VERBS[a]);
  const words = list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}`;
  return `${what} From ${STATUS_LABELS[status]} it can only be ${words}.`;
}

export class TransitionRefused extends Error {
  constructor(
    public status: PoStatus,
    public action: PoAction,
  ) {
    super(refusalMessage(status, action));
  }
}

/**
 * The status after an action. `openAfter`: units still open on the order once the action is done
 * (ordered − received − cancelled, over all lines); it decides between partially received and received.
 */
export function nextStatus(status: PoStatus, action: PoAction, openAfter = 0): PoStatus {
  const targets = PO_TRANSITIONS[status][action];
  if (!targets) throw new TransitionRefused(status, action);
  let to: PoStatus;
  if (action === 'receive') to = openAfter > 0 ? 'partially_received' : 'received';
  else to = targets[0]!;
  if (!targets.includes(to)) throw new TransitionRefused(status, action);
  return to;
}

/** Lines may be added, changed or removed only while the order is a draft. */
export const linesEditable = (status: PoStatus) => status === 'draft';
/** An invoice can be recorded once the order has gone to the vendor, and not on a cancelled one. */
export const invoiceAllowed = (status: PoStatus) => status !== 'draft' && status !== 'cancelled';
