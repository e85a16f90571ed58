import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runListJson, type ListSpec } from '../src/http/list.js';
import { BACKENDS, useTestApp } from './harness.js';

/**
 * A list whose page reads its columns through joins of their own (`tuning.columnsFrom`, the price
 * lists' caliber and market): the page's keys are found over the list's `from`, and the joins are read
 * for the page's rows alone — not for the rows its filters pass over, nor for its count.
 */
describe.each(BACKENDS)('a list with columnsFrom (%s)', (kind) => {
  const app = useTestApp(kind);

  it('answers the rows of its filters and order, each join read once per row of the page', async () => {
    const seq = `qm_probe_columns_${kind}`;
    await app.sql(sql.raw(`create sequence if not exists ${seq}`));
    const reads = async () => Number((await app.sql<{ n: string }>(sql.raw(`select nextval('${seq}')::text as n`)))[0]!.n);
    const spec: ListSpec<{ id: number; tens: number }> = {
      from: sql.raw(`generate_series(1, 40) p(id)`),
      select: sql`p.id, x.tens`,
      sort: { id: sql`p.id` },
      defaultSort: '-id',
      key: sql`p.id`,
      filters: { even: () => sql`p.id % 2 = 0` },
      tuning: { columnsFrom: sql.raw(`generate_series(1, 40) p(id) left join lateral (select p.id * 10 + 0 * nextval('${seq}') as tens) x on true`) },
    };
    const item = z.object({ id: z.number(), tens: z.number() });
    let at = await reads();
    const page = JSON.parse(await runListJson(app.db, spec, { page: 2, per_page: 5, filter: { even: 'yes' } }, item));
    expect(page).toEqual({ data: [30, 28, 26, 24, 22].map((id) => ({ id, tens: id * 10 })), meta: { total: 20, page: 2, per_page: 5, total_exact: true } });
    // five rows on the page, read once each (and the probe's own read)
    expect((await reads()) - at).toBe(6);
    at = await reads();
    const all = JSON.parse(await runListJson(app.db, spec, { page: 1, per_page: 3, sort: 'id' }, item));
    expect(all.data).toEqual([1, 2, 3].map((id) => ({ id, tens: id * 10 })));
    expect(all.meta.total).toBe(40);
    expect((await reads()) - at).toBe(4);
  });
});

/**
 * A list whose total is counted another way while a filter is in the query (`tuning.count`, the
 * price lists' market flags: looked up by key for the rows a page walks, joined and hashed once for a
 * count): the filter's count form counts, the page's form finds the page, and without that filter
 * the list counts as any list does.
 */
describe.each(BACKENDS)('a list with its own count (%s)', (kind) => {
  const app = useTestApp(kind);

  it('counts with the count form of the filter in the query, pages with the page form, and otherwise counts as usual', async () => {
    const pageSeq = `qm_probe_page_form_${kind}`;
    const countSeq = `qm_probe_count_form_${kind}`;
    for (const s of [pageSeq, countSeq]) await app.sql(sql.raw(`create sequence if not exists ${s}`));
    const at = async () => {
      const [r] = await app.sql<{ page: string; count: string }>(sql.raw(`select (select last_value from ${pageSeq})::text as page, (select last_value from ${countSeq})::text as count`));
      return { page: Number(r!.page), count: Number(r!.count) };
    };
    const spec: ListSpec<{ id: number }> = {
      from: sql.raw(`generate_series(1, 40) p(id)`),
      select: sql`p.id`,
      sort: { id: sql`p.id` },
      defaultSort: '-id',
      key: sql`p.id`,
      filters: { odd: () => sql.raw(`p.id % 2 = 1 and nextval('${pageSeq}') > 0`), small: () => sql`p.id <= 10` },
      tuning: {
        count: { from: sql.raw(`generate_series(1, 40) p(id) left join lateral (select p.id * 10 as tens) x on true`), filters: { odd: () => sql.raw(`x.tens % 20 = 10 and nextval('${countSeq}') > 0`) } },
      },
    };
    const item = z.object({ id: z.number() });
    let before = await at();
    const odd = JSON.parse(await runListJson(app.db, spec, { page: 1, per_page: 3, filter: { odd: 'yes', small: 'yes' } }, item));
    expect(odd).toEqual({ data: [{ id: 9 }, { id: 7 }, { id: 5 }], meta: { total: 5, page: 1, per_page: 3, total_exact: true } });
    let after = await at();
    expect(after.count, 'counted with the count form').toBeGreaterThan(before.count);
    expect(after.page, 'paged with the page form').toBeGreaterThan(before.page);
    before = after;
    const small = JSON.parse(await runListJson(app.db, spec, { page: 1, per_page: 3, filter: { small: 'yes' } }, item));
    expect(small.meta.total).toBe(10);
    after = await at();
    expect(after, 'neither form without the filter').toEqual(before);
  });
});
