/**
 * The merchandising reports: what sells, by product, brand, category and use case, against what is in
 * stock. Sales are the order lines of the period (orders not cancelled or refunded, as the order
 * reports count them), kept per day (`daySales`); "in stock" is merchandising's
 * (modules/merchandising/stock.ts): on hand in a warehouse or available to drop-ship.
 *
 * - Merchandising Report: per product sold — units, revenue, margin, how much of it shipped from
 *   drop-ship vendors, stock and days of cover; its High-velocity drop-ship view (`hv-ds`) keeps the
 *   products selling fast that mostly ship from vendors: the ones worth stocking ourselves.
 * - Brand and Category Merchandising Reports: per brand or category — the catalogue's products, how
 *   many are in stock, how many sold, and the period's sales with their share.
 * - Merchandising Inventory Reports: stock per use case, brand or category — on hand, value, pace and cover.
 * - Merchandising Use Case: per use case — its products, in stock against its target, and their sales.
 * - Low Merchandising Use Case: the active use cases with fewer products in stock than their target.
 */
import { sql, type SQL } from 'drizzle-orm';
import { col, daysAgo, defineReport, filter, statusOptions, where } from '../../reports/kit.js';
import { productInStock, productStock } from '../merchandising/stock.js';
import { PRODUCT_TITLE, brandOptions } from './lookups.js';
import { storeOptions } from './order-lookups.js';

const PERMISSIONS = ['reports.read', 'merchandising.read'] as const;

/** High-velocity drop-ship: at least this many units sold a day over the period … */
export const HV_DS_MIN_UNITS_PER_DAY = 0.25;
/** … and more than this share of them shipped from drop-ship vendors. */
export const HV_DS_MIN_DROP_SHIP_SHARE = 0.5;

const categoryOptions = sql`select c.id as value, case when p.name is null then c.name else p.name || ' › ' || c.name end as label
                              from categories c left join categories p on p.id = c.parent_id order by lower(coalesce(p.name, '')), lower(c.name)`;
const useCaseOptions = sql`select id as value, name as label from merchandising_use_cases order by lower(name)`;
const useCaseKinds = statusOptions('usecase');

const period = {
  from: filter.date('Sold from', { default: daysAgo(30) }),
  to: filter.date('Sold to'),
  store_id: filter.id('Store', storeOptions),
};
type Period = { from?: string; to?: string; store_id?: number };

/** Days in the period (at least 1): from its start (30 days ago by default) to its end or today. */
const periodDays = (f: Period) => {
  const from = Date.parse(f.from ?? daysAgo(30)());
  const to = f.to ? Date.parse(f.to) + 86_400_000 : Date.now();
  return Math.max(1, Math.round((to - from) / 86_400_000));
};

/**
 * The period's sales per product (and per store with `byStore`): units, revenue, cost and the units
 * shipped from a drop-ship vendor, added up from `product_day_sales` (migrations 0043–0044: the lines
 * of orders not cancelled or refunded, kept per day (UTC), store and product by triggers; a line is
 * drop-shipped while it is on a vendor's vendor order not cancelled), a row per product sold a day
 * instead of every line. `scope` narrows the products (a condition on `d.product_id`).
 */
function daySales(f: Period, opts: { scope?: SQL; byStore?: boolean } = {}) {
  const from = f.from ?? daysAgo(30)();
  return sql`
    select d.product_id${opts.byStore ? sql`, d.store_id` : sql``}, sum(d.units)::int8 as units, sum(d.revenue)::int8 as revenue, sum(d.cost)::int8 as cost,
           sum(d.ds_units)::int8 as ds_units
      from product_day_sales d
     ${where(sql`d.day >= ${from}::date`, f.to && sql`d.day <= ${f.to}::date`, f.store_id && sql`d.store_id = ${f.store_id}`, opts.scope)}
     group by d.product_id${opts.byStore ? sql`, d.store_id` : sql``}`;
}

/** Products of a merchandising use case (by its id). */
const ofUseCase = (id: number, productId: SQL) => sql`${productId} in (select mp.product_id from merchandising_use_case_products mp where mp.use_case_id = ${id})`;
/** Products filed under a category or any category below it. */
const ofCategory = (id: number, productId: SQL) =>
  sql`${productId} in (with recursive down(id) as (select ${id}::int union select c.id from categories c join down d on c.parent_id = d.id)
                       select pc.product_id from product_categories pc where pc.category_id in (select id from down))`;
/**
 * Each product once under each category of one level — the top level, or the subcategories of
 * `within` — when it is filed there or anywhere below: the rows never count a product twice. The tree
 * is walked once per category (each with its ancestors), not once per product.
 */
const productCategories = (within: number | undefined) => sql`with recursive up(category_id, key) as (
    select c.id, c.id from categories c
    union select u.category_id, c.parent_id from up u join categories c on c.id = u.key where c.parent_id is not null)
  select distinct pc.product_id, up.key from up join categories k on k.id = up.key join product_categories pc on pc.category_id = up.category_id
   where ${within === undefined ? sql`k.parent_id is null` : sql`k.parent_id = ${within}`}`;
const within = filter.id('Within category', categoryOptions);

/** What a row of the brand, category and inventory reports is: a use case, a brand or a category. */
type Dimension = 'use_case' | 'brand' | 'category';

/** Each product once under each key (`product_id, key`) of a dimension; categories one level at a time. */
function productKeys(dim: Dimension, withinCategory: number | undefined): SQL {
  if (dim === 'use_case') return sql`select mp.product_id, mp.use_case_id as key from merchandising_use_case_products mp`;
  if (dim === 'brand') return sql`select p.id as product_id, p.brand_id as key from products p where p.brand_id is not null`;
  return productCategories(withinCategory);
}

/**
 * Stock per product to join to a dimension's keys. For categories it is read whole and joined by hash
 * (OFFSET 0 keeps it apart): the tree's recursion makes PostgreSQL estimate a few thousand (product,
 * category) pairs where the catalogue has 100,000, and it then probed the stock a product at a time
 * (~400 ms, against ~40 ms read whole); the other keys are estimated well.
 */
const stockFor = (dim: Dimension) => (dim === 'category' ? sql`(${productStock()} offset 0)` : sql`(${productStock()})`);

/** The page's rows with the name of their key (a category by its path from its parent). */
function namedBy(dim: Dimension, rows: SQL): SQL {
  if (dim === 'use_case') return sql`select r.*, u.name from ${rows} r join merchandising_use_cases u on u.id = r.key`;
  if (dim === 'brand') return sql`select r.*, b.name from ${rows} r join brands b on b.id = r.key`;
  return sql`select r.*, case when pa.name is null then c.name else pa.name || ' › ' || c.name end as name
               from ${rows} r join categories c on c.id = r.key left join categories pa on pa.id = c.parent_id`;
}
const ofBrand = (id: number, productId: SQL) => sql`${productId} in (select p.id from products p where p.brand_id = ${id})`;

// ───────────────────────────── per product ─────────────────────────────

const VIEWS = ['all', 'hv-ds'] as const;

export const merchandising = defineReport({
  name: 'merchandising',
  title: 'Merchandising Report',
  permissions: PERMISSIONS,
  filters: {
    ...period,
    brand_id: filter.id('Brand', brandOptions),
    category_id: filter.id('Category', categoryOptions),
    use_case_id: filter.id('Use case', useCaseOptions),
    view: filter.oneOf('Show', VIEWS, { all: 'Every product sold', 'hv-ds': 'High-velocity drop-ship' }),
  },
  columns: [
    col.text('product', 'Product'),
    col.text('brand', 'Brand'),
    col.text('use_cases', 'Use cases', undefined, { sortable: false }),
    col.int('units', 'Units sold', 'sum'),
    col.number('per_day', 'Per day', { sql: sql`round(sum(units)::numeric / max(days), 2)::float8` }),
    col.money('revenue', 'Revenue', 'sum'),
    col.money('margin', 'Margin', 'sum'),
    col.percent('margin_pct', 'Margin %', { ratio: ['margin', 'revenue'] }),
    col.percent('ds_share', 'Drop-shipped', { sql: sql`sum(ds_units)::float8 / nullif(sum(units), 0)` }),
    col.int('on_hand', 'On hand', 'sum'),
    col.number('days_of_cover', 'Days of cover', { sql: sql`round(sum(on_hand) * max(days)::numeric / nullif(sum(units), 0), 1)::float8` }),
  ],
  rows: (f) => {
    const days = periodDays(f);
    const scope = [
      f.brand_id && ofBrand(f.brand_id, sql`d.product_id`),
      f.category_id && ofCategory(f.category_id, sql`d.product_id`),
      f.use_case_id && ofUseCase(f.use_case_id, sql`d.product_id`),
    ].filter((c): c is SQL => Boolean(c));
    return sql`
      select s.product_id, s.units, s.revenue, s.revenue - s.cost as margin, (s.revenue - s.cost)::float8 / nullif(s.revenue, 0) as margin_pct,
             s.ds_units, s.ds_units::float8 / nullif(s.units, 0) as ds_share, round(s.units::numeric / ${days}, 2)::float8 as per_day, ${days}::int as days,
             coalesce(st.on_hand, 0) as on_hand,
             case when s.units > 0 then round(coalesce(st.on_hand, 0) * ${days}::numeric / s.units, 1)::float8 end as days_of_cover
        from (${daySales(f, { scope: scope.length ? sql.join(scope, sql` and `) : undefined })}) s
        left join product_stock st on st.product_id = s.product_id
       ${where(
         sql`s.units > 0`,
         f.view === 'hv-ds' && sql`s.units >= ${HV_DS_MIN_UNITS_PER_DAY * days}::numeric and s.ds_units > s.units * ${HV_DS_MIN_DROP_SHIP_SHARE}::numeric`,
       )}`;
  },
  lookup: {
    columns: ['product', 'brand', 'use_cases'],
    join: (rows) => sql`
      select r.*, ${PRODUCT_TITLE} as product, b.name as brand,
             (select string_agg(u.name, ', ' order by lower(u.name)) from merchandising_use_case_products mp join merchandising_use_cases u on u.id = mp.use_case_id
               where mp.product_id = r.product_id) as use_cases
        from ${rows} r join products p on p.id = r.product_id left join brands b on b.id = p.brand_id`,
  },
  aggregated: true,
  key: () => ['product_id'],
  defaultSort: '-units',
});

// ───────────────────────────── per brand, per category ─────────────────────────────

/** Brand or category: the catalogue's products under each, in stock, sold, and the period's sales. */
function byDimension(dim: 'brand' | 'category') {
  const isBrand = dim === 'brand';
  return defineReport({
    name: `merchandising-${dim}`,
    title: isBrand ? 'Brand Merchandising Report' : 'Category Merchandising Report',
    permissions: PERMISSIONS,
    filters: { ...period, category_id: within },
    columns: [
      col.text('name', isBrand ? 'Brand' : 'Category'),
      col.int('products', 'Products', 'sum'),
      col.int('in_stock', 'In stock', 'sum'),
      col.percent('in_stock_pct', 'In stock %', { ratio: ['in_stock', 'products'] }),
      col.int('sold', 'Products sold', 'sum'),
      col.int('units', 'Units sold', 'sum'),
      col.money('revenue', 'Revenue', 'sum'),
      col.money('margin', 'Margin', 'sum'),
      col.percent('margin_pct', 'Margin %', { ratio: ['margin', 'revenue'] }),
      col.percent('share', 'Share of revenue', { sql: sql`1.0::float8` }),
    ],
    base: (f) => sql`
      select k.key, count(*)::int8 as products, count(*) filter (where st.in_stock)::int8 as in_stock,
             count(s.product_id)::int8 as sold, coalesce(sum(s.units), 0)::int8 as units, coalesce(sum(s.revenue), 0)::int8 as revenue,
             coalesce(sum(s.revenue - s.cost), 0)::int8 as margin
        from (${productKeys(dim, f.category_id)}) k
        left join ${stockFor(dim)} st on st.product_id = k.product_id
        left join (${daySales(f)}) s on s.product_id = k.product_id
       ${where(isBrand && f.category_id && ofCategory(f.category_id, sql`k.product_id`))}
       group by k.key`,
    rows: () => sql`
      select x.key, x.products, x.in_stock, x.in_stock::float8 / nullif(x.products, 0) as in_stock_pct, x.sold, x.units, x.revenue, x.margin,
             x.margin::float8 / nullif(x.revenue, 0) as margin_pct,
             x.revenue::float8 / nullif(sum(x.revenue) over (), 0) as share
        from report_base x`,
    lookup: { columns: ['name'], join: (rows) => namedBy(dim, rows) },
    aggregated: true,
    key: () => ['key'],
    defaultSort: '-revenue',
    chart: {
      kind: 'share',
      title: `Revenue by ${dim}`,
      x: 'name',
      series: [{ key: 'revenue', label: 'Revenue', type: 'money' }],
      rows: () => sql`select n.name, n.revenue from (${namedBy(dim, sql`(select * from report_base x where x.revenue > 0 order by x.revenue desc limit 12)`)}) n`,
    },
  });
}

export const merchandisingBrand = byDimension('brand');
export const merchandisingCategory = byDimension('category');

// ───────────────────────────── inventory ─────────────────────────────

export const merchandisingInventory = defineReport({
  name: 'merchandising-inventory',
  title: 'Merchandising Inventory Reports',
  permissions: PERMISSIONS,
  filters: { use_case_id: filter.id('Use case', useCaseOptions), brand_id: filter.id('Brand', brandOptions), category_id: within },
  groups: { use_case: 'Use case', brand: 'Brand', category: 'Category' },
  columns: [
    col.text('name', 'Name'),
    col.int('products', 'Products', 'sum'),
    col.int('in_stock', 'In stock', 'sum'),
    col.int('out_of_stock', 'Out of stock', 'sum'),
    col.int('on_hand', 'On hand', 'sum'),
    col.money('value', 'Value at cost', 'sum'),
    col.int('sold_30', 'Sold 30 d', 'sum'),
    col.number('days_of_cover', 'Days of cover', { ratio: ['on_hand', 'sold_30'], times: 30 }),
  ],
  rows: (f, { group }) => {
    const keys = productKeys(group, f.category_id);
    // per product: units and value on hand, in stock, and the last 30 days' sales from the ledger (each computed once, then joined)
    return sql`
      select k.key, count(*)::int8 as products, count(*) filter (where st.in_stock)::int8 as in_stock,
             count(*) filter (where not coalesce(st.in_stock, false))::int8 as out_of_stock,
             coalesce(sum(st.on_hand), 0)::int8 as on_hand, coalesce(sum(st.value), 0)::int8 as value, coalesce(sum(sd.sold), 0)::int8 as sold_30,
             case when sum(sd.sold) > 0 then round(coalesce(sum(st.on_hand), 0) * 30.0 / sum(sd.sold), 1)::float8 end as days_of_cover
        from (${keys}) k
        left join ${stockFor(group)} st on st.product_id = k.product_id
        left join (select v.product_id, sum(-t.quantity)::int8 as sold from inventory_transactions t join variants v on v.id = t.variant_id
                    where t.kind = 'sale' and t.at >= now() - interval '30 days' group by v.product_id) sd on sd.product_id = k.product_id
       ${where(
         f.use_case_id && ofUseCase(f.use_case_id, sql`k.product_id`),
         f.brand_id && ofBrand(f.brand_id, sql`k.product_id`),
         group !== 'category' && f.category_id && ofCategory(f.category_id, sql`k.product_id`),
       )}
       group by k.key`;
  },
  lookup: { columns: ['name'], join: (rows, { group }) => namedBy(group, rows) },
  aggregated: true,
  key: () => ['key'],
  defaultSort: '-value',
});

// ───────────────────────────── per use case ─────────────────────────────

/** Each use case's products (of its store, when it has one): in stock, and the period's sales of them. */
function useCaseRows(f: Period & { use_case?: string }, lowOnly: boolean) {
  const featured = (productId: SQL) => sql`${productId} in (select product_id from merchandising_use_case_products)`;
  // the featured products' stock and their sales per store, each computed once, then added up per use case by hash joins
  return sql`
    with st as materialized (${productStock(featured)}),
         sl as materialized (${daySales({ ...f, store_id: undefined }, { scope: featured(sql`d.product_id`), byStore: true })})
    select u.id, u.name, u.use_case, u.store_id, u.min_in_stock, coalesce(k.products, 0)::int8 as products, coalesce(k.in_stock, 0)::int8 as in_stock,
           greatest(u.min_in_stock - coalesce(k.in_stock, 0), 0)::int8 as short_by,
           coalesce(x.units, 0)::int8 as units, coalesce(x.revenue, 0)::int8 as revenue, coalesce(x.revenue - x.cost, 0)::int8 as margin,
           (x.revenue - x.cost)::float8 / nullif(x.revenue, 0) as margin_pct
      from merchandising_use_cases u
      left join (select mp.use_case_id, count(*) as products, count(*) filter (where st.in_stock) as in_stock
                   from merchandising_use_case_products mp left join st on st.product_id = mp.product_id group by mp.use_case_id) k on k.use_case_id = u.id
      left join (select mp.use_case_id, sum(sl.units) as units, sum(sl.revenue) as revenue, sum(sl.cost) as cost
                   from merchandising_use_case_products mp
                   join merchandising_use_cases uu on uu.id = mp.use_case_id
                   join sl on sl.product_id = mp.product_id and (uu.store_id is null or sl.store_id = uu.store_id)
                  ${f.store_id ? sql`where sl.store_id = ${f.store_id}` : sql``}
                  group by mp.use_case_id) x on x.use_case_id = u.id
     ${where(
       f.use_case && sql`u.use_case = ${f.use_case}`,
       f.store_id && sql`(u.store_id is null or u.store_id = ${f.store_id})`,
       lowOnly && sql`u.is_active and coalesce(k.in_stock, 0) < u.min_in_stock`,
     )}`;
}

const useCaseLookup = {
  columns: ['kind', 'store'],
  join: (rows: SQL) => sql`
    select r.*, (select st.name from statuses st where st.kind = 'usecase' and st.code = r.use_case) as kind,
           coalesce((select s.name from stores s where s.id = r.store_id), 'Every store') as store
      from ${rows} r`,
};

/** What both use case reports show first: the use case, its kind and store, its products and those in stock against the target. */
const USE_CASE_COLUMNS = [
  col.text('name', 'Use case'),
  col.text('kind', 'Kind'),
  col.text('store', 'Store'),
  col.int('products', 'Products', 'sum'),
  col.int('in_stock', 'In stock', 'sum'),
  col.int('min_in_stock', 'Target in stock', 'sum'),
];

export const merchandisingUseCase = defineReport({
  name: 'merchandising-use-case',
  title: 'Merchandising Use Case',
  permissions: PERMISSIONS,
  filters: { ...period, use_case: filter.code('Kind', useCaseKinds) },
  columns: [
    ...USE_CASE_COLUMNS,
    col.int('units', 'Units sold', 'sum'),
    col.money('revenue', 'Revenue', 'sum'),
    col.money('margin', 'Margin', 'sum'),
    col.percent('margin_pct', 'Margin %', { ratio: ['margin', 'revenue'] }),
  ],
  // computed once for the page, the totals and the chart
  base: (f) => useCaseRows(f, false),
  rows: () => sql`select * from report_base`,
  lookup: useCaseLookup,
  aggregated: true,
  key: () => ['id'],
  defaultSort: '-revenue',
  chart: {
    kind: 'share',
    title: 'Revenue by use case',
    x: 'name',
    series: [{ key: 'revenue', label: 'Revenue', type: 'money' }],
    rows: () => sql`select x.name, x.revenue from report_base x where x.revenue > 0 order by x.revenue desc limit 12`,
  },
});

export const merchandisingLowUseCase = defineReport({
  name: 'merchandising-low-use-case',
  title: 'Low Merchandising Use Case',
  permissions: PERMISSIONS,
  filters: period,
  columns: [
    ...USE_CASE_COLUMNS,
    col.int('short_by', 'Short by', 'sum'),
    col.text('out_of_stock', 'Out of stock', undefined, { sortable: false }),
    col.int('units', 'Units sold', 'sum'),
    col.money('revenue', 'Revenue', 'sum'),
  ],
  rows: (f) => useCaseRows(f, true),
  lookup: {
    columns: ['kind', 'store', 'out_of_stock'],
    join: (rows) => sql`
      select l.*, (select string_agg(${PRODUCT_TITLE}, '; ' order by mp.position)
                     from merchandising_use_case_products mp join products p on p.id = mp.product_id
                    where mp.use_case_id = l.id and not ${productInStock(sql`p.id`)}) as out_of_stock
        from (${useCaseLookup.join(rows)}) l`,
  },
  aggregated: true,
  key: () => ['id'],
  defaultSort: '-short_by',
});

export const MERCHANDISING_REPORTS = [merchandising, merchandisingBrand, merchandisingCategory, merchandisingInventory, merchandisingUseCase, merchandisingLowUseCase];
