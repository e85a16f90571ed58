import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PO_ACTIONS, PO_STATUSES, type PoAction, type PoStatus } from '@qm/contracts';
import { allowedActions, canDo, nextStatus, PO_TRANSITIONS, refusalMessage, STATUS_LABELS, TransitionRefused } from '../src/modules/purchasing/po-state.js';

const status = fc.constantFrom(...PO_STATUSES);
const act = fc.constantFrom(...PO_ACTIONS);
const FINAL: PoStatus[] = ['closed', 'cancelled'];

/** A purchase order as a model: ordered units, received and cancelled so far. */
interface Model {
  status: PoStatus;
  ordered: number;
  received: number;
  cancelled: number;
}

/** Applies an action to the model as the service does (receive takes `units` of what is open). */
function step(m: Model, a: PoAction, units: number): Model {
  const open = m.ordered - m.received - m.cancelled;
  if (a === 'receive') {
    const take = Math.max(1, Math.min(units, open));
    return { ...m, received: m.received + take, status: nextStatus(m.status, 'receive', open - take) };
  }
  const to = nextStatus(m.status, a);
  return a === 'cancel' ? { ...m, cancelled: m.ordered - m.received, status: to } : { ...m, status: to };
}

describe('purchase order state machine', () => {
  it('states each transition of the table', () => {
    expect(allowedActions('draft')).toEqual(['submit', 'cancel']);
    expect(allowedActions('submitted')).toEqual(['confirm', 'receive', 'cancel']);
    expect(allowedActions('confirmed')).toEqual(['receive', 'cancel']);
    expect(allowedActions('partially_received')).toEqual(['receive', 'cancel']);
    expect(allowedActions('received')).toEqual(['close']);
    expect(allowedActions('closed')).toEqual([]);
    expect(allowedActions('cancelled')).toEqual([]);
    expect(nextStatus('draft', 'submit')).toBe('submitted');
    expect(nextStatus('submitted', 'receive', 5)).toBe('partially_received');
    expect(nextStatus('confirmed', 'receive', 0)).toBe('received');
    expect(nextStatus('partially_received', 'cancel')).toBe('received');
    expect(nextStatus('confirmed', 'cancel')).toBe('cancelled');
    expect(nextStatus('received', 'close')).toBe('closed');
  });

  it('allows an action exactly when the table has it, and leads only where the table says', () => {
    fc.assert(
      fc.property(status, act, fc.nat(1000), (s, a, open) => {
        if (canDo(s, a)) expect(PO_TRANSITIONS[s][a]).toContain(nextStatus(s, a, open));
        else expect(() => nextStatus(s, a, open)).toThrow(TransitionRefused);
      }),
    );
  });

  it('refuses in words naming the current status and every allowed action', () => {
    fc.assert(
      fc.property(status, act, (s, a) => {
        fc.pre(!canDo(s, a));
        const message = refusalMessage(s, a);
        expect(message).toContain(STATUS_LABELS[s]);
        const allowed = allowedActions(s);
        if (allowed.length === 0) expect(message).toMatch(/final/);
        for (const x of allowed) expect(message).toContain({ submit: 'submitted', confirm: 'confirmed', receive: 'received', cancel: 'cancelled', close: 'closed' }[x]);
      }),
    );
  });

  it('final statuses allow nothing; every other status can still reach a final one', () => {
    for (const s of FINAL) expect(allowedActions(s)).toEqual([]);
    // Reachability over the table.
    for (const s of PO_STATUSES) {
      const seen = new Set<PoStatus>([s]);
      const queue = [s];
      while (queue.length) for (const targets of Object.values(PO_TRANSITIONS[queue.shift()!])) for (const t of targets ?? []) if (!seen.has(t)) (seen.add(t), queue.push(t));
      expect(FINAL.some((f) => seen.has(f)), s).toBe(true);
    }
  });

  it('random runs of allowed actions keep the quantities consistent with the status', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.array(fc.tuple(act, fc.integer({ min: 1, max: 500 })), { maxLength: 30 }), (ordered, actions) => {
        let m: Model = { status: 'draft', ordered, received: 0, cancelled: 0 };
        for (const [a, units] of actions) {
          if (!canDo(m.status, a)) {
            expect(() => step(m, a, units)).toThrow(TransitionRefused);
            continue;
          }
          m = step(m, a, units);
          const open = m.ordered - m.received - m.cancelled;
          expect(open).toBeGreaterThanOrEqual(0);
          if (m.status === 'received' || m.status === 'closed') expect(open).toBe(0);
          if (m.status === 'partially_received') expect(m.received > 0 && open > 0).toBe(true);
          if (m.status === 'cancelled') expect(m.received).toBe(0);
          if (['draft', 'submitted', 'confirmed'].includes(m.status)) expect(m.received).toBe(0);
        }
      }),
    );
  });
});
