import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looksLikeCardNumber, ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '@qm/contracts';
import { allowedStatuses, canMove, CLOSED_STATUSES, goodsChangeable, ORDER_TRANSITIONS, refusalMessage, SHIPPED_STATUSES } from '../src/modules/orders/order-state.js';
import { addressProblem, paymentProblem } from '../src/modules/orders/service.js';

const status = fc.constantFrom(...ORDER_STATUSES);
/** A walk of allowed moves from pending. */
const walk = fc.array(fc.nat(), { maxLength: 20 }).map((picks) => {
  const path: OrderStatus[] = ['pending'];
  for (const p of picks) {
    const next = allowedStatuses(path.at(-1)!);
    if (!next.length) break;
    path.push(next[p % next.length]!);
  }
  return path;
});

describe('order state machine', () => {
  it('has a row for every status and moves only to known statuses, never to itself', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const [from, tos] of Object.entries(ORDER_TRANSITIONS)) {
      for (const to of tos) expect(ORDER_STATUSES).toContain(to);
      expect(tos).not.toContain(from);
    }
  });

  it('allows the usual life of an order and refuses shortcuts', () => {
    const life: OrderStatus[] = ['pending', 'processing', 'awaiting_fulfillment', 'partially_shipped', 'shipped', 'delivered', 'refunded'];
    life.slice(1).forEach((to, i) => expect(canMove(life[i]!, to), `${life[i]} → ${to}`).toBe(true));
    expect(canMove('pending', 'shipped')).toBe(false);
    expect(canMove('shipped', 'cancelled')).toBe(false);
    expect(canMove('delivered', 'pending')).toBe(false);
    expect(canMove('refunded', 'pending')).toBe(false);
    expect(canMove('on_hold', 'processing')).toBe(true);
    expect(canMove('cancelled', 'refunded')).toBe(true);
  });

  it('reaches every status from pending', () => {
    const seen = new Set<OrderStatus>(['pending']);
    const queue: OrderStatus[] = ['pending'];
    while (queue.length) for (const to of allowedStatuses(queue.shift()!)) if (!seen.has(to)) seen.add(to), queue.push(to);
    expect([...seen].sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('once something has shipped, never goes back to a status before shipping, nor to cancelled or on hold', () => {
    fc.assert(
      fc.property(walk, (path) => {
        const firstShipped = path.findIndex((s) => SHIPPED_STATUSES.includes(s));
        if (firstShipped === -1) return;
        for (const s of path.slice(firstShipped)) expect(SHIPPED_STATUSES, path.join(' → ')).toContain(s);
      }),
    );
  });

  it('closed statuses lead only to closed statuses; refunded is final', () => {
    fc.assert(
      fc.property(status, (from) => {
        if (!CLOSED_STATUSES.includes(from)) return;
        for (const to of allowedStatuses(from)) expect(CLOSED_STATUSES).toContain(to);
      }),
    );
    expect(allowedStatuses('refunded')).toEqual([]);
  });

  it('a refusal names every allowed status, and only refused moves are refused', () => {
    fc.assert(
      fc.property(status, status, (from, to) => {
        const msg = refusalMessage(from, to);
        if (canMove(from, to)) return;
        expect(msg).toContain(ORDER_STATUS_LABELS[from]);
        for (const a of allowedStatuses(from)) expect(msg).toContain(ORDER_STATUS_LABELS[a]);
        if (allowedStatuses(from).length === 0) expect(msg).toMatch(/final/);
      }),
    );
  });

  it('goods change only before anything ships and while not cancelled', () => {
    fc.assert(fc.property(status, (s) => {
      expect(goodsChangeable(s)).toBe(!SHIPPED_STATUSES.includes(s) && s !== "cancelled");
    }));
  });
});

describe('intake checks', () => {
  it('finds card numbers (Luhn, 13–19 digits, with spaces or dashes) and leaves other numbers', () => {
    for (const card of ['4111111111111111', '4111 1111 1111 1111', '5555-5555-5555-4444', 'paid with 378282246310005 ok', '6011111111111117'])
      expect(looksLikeCardNumber(card), card).toBe(true);
    for (const text of ['4111111111111112', 'order 123456', 'call 512-555-0100', '2026-03-14', 'ch_3PzQ1x2', '1234567890123'])
      expect(looksLikeCardNumber(text), text).toBe(false);
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom(...'abc .,-'.split('')) }), (s) => {
      expect(looksLikeCardNumber(s)).toBe(false);
    }));
  });

  it('a zip must belong to its state; the payment must cover the total', () => {
    expect(addressProblem('TX', '78701')).toBeNull();
    expect(addressProblem('TX', '78701-1234')).toBeNull();
    expect(addressProblem('TX', '10001')).toBe('The zip code 10001 belongs to NY, not TX');
    expect(addressProblem('CA', '00000')).toBe('The zip code 00000 is not in use in any state');
    expect(paymentProblem(1000, 1000)).toBeNull();
    expect(paymentProblem(900, 1000)).toBe("Captured $9.00 of the order's $10.00: $1.00 short");
    fc.assert(fc.property(fc.nat(), fc.nat(), (c, t) => {
      expect(paymentProblem(c, t) === null).toBe(c >= t);
    }));
  });
});
