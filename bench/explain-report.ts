/** EXPLAIN ANALYZE of one report's statement: `node --import tsx bench/explain-report.ts <name> [query]` with DATABASE_URL. */
import { compile, connect } from '../apps/server/src/db/connect.js';
import { REPORTS } from '../apps/server/src/modules/reports/routes.js';

const [name, qs = ''] = process.argv.slice(2);
const report = REPORTS.find((r) => r.def.name === name);
if (!report) throw new Error(`No report ${name}`);
const params = new URLSearchParams(qs);
const filter: Record<string, string> = {};
params.forEach((v, k) => {
  const m = /^filter\[(.+)\]$/.exec(k);
  if (m) filter[m[1]!] = v;
});
const r = report.request({ filter, group: params.get('group') ?? undefined, sort: params.get('sort') ?? undefined, page: 1, per_page: 25 });
const { sql: text, params: values } = compile(report.statement(r as never));
const database = await connect({ databaseUrl: process.env.DATABASE_URL });
const res = await database.pool!.query({ text: `explain (analyze, buffers) ${text}`, values: values as unknown[] });
console.log(res.rows.map((x: Record<string, string>) => x['QUERY PLAN']).join('\n'));
await database.close();
