/**
 * Orders at scale: 1,000,000 orders over three years with 3,000,000 items (1–5 lines, 3 on average),
 * from 200,000 customers across the stores, statuses by age, a few percent with open resolution cases
 * (compliance holds among them) and customer-service or internal statuses. Set-based SQL in chunks of
 * 200,000 orders: the order triggers derive each chunk's totals and flags once per statement.
 *
 * A generator of bench/generate.ts (`ordersGenerator`), and standalone:
 *
 *   DATABASE_URL=postgres://…/qm_bench_orders node --import tsx bench/orders-data.ts [--measure] [--orders=1000000]
 *
 * prepares the database (migrations, demo), generates the orders when they are not there, and with
 * `--measure` starts the API on it and measures the Orders list, its filters and its searches (number,
 * email prefix, customer name, SKU), then the purchasing, vendor catalogue, compliance and route lists
 * of the same data set, with autocannon at 50 connections for 10 s each (`ONLY=<text>`: the lines whose
 * label contains it): budget p99 < 50 ms, the first line (authentication alone) the floor to read them by.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { pickText, rows, tableExists, textArray, type Generator } from './generators/types.js';

export const ORDERS_SIZES = { orders: 1_000_000, customers: 200_000, chunk: 200_000, years: 3 } as const;

const FIRST = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Daniel', 'Nancy', 'Matthew', 'Lisa', 'Anthony', 'Betty', 'Mark', 'Sandra', 'Steven', 'Ashley', 'Paul', 'Kimberly', 'Andrew', 'Emily', 'Joshua', 'Donna', 'Kevin', 'Michelle', 'Brian', 'Carol', 'Cody', 'Wyatt', 'Travis', 'Dale', 'Hunter', 'Colt', 'Tanner', 'Luke', 'Grace', 'Hannah'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Walker', 'Hall', 'Young', 'King', 'Wright', 'Hill', 'Scott', 'Green', 'Baker', 'Nelson', 'Carter', 'Mitchell', 'Roberts', 'Turner', 'Phillips', 'Campbell', 'Parker', 'Evans', 'Edwards', 'Collins', 'Stewart', 'Morris', 'Murphy', 'Cook', 'Rogers'];
const MAIL = ['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com', 'aol.com', 'hotmail.com', 'proton.me', 'comcast.net'];
const PLACES: [string, string, string][] = [
  ['TX', 'Austin', '78701'], ['TX', 'Houston', '77002'], ['FL', 'Tampa', '33602'], ['PA', 'Pittsburgh', '15222'], ['OH', 'Columbus', '43215'],
  ['GA', 'Atlanta', '30303'], ['NC', 'Raleigh', '27601'], ['TN', 'Nashville', '37203'], ['AZ', 'Phoenix', '85004'], ['MI', 'Grand Rapids', '49503'],
  ['VA', 'Richmond', '23219'], ['MO', 'Springfield', '65806'], ['IN', 'Indianapolis', '46204'], ['AL', 'Huntsville', '35801'], ['CO', 'Denver', '80202'],
  ['WI', 'Green Bay', '54301'], ['UT', 'Provo', '84601'], ['ID', 'Boise', '83702'], ['NV', 'Reno', '89501'], ['CA', 'Fresno', '93721'],
];
const STATUSES_OLD: [string, number][] = [['delivered', 90], ['cancelled', 4], ['refunded', 2], ['shipped', 4]];

export const ordersGenerator: Generator = {
  name: 'orders',
  async run({ db, log }) {
    for (const t of ['orders', 'order_items', 'order_resolution_cases', 'stores', 'variants'])
      if (!(await tableExists(db, t))) return `table ${t} does not exist`;
    const total = Number(process.env.BENCH_ORDERS ?? ORDERS_SIZES.orders);
    const storeIds = (await rows<{ id: number }>(db, sql`select id from stores order by id`)).map((r) => r.id);
    const [{ n: variantCount }] = (await rows<{ n: number }>(db, sql`select count(*)::int as n from variants where cost_cents is not null`)) as [{ n: number }];
    if (!storeIds.length || variantCount === 0) return 'no stores or no variants with a cost';
    const internal = (await rows<{ id: number }>(db, sql`select id from internal_statuses order by id limit 8`)).map((r) => r.id);
    await db.execute(sql`create temporary table bench_order_variants on commit drop as
                         select row_number() over (order by id)::int as pos, id, sku, cost_cents from variants where cost_cents is not null`);
    await db.execute(sql`create index on bench_order_variants (pos)`);
    await db.execute(sql`analyze bench_order_variants`);
    const S = ORDERS_SIZES;
    const stores = `(array[${storeIds.join(',')}])`;
    const internals = internal.length ? `(array[${internal.join(',')}])` : '(array[]::int[])';
    const first = (e: string) => sql`${textArray(FIRST)}[1 + ${sql.raw(pickText(e, 41, FIRST.length))}]`;
    const last = (e: string) => sql`${textArray(LAST)}[1 + ${sql.raw(pickText(e, 42, LAST.length))}]`;
    const place = (i: 0 | 1 | 2, e: string) => sql`${textArray(PLACES.map((p) => p[i]))}[1 + ${sql.raw(pickText(e, 43, PLACES.length))}]`;
    const oldStatus = textArray(STATUSES_OLD.flatMap(([s, w]) => Array.from({ length: w }, () => s)));
    const span = S.years * 365 * 86400;
    let t0 = performance.now();
    for (let from = 1; from <= total; from += S.chunk) {
      const to = Math.min(total, from + S.chunk - 1);
      const c = `(${pickText('g', 40, S.customers)})`;
      // Orders in time order (ids follow placed_at, as intake makes them); the last days still open.
      await db.execute(sql`
        insert into orders (store_id, number, placed_at, status, cs_status, internal_status_id, customer_name, customer_email, customer_phone,
                            ship_name, ship_line1, ship_city, ship_state, ship_zip, bill_name, bill_line1, bill_city, bill_state, bill_zip,
                            shipping_charged_cents, tax_cents, payment_method, payment_captured_cents, created_at, updated_at)
        select ${sql.raw(stores)}[1 + ${sql.raw(pickText('g', 44, storeIds.length))}], 'BN-' || lpad(g::text, 8, '0'), x.placed_at,
               case when x.age_days > 30 then ${oldStatus}[1 + ${sql.raw(pickText('g', 45, 100))}]
                    when x.age_days > 3 then (array['shipped', 'delivered', 'partially_shipped', 'awaiting_fulfillment'])[1 + ${sql.raw(pickText('g', 46, 4))}]
                    else (array['pending', 'processing', 'awaiting_compliance', 'awaiting_fulfillment', 'on_hold'])[1 + ${sql.raw(pickText('g', 47, 5))}] end,
               case when ${sql.raw(pickText('g', 48, 1000))} < 8 then (array['awaiting_customer', 'awaiting_documents', 'address_verification', 'escalated'])[1 + ${sql.raw(pickText('g', 49, 4))}]
                    when ${sql.raw(pickText('g', 48, 1000))} < 30 then 'resolved' else 'none' end,
               case when ${sql.raw(pickText('g', 50, 1000))} < 15 and ${internal.length} > 0 then ${sql.raw(internals)}[1 + ${sql.raw(pickText('g', 51, Math.max(1, internal.length)))}] end,
               ${first(c)} || ' ' || ${last(`${c} / 50`)},
               lower(${first(c)}) || '.' || lower(${last(`${c} / 50`)}) || ${sql.raw(c)} || '@' || ${textArray(MAIL)}[1 + ${sql.raw(pickText(c, 52, MAIL.length))}],
               '(555) 555-' || lpad((${sql.raw(c)} % 10000)::text, 4, '0'),
               ${first(c)} || ' ' || ${last(`${c} / 50`)}, (100 + ${sql.raw(c)} % 9000) || ' Main St', ${place(1, c)}, ${place(0, c)}, ${place(2, c)},
               ${first(c)} || ' ' || ${last(`${c} / 50`)}, (100 + ${sql.raw(c)} % 9000) || ' Main St', ${place(1, c)}, ${place(0, c)}, ${place(2, c)},
               995, 0, 'card', 0, x.placed_at, x.placed_at
          from generate_series(${from}::int, ${to}::int) g
          cross join lateral (select now() - ((${total} - g)::float8 / ${total} * ${span} + ${sql.raw(pickText('g', 53, 3600))}) * interval '1 second' as placed_at) p
          cross join lateral (select p.placed_at, extract(epoch from now() - p.placed_at) / 86400 as age_days) x`);
      // 1–5 lines each (3 on average), at 1.1–1.4 × cost.
      await db.execute(sql`
        insert into order_items (order_id, line_no, variant_id, sku, quantity, unit_price_cents, discount_cents)
        select o.id, l, v.id, v.sku, 1 + ${sql.raw(pickText('o.id * 5 + l', 54, 6))},
               (v.cost_cents * (110 + ${sql.raw(pickText('o.id * 5 + l', 55, 30))}) / 100)::int, 0
          from orders o
          cross join lateral generate_series(1, 1 + ${sql.raw(pickText('o.id', 56, 5))}) l
          join bench_order_variants v on v.pos = 1 + ${sql.raw(pickText('o.id * 5 + l', 57, variantCount))}
         where o.number between ${`BN-${String(from).padStart(8, '0')}`} and ${`BN-${String(to).padStart(8, '0')}`}`);
      await db.execute(sql`
        update orders set payment_captured_cents = total_cents
         where number between ${`BN-${String(from).padStart(8, '0')}`} and ${`BN-${String(to).padStart(8, '0')}`}`);
      log(`orders ${from.toLocaleString('en-US')}–${to.toLocaleString('en-US')} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    // Open cases on about 2 % of the orders (a third compliance holds), more among the recent ones.
    t0 = performance.now();
    await db.execute(sql`
      insert into order_resolution_cases (order_id, store_id, reason, detail, opened_at)
      select o.id, o.store_id,
             (array['compliance_hold', 'unroutable', 'address_problem', 'payment_problem', 'vendor_backorder', 'compliance_hold'])[1 + ${sql.raw(pickText('o.id', 58, 6))}],
             'bench case', o.placed_at + interval '1 hour'
        from orders o where o.number like 'BN-%' and ${sql.raw(pickText('o.id', 59, 1000))} < case when o.placed_at > now() - interval '30 days' then 200 else 15 end`);
    await db.execute(sql`
      insert into order_resolution_cases (order_id, store_id, reason, detail, opened_at)
      select id, store_id, 'cs_open', 'bench customer service', placed_at from orders where number like 'BN-%' and cs_status not in ('none', 'resolved')`);
    log(`cases in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const [counts] = await rows<{ orders: number; items: number; cases: number }>(
      db,
      sql`select (select count(*) from orders)::int as orders, (select count(*) from order_items)::int as items, (select count(*) from order_resolution_cases)::int as cases`,
    );
    return { orders: counts!.orders, order_items: counts!.items, order_resolution_cases: counts!.cases };
  },
};

// ───────────────────────────── measuring ─────────────────────────────

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const P99_BUDGET_MS = 50;

/** The Orders list as people use it, with values read from the data. */
export async function orderEndpoints(getJson: (url: string) => Promise<{ status: number; body: any }>): Promise<{ label: string; url: string }[]> {
  const page = await getJson('/api/order?per_page=100&page=7');
  const rowsOf = (page.body?.data ?? []) as { id: number; number: string; customer_email: string; customer_name: string; store_id: number }[];
  const o = rowsOf[0];
  if (!o) return [];
  const detail = await getJson(`/api/order/${o.id}`);
  const sku = (detail.body?.data?.items ?? [])[0]?.sku as string | undefined;
  const search = ((await getJson('/api/target-url?q=Bench%20search&per_page=1')).body?.data ?? [])[0]?.id ?? 1;
  const priced = ((await getJson('/api/pricing/store-variant?sort=-id&per_page=1')).body?.data ?? [])[0] as { product_id: number; sku: string } | undefined;
  const [product, productSku] = [priced?.product_id ?? 1, priced?.sku ?? 'A'];
  const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
  const e = encodeURIComponent;
  return [
    // The floor of any endpoint in the same run (authentication only): the figures below are read against it.
    { label: 'baseline: auth/user', url: '/api/auth/user' },
    { label: 'orders (newest first)', url: '/api/order' },
    { label: 'orders page 40', url: '/api/order?page=40' },
    { label: 'orders status=processing', url: '/api/order?filter[status]=processing' },
    { label: 'orders store, delivered', url: `/api/order?filter[store_id]=${o.store_id}&filter[status]=delivered` },
    { label: 'orders cs_status=escalated', url: '/api/order?filter[cs_status]=escalated' },
    { label: 'orders compliance hold', url: '/api/order?filter[compliance_hold]=true' },
    { label: 'orders with open cases', url: '/api/order?filter[has_cases]=true' },
    { label: 'orders placed last 7 days', url: `/api/order?filter[from]=${day(7)}&filter[to]=${day(0)}` },
    { label: `orders q=<number ${o.number}>`, url: `/api/order?q=${e(o.number)}` },
    { label: 'orders q=<number prefix>', url: `/api/order?q=${e(o.number.slice(0, 9))}` },
    { label: 'orders q=<email prefix>', url: `/api/order?q=${e(o.customer_email.split('@')[0]!)}%40` },
    { label: 'orders q=<customer name>', url: `/api/order?q=${e(o.customer_name)}` },
    { label: 'orders q=<last name>', url: `/api/order?q=${e(o.customer_name.split(' ')[1]!.toLowerCase())}` },
    ...(sku ? [{ label: `orders q=<sku ${sku}>`, url: `/api/order?q=${e(sku)}` }] : []),
    { label: 'order detail', url: `/api/order/${o.id}` },
    // the purchasing lists on the same data set
    { label: 'vendors', url: '/api/vendor' },
    { label: 'purchase orders (newest first)', url: '/api/purchase-order' },
    { label: 'purchase orders status=submitted', url: '/api/purchase-order?filter[status]=submitted' },
    { label: 'vendor orders', url: '/api/vendor-order' },
    { label: 'inventory items', url: '/api/inventory-item' },
    { label: 'vendor products (1.5M)', url: '/api/vendor-product' },
    { label: 'vendor products of one vendor', url: '/api/vendor-product?filter[vendor_id]=1' },
    { label: 'vendor products q=<a word>', url: '/api/vendor-product?q=hornady' },
    { label: 'vendor fee schemas', url: '/api/vendor-fee-schema' },
    { label: 'vendor credentials', url: '/api/vendor-credential' },
    { label: 'vendor imports', url: '/api/vendor-import' },
    // the compliance lists (541 rules, 3,004 zip code groups)
    { label: 'compliance restrictions', url: '/api/compliance-restriction' },
    { label: 'compliance restrictions state=CA', url: '/api/compliance-restriction?filter[state]=CA' },
    { label: 'zip code groups', url: '/api/zip-code-group' },
    // the pricing lists (bench/generators/pricing.ts: 300 searches, 300,000 offers)
    { label: 'pricing: competitor offers (cheapest per round)', url: '/api/competitor-offer' },
    { label: 'pricing: offers rifle, 501-1000 rounds', url: '/api/competitor-offer?filter[category]=rifle&filter[round_group]=501-1000' },
    { label: 'pricing: offers of one search, newest', url: `/api/competitor-offer?filter[target_url_id]=${search}&sort=-seen_at` },
    { label: 'pricing: offers q=<a competitor>', url: '/api/competitor-offer?q=Outlet%2017' },
    { label: 'pricing: offers blacklisted', url: '/api/competitor-offer?filter[blacklisted]=true' },
    { label: 'pricing: target URLs', url: '/api/target-url' },
    { label: 'pricing: competitor blacklist', url: '/api/competitor-blacklist' },
    { label: 'pricing: exclude SKUs', url: '/api/exclude-sku' },
    // store variant prices with the market and suggestions (the catalogue's store variants × those offers)
    { label: 'pricing: store variant prices', url: '/api/pricing/store-variant' },
    { label: 'pricing: prices above market', url: '/api/pricing/store-variant?filter[flag]=above_market&filter[on_sale]=true' },
    { label: 'pricing: prices with no market', url: '/api/pricing/store-variant?filter[flag]=no_market' },
    { label: 'pricing: prices below cost', url: '/api/pricing/store-variant?filter[flag]=below_cost' },
    { label: 'pricing: prices under the margin floor', url: '/api/pricing/store-variant?filter[flag]=under_floor' },
    { label: 'pricing: prices advertised under MAP', url: '/api/pricing/store-variant?filter[flag]=map_violation' },
    { label: 'pricing: MAP holidays', url: '/api/map-holiday' },
    { label: 'pricing: prices of one product', url: `/api/pricing/store-variant?filter[product_id]=${product}` },
    { label: 'pricing: prices q=<a SKU prefix>', url: `/api/pricing/store-variant?q=${e(productSku.slice(0, 6))}` },
    { label: 'pricing: dashboard summary', url: '/api/pricing/summary' },
    { label: 'route options', url: '/api/order-route-option' },
    { label: 'order routes', url: '/api/order-route' },
  ];
}

async function measureAll(databaseUrl: string) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const port = 3000 + (process.pid % 900) + 100;
  const base = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development', SEED_DEMO: 'false', JOB_CONCURRENCY: '0', WEB_DIST: '/nonexistent', LOGIN_RATE_LIMIT: '100000' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/api/health`).then((r) => r.status < 500, () => false);
      if (ok) break;
      if (i > 240) throw new Error('the API did not start');
      await new Promise((r) => setTimeout(r, 500));
    }
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'admin' }),
    });
    const token = String(login.headers.get('authorization') ?? '').replace(/^Bearer /, '');
    if (!token) throw new Error(`sign-in failed: ${login.status}`);
    const headers = { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' };
    const getJson = async (url: string) => {
      const r = await fetch(base + url, { headers });
      return { status: r.status, body: await r.json().catch(() => null) };
    };
    const endpoints = await orderEndpoints(getJson);
    const only = process.env.ONLY;
    console.log(`\n${'endpoint'.padEnd(48)} ${'single ms'.padStart(9)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'req/s'.padStart(7)}  non-2xx  p99 < ${P99_BUDGET_MS} ms`);
    // ONLY: one text or several separated by | (`ONLY='baseline|pricing'`)
    for (const ep of endpoints.filter((x) => !only || only.split('|').some((o) => x.label.includes(o)))) {
      const url = base + ep.url.replace(/\[/g, '%5B').replace(/\]/g, '%5D');
      const s0 = performance.now();
      const check = await getJson(ep.url);
      const single = Math.round(performance.now() - s0);
      await autocannon({ url, connections: CONNECTIONS, headers, duration: 2 });
      const r = await autocannon({ url, connections: CONNECTIONS, headers, duration: DURATION });
      const pass = check.status === 200 && r.non2xx === 0 && r.latency.p99 < P99_BUDGET_MS;
      console.log(
        `${ep.label.slice(0, 48).padEnd(48)} ${String(single).padStart(9)} ${String(r.latency.p50).padStart(6)} ${String(r.latency.p99).padStart(6)} ${String(Math.round(r.requests.average)).padStart(7)}  ${String(r.non2xx).padStart(7)}  ${pass ? 'PASS' : 'FAIL'}${check.status !== 200 ? ` (${check.status})` : ''}  total ${check.body?.meta?.total ?? ''}`,
      );
    }
  } finally {
    proc.kill('SIGTERM');
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { connect } = await import('../apps/server/src/db/connect.js');
  const { prepareDatabase } = await import('../apps/server/src/setup/prepare.js');
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Set DATABASE_URL to the bench database');
  const database = await connect({ databaseUrl: url });
  try {
    await prepareDatabase(database, true);
    await database.db.execute(sql`create schema if not exists bench`);
    await database.db.execute(sql`create table if not exists bench.generated (name text primary key, at timestamptz not null default now(), counts jsonb)`);
    const done = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from bench.generated where name = 'orders'`);
    if (!done[0]!.n) {
      const t0 = performance.now();
      await database.db.transaction(async (tx) => {
        const outcome = await ordersGenerator.run({ database, db: tx as never, log: (m) => console.log(`[orders] ${m}`) });
        if (typeof outcome === 'string') throw new Error(outcome);
        await tx.execute(sql`insert into bench.generated (name, counts) values ('orders', ${JSON.stringify(outcome)}::jsonb)`);
        console.log(`[orders] ${JSON.stringify(outcome)} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      });
      await database.db.execute(sql`vacuum analyze orders`);
      await database.db.execute(sql`vacuum analyze order_items`);
      await database.db.execute(sql`vacuum analyze order_resolution_cases`);
    } else console.log('[orders] already generated');
  } finally {
    await database.close();
  }
  if (process.argv.includes('--measure')) await measureAll(url);
}
