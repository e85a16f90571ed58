import { sql } from 'drizzle-orm';
import { rows, tableExists, type Generator } from './types.js';

/**
 * Pricing at scale: 300 watched searches (target URLs) and 300,000 competitor offers seen on them over
 * 90 days (a capture of a few thousand offers a day), from 60 competitors (3 of them blacklisted), at a
 * cost per round by category; 2,000 of our SKUs excluded from repricing. Deterministic (hashint4).
 */
export const PRICING_SIZES = { searches: 300, offers: 300_000, competitors: 60, excluded: 2000 } as const;

export const pricingGenerator: Generator = {
  name: 'pricing',
  async run({ db, log }) {
    if (!(await tableExists(db, 'competitor_offers'))) return 'no pricing tables';
    const { searches, offers, competitors, excluded } = PRICING_SIZES;
    await db.execute(sql`
      insert into target_urls (name, destination, category, caliber, ship_rating, round_group, url, is_active)
      select 'Bench search ' || g,
             case when g % 10 = 0 then 'bulkcheapammo' else 'ammoseek' end,
             (array['handgun', 'rifle', 'rimfire', 'shotgun'])[1 + g % 4],
             (array['9mm Luger', '.223 Rem', '.22 LR', '12 Gauge', '.45 ACP', '.308 Win', '.22 WMR', '20 Gauge'])[1 + g % 8],
             (array[null, '>4', 'CF/Free'])[1 + g % 3],
             (array[null, '2-50', '51-100', '501-1000'])[1 + (g / 3) % 4],
             'https://ammoseek.com/ammo/bench-' || g, g % 17 <> 0
        from generate_series(1, ${searches}) g`);
    await db.execute(sql`
      with tu as (select id, category, caliber, row_number() over (order by id) - 1 as k from target_urls where name like 'Bench search %')
      insert into competitor_offers (target_url_id, competitor, title, url, category, caliber, ship_rating, rounds, price_cents, in_stock, seen_at)
      select tu.id, 'Bench Outlet ' || (1 + abs(hashint4(g * 3)) % ${competitors}),
             'Bench load ' || (abs(hashint4(g * 5)) % 500) || ', ' || r.rounds || ' rounds', null, tu.category, tu.caliber,
             (array['F', 'CF', '10', '9', '8', '7', '6', '5', '4', '3', '2', '1'])[1 + abs(hashint4(g * 7)) % 12], r.rounds,
             greatest(1, round(r.rounds * (case tu.category when 'rimfire' then 6 when 'handgun' then 22 when 'rifle' then 45 else 80 end)
                                * (1 + (abs(hashint4(g * 11)) % 1000) / 1000.0)))::int,
             abs(hashint4(g * 13)) % 10 > 1,
             now() - make_interval(secs => abs(hashint4(g * 17)) % (90 * 86400))
        from generate_series(1, ${offers}) g
        join tu on tu.k = abs(hashint4(g)) % ${searches}
        cross join lateral (select (array[20, 25, 50, 100, 250, 500, 1000])[1 + abs(hashint4(g * 19)) % 7] as rounds) r`);
    await db.execute(sql`insert into competitor_blacklist (competitor, reason) select 'Bench Outlet ' || g, 'Bench' from generate_series(1, 3) g`);
    await db.execute(sql`
      insert into exclude_skus (variant_id, store_id, reason)
      select v.id, case when v.id % 4 = 0 then (select min(id) from stores) end, 'Bench'
        from (select id from variants order by id limit ${excluded}) v
      on conflict do nothing`);
    // MAP holidays: a year of them, a brand in three with four a year of a week each; a sixth on one store
    await db.execute(sql`
      insert into map_holidays (brand_id, store_id, starts_on, ends_on, note)
      select b.id, case when k % 6 = 0 then (select min(id) from stores) end, qm_today() - 180 + k * 91 + b.id % 7, qm_today() - 180 + k * 91 + b.id % 7 + 6, 'Bench'
        from brands b cross join generate_series(0, 3) k
       where b.id % 3 = 0`);
    const [n] = await rows<{ o: number }>(db, sql`select count(*)::int as o from competitor_offers`);
    log(`${n!.o} offers`);
    await db.execute(sql`analyze target_urls, competitor_offers, competitor_blacklist, exclude_skus, map_holidays`);
    return { target_urls: searches, competitor_offers: offers, competitor_blacklist: 3, exclude_skus: excluded };
  },
};
