import { describe, expect, it } from 'vitest';
import { recordPath } from './links';

describe('recordPath', () => {
  const orders = ['orders.read'];
  it("opens the page of an entry's record when the console has one and the user may open it", () => {
    expect(recordPath('order_route', '3891', orders)).toBe('/order-route/3891');
    expect(recordPath('order', '12', orders)).toBe('/order/12');
    expect(recordPath('product', '12', orders)).toBeNull(); // not the orders role's
    expect(recordPath('product', '12', ['catalog.read'])).toBe('/product/12');
  });
  it('is null for a record without a page of its own, or an id that is not one', () => {
    expect(recordPath('user', '1', ['users.manage', 'admin'])).toBeNull();
    expect(recordPath('store_variant', '5', ['catalog.read', 'stores.read'])).toBeNull();
    expect(recordPath('order', null, orders)).toBeNull();
    expect(recordPath('order', '../user', orders)).toBeNull();
  });
});
