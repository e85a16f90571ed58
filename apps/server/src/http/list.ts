import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import pg from 'pg';
import type { ListMeta, ListQuery } from '@qm/contracts';
import { compile, driverClientOf, isoTimestampsInJson, query, type Compiled, type Db } from '../db/connect.js';
import type { z } from 'zod';
import { BoundedMap } from './bounded.js';
import { contractColumns, unknownKeysOf } from './contract-json.js';
import { badRequest } from './errors.js';

/**
 * How one list endpoint may be paged, sorted, filtered and searched. Everything is whitelisted.
 *
 * What a list is made of: `from`, `select`, `sort` (+ `defaultSort`, `key`), `filters`, `search`,
 * `where`, `csv`. Values in filters and searches are written as ordinary parameters (`${value}`): the
 * list code writes them into its statements as literals (see inlineValues), so each value gets its
 * own plan and the statement can still be prepared.
 *
 * `resolve` does what must be looked up before the statement is built (a search text turned into a
 * tsquery, categories into their descendants); its typed result is handed to `filters`, `search`
 * and `tuning`, and every way of running a list (page, CSV) runs it first.
 *
 * `tuning` is for lists that need more than that to stay fast at size (the catalogue): none of it
 * changes which rows a list answers.
 */
export interface ListSpec<Row, R = undefined> {
  /** FROM clause with joins, e.g. sql`users u`. */
  from: SQL;
  /** Columns of one row (SELECT list). */
  select: SQL;
  /** Sortable field → expression. */
  sort: Record<string, SQL>;
  /** Default sort, e.g. '-id'. */
  defaultSort: string;
  /** Tie-breaker expression appended to every ORDER BY (unique). */
  key: SQL;
  /** Filter field → condition builder; receives one or more values as sent, and what `resolve` found. */
  filters?: Record<string, (values: string[], resolved: R) => SQL>;
  /** Condition for `q` (trimmed, not empty); undefined: no condition (e.g. nothing to search for). */
  search?: (q: string, resolved: R) => SQL | undefined;
  /** Always applied (e.g. scoping). */
  where?: SQL;
  /** CSV columns; default: every key of a row. */
  csv?: { key: keyof Row & string; header: string; value?: (row: Row) => unknown }[];
  /** Looks up what the list's conditions need before they are built; its result reaches filters, search and tuning. */
  resolve?: (db: Db, q: ListQuery) => Promise<R>;
  /** Performance options (see ListTuning): only for lists that measured a need. */
  tuning?: ListTuning<R>;
}

/** Options that make a large list cheaper to answer without changing its rows. */
export interface ListTuning<R> {
  /**
   * Count at most this many matching rows; past it `meta.total` is the cap and `meta.total_exact`
   * is false (the console shows "1,000+"). For lists whose exact count costs more than the page.
   */
  countCap?: number;
  /**
   * A total already known from resolving the query (e.g. "more than the cap" found while resolving
   * a broad search), so the list statement does not count again; undefined: count as usual.
   */
  knownTotal?: (q: ListQuery, resolved: R) => number | undefined;
  /**
   * A condition for the page only (not the count): the keys the first `rows` rows can have, found
   * more cheaply than by walking the list's own plan (e.g. through an index that holds the search's
   * column). Undefined: none for this query. `matches`: how many rows a search matches, when the
   * list counted them first (a search without `countCap` or `knownTotal`). Whether it narrows must
   * not change while `matches` stays the same: the page's statement is kept per query and per that.
   */
  narrowPage?: (q: ListQuery, rows: number, resolved: R, matches: number | undefined) => SQL | undefined;
  /**
   * The row as JSON text kept ready (e.g. a column a trigger maintains, with what is not on the row
   * appended): pages join these texts instead of building each row's JSON from `select`, which is
   * most of what PostgreSQL spends on a page. `select` still serves the CSV export.
   */
  rowJson?: SQL;
  /**
   * The FROM clause the page's columns are read from: `from` with joins only the columns need, each
   * on a unique key (adding no row). The page's keys are found over `from` alone — its filters,
   * order and limit planned without those joins — then its rows read through this for those keys;
   * the count never reads them. `select` may name its aliases; `sort`, `filters` and `search` may not.
   */
  columnsFrom?: SQL;
  /**
   * How the total is counted while one of `filters` is in the query: over `from` (the list's FROM
   * with joins each on a unique key, adding no row) with those filters' own forms over it, the
   * others as they are. For a condition a page best looks up by key for each row it walks (a page
   * stops after its rows) and a count best joins and hashes once (a count reads every row): each
   * filter here must match exactly the rows its form in the list's `filters` does.
   */
  count?: { from: SQL; filters: Record<string, (values: string[], resolved: R) => SQL> };
}

/** What `resolve` makes of a query (undefined for a list without one). */
async function resolveOf<Row, R>(db: Db, spec: ListSpec<Row, R>, q: ListQuery): Promise<R> {
  return (spec.resolve ? await spec.resolve(db, q) : undefined) as R;
}

/** A filter's values as sent (`filter[f]=a` or `filter[f][]=a&…`), empty ones left out: none means the filter is not applied. */
export const filterValues = (raw: string | readonly string[]): string[] => (Array.isArray(raw) ? raw : [raw]).filter((v: string) => v !== '');

/** Whether the query has a filter with a value. */
export const hasFilters = (q: ListQuery) => Object.values(q.filter ?? {}).some((v) => filterValues(v).length > 0);

export function whereOf<Row, R>(spec: ListSpec<Row, R>, q: ListQuery, resolved: R, also?: SQL): SQL {
  const conds: SQL[] = also ? [also] : [];
  if (spec.where) conds.push(spec.where);
  const searched = q.q && q.q.trim() && spec.search ? spec.search(q.q.trim(), resolved) : undefined;
  if (searched) conds.push(searched);
  for (const [field, raw] of Object.entries(q.filter ?? {})) {
    const build = spec.filters && Object.hasOwn(spec.filters, field) ? spec.filters[field] : undefined;
    if (!build) throw badRequest(`Unknown filter "${field}"`, { [`filter.${field}`]: 'Unknown filter' });
    const values = filterValues(raw);
    if (values.length === 0) continue;
    conds.push(build(values, resolved));
  }
  return conds.length ? inlineValues(sql`where ${sql.join(conds.map((c) => sql`(${c})`), sql` and `)}`) : sql``;
}

export function orderOf<Row, R>(spec: ListSpec<Row, R>, sortParam: string | undefined): SQL {
  const parts: SQL[] = [];
  for (const token of (sortParam || spec.defaultSort).split(',').map((s) => s.trim()).filter(Boolean)) {
    const desc = token.startsWith('-');
    const field = desc ? token.slice(1) : token;
    // Own keys only: `constructor`, `toString` or `__proto__` are no sort fields of any list.
    const expr = Object.hasOwn(spec.sort, field) ? spec.sort[field] : undefined;
    if (!expr) throw badRequest(`Cannot sort by "${field}"`, { sort: `Cannot sort by "${field}"` });
    // Plain asc/desc (nulls last/first) so b-tree indexes can serve the order in either direction.
    parts.push(desc ? sql`${expr} desc` : sql`${expr} asc`);
    if (expr === spec.key) return sql`order by ${sql.join(parts, sql`, `)}`;
  }
  parts.push(sql`${spec.key} desc`);
  return sql`order by ${sql.join(parts, sql`, `)}`;
}

/**
 * List totals are cached: counting the matching rows on every page turn costs more than the page
 * itself. A total is kept with the revision of the tables it was counted from (the sum of their
 * counters in qm_table_revisions, which a statement trigger on every table moves in the writing
 * transaction: migration 0017), and every list statement reads that revision with its page, in the
 * same snapshot: while it is the one kept, the cached total is answered; when it moved — a write to
 * one of those tables by this process, another one, a job or plain SQL — the same statement counts
 * again (the count is in a CASE, so PostgreSQL runs it only then). One request per list query and
 * process counts at a time: the statements of the requests arriving meanwhile read the revision
 * without counting and, should it have moved, take that request's count (totalOrTurn, totalAt) —
 * after a write, fifty people on a list whose count takes seconds count it once, not fifty times over
 * on two cores. The rows themselves are never cached.
 */
/** A cache per database (tests run two in one process), keyed by the driver client of the handle. */
function perDatabase<V>(size: number): (db: Db) => BoundedMap<string, V> {
  const caches = new WeakMap<object, BoundedMap<string, V>>();
  return (db) => {
    const owner = driverClientOf(db);
    let cache = caches.get(owner);
    if (!cache) caches.set(owner, (cache = new BoundedMap(size)));
    return cache;
  };
}
const countCacheOf = perDatabase<{ n: number; revision: string }>(2_000);

/** A cached total and the revision it was counted at; undefined when none. */
export function cachedCount(db: Db, key: string): { n: number; revision: string } | undefined {
  return countCacheOf(db).get(key);
}

export function rememberCount(db: Db, key: string, n: number, revision: string) {
  countCacheOf(db).set(key, { n, revision });
}

/**
 * Totals being counted now, per database and count key: a request that finds none cached — or finds
 * the one kept older than its page — waits for the request of this process already counting the same
 * rows (fifty people opening a list at once, a process just started, or the first pages after a
 * write: counted once, not fifty times over).
 */
const countingOf = perDatabase<Promise<void>>(2_000);

/** Takes the turn to count `key`: call the answer when the count is remembered, or failed. */
function takeTurn(db: Db, key: string): () => void {
  const counting = countingOf(db);
  let finish!: () => void;
  const turn = new Promise<void>((resolve) => (finish = resolve));
  counting.set(key, turn);
  return () => {
    if (counting.get(key) === turn) counting.delete(key);
    finish();
  };
}

/**
 * The cached total; none cached, the one another request is counting once it is done. This
 * request's turn (`done`: call it when its statement has run, or failed) when no other request holds
 * it: its statement checks the kept total's revision and counts should it have moved. `checkOnly`:
 * another request holds the turn — this one's statement reads the revision without counting, and
 * should it have moved, the total is taken from that request's count (`totalAt`).
 */
async function totalOrTurn(db: Db, key: string): Promise<{ cached?: { n: number; revision: string }; done?: () => void; checkOnly?: true }> {
  for (;;) {
    const cached = cachedCount(db, key);
    const pending = countingOf(db).get(key);
    if (cached && pending) return { cached, checkOnly: true };
    // another request's count: wait, then read what it kept (should it have failed, take the turn)
    if (pending) {
      await pending;
      continue;
    }
    return { cached, done: takeTurn(db, key) };
  }
}

/**
 * Whether a kept total's revision is at least `revision`: revisions only grow (sums of counters), and
 * so do the days of those that read the day ("<sum> <YYYY-MM-DD>", revisionSql) — at least on both.
 */
export function atLeast(kept: string, revision: string): boolean {
  const [keptSum, keptDay = ''] = kept.split(' ');
  const [sum, day = ''] = revision.split(' ');
  return BigInt(keptSum!) >= BigInt(sum!) && keptDay >= day;
}

/**
 * The total at `revision` (or later), for a page read at that revision while the kept one is older:
 * the count of the request holding the turn once it is done, or this request's own count.
 */
async function totalAt(db: Db, key: string, revision: string, count: () => Promise<{ n: number; rev: string }>): Promise<number> {
  for (;;) {
    const cached = cachedCount(db, key);
    if (cached && atLeast(cached.revision, revision)) return cached.n;
    const pending = countingOf(db).get(key);
    if (pending) {
      await pending;
      continue;
    }
    const done = takeTurn(db, key);
    try {
      const counted = await count();
      rememberCount(db, key, counted.n, counted.rev);
      return counted.n;
    } finally {
      done();
    }
  }
}

/**
 * A value computed from the tables `from` reads (an aggregate a dashboard shows), kept per process
 * while their revision is the one it was computed at — as list totals are (see cachedCount). The
 * revision is read before computing: a write during the computation moves it, and the next call
 * computes again. Requests arriving while it is computed at the same revision wait for that
 * computation rather than start their own. For values that depend on the tables alone and, where
 * `from` reads `qm_today()`, the day (not on the time of day): `from` names every table the value
 * reads, subqueries included.
 */
export async function cachedByRevision<T>(db: Db, key: string, from: SQL, compute: () => Promise<T>): Promise<T> {
  const text = compile(from).sql;
  const [{ rev }] = (await query<{ rev: string }>(db, sql`select ${revisionSql(tablesOfFrom(text), readsToday(text))} as rev`)) as [{ rev: string }];
  const cache = valueCacheOf(db);
  const kept = cache.get(key);
  if (kept && kept.revision === rev) return kept.value as T;
  const computing = computingOf(db);
  const pending = computing.get(key);
  if (pending && pending.revision === rev) return pending.value as Promise<T>;
  const value = compute();
  computing.set(key, { value, revision: rev });
  try {
    const v = await value;
    cache.set(key, { value: v, revision: rev });
    return v;
  } finally {
    if (computing.get(key)?.value === value) computing.delete(key);
  }
}
const computingOf = perDatabase<{ value: Promise<unknown>; revision: string }>(200);
const valueCacheOf = perDatabase<{ value: unknown; revision: string }>(200);

/** The tables a statement reads (after FROM or JOIN; not functions): those whose revision keys its total. */
export function tablesOf(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/\b(?:from|join)\s+("?)([A-Za-z_][A-Za-z0-9_]*)\1(?![A-Za-z0-9_]|\s*\()/gi)) found.add(m[2]!.toLowerCase());
  return [...found].sort();
}

/** The tables of a FROM clause's text (`store_variants sv join …`: its first table follows no FROM of its own) and what follows it. */
const tablesOfFrom = (text: string) => tablesOf(`from ${text}`);

/**
 * Whether a statement reads the day (`qm_today()`, migration 0051: a MAP holiday on today): what it
 * keeps is kept for that day only, its revision followed by the day.
 */
export const readsToday = (text: string) => text.toLowerCase().includes('qm_today()');

/** The revision of these tables as text, read in the statement's snapshot (and the day, `dated`). */
const revisionSql = (tables: string[], dated: boolean) =>
  sql.raw(`(select coalesce(sum(r.n), 0)::text${dated ? " || ' ' || qm_today()::text" : ''} from qm_table_revisions r where r.tbl in (${tables.length ? tables.map((t) => pg.escapeLiteral(t)).join(', ') : 'null'}))`);

/**
 * The rows a list selects: a key for its cached count, whether it sends values as parameters, and
 * the revision of its tables (and of those its count reads, when counted another way).
 */
function selection(spec: { from: SQL; tuning?: { countCap?: number } }, where: SQL, count?: { from: SQL; where: SQL }): { key: string; byValue: boolean; revision: SQL } {
  const compiled = compile(sql`${spec.from} ${where}`);
  const cap = spec.tuning?.countCap;
  const text = cap === undefined ? compiled.sql : `${compiled.sql}\u0000cap ${cap}`;
  const byValue = compiled.params.length > 0;
  const tables = new Set(tablesOfFrom(compiled.sql));
  let dated = readsToday(compiled.sql);
  if (count && count.where !== where) {
    const counted = compile(sql`${count.from} ${count.where}`).sql;
    for (const t of tablesOfFrom(counted)) tables.add(t);
    dated ||= readsToday(counted);
  }
  return { key: byValue ? text + '\u0000' + JSON.stringify(compiled.params) : text, byValue, revision: revisionSql([...tables].sort(), dated) };
}

/** What a query's total counts: the list's FROM and WHERE, or `tuning.count`'s while one of its filters is in the query. */
function countOfQuery<Row, R>(spec: ListSpec<Row, R>, q: ListQuery, resolved: R, where: SQL): { from: SQL; where: SQL } {
  const other = spec.tuning?.count;
  const inQuery = other && Object.entries(q.filter ?? {}).some(([f, v]) => Object.hasOwn(other.filters, f) && filterValues(v).length > 0);
  if (!inQuery) return { from: spec.from, where };
  return { from: other.from, where: whereOf({ ...spec, filters: { ...spec.filters, ...other.filters } }, q, resolved) };
}

/**
 * `count` unless the revision is still `known` (the cached total's; null: none), and the revision:
 * two columns `n` and `rev` for a list statement. `known` is the statement's last parameter, set on
 * each run (withKnownRevision), so the statement's text stays the same.
 */
const countUnlessKnown = (count: SQL, revision: SQL) =>
  sql`case when ${revision} = ${KNOWN_REVISION} then null else ${count} end as n, ${revision} as rev`;
const KNOWN_REVISION = `\u0000known revision ${crypto.randomUUID()}`;
function withKnownRevision(statement: Compiled, known: string | undefined): Compiled {
  const at = statement.params.lastIndexOf(KNOWN_REVISION);
  if (at === -1) return statement;
  const params = [...statement.params];
  params[at] = known ?? null;
  return { sql: statement.sql, params };
}

/** The FROM clause a page's columns are read from (`tuning.columnsFrom`, else the list's own). */
const columnsFromOf = (spec: { from: SQL; tuning?: { columnsFrom?: SQL } }) => spec.tuning?.columnsFrom ?? spec.from;

/** One page of rows in the list's order: `select`'s columns, or the row's JSON text as `j` (rowJson). */
function pageSql<Row, R>(spec: ListSpec<Row, R>, where: SQL, order: SQL, limit: number, offset: number, columns = spec.select): SQL {
  const joined = spec.tuning?.columnsFrom;
  if (joined) return sql`select ${columns} from ${joined} where ${spec.key} = any(array(select ${spec.key} from ${spec.from} ${where} ${order} ${limitSql(limit, offset)})) ${order}`;
  const alias = aliasOf(spec);
  // Past the first page of one table, the rows skipped are not projected: the page's columns (and any
  // lookups in them) are computed for its own rows only.
  if (alias && offset > 0)
    return sql`select ${columns} from (select * from ${spec.from} ${where} ${order} ${limitSql(limit, offset)}) ${sql.raw(alias)} ${order}`;
  return sql`select ${columns} from ${spec.from} ${where} ${order} ${limitSql(limit, offset)}`;
}

/** What a page selects when it is sent as JSON. */
const jsonColumns = <Row, R>(spec: ListSpec<Row, R>): SQL => (spec.tuning?.rowJson ? sql`${spec.tuning.rowJson} as j` : spec.select);

/**
 * A page selected with jsonColumns as one JSON array text, in the page's order. Each row is an
 * object of exactly the keys of the contract's item (contract-json.ts): a column the `select` names
 * and the contract does not is never sent, in production as in tests. Rows kept as JSON text
 * (`rowJson`) are joined as they are and their keys checked in the process (see runListJson).
 */
const pageJsonOf = <Row, R>(spec: ListSpec<Row, R>, item: z.ZodType, page: SQL): SQL =>
  spec.tuning?.rowJson
    ? sql`(select '[' || coalesce(string_agg(x.j, ','), '') || ']' from (${page}) x)`
    : sql`(select coalesce(json_agg(y), '[]'::json) from (select ${contractColumns(item, 'x')} from (${page}) x) y)::text`;

/** Lists kept as JSON text whose keys were found to be the contract's in this process (per list and item). */
const rowJsonChecked = new WeakMap<object, WeakSet<z.ZodType>>();
function checkRowJson(spec: object, item: z.ZodType, data: string) {
  if (rowJsonChecked.get(spec)?.has(item) || data === '[]') return;
  const extra = unknownKeysOf(item, data);
  if (extra.length) throw new Error(`A list's kept row JSON has keys its contract does not name (${extra.join(', ')}): the page is not sent`);
  let checked = rowJsonChecked.get(spec);
  if (!checked) rowJsonChecked.set(spec, (checked = new WeakSet()));
  checked.add(item);
}

/**
 * LIMIT and OFFSET written as numbers, not parameters (both are validated integers). With parameters
 * PostgreSQL's generic plan guesses 10 % of the table for them, judges it dearer than a custom plan
 * and so plans the prepared statement again on every execution; as constants its plan is reused.
 */
function limitSql(limit: number, offset: number): SQL {
  if (!Number.isSafeInteger(limit) || !Number.isSafeInteger(offset) || limit < 0 || offset < 0) throw new Error('limit/offset must be whole numbers');
  return sql.raw(`limit ${limit} offset ${offset}`);
}

/** The rows of a query as one json array, in the query's order: a page, or a relation inside a larger statement. */
export const jsonRows = (rows: SQL) => sql`(select coalesce(json_agg(x), '[]'::json) from (${rows}) x)`;

/** `(select count(*)::int from … where …)`. */
const countSql = (from: SQL, where: SQL) => sql`(select count(*)::int from ${from} ${where})`;

/** One page of a list as a json array expression, to embed in a larger statement (panels). Not for lists that resolve their query. */
export function pageJson<Row>(spec: ListSpec<Row>, q: ListQuery): SQL {
  if (spec.resolve) throw new Error('pageJson: this list resolves its query first; run it with runListJson');
  return jsonRows(pageSql(spec, whereOf(spec, q, undefined), orderOf(spec, q.sort), q.per_page, (q.page - 1) * q.per_page));
}

/**
 * Several totals and other columns in one statement (a dashboard): totals cached as for lists are
 * answered while their tables' revision is the one kept, the others counted in the statement and
 * remembered.
 */
export async function countsAnd(
  db: Db,
  counts: Record<string, { from: SQL; where: SQL }>,
  columns: Record<string, SQL>,
): Promise<{ counts: Record<string, number>; columns: Record<string, unknown> }> {
  const keys: Record<string, string> = {};
  const select: SQL[] = [];
  for (const [name, c] of Object.entries(counts)) {
    const { key, revision } = selection(c, c.where);
    keys[name] = key;
    const known = cachedCount(db, key)?.revision ?? null;
    select.push(sql`case when ${revision} = ${known} then null else ${countSql(c.from, c.where)} end as ${sql.identifier(`count_${name}`)},
                    ${revision} as ${sql.identifier(`rev_${name}`)}`);
  }
  for (const [name, expr] of Object.entries(columns)) select.push(sql`${expr} as ${sql.identifier(name)}`);
  const row = select.length ? (await query<Record<string, unknown>>(db, sql`select ${sql.join(select, sql`, `)}`))[0]! : {};
  const totals: Record<string, number> = {};
  for (const name of Object.keys(counts)) {
    const n = row[`count_${name}`] as number | null;
    const revision = row[`rev_${name}`] as string;
    if (n === null) totals[name] = cachedCount(db, keys[name]!)!.n;
    else {
      totals[name] = n;
      rememberCount(db, keys[name]!, n, revision);
    }
  }
  return { counts: totals, columns: Object.fromEntries(Object.keys(columns).map((k) => [k, row[k]])) };
}

/** Counts up to one past the cap: enough to tell "1,000+" from an exact total. */
const cappedCountSql = (from: SQL, where: SQL, cap: number) =>
  sql`(select count(*)::int from (select 1 from ${from} ${where} ${limitSql(cap + 1, 0)}) x)`;

function metaOf(cap: number | undefined, q: ListQuery, total: number): ListMeta {
  const exact = cap === undefined || total <= cap;
  return { total: exact ? total : cap!, page: q.page, per_page: q.per_page, total_exact: exact };
}

/**
 * The list answer as JSON text, built by PostgreSQL in one round trip: the page as `json_agg` of its
 * rows and, unless the cached total is still current (see cachedCount), the total in the same
 * statement. The API process then neither parses rows nor serialises them — on a page of 25–100
 * rows that was most of its work.
 */
export async function runListJson<Row, R>(db: Db, spec: ListSpec<Row, R>, q: ListQuery, item: z.ZodType): Promise<string> {
  const resolved = await resolveOf(db, spec, q);
  const plan = planOf(spec, q, resolved, item);
  const knownTotal = spec.tuning?.knownTotal?.(q, resolved);
  const { cached, done, checkOnly } = knownTotal === undefined ? await totalOrTurn(db, plan.key) : {};
  try {
    return await listJson(db, spec, q, item, { resolved, plan, cached, knownTotal, checkOnly });
  } finally {
    done?.();
  }
}

/** The list statement of runListJson, given the cached total (if any) and the query's plan. */
async function listJson<Row, R>(
  db: Db,
  spec: ListSpec<Row, R>,
  q: ListQuery,
  item: z.ZodType,
  ctx: { resolved: R; plan: ListPlan; cached: { n: number; revision: string } | undefined; knownTotal: number | undefined; checkOnly?: true },
): Promise<string> {
  const { resolved, plan, cached, knownTotal, checkOnly } = ctx;
  const { where, order, offset, key, byValue, revision } = plan;
  const cap = spec.tuning?.countCap;
  // Values left as parameters (see inlineValues) would get one generic plan for all of them: plan such pages each time.
  const prepare = !byValue;
  let searchFirst = false;
  /** A search's matches, when counted (or cached) to choose the plan. */
  let matches: number | undefined;
  const countOf = () => (cap === undefined ? countSql(plan.count.from, plan.count.where) : cappedCountSql(plan.count.from, plan.count.where, cap));
  /** The total counted by a statement of its own, with the revision it was counted at. */
  const countNow = async () => (await query<{ n: number; rev: string }>(db, plan.statement('count', () => sql`select ${countOf()} as n, ${revision} as rev`), { prepare }))[0]!;
  if (cap === undefined && knownTotal === undefined && q.q?.trim() && spec.search) {
    // A search: count first, and when few rows match, find them through the search's own index and
    // sort them, rather than walking the sort order's index past every row that does not match. A
    // cached total only chooses the plan here; the page's statement checks it as for any list.
    matches = cached?.n;
    if (matches === undefined) {
      const counted = await countNow();
      rememberCount(db, key, counted.n, counted.rev);
      matches = counted.n;
    }
    searchFirst = matches <= SEARCH_FIRST_MAX;
  }
  // built for every request (it may depend on the matches), the statement kept per whether it narrows
  const narrowed = searchFirst ? undefined : spec.tuning?.narrowPage?.(q, offset + q.per_page, resolved, matches);
  const statement = plan.statement(`page${knownTotal !== undefined ? ' known' : checkOnly ? ' check' : ''}${searchFirst ? ' search-first' : ''}${narrowed ? ' narrowed' : ''}`, () => {
    const columns = jsonColumns(spec);
    let page = pageSql(spec, narrowed ? whereOf(spec, q, resolved, narrowed) : where, order, q.per_page, offset, columns);
    if (searchFirst)
      page = aliasOf(spec)
        ? // One table: read the matches through the search's index in one pass and sort them (OFFSET 0
          // keeps the subquery apart, so the sort order's index cannot be walked instead), keeping only
          // the page's keys — the matches carry no more than the key and the sort's columns (an index
          // holding those answers alone) — then read the page's rows.
          sql`select ${columns} from ${columnsFromOf(spec)} where ${spec.key} in (
                select ${spec.key} from (select * from ${spec.from} ${where} offset 0) ${sql.raw(aliasOf(spec)!)} ${order} ${limitSql(q.per_page, offset)}) ${order}`
        : sql`select ${columns} from ${columnsFromOf(spec)}
               where ${spec.key} = any(array(select ${spec.key} from ${spec.from} ${where})) ${order} ${limitSql(q.per_page, offset)}`;
    if (knownTotal !== undefined) return sql`select ${pageJsonOf(spec, item, page)} as data, null::int as n, null::text as rev`;
    // another request holds the turn: the revision read with the page, not counted
    if (checkOnly) return sql`select ${pageJsonOf(spec, item, page)} as data, null::int as n, ${revision} as rev`;
    return sql`select ${pageJsonOf(spec, item, page)} as data, ${countUnlessKnown(countOf(), revision)}`;
  });
  const row = (await query<{ data: string; n: number | null; rev: string | null }>(db, withKnownRevision(statement, cached?.revision), { prepare }))[0]!;
  // counted (none was cached, or the tables' revision moved since): the total kept for the next ones
  if (row.n !== null && row.rev !== null) rememberCount(db, key, row.n, row.rev);
  if (spec.tuning?.rowJson) checkRowJson(spec, item, row.data);
  // checked only, and moved since the kept total: the total at the page's revision, counted once
  const moved = checkOnly && row.rev !== null && !atLeast(cached!.revision, row.rev);
  const total = knownTotal ?? row.n ?? (moved ? await totalAt(db, key, row.rev!, countNow) : cached!.n);
  return `{"data":${isoTimestampsInJson(row.data)},"meta":${JSON.stringify(metaOf(cap, q, total))}}`;
}

/**
 * What a list query becomes before it runs — its WHERE and ORDER BY, its count-cache key and its
 * compiled statements — kept per list and query (page, size, sort, search, filters): building and
 * compiling drizzle's `sql` trees took ~45 µs of every request, a sixth of the API's own work on a
 * list page. The same query (and what `resolve` made of it) always yields the same statements.
 */
interface ListPlan {
  where: SQL;
  /** What the total counts (`tuning.count`, else the list's FROM and `where`). */
  count: { from: SQL; where: SQL };
  order: SQL;
  offset: number;
  key: string;
  byValue: boolean;
  revision: SQL;
  statement: (variant: string, build: () => SQL) => Compiled;
}
const PLANS_PER_LIST = 500;
/** Per list spec and the contract item it answers (one spec may serve two routes). */
const plans = new WeakMap<object, WeakMap<z.ZodType, Map<string, ListPlan>>>();

function planOf<Row, R>(spec: ListSpec<Row, R>, q: ListQuery, resolved: R, item: z.ZodType): ListPlan {
  let byItem = plans.get(spec);
  if (!byItem) plans.set(spec, (byItem = new WeakMap()));
  let byQuery = byItem.get(item);
  if (!byQuery) byItem.set(item, (byQuery = new BoundedMap(PLANS_PER_LIST)));
  const id = JSON.stringify([q.page, q.per_page, q.sort ?? '', q.q ?? '', q.filter ?? {}, resolved ?? null]);
  let plan = byQuery.get(id);
  if (!plan) {
    const where = whereOf(spec, q, resolved);
    const count = countOfQuery(spec, q, resolved, where);
    const statements = new Map<string, Compiled>();
    plan = {
      where,
      count,
      order: orderOf(spec, q.sort),
      offset: (q.page - 1) * q.per_page,
      ...selection(spec, where, count),
      statement: (variant, build) => {
        let compiled = statements.get(variant);
        if (!compiled) statements.set(variant, (compiled = compile(build())));
        return compiled;
      },
    };
    byQuery.set(id, plan);
  }
  return plan;
}

/** The alias of `from` when it is one table (`users u` → 'u'), else null. */
function aliasOf(spec: { from: SQL }): string | null {
  let alias = aliases.get(spec.from);
  if (alias === undefined) {
    alias = /^\s*\w+\s+(\w+)\s*$/.exec(compile(spec.from).sql)?.[1] ?? null;
    aliases.set(spec.from, alias);
  }
  return alias;
}
const aliases = new WeakMap<SQL, string | null>();

/** Searches matching at most this many rows are answered search-first (see runListJson). */
export const SEARCH_FIRST_MAX = 2_000;

/**
 * One CSV cell. Text a spreadsheet would read as a formula — starting with `=`, `+`, `-`, `@`, a tab
 * or a carriage return (OWASP's CSV-injection rule) — gets a leading `'`, so `-1+1+cmd|' /C calc'!A0`
 * stays text. Only real numbers (typeof number) are written as they are, negative ones included; a
 * string that looks like a number is text like any other. Then quoted when needed.
 */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Streams the whole filtered, sorted list as CSV in batches, so memory stays flat on large tables. */
export async function sendCsv<Row, R>(reply: FastifyReply, db: Db, spec: ListSpec<Row, R>, q: ListQuery, filename: string) {
  const where = whereOf(spec, q, await resolveOf(db, spec, q));
  const order = orderOf(spec, q.sort);
  const batch = 2000;
  async function* lines() {
    let columns = spec.csv;
    for (let offset = 0; ; offset += batch) {
      const rows = await query<Row & Record<string, unknown>>(db, pageSql(spec, where, order, batch, offset), { prepare: false });
      if (offset === 0) {
        columns ??= Object.keys(rows[0] ?? {}).map((key) => ({ key: key as keyof Row & string, header: key }));
        yield columns.map((c) => csvCell(c.header)).join(',') + '\r\n';
      }
      let chunk = '';
      for (const row of rows) chunk += columns!.map((c) => csvCell(c.value ? c.value(row) : row[c.key])).join(',') + '\r\n';
      if (chunk) yield chunk;
      if (rows.length < batch) return;
    }
  }
  const stamp = new Date().toISOString().slice(0, 10);
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}-${stamp}.csv"`);
  return reply.send(Readable.from(lines()));
}

/** Columns of one table alias by name, for sort and filter maps: `columns('p', 'id', 'type')` → `{ id: sql\`p.id\`, type: sql\`p.type\` }`. */
export function columns<K extends string>(alias: string, ...names: K[]): Record<K, SQL> {
  return Object.fromEntries(names.map((n) => [n, sql.raw(`${alias}.${n}`)])) as Record<K, SQL>;
}

/** Text columns sorted case-insensitively: `lowered('p', 'title')` → `{ title: sql\`lower(p.title)\` }`. */
export function lowered<K extends string>(alias: string, ...names: K[]): Record<K, SQL> {
  return Object.fromEntries(names.map((n) => [n, sql.raw(`lower(${alias}.${n})`)])) as Record<K, SQL>;
}

const eachColumn = <K extends string, F>(alias: string, fields: K[], build: (expr: SQL, field: K) => F) =>
  Object.fromEntries(fields.map((f) => [f, build(sql.raw(`${alias}.${f}`), f)])) as Record<K, F>;

/**
 * A filter or search value written into the statement as a literal (quoted by the driver's
 * escapeLiteral) rather than sent as a parameter; numbers only when whole, strings up to 200
 * characters. Filtered and searched pages then get a plan made for their value ("orders" is a third
 * of the staff, "admin" a handful; a LIKE prefix or a tsquery can only use its index as a constant)
 * that PostgreSQL can still keep as a prepared statement when the same page is asked again (paging,
 * refreshing); with a parameter, a prepared statement's generic plan would guess the same
 * selectivity for every value. Private to the list code: modules write `${value}` and whereOf
 * writes the values of a list's conditions this way (inlineValues).
 */
function literal(v: unknown): string | undefined {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? String(v) : undefined;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'string') return v.length <= 200 && !v.includes('\u0000') ? pg.escapeLiteral(v) : undefined;
  return undefined;
}

/**
 * A condition with its parameters written as literals where literal() can (see there); the others
 * stay parameters (the statement is then planned for its values each time, see runListJson).
 * Placeholders are only ever outside quotes in drizzle's text, so quoted text is skipped.
 */
function inlineValues(condition: SQL): SQL {
  const { sql: text, params } = compile(condition);
  if (!params.length) return condition;
  const parts: SQL[] = [];
  let from = 0;
  const placeholder = /'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)/g;
  for (let m = placeholder.exec(text); m; m = placeholder.exec(text)) {
    if (m[1] === undefined) continue;
    const value = params[Number(m[1]) - 1];
    const lit = literal(value);
    parts.push(sql.raw(text.slice(from, m.index)), lit === undefined ? sql`${value}` : sql.raw(lit));
    from = m.index + m[0].length;
  }
  parts.push(sql.raw(text.slice(from)));
  return sql.join(parts, sql``);
}

/**
 * A filter value that is a PostgreSQL integer written in plain decimal (`-3`, `0`, `42`), else null:
 * `1e1`, `0x10`, ` 5`, `+5`, `05` or `1e300` are not ids, whatever Number() makes of them.
 */
export function intOf(v: string): number | null {
  if (!/^-?(0|[1-9][0-9]{0,9})$/.test(v)) return null;
  const n = Number(v);
  return n >= -2_147_483_648 && n <= 2_147_483_647 ? n : null;
}

/** Helpers for filter builders. */
const values = (vs: readonly (string | number)[]) => sql.join(vs.map((v) => sql`${v}`), sql`, `);

export const filters = {
  eq: (expr: SQL) => (vs: string[]) => (vs.length === 1 ? sql`${expr} = ${vs[0]!}` : sql`${expr} in (${values(vs)})`),
  /** The values of `filter[field]`, each one of `allowed` (a 400 on the field names them otherwise). */
  oneOf: <T extends string>(field: string, allowed: readonly T[], vs: string[]): T[] => {
    if (vs.some((v) => !(allowed as readonly string[]).includes(v))) throw badRequest(`filter[${field}] must be one of: ${allowed.join(', ')}`, { [`filter.${field}`]: `One of: ${allowed.join(', ')}` });
    return vs as T[];
  },
  /** `expr` equal to one of the values, each one of `allowed` (an enumeration: a status, a kind). */
  eqOneOf: (expr: SQL, field: string, allowed: readonly string[]) => (vs: string[]) => filters.eq(expr)(filters.oneOf(field, allowed, vs)),
  /** A text in any case (a name, a caliber): `lower(expr)` equal to one of the values, lowered. */
  eqAnyCase: (expr: SQL) => (vs: string[]) => filters.eq(sql`lower(${expr})`)(vs.map((v) => v.toLowerCase())),
  int: (expr: SQL, field: string) => (values: string[]) => {
    const nums = values.map((v) => {
      const n = intOf(v);
      if (n === null) throw badRequest(`filter[${field}] must be a whole number`, { [`filter.${field}`]: 'Must be a whole number' });
      return n;
    });
    return filters.inInts(expr, nums);
  },
  /**
   * `expr in (…)` over whole numbers known to the module (e.g. ids found while resolving), written
   * into the statement as they are, however many; none: a condition no row meets.
   */
  inInts: (expr: SQL, ids: readonly number[]): SQL => {
    if (!ids.every((n) => Number.isSafeInteger(n))) throw new Error('inInts takes whole numbers');
    return ids.length === 1 ? sql`${expr} = ${sql.raw(String(ids[0]))}` : sql`${expr} in (${sql.raw(ids.length ? ids.join(', ') : 'null')})`;
  },
  /** An array column holding any of the values sent (`roles && array[…]::text[]`). */
  overlaps: (expr: SQL) => (vs: string[]) => sql`${expr} && array[${values(vs)}]::text[]`,
  bool: (expr: SQL, field: string) => (values: string[]) => {
    const v = values[0];
    if (v !== 'true' && v !== 'false') throw badRequest(`filter[${field}] must be true or false`, { [`filter.${field}`]: 'Must be true or false' });
    return sql`${expr} = ${sql.raw(v)}`;
  },
  /** Whole-number filters on `alias.<field>`, one per field: `filters.ints('p', 'id', 'brand_id')`. */
  ints: <K extends string>(alias: string, ...fields: K[]) => eachColumn(alias, fields, (expr, f) => filters.int(expr, f)),
  /** Equality filters on `alias.<field>`, one per field: `filters.eqs('p', 'type', 'variation_type')`. */
  eqs: <K extends string>(alias: string, ...fields: K[]) => eachColumn(alias, fields, (expr) => filters.eq(expr)),
  /** `filter[from]` and `filter[to]`: an inclusive range of days on one timestamp. */
  dateRange: (expr: SQL) => ({ from: filters.date(expr, 'from', 'from'), to: filters.date(expr, 'to', 'to') }),
  /** Date range bound, inclusive day: `from` ≥ start of day, `to` < the next day. */
  date: (expr: SQL, field: string, bound: 'from' | 'to') => (values: string[]) => {
    const v = values[0]!;
    if (!/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/.test(v) || Number.isNaN(Date.parse(v)))
      throw badRequest(`filter[${field}] must be a date (YYYY-MM-DD)`, { [`filter.${field}`]: 'Must be a date (YYYY-MM-DD)' });
    return bound === 'from'
      ? sql`${expr} >= ${v}::timestamptz`
      : v.length === 10
        ? sql`${expr} < (${v}::date + 1)::timestamptz`
        : sql`${expr} <= ${v}::timestamptz`;
  },
  /** Case-insensitive contains over several expressions. */
  ilike: (...exprs: SQL[]) => (q: string) => {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql.join(exprs.map((e) => sql`${e} ilike ${pattern}`), sql` or `);
  },
};
