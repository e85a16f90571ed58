import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.js';

/** The demo's orders as staff read them: each has lines, each line names what was sold. */
describe('demo orders', () => {
  const t = useTestApp('pglite');

  it('every line names its product; a product without its title is not sold', async () => {
    const [r] = await t.sql<{ lines: number; untitled: number; unsold_untitled: number }>(sql`
      select count(*)::int as lines, count(*) filter (where i.title is null)::int as untitled,
             (select count(*)::int from products p where p.title is null) as unsold_untitled
        from order_items i`);
    expect(r!.lines).toBeGreaterThan(1000);
    expect(r!.untitled).toBe(0);
    // the catalogue's to-do keeps its untitled products (the demo shows them), none of them in an order
    expect(r!.unsold_untitled).toBeGreaterThan(0);
  });

  it('every order has lines', async () => {
    const [r] = await t.sql<{ empty: number }>(sql`select count(*)::int as empty from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`);
    expect(r!.empty).toBe(0);
  });
});
