import { describe, expect, it } from 'vitest';
import { vendorExtras } from './orderDisplay';

const item = (cost_cents: number | null, quantity = 2, cancelled_quantity = 0) => ({ cost_cents, quantity, cancelled_quantity }) as never;

describe("an order's cost beyond its items", () => {
  it('is what its vendor orders add: fees and shipping', () => {
    expect(vendorExtras({ cost_cents: 66_278, items: [item(66_088)] })).toBe(190);
    expect(vendorExtras({ cost_cents: 1_000, items: [item(600), item(400)] })).toBe(0);
  });

  it('is nothing until the order is routed and every open item has a cost', () => {
    expect(vendorExtras({ cost_cents: null, items: [item(null)] })).toBe(0);
    expect(vendorExtras({ cost_cents: 1_500, items: [item(600), item(null)] })).toBe(0);
    // a line cancelled whole has no cost and needs none
    expect(vendorExtras({ cost_cents: 1_500, items: [item(1_200), item(null, 2, 2)] })).toBe(300);
  });
});
