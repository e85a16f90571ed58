import { sql } from 'drizzle-orm';
import { oneOf, pick, pickText, rows, tableExists, unit, withTriggersDisabled, type Db, type Generator, type TriggerRef } from './types.js';

/**
 * The catalogue at scale, stored the way apps/server/src/setup/seed/catalog.ts and the catalogue module
 * store it: canonical attribute values (source null) with the title in attribute 11 mirrored into
 * products.title by the catalogue's triggers (as are the search vector, counts and stores), one default variant per
 * product, leaf categories, store products and store variants, and some vendor-sourced values.
 */
export const CATALOG_SIZES = { products: 100_000, variantsPerProductMax: 5 } as const;

/** Attribute ids of the reference seed (@qm/contracts: 11 = title, 13 = image). */
const ATTR = { caliber: 1, grain: 2, bullet: 3, roundsPerBox: 6, title: 11, image: 13, mpn: 18 } as const;

const BRANDS = [
  'Federal', 'Winchester', 'Hornady', 'Remington', 'CCI', 'Speer', 'PMC', 'Fiocchi', 'Sellier & Bellot', 'Blazer', 'Aguila',
  'Magtech', 'Norma', 'Nosler', 'Barnes', 'Wolf', 'Tula', 'Prvi Partizan', 'Underwood', 'Buffalo Bore', 'Lapua', 'Sig Sauer',
  'American Eagle', 'Browning', 'Black Hills', 'HSM', 'Armscor', 'Geco', 'Hevi-Shot', 'Kent', 'Estate', 'Rio', 'Igman',
  'Sterling', 'Liberty', 'Ammo Inc', 'Corbon', 'Lehigh Defense', 'Magpul', 'Otis',
];

type Kind = 'handgun' | 'rifle' | 'rimfire' | 'shotgun' | 'accessory';
/** Category tree by caliber, named as the demo seed names it (its categories are reused when present). */
const TREE: { name: string; kind: Kind; leaves: string[] }[] = [
  { name: 'Handgun Ammunition', kind: 'handgun', leaves: ['9mm Luger', '.380 ACP', '.40 S&W', '.45 ACP', '.38 Special', '.357 Magnum', '10mm Auto'] },
  { name: 'Rifle Ammunition', kind: 'rifle', leaves: ['.223 Rem', '5.56 NATO', '.308 Win', '7.62x39', '6.5 Creedmoor', '.300 BLK', '.30-06 Springfield'] },
  { name: 'Rimfire Ammunition', kind: 'rimfire', leaves: ['.22 LR', '.22 WMR', '.17 HMR'] },
  { name: 'Shotgun Shells', kind: 'shotgun', leaves: ['12 Gauge', '20 Gauge', '.410 Bore'] },
  { name: 'Accessories', kind: 'accessory', leaves: ['Magazines', 'Cleaning', 'Targets', 'Ammo Storage'] },
];
const LINES = ['Premium', 'Training', 'Match', 'Hunting', 'Personal Defense', 'Range', 'Critical Defense', 'Gold Dot', 'Value Pack', 'Tactical', 'Classic', 'Elite'];
/** "grain|bullet" per kind; shotgun and accessory loads have no grain. */
const LOADS: Record<Kind, string[]> = {
  handgun: ['115|FMJ', '124|FMJ', '147|JHP', '124|JHP', '230|FMJ', '185|JHP', '180|FMJ', '165|JHP', '95|FMJ', '158|LRN'],
  rifle: ['55|FMJ', '62|FMJ', '77|OTM', '150|SP', '168|BTHP', '140|Polymer Tip', '123|FMJ', '125|SP', '180|SP', '110|Polymer Tip'],
  rimfire: ['40|LRN', '36|CPRN', '40|Solid', '17|Polymer Tip', '30|JHP'],
  shotgun: ['|Birdshot', '|Buckshot', '|Slug'],
  accessory: ['|30-Round Magazine', '|Universal Cleaning Kit', '|Paper Targets (100)', '|Steel Target', '|.50 Cal Ammo Can', '|Bore Snake'],
};
const SHOT_TEXT: Record<string, string> = { Birdshot: '2-3/4" 1 oz #8 Shot', Buckshot: '2-3/4" 00 Buck 9 Pellet', Slug: '2-3/4" 1 oz Rifled Slug' };
/** Units per package by variant position: box, brick, case… (accessories: 1, 2, 3… pieces). */
const PACKS = [20, 50, 250, 500, 1000];
const VENDORS = [
  { id: 1, label: 'Sports South' },
  { id: 2, label: 'Lipsey’s' },
  { id: 3, label: 'RSR Group' },
];

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArr = (xs: readonly string[]) => sql.raw(`(array[${xs.map(lit).join(',')}]::text[])`);
const intArr = (xs: readonly number[]) => sql.raw(`(array[${xs.join(',')}]::int[])`);

/**
 * How the products' derived data (migration 0016's cached list columns, 0006's list row, 0007's word
 * heads, 0004's revision touches) is kept while the catalogue is written:
 *
 * - `triggers`: as the API and any other writer keep it — each statement's triggers refresh every
 *   product it touches. Each of the generator's statements touches all 100,000 products, so the
 *   products are updated ten times over (every pass firing their row triggers: list row, revision,
 *   word heads), and 300,000 variants took over 11 minutes;
 * - `bulk`: those triggers are disabled while the generator writes, then every new product is
 *   refreshed once with the triggers' own function (`qm_refresh_product_cache`), whose update fires
 *   the list-row, revision and word-head triggers once per product. A test
 *   (apps/server/test/bench-catalog.test.ts) proves both ways leave the same derived data.
 */
export type DerivedDataMode = 'triggers' | 'bulk';

/** The triggers the bulk path holds back: statement triggers refreshing or touching the products. */
export const CATALOG_BULK_TRIGGERS: readonly TriggerRef[] = [
  ['products', 'qm_product_cache_insert'],
  ['products', 'qm_product_search_heads_insert'],
  ...['variants', 'attribute_data', 'store_products'].map((t): TriggerRef => [t, 'qm_product_cache_insert']),
  ...['variants', 'attribute_data', 'store_products', 'store_variants', 'product_categories'].map((t): TriggerRef => [t, 'qm_touch_insert']),
];

/**
 * Refreshes the derived data of the new products (ids after `base`, none of them with word heads yet)
 * with the catalogue triggers' function, once each; their word heads are then inserted in one
 * statement (as migration 0007 filled them) rather than by the heads trigger row by row (~12 index
 * insertions per product, one function call each: most of the rebuild's time).
 */
export async function rebuildProductCache(db: Db, base: number): Promise<void> {
  await withTriggersDisabled(db, [['products', 'qm_product_search_heads_update']], async () => {
    await db.execute(sql`select qm_refresh_product_cache(array(select id from products where id > ${base} order by id))`);
    await db.execute(sql`
      insert into product_search_heads (head, product_id)
      select h, p.id from products p, unnest(qm_word_heads(p.search_vector)) h where p.id > ${base}
      order by 1, 2
      on conflict do nothing`);
  });
}

export const catalogGenerator: Generator = catalogGeneratorOf();

export function catalogGeneratorOf(opts: { products?: number; derived?: DerivedDataMode } = {}): Generator {
  const P = opts.products ?? CATALOG_SIZES.products;
  const mode = opts.derived ?? 'bulk';
  return {
    name: 'catalog',
    async run({ db, log }) {
      for (const t of ['products', 'variants', 'attribute_data', 'attributes', 'brands', 'categories', 'product_categories', 'stores', 'store_products', 'store_variants']) {
        if (!(await tableExists(db, t))) return `table ${t} does not exist (catalogue migration not applied)`;
      }
      const attrs = await rows<{ id: number }>(db, sql`select id from attributes where id in (${ATTR.title}, ${ATTR.image})`);
      if (attrs.length < 2) return `attributes ${ATTR.title} (title) and ${ATTR.image} (image) are not seeded`;
      const haveAttr = new Set(
        (await rows<{ id: number }>(db, sql`select id from attributes where id in (${sql.raw(Object.values(ATTR).join(','))})`)).map((a) => a.id),
      );

      // ---- brands, categories, stores: the seed's when present, else created ----
      await db.execute(sql`insert into brands (name) select unnest(${textArr(BRANDS)}) on conflict do nothing`);
      const brands = await rows<{ id: number; name: string }>(db, sql`select id, name from brands order by id`);

      const slug = (s: string) => 'bench-' + s.toLowerCase().replace(/&/g, ' and ').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
      const leaves: { id: number; name: string; kind: Kind }[] = [];
      for (const [i, top] of TREE.entries()) {
        let [parent] = await rows<{ id: number }>(db, sql`select id from categories where lower(name) = lower(${top.name}) order by id limit 1`);
        parent ??= (
          await rows<{ id: number }>(db, sql`insert into categories (name, slug, sort_order) values (${top.name}, ${slug(top.name)}, ${i * 10}) returning id`)
        )[0]!;
        for (const [j, leaf] of top.leaves.entries()) {
          let [c] = await rows<{ id: number }>(
            db,
            sql`select id from categories c where lower(name) = lower(${leaf})
                  and not exists (select 1 from categories x where x.parent_id = c.id) order by id limit 1`,
          );
          c ??= (
            await rows<{ id: number }>(
              db,
              sql`insert into categories (parent_id, name, slug, sort_order) values (${parent.id}, ${leaf}, ${slug(leaf)}, ${j * 10}) returning id`,
            )
          )[0]!;
          leaves.push({ id: c.id, name: leaf, kind: top.kind });
        }
      }

      const [{ n: storeCount }] = (await rows<{ n: number }>(db, sql`select count(*)::int as n from stores`)) as [{ n: number }];
      if (Number(storeCount) === 0) {
        await db.execute(sql`
          insert into stores (name, code, domain) values
            ('Ammo Depot', 'ammo-depot', 'ammodepot.example.com'), ('Bulk Rounds Direct', 'bulk-rounds', 'bulkrounds.example.com')
          on conflict do nothing`);
      }
      const stores = (await rows<{ id: number }>(db, sql`select id from stores order by id limit 2`)).map((s) => s.id);

      // ---- one working row per product (temp table), then every table is filled from it set-wise ----
      const [{ base }] = (await rows<{ base: number }>(db, sql`select coalesce(max(id), 0)::int as base from products`)) as [{ base: number }];
      const kinds = leaves.map((l) => l.kind);
      const loadArr = (k: Kind) => textArr(LOADS[k]);
      await db.execute(sql`
        create temp table bench_products on commit drop as
        with s as (
          select g, ${base} + g as id,
                 1 + g % ${CATALOG_SIZES.variantsPerProductMax} as k,
                 ${pick('g', 31, brands.length)} as bi,
                 ${pick('g', 32, leaves.length)} as li,
                 ${pick('g', 33, 1000)} as r,
                 ${oneOf(LINES, 'g', 34)} as line,
                 ${pick('g', 35, 1000)} as lr,
                 now() - interval '1825 days' + (g::float8 / ${P}) * interval '1820 days' as created
          from generate_series(1, ${P}) g
        ), t as (
          select s.*, ${intArr(brands.map((b) => b.id))}[1 + bi] as brand_id, ${textArr(brands.map((b) => b.name))}[1 + bi] as bn,
                 ${intArr(leaves.map((l) => l.id))}[1 + li] as category_id,
                 ${textArr(leaves.map((l) => l.name))}[1 + li] as leaf,
                 ${textArr(kinds)}[1 + li] as kind
          from s
        ), u as (
          select t.*,
                 case kind when 'handgun' then ${loadArr('handgun')}[1 + lr % ${LOADS.handgun.length}]
                           when 'rifle' then ${loadArr('rifle')}[1 + lr % ${LOADS.rifle.length}]
                           when 'rimfire' then ${loadArr('rimfire')}[1 + lr % ${LOADS.rimfire.length}]
                           when 'shotgun' then ${loadArr('shotgun')}[1 + lr % ${LOADS.shotgun.length}]
                           else ${loadArr('accessory')}[1 + lr % ${LOADS.accessory.length}] end as load
          from t
        ), v as (
          select u.*, nullif(split_part(load, '|', 1), '')::int as grain, split_part(load, '|', 2) as bullet,
                 upper(left(regexp_replace(bn, '[^A-Za-z]', '', 'g'), 3)) || lpad(g::text, 6, '0') as mpn
          from u
        )
        select v.*,
               case when kind = 'accessory' then bn || ' ' || line || ' ' || bullet || ' (' || leaf || ')'
                    when kind = 'shotgun' then bn || ' ' || line || ' ' || leaf || ' ' ||
                         case bullet when 'Birdshot' then ${SHOT_TEXT.Birdshot!} when 'Buckshot' then ${SHOT_TEXT.Buckshot!} else ${SHOT_TEXT.Slug!} end
                    else bn || ' ' || line || ' ' || leaf || ' ' || grain || ' gr ' || bullet end as title,
               case when kind = 'shotgun' then 'shells' when kind = 'accessory' then 'pieces' else 'rounds' end as variation_type
        from v`);

      // Variant j of product g: SKU <mpn>-<j>, UPC for 9 in 10 (same expressions for variants and search_text).
      const sku = (j: string) => sql.raw(`(b.mpn || '-' || (${j}))`);
      const upc = (j: string) =>
        sql.raw(`(case when ${pickText(`b.g * 7 + ${j}`, 37, 10)} = 0 then null else lpad((b.id::bigint * 10 + (${j}) + 600000000000)::text, 12, '0') end)`);
      const units = (j: string) => sql.raw(`(case when b.variation_type = 'pieces' then (${j}) else ${`(array[${PACKS.join(',')}]::int[])`}[${j}] end)`);

      let spCount = 0;
      let svCount = 0;
      let variantCount = 0;
      let attrCount = 0;
      const write = async () => {
        // Denormalised list columns (title, search vector, counts…): see DerivedDataMode.
        await db.execute(sql`
          insert into products (id, type, variation_type, brand_id, notes, created_at, updated_at, version)
          select b.id,
                 case when b.r < 15 then 'virtual' else 'physical' end,
                 b.variation_type,
                 case when b.r >= 990 then null else b.brand_id end,
                 case when b.r % 40 = 0 then 'Allocation item: limit 5 cases per order.' else null end,
                 b.created, b.created + ${unit('b.g', 36)} * (now() - b.created), 1 + b.r % 6
          from bench_products b`);
        await db.execute(sql`select setval(pg_get_serial_sequence('products', 'id'), (select max(id) from products))`);
        log(`products: ${P} (ids ${base + 1}..${base + P})`);

        [{ n: variantCount }] = (await rows<{ n: number }>(
          db,
          sql`with ins as (
                insert into variants (product_id, sku, upc, units_per_package, cost_cents, weight_oz, is_default, created_at, updated_at)
                select b.id, ${sku('j')}, ${upc('j')}, ${units('j')},
                       (${units('j')} * (18 + ${pick('b.g', 38, 60)}))::int,
                       round((${units('j')} * (0.4 + ${unit('b.g', 39)}))::numeric, 2)::float8,
                       j = 1, b.created, b.created
                from bench_products b cross join lateral generate_series(1, b.k) j
                order by b.id, j
                returning 1)
              select count(*)::int as n from ins`,
        )) as [{ n: number }];
        log(`variants: ${variantCount}`);

        // Canonical values (source null) as the seed writes them, plus a distributor's title for one product in three.
        const canonical = (attr: number, value: string, where = 'true') =>
          haveAttr.has(attr)
            ? sql`select ${sql.raw(String(attr))}, 'product', b.id, null::text, null::int, null::text, ${sql.raw(value)}, b.created from bench_products b where ${sql.raw(where)}`
            : null;
        const parts = [
          canonical(ATTR.title, 'to_jsonb(b.title)'),
          canonical(ATTR.image, `to_jsonb('https://cdn.example.com/products/' || b.id || '.jpg')`, 'b.r % 10 < 7'),
          canonical(ATTR.caliber, 'to_jsonb(b.leaf)', "b.kind <> 'accessory'"),
          canonical(ATTR.grain, 'to_jsonb(b.grain)', 'b.grain is not null'),
          canonical(ATTR.bullet, 'to_jsonb(b.bullet)', "b.kind not in ('accessory', 'shotgun')"),
          canonical(ATTR.roundsPerBox, `to_jsonb(case when b.kind = 'rimfire' then 500 else 50 end)`, "b.kind <> 'accessory'"),
          canonical(ATTR.mpn, 'to_jsonb(b.mpn)'),
        ].filter((p) => p !== null);
        const vendorCase = (f: 'id' | 'label') =>
          sql.raw(`(${`array[${VENDORS.map((v) => (f === 'id' ? String(v.id) : lit(v.label))).join(',')}]`})[1 + b.g % ${VENDORS.length}]`);
        parts.push(
          sql`select ${sql.raw(String(ATTR.title))}, 'product', b.id, 'vendor', ${vendorCase('id')}, ${vendorCase('label')}, to_jsonb(upper(b.title)), b.created
                from bench_products b where b.g % 3 = 0`,
        );
        [{ n: attrCount }] = (await rows<{ n: number }>(
          db,
          sql`with ins as (
                insert into attribute_data (attribute_id, sourceable_type, sourceable_id, source_type, source_id, source_label, value, created_at)
                ${sql.join(parts, sql` union all `)}
                returning 1)
              select count(*)::int as n from ins`,
        )) as [{ n: number }];
        log(`attribute_data: ${attrCount}`);

        await db.execute(sql`insert into product_categories (product_id, category_id) select id, category_id from bench_products`);

        // ---- stores: 70% of products on the first store (60% published), 30% on the second (25% published) ----
        for (const [si, storeId] of stores.entries()) {
          const [share, published] = si === 0 ? [700, 600] : [300, 250];
          const [sp] = await rows<{ n: number }>(
            db,
            sql`with ins as (
                  insert into store_products (store_id, product_id, is_published, published_at, created_at, updated_at)
                  select ${storeId}, b.id, x.r < ${published}, case when x.r < ${published} then b.created + interval '2 days' end, b.created, b.created
                    from bench_products b cross join lateral (select ${pick('b.g', 40 + si, 1000)} as r) x
                   where x.r < ${share}
                  returning 1)
                select count(*)::int as n from ins`,
          );
          spCount += Number(sp!.n);
          // Every variant on the first store, the default variant on the second.
          const [sv] = await rows<{ n: number }>(
            db,
            sql`with ins as (
                  insert into store_variants (store_product_id, variant_id, price_cents, map_price_cents, shipping_setting, is_enabled, created_at, updated_at)
                  select sp.id, v.id, (coalesce(v.cost_cents, 1000) * 1.3)::int,
                         case when v.id % 9 = 0 then (coalesce(v.cost_cents, 1000) * 1.2)::int end,
                         case when v.id % 17 = 0 then 'free' else 'variable' end, v.id % 23 <> 0, sp.created_at, sp.updated_at
                    from store_products sp join variants v on v.product_id = sp.product_id
                   where sp.store_id = ${storeId} and sp.product_id > ${base} ${si === 0 ? sql`` : sql`and v.is_default`}
                  returning 1)
                select count(*)::int as n from ins`,
          );
          svCount += Number(sv!.n);
        }
        log(`store_products: ${spCount}, store_variants: ${svCount}`);
      };
      if (mode === 'triggers') await write();
      else {
        let t0 = performance.now();
        await withTriggersDisabled(db, CATALOG_BULK_TRIGGERS, write);
        log(`rows written with the derived-data triggers held back: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
        t0 = performance.now();
        await rebuildProductCache(db, base);
        log(`products' derived data rebuilt once: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      }

      return {
        products: P,
        variants: Number(variantCount),
        attribute_data: Number(attrCount),
        product_categories: P,
        store_products: spCount,
        store_variants: svCount,
        brands: brands.length,
        categories: leaves.length,
      };
    },
  };
}
