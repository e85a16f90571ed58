import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.js';

/**
 * The API's PostgreSQL sessions (db/connect.ts): a list's page walked by an index with a filter the
 * planner cannot estimate stays one process, where PostgreSQL's own costs plan it with parallel
 * workers (starting them took 6 ms of a 0.5 ms walk on 1M orders). The reports' scans of months of
 * orders keep theirs: bench/README, "Parallel plans", has both sets of figures.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("the API's PostgreSQL sessions", () => {
  const app = useTestApp('postgres');

  it('plan a page of a rare match without parallel workers', async () => {
    await app.sql(sql`create unlogged table qm_probe_walk (id int primary key, at timestamptz not null, name text not null)`);
    await app.sql(sql`insert into qm_probe_walk select i, timestamptz '2026-01-01' + i * interval '1 minute', 'Customer ' || md5(i::text) from generate_series(1, 400000) i`);
    await app.sql(sql`create index qm_probe_walk_at_idx on qm_probe_walk (at, id) include (name)`);
    await app.sql(sql`vacuum analyze qm_probe_walk`);
    const page = sql`explain select id from qm_probe_walk where (lower(name) like '%smithson%') is true order by at desc, id desc limit 25`;
    expect(await app.sql<{ jit: string }>(sql`show jit`)).toEqual([{ jit: 'off' }]);
    const plan = (await app.sql<{ 'QUERY PLAN': string }>(page)).map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).not.toContain('Gather');
    // the same session at PostgreSQL's default cost of starting workers plans the walk with them
    // (what the setting is for)
    const byDefault = await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local parallel_setup_cost = 1000`);
      return ((await tx.execute(page)) as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(byDefault).toContain('Gather');
  });
});
