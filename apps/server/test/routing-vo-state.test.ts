import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { VENDOR_ORDER_ACTIONS, VENDOR_ORDER_STATUSES, type VendorOrderStatus } from '@qm/contracts';
import { allowedActions, canDo, isDead, isFinal, nextStatus, refusalMessage, VO_STATUS_LABELS, VO_TRANSITIONS, VoTransitionRefused } from '../src/modules/routing/vo-state.js';

const status = fc.constantFrom(...VENDOR_ORDER_STATUSES);
const act = fc.constantFrom(...VENDOR_ORDER_ACTIONS);
const SHIPPED: VendorOrderStatus[] = ['partially_shipped', 'shipped', 'delivered'];

describe('vendor order state machine', () => {
  it('states each transition of the table', () => {
    expect(nextStatus('draft', 'send')).toBe('submitted');
    expect(nextStatus('submitted', 'confirm')).toBe('acknowledged');
    expect(nextStatus('acknowledged', 'ship')).toBe('shipped');
    expect(nextStatus('acknowledged', 'ship', true)).toBe('partially_shipped');
    expect(nextStatus('partially_shipped', 'ship')).toBe('shipped');
    expect(nextStatus('shipped', 'deliver')).toBe('delivered');
    expect(nextStatus('submitted', 'backorder')).toBe('backordered');
    expect(nextStatus('backordered', 'confirm')).toBe('acknowledged');
    expect(nextStatus('submitted', 'reject')).toBe('rejected');
    expect(nextStatus('draft', 'cancel')).toBe('cancelled');
    expect(allowedActions('draft')).toEqual(['send', 'cancel']);
    expect(allowedActions('delivered')).toEqual([]);
  });

  it('refuses every action the table does not list, naming what is allowed', () => {
    fc.assert(
      fc.property(status, act, (s, a) => {
        if (canDo(s, a)) {
          const to = nextStatus(s, a);
          expect(VO_TRANSITIONS[s][a]).toContain(to);
        } else {
          expect(() => nextStatus(s, a)).toThrow(VoTransitionRefused);
          const msg = refusalMessage(s, a);
          expect(msg).toContain(VO_STATUS_LABELS[s]);
          expect(msg).toMatch(isFinal(s) ? /is final/ : /can only be/);
        }
      }),
    );
  });

  it('any walk from draft stays in the statuses, never leaves a final one, and never cancels what has shipped', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(act, fc.boolean()), { maxLength: 30 }), (steps) => {
        let s: VendorOrderStatus = 'draft';
        let shipped = false;
        for (const [a, partial] of steps) {
          if (!canDo(s, a)) {
            expect(() => nextStatus(s, a, partial)).toThrow(VoTransitionRefused);
            continue;
          }
          const to = nextStatus(s, a, partial);
          expect(VENDOR_ORDER_STATUSES).toContain(to);
          if (shipped) expect(isDead(to)).toBe(false);
          if (SHIPPED.includes(to)) shipped = true;
          if (a === 'ship') expect(to).toBe(partial ? 'partially_shipped' : 'shipped');
          s = to;
        }
        if (isFinal(s)) for (const a of VENDOR_ORDER_ACTIONS) expect(canDo(s, a)).toBe(false);
      }),
    );
  });

  it('every status is reachable from draft and every non-final status can still end', () => {
    const reach = new Set<VendorOrderStatus>(['draft']);
    for (let changed = true; changed; ) {
      changed = false;
      for (const s of [...reach])
        for (const targets of Object.values(VO_TRANSITIONS[s]))
          for (const to of targets ?? []) if (!reach.has(to)) (reach.add(to), (changed = true));
    }
    expect([...reach].sort()).toEqual([...VENDOR_ORDER_STATUSES].sort());
    for (const s of VENDOR_ORDER_STATUSES) if (!isFinal(s)) expect(allowedActions(s).length).toBeGreaterThan(0);
  });
});
