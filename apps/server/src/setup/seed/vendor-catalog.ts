/**
 * Demo vendor catalogues: each seeded vendor carries most of our variants (each its own share; every
 * variant is carried by at least one drop-ship vendor without a minimum order), at a
 * cost below our price that differs by a few per cent from vendor to vendor, with stock (some out),
 * drop-ship as the vendor offers it, the MAP some brands impose, and a few lines we do not sell (their
 * UPCs and SKUs unknown to us). Set-based: one statement per vendor for the lines, then the matching
 * statement the console's "Match again" runs.
 */
import { sql } from 'drizzle-orm';
import { transaction } from '../../db/write.js';
import { audit, SYSTEM_ACTOR } from '../../db/audit.js';
import { matchVendor } from '../../modules/vendor-catalog/matching.js';
import { query, type Db } from '../../db/connect.js';

/** Brands that impose a minimum advertised price. */
const MAP_BRANDS = ['Hornady', 'Sig Sauer', 'Barnes', 'Nosler', 'Magpul', 'Norma'];
/** Vendors whose files list the manufacturer's part number (our SKU) as their SKU. */
const MPN_VENDORS = ['LIP', 'DAV', 'CROW'];
/** Things distributors sell that we do not: lines left unmatched. */
const NOT_OURS = [
  'Hornady Lock-N-Load Powder Funnel',
  'Lyman Case Trimmer Pilot .30 cal',
  'MTM Case-Gard 100 Round Ammo Box',
  'Otis 9mm Bore Brush 3-pack',
  'Birchwood Casey Shoot-N-C 8in Targets',
  'Real Avid Gun Boss Cleaning Mat',
];

export async function seedVendorCatalogDemo(db: Db) {
  const vendors = await query<{ id: number; code: string; catch_all: boolean }>(
    db,
    sql`select id, code, (can_drop_ship and is_active and min_order_cents is null) as catch_all from vendors order by id`,
  );
  /** The drop-ship vendors without a minimum order seeded so far. */
  const catchAll: number[] = [];
  await transaction(db, async (t) => {
    for (const [i, v] of vendors.entries()) {
      // Each vendor's own share of the catalogue (55–90 %), price level (−6 % … +6 %) and last sync.
      const share = 55 + ((i * 37) % 36);
      const level = 0.94 + ((i * 7) % 13) / 100;
      const hours = 1 + ((i * 5) % 20);
      const mpn = MPN_VENDORS.includes(v.code);
      await t.execute(sql`
        with h as (
          select vr.id, vr.sku, vr.upc, vr.units_per_package, vr.cost_cents, p.title, b.name as brand,
                 abs(hashtext(${v.code} || ':' || vr.id)) as r,
                 (select min(sv.price_cents) from store_variants sv where sv.variant_id = vr.id and sv.price_cents > 0) as price
            from variants vr join products p on p.id = vr.product_id left join brands b on b.id = p.brand_id)
        insert into vendor_products (vendor_id, vendor_sku, name, upc, cost_cents, quantity_available, can_drop_ship, map_cents, last_synced_at)
        select ${v.id}::int,
               -- Lines without a UPC carry the manufacturer's part number (our SKU), so they match by SKU.
               case when ${mpn}::boolean or h.upc is null or h.r % 20 = 0 then h.sku else ${v.code} || '-' || lpad(h.id::text, 6, '0') end,
               h.title || ' (' || h.units_per_package || ')',
               case when h.r % 20 = 0 then null else h.upc end,
               -- Our cost moved by the vendor's level and ±4 % per line, never above 95 % of our price.
               least(round(coalesce(h.cost_cents, h.price * 0.8, 1000) * ${level}::numeric * (0.96 + (h.r % 9) / 100.0)),
                     coalesce(round(h.price * 0.95), 100000000))::int,
               case when h.r % 7 = 0 then 0 else greatest(1, (h.r % 400) / greatest(1, h.units_per_package / 50)) end,
               (select can_drop_ship from vendors where id = ${v.id}),
               case when h.brand = any(${`{${MAP_BRANDS.map((b) => `"${b}"`).join(',')}}`}::text[]) and h.price is not null
                    then (floor(h.price * 0.97 / 100) * 100 + 99)::int end,
               now() - make_interval(hours => ${hours}::int, mins => (h.r % 50)::int)
          from h
         where h.r % 100 < ${share}
            -- a drop-ship vendor without a minimum order also carries what no other such vendor does: an
            -- order's few lines too small for the others' minimums always have a home (the routing demo's too)
            or (${v.catch_all}::boolean and not exists (select 1 from vendor_products vp
                                                      where vp.variant_id = h.id and vp.vendor_id = any(${`{${catchAll.join(',')}}`}::int[])))`);
      const extra = 3 + (i % 3);
      await t.execute(sql`
        insert into vendor_products (vendor_id, vendor_sku, name, upc, cost_cents, quantity_available, can_drop_ship, last_synced_at)
        select ${v.id}::int, ${v.code} || '-X' || g, (${`{${NOT_OURS.map((n) => `"${n}"`).join(',')}}`}::text[])[1 + (g + ${i}) % ${NOT_OURS.length}],
               '6' || lpad((${v.id}::int * 1000 + g)::text, 11, '0'), 299 + g * 311 % 2500, (g * 13) % 60,
               (select can_drop_ship from vendors where id = ${v.id}), now() - make_interval(hours => ${hours}::int)
          from generate_series(1, ${extra}::int) g`);
      const matched = await matchVendor(t, v.id);
      if (v.catch_all) catchAll.push(v.id);
      await audit(t, SYSTEM_ACTOR, { action: 'import', entity: 'vendor', entityId: v.id, after: { file_name: 'demo catalogue', counts: matched } });
    }
  });
}
