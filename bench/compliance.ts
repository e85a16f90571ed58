/**
 * Compliance checks at scale, timed in-process (no HTTP): run after `bench/generate.ts` filled the
 * database (DATABASE_URL for PostgreSQL, else DATA_DIR for PGlite).
 *
 * - a 50-item cart checked to an address (`checkShipment`: the rule revision, the items' facts, the
 *   engine) — budget 5 ms;
 * - "what is restricted in CA" (`restrictedAt`, with the products each rule catches) over the
 *   100,000 products, 3,000 zip code groups and 500 rules — budget 100 ms;
 * - the engine alone on the same cart, and a rebuild of the compiled rules after a change.
 *
 * `node --import tsx bench/compliance.ts [--runs=200]`
 */
import { sql } from 'drizzle-orm';
import { connect, query } from '../apps/server/src/db/connect.js';
import { checkItems } from '../apps/server/src/modules/compliance/engine.js';
import { checkShipment, itemFacts, restrictedAt, ruleIndex } from '../apps/server/src/modules/compliance/service.js';

const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 200);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const ms = (x: number) => Math.round(x * 100) / 100;

async function time(label: string, runs: number, fn: (i: number) => Promise<unknown> | unknown, budget?: number) {
  for (let i = 0; i < Math.min(10, runs); i++) await fn(i);
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn(i);
    t.push(performance.now() - t0);
  }
  const row = { label, runs, p50: ms(pct(t, 50)), p90: ms(pct(t, 90)), p99: ms(pct(t, 99)), max: ms(Math.max(...t)), budget, pass: budget === undefined ? undefined : pct(t, 99) < budget };
  console.log(JSON.stringify(row));
  return row;
}

const database = await connect({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? 'data' });
const { db } = database;
try {
  const sizes = (await query<Record<string, number>>(
    db,
    sql`select (select count(*)::int from products) as products, (select count(*)::int from variants) as variants,
               (select count(*)::int from zip_code_groups) as zip_code_groups, (select count(*)::int from compliance_restrictions) as rules`,
  ))[0]!;
  console.log(JSON.stringify({ backend: process.env.DATABASE_URL ? 'postgres' : 'pglite', ...sizes }));
  const variants = (await query<{ id: number }>(db, sql`select id from variants where id % 97 = 0 order by id limit 2000`)).map((r) => r.id);
  const cart = (i: number) => Array.from({ length: 50 }, (_, k) => ({ variant_id: variants[(i * 50 + k) % variants.length]!, quantity: 1 + (k % 4) }));
  const places = ['CA', 'IL', 'NY', 'TX', 'CO', 'NJ'];
  const zips: Record<string, string> = { CA: '90001', IL: '60601', NY: '10001', TX: '75001', CO: '80202', NJ: '07030' };
  await time('checkShipment: 50-item cart to an address', RUNS, (i) => {
    const state = places[i % places.length]!;
    return checkShipment(db, cart(i), { state, zip: zips[state]! }, '2026-06-01');
  }, 5);
  const index = await ruleIndex(db);
  // The part of a check that is the database's: the items' facts (one statement, as a check sends it).
  await time('items facts alone: the statement of a 50-item check', RUNS, (i) => itemFacts(db, index, cart(i)));
  const facts = await itemFacts(db, index, cart(0));
  await time('engine only: 50 items', RUNS * 5, (i) => checkItems(index, facts, { state: places[i % places.length]!, zip: '60601' }, '2026-06-01'));
  const t0 = performance.now();
  await restrictedAt(db, { state: 'CA' }, '2026-06-01');
  console.log(JSON.stringify({ label: 'restrictedAt CA, first call in the process (catalogue counts kept by triggers)', ms: ms(performance.now() - t0), budget: 100 }));
  await time('restrictedAt CA (with product counts)', Math.max(10, Math.floor(RUNS / 10)), () => restrictedAt(db, { state: 'CA' }, '2026-06-01'), 100);
  await time('restrictedAt zip 60601', Math.max(10, Math.floor(RUNS / 10)), () => restrictedAt(db, { zip: '60601' }, '2026-06-01'), 100);
  await time('rule index rebuilt after a change', 10, async () => {
    await db.execute(sql`update compliance_revision set revision = revision + 1 where id = 1`);
    await ruleIndex(db);
  });
} finally {
  await database.close();
}
