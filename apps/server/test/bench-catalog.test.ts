import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogGeneratorOf, type DerivedDataMode } from '../../../bench/generators/catalog.js';
import type { Db } from '../src/db/connect.js';
import { BACKENDS, useTestApp, type TestApp } from './harness.js';

/**
 * The bench's catalogue generator writes 100,000 products with the derived-data triggers held back and
 * rebuilds the products' derived data once with the triggers' own function (`bulk`). Here the same
 * catalogue (smaller) is written both ways, on two databases made from the same template: every
 * derived value — the cached list columns of migration 0016, the list row of 0006, the word heads of
 * 0007 — must be the same as the triggers keep it statement by statement.
 */
describe.each(BACKENDS)('bench catalogue: derived data rebuilt once equals what the triggers keep (%s)', (kind) => {
  const byTriggers = useTestApp(kind);
  const rebuilt = useTestApp(kind);

  const generate = (app: TestApp, derived: DerivedDataMode) =>
    app.db.transaction((tx) => catalogGeneratorOf({ products: 300, derived }).run({ db: tx as unknown as Db, log: () => {} }));

  // The generator dates products from now(): the two runs' timestamps differ, everything else may not.
  const derivedData = async (app: TestApp) =>
    (await app.sql<Record<string, unknown>>(sql`
      select p.id, p.title, p.image, p.search_vector::text as words, p.variant_count, p.default_variant_id, p.default_sku,
             p.published_store_ids, p.list_json,
             array(select h.head from product_search_heads h where h.product_id = p.id order by 1) as heads
        from products p order by p.id`)).map(({ list_json, ...p }): Record<string, unknown> => {
      const { created_at: _c, updated_at: _u, ...list } = JSON.parse(list_json as string) as Record<string, unknown>;
      return { ...p, list };
    });

  it('the same products, and every derived column, list row and word head equal', async () => {
    const a = await generate(byTriggers, 'triggers');
    const b = await generate(rebuilt, 'bulk');
    expect(b).toEqual(a);
    const [viaTriggers, viaRebuild] = await Promise.all([derivedData(byTriggers), derivedData(rebuilt)]);
    expect(viaTriggers.length).toBeGreaterThan(300);
    // Not vacuous: the generated products carry titles, SKUs in their words, variants and stores.
    const generated = viaTriggers.slice(-300);
    expect(generated.every((p) => typeof p.title === 'string' && (p.variant_count as number) >= 1 && typeof p.default_sku === 'string')).toBe(true);
    expect(generated.filter((p) => (p.published_store_ids as number[]).length > 0).length).toBeGreaterThan(100);
    expect(generated.every((p) => (p.heads as string[]).length > 0)).toBe(true);
    expect(viaRebuild).toEqual(viaTriggers);
    // The whole word-head table too (nothing left over for a product that is gone or renamed).
    const heads = (app: TestApp) => app.sql(sql`select head, product_id from product_search_heads order by 1, 2`);
    expect(await heads(rebuilt)).toEqual(await heads(byTriggers));
    // And the held-back triggers are on again.
    const disabled = await rebuilt.sql<{ n: number }>(sql`select count(*)::int as n from pg_trigger where not tgisinternal and tgenabled = 'D'`);
    expect(disabled[0]!.n).toBe(0);
  }, 120_000);
});
