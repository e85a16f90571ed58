import { sql } from 'drizzle-orm';
import { rows, tableExists, type Generator } from './types.js';

/**
 * Merchandising at scale: 200 use cases (of the six kinds, a fifth of them on one store) featuring 40
 * products each — 8,000 featured products, spread over the catalogue. Deterministic (hashint4).
 */
export const MERCHANDISING_SIZES = { useCases: 200, productsEach: 40 } as const;

export const merchandisingGenerator: Generator = {
  name: 'merchandising',
  async run({ db, log }) {
    if (!(await tableExists(db, 'merchandising_use_cases'))) return 'no merchandising tables';
    const { useCases, productsEach } = MERCHANDISING_SIZES;
    await db.execute(sql`
      insert into merchandising_use_cases (name, use_case, store_id, category_id, min_in_stock, is_active)
      select 'Bench use case ' || g,
             (array['target_training', 'self_defense', 'hunting', 'competition', 'plinking', 'bulk_storage'])[1 + g % 6],
             case when g % 5 = 0 then (select min(id) from stores) end,
             (select id from categories order by id offset (g % (select count(*) from categories)) limit 1),
             10 + g % 25, g % 23 <> 0
        from generate_series(1, ${useCases}) g`);
    await db.execute(sql`
      with u as (select id, row_number() over (order by id) as k from merchandising_use_cases where name like 'Bench use case %'),
           p as (select id, row_number() over (order by id) - 1 as k, count(*) over () as n from products)
      insert into merchandising_use_case_products (use_case_id, product_id, position)
      select u.id, p.id, s.pos
        from u cross join generate_series(1, ${productsEach}) s(pos)
        join p on p.k = abs(hashint4(u.k::int * 1000 + s.pos)) % p.n
      on conflict do nothing`);
    const [n] = await rows<{ n: number }>(db, sql`select count(*)::int as n from merchandising_use_case_products`);
    log(`${n!.n} featured products`);
    await db.execute(sql`analyze merchandising_use_cases, merchandising_use_case_products`);
    return { merchandising_use_cases: useCases, merchandising_use_case_products: n!.n };
  },
};
