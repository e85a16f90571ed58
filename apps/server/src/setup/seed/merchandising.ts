import { sql } from 'drizzle-orm';
import { query, queryOne, type Db } from '../../db/connect.js';
import { audit, SYSTEM_ACTOR } from '../../db/audit.js';
import { merchandisingUseCases } from '../../db/schema/index.js';
import { insertRow, transaction } from '../../db/write.js';
import { productInStock } from '../../modules/merchandising/stock.js';

/**
 * Demo merchandising use cases: ways shoppers come to the catalogue, each drawing the products of a
 * category with the catalogue's "Suggested Use", on every store or one. Two are set to want more
 * products in stock than they have (the Low Merchandising Use Case report lists them), one is paused.
 * Deterministic: the same data on every fresh database.
 */
const USE_CASES: {
  name: string; use_case: string; category: string; use?: string; store?: string; take: number; min: number; low?: boolean; active?: boolean; description: string;
}[] = [
  { name: 'Home Defense — Handgun', use_case: 'self_defense', category: 'Handgun Ammunition', use: 'Defense', take: 12, min: 6, description: 'Hollow points for the nightstand gun: proven expansion, reliable feeding.' },
  { name: 'Concealed Carry 9mm', use_case: 'self_defense', category: '9mm Luger', use: 'Defense', take: 8, min: 4, description: 'Carry loads in 9mm, the caliber most carry permits are issued for.' },
  { name: 'Deer Season', use_case: 'hunting', category: 'Rifle Ammunition', use: 'Hunting', take: 14, min: 8, description: 'Soft points and bonded bullets for whitetail and mule deer, opening day to the last weekend.' },
  { name: 'Upland & Waterfowl', use_case: 'hunting', category: 'Shotgun Shells', take: 10, min: 4, low: true, description: 'Field and steel loads for birds.' },
  { name: 'Range Day Bulk 9mm', use_case: 'target_training', category: '9mm Luger', use: 'Target', take: 10, min: 5, description: 'Full metal jacket by the box and the case, priced per round.' },
  { name: 'Rimfire Plinking', use_case: 'plinking', category: 'Rimfire Ammunition', take: 10, min: 5, description: '.22 LR and friends for cans, steel and new shooters.' },
  { name: 'Long-Range Rifle', use_case: 'competition', category: 'Rifle Ammunition', take: 10, min: 6, low: true, description: 'Heavy match and long-range hunting bullets for shots past 500 yards.' },
  { name: 'Match Grade Rifle', use_case: 'competition', category: 'Rifle Ammunition', use: 'Competition', take: 8, min: 3, description: 'Match bullets for precision and long-range matches.' },
  { name: 'Case Deals — Bulk Rounds Direct', use_case: 'bulk_storage', category: 'Ammunition', use: 'Target', store: 'bulk-rounds', take: 12, min: 6, description: 'Cases of 500 and 1,000 for the store that sells by the case.' },
  { name: 'Spring Training Promotion', use_case: 'target_training', category: 'Handgun Ammunition', use: 'Target', take: 6, min: 4, active: false, description: 'Paused until the spring promotion returns.' },
];

export async function seedMerchandisingDemo(db: Db) {
  await transaction(db, async (t) => {
    for (const u of USE_CASES) {
      const category = await queryOne<{ id: number }>(t, sql`select id from categories where name = ${u.category} order by id limit 1`);
      if (!category) continue;
      const store = u.store ? await queryOne<{ id: number }>(t, sql`select id from stores where code = ${u.store}`) : null;
      // the category's products and those of every category below it, with the suggested use when given
      const products = await query<{ id: number; in_stock: boolean }>(
        t,
        sql`with recursive down(id) as (select ${category.id}::int union select c.id from categories c join down d on c.parent_id = d.id)
            select p.id, ${productInStock(sql`p.id`)} as in_stock
              from products p
             where p.id in (select pc.product_id from product_categories pc where pc.category_id in (select id from down))
               ${u.use ? sql`and exists (select 1 from attribute_data a where a.sourceable_type = 'product' and a.sourceable_id = p.id
                                          and a.attribute_id = 14 and a.source_type is null and a.value = to_jsonb(${u.use}::text))` : sql``}
             order by ${u.low ? sql`in_stock, ` : sql``}p.id limit ${u.take}`,
      );
      const inStock = products.filter((p) => p.in_stock).length;
      const row = {
        name: u.name, use_case: u.use_case, store_id: store?.id ?? null, category_id: category.id,
        min_in_stock: u.low ? Math.min(products.length, inStock + 2) : Math.min(u.min, inStock), is_active: u.active ?? true, description: u.description,
      };
      const id = await insertRow(t, merchandisingUseCases, row);
      if (products.length)
        await t.execute(sql`insert into merchandising_use_case_products (use_case_id, product_id, position)
                            select ${id}, p, n::int from unnest(${`{${products.map((p) => p.id).join(',')}}`}::int[]) with ordinality as x(p, n)`);
      await audit(t, SYSTEM_ACTOR, { action: 'create', entity: 'merchandising_use_case', entityId: id, after: { ...row, product_ids: products.map((p) => p.id) } });
    }
  });
}
