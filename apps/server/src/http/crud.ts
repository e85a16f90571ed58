import { isDeepStrictEqual } from 'node:util';
import { getTableName, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataResponse, IdParams, ListQuery, listResponse, type ConflictHolder, type ListFields, type Permission } from '@qm/contracts';
import { queryOne, type Db } from '../db/connect.js';
import { insertRow, transaction, updateRow, type IdTable, type InsertOf } from '../db/write.js';
import { audit, type Actor } from '../db/audit.js';
import { actorOf } from './auth.js';
import { conflict, inUse, notFound, pgErrorOf, stale } from './errors.js';
import { runListJson, sendCsv, type ListSpec } from './list.js';
import { action } from './kit.js';
import { listItemOf, type ContractJson } from './contract-json.js';

export interface UniqueRule {
  /** Index or constraint name in the database. */
  constraint: string;
  field: string;
  message: string;
  /**
   * Finds the record that already holds the value, given the values PostgreSQL names in the
   * violation (the index's key columns, in order, as text): the 409 then names it in
   * `error.holders[field]` with a link, and its message says whose it is.
   */
  holder?: (db: Db, values: string[]) => Promise<ConflictHolder | undefined>;
}

/** The key values of a unique violation's detail: `Key (lower(name))=(federal) already exists.` → ['federal']. */
export function uniqueValuesOf(detail: string | undefined): string[] {
  const m = detail ? /^Key \((.+)\)=\((.*)\) already exists\.?$/s.exec(detail) : null;
  if (!m) return [];
  const columns = m[1]!.split(', ').length;
  const values = m[2]!.split(', ');
  // A value with ", " in it cannot be told apart from two: only single-column keys are trusted then.
  return values.length === columns ? values : columns === 1 ? [m[2]!] : [];
}

/** Like mapUnique, and names the record that holds the value where the rule can find it. */
export async function mapUniqueWithHolder(db: Db, err: unknown, rules: UniqueRule[] | undefined): Promise<never> {
  const pgErr = pgErrorOf(err);
  if (pgErr?.code === '23505') {
    const rule = rules?.find((r) => r.constraint === pgErr.constraint) ?? (rules?.length === 1 ? rules[0] : undefined);
    if (rule?.holder) {
      const values = uniqueValuesOf(pgErr.detail);
      const holder = values.length ? await rule.holder(db, values).catch(() => undefined) : undefined;
      if (holder) {
        const message = `${rule.message}: ${holder.label}`;
        throw conflict(message, { [rule.field]: message }, { [rule.field]: holder });
      }
    }
  }
  return mapUnique(err, rules);
}

/** One resource served as `GET/POST /api/<resource>`, `GET/PUT/DELETE /api/<resource>/:id`. */
export interface CrudDef<Item extends { id: number }, Create extends z.ZodType, Update extends z.ZodType, Table extends IdTable = IdTable> {
  resource: string;
  /** Audit entity name, e.g. `internal_status`. */
  entity: string;
  /** Human noun for messages, e.g. `internal status`. */
  noun: string;
  /** The Drizzle table (`schema.brands`): what `toRow` returns is typed by its columns. */
  table: Table;
  read: Permission;
  write: Permission;
  item: z.ZodType<Item>;
  create?: Create;
  update?: Update;
  list: ListSpec<Item>;
  /** The contract's list fields (`X_LIST`): the list must sort and filter by exactly these (required unless `listRoute: false`). */
  fields?: ListFields;
  /** Columns written from a validated body (create and update). */
  toRow: (body: z.infer<Create> | z.infer<Update>, db: Db) => Partial<InsertOf<Table>> | Promise<Partial<InsertOf<Table>>>;
  unique?: UniqueRule[];
  /** Business checks; throw AppError (422 etc.). `existing` is absent on create. */
  beforeWrite?: (db: Db, body: z.infer<Create> | z.infer<Update>, existing: Item | undefined) => Promise<void>;
  beforeDelete?: (db: Db, existing: Item) => Promise<void>;
  /** Runs in the same transaction after an update (e.g. revoke sessions of a deactivated user). */
  afterUpdate?: (db: Db, before: Item, after: Item, actor: Actor) => Promise<void>;
  /** Writes the new row itself (e.g. hashing a password first) instead of inserting `toRow(body)`; returns its id. */
  insert?: (t: Db, body: z.infer<Create>) => Promise<number>;
  /**
   * Writes the rows the body carries besides the row itself (a use case's products), in the same
   * transaction after the row's insert or update and before the item is read back for the audit.
   */
  children?: (t: Db, id: number, body: z.infer<Create> | z.infer<Update>) => Promise<void>;
  /**
   * What DELETE does instead of deleting (e.g. deactivating): runs in the transaction with the row
   * locked and writes its own audit entry.
   */
  remove?: { summary: string; run: (t: Db, actor: Actor, existing: Item) => Promise<void> };
  /** false → DELETE is not offered. */
  deletable?: boolean;
  /** false → no paged `GET /api/<resource>` (the module serves its own list). */
  listRoute?: boolean;
  /** Route summaries in the API docs; default `Get one <noun>`, `Create a <noun>`… */
  summaries?: { get?: string; create?: string; update?: string; remove?: string };
  tags?: string[];
}

export async function loadOne<Item>(db: Db, spec: ListSpec<Item>, id: number): Promise<Item | undefined> {
  return queryOne<Item>(db, sql`select ${spec.select} from ${spec.from} where ${spec.key} = ${id}`);
}

/** One row of a list by id; 404 "The <noun> was not found" when there is none. */
export async function loadOneOr404<Item>(db: Db, spec: ListSpec<Item>, id: number, noun: string): Promise<Item> {
  const item = await loadOne(db, spec, id);
  if (!item) throw notFound(`The ${noun}`);
  return item;
}

export function mapUnique(err: unknown, rules: UniqueRule[] | undefined): never {
  const pgErr = pgErrorOf(err);
  if (pgErr?.code === '23505') {
    const rule = rules?.find((r) => r.constraint === pgErr.constraint) ?? (rules?.length === 1 ? rules[0] : undefined);
    if (rule) throw conflict(rule.message, { [rule.field]: rule.message });
  }
  throw err;
}

/** `GET <url>`: one page of the list as JSON, or (`format=csv`) the whole filtered list as a CSV download. */
export function registerList<Item, R = undefined>(
  app: FastifyInstance,
  db: Db,
  def: {
    url: string;
    /** Absent: any signed-in user (the list scopes itself in `resolve`). */
    permission?: Permission;
    tags: string[];
    summary: string;
    /** The 200 response: `listResponse(item)` unless the contract names its own. */
    response: z.ZodType;
    /** The contract's sort and filter fields (`X_LIST`): the spec must serve exactly these. */
    fields: ListFields;
    spec: ListSpec<Item, R>;
    /** Name of the CSV download (before the date). */
    filename: string;
    /** Rewrites the request's query before the list runs (e.g. scopes it to the caller); lookups the list's conditions need belong in the spec's `resolve`. */
    resolve?: (q: ListQuery, req: FastifyRequest) => Promise<ListQuery>;
  },
) {
  assertServes(def.url, def.spec, def.fields);
  const item = listItemOf(def.response);
  app.withTypeProvider<ZodTypeProvider>().get(def.url, {
    config: { permission: def.permission },
    schema: { tags: def.tags, summary: def.summary, querystring: ListQuery, response: { 200: def.response } },
    handler: async (req, reply) => {
      const q = def.resolve ? await def.resolve(req.query, req) : req.query;
      if (q.format === 'csv') return sendCsv(reply, db, def.spec, q, def.filename);
      const json = await runListJson(db, def.spec, q, item);
      if (app.checkResponses) assertMatches(def.response, json, def.url);
      return reply.type('application/json; charset=utf-8').send(json);
    },
  });
}

function missingFields(resource: string): never {
  throw new Error(`/api/${resource}: a listed resource names its contract's list fields (fields: X_LIST)`);
}

/** A list's sort and filter fields as its contract names them (`BRAND_LIST` and the like). */
export type { ListFields };

/**
 * The spec sorts and filters by exactly the fields its contract names: a field the contract offers
 * that the server does not serve (or the other way round) stops the server at start, so every test fails.
 */
function assertServes<Item, R>(url: string, spec: ListSpec<Item, R>, fields: ListFields) {
  const diff = (what: string, served: string[], named: readonly string[]) => {
    const missing = named.filter((k) => !served.includes(k));
    const extra = served.filter((k) => !named.includes(k));
    if (missing.length || extra.length)
      throw new Error(`GET ${url}: ${what} fields differ from the contract (not served: ${missing.join(', ') || 'none'}; not in the contract: ${extra.join(', ') || 'none'})`);
  };
  diff('sort', Object.keys(spec.sort), fields.sort);
  diff('filter', Object.keys(spec.filters ?? {}), fields.filter);
}

/**
 * Lists and editors answered with PostgreSQL's JSON skip the response serializer. Their objects are
 * built with exactly the contract's keys in every mode (contract-json.ts), so nothing the contract
 * does not name is sent; in tests (`checkResponses`, set by buildApp from NODE_ENV) each answer is
 * also parsed and compared with its contract, so a column renamed in SQL or a value of the wrong
 * type fails the API tests.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** Whether answers sent as JSON text are checked against their contract (tests). */
    checkResponses: boolean;
  }
}
function assertMatches(schema: z.ZodType, json: string, url: string) {
  const sent: unknown = JSON.parse(json);
  const result = schema.safeParse(sent);
  if (!result.success) throw new Error(`GET ${url} answered outside its contract: ${result.error.message}`);
  if (!isDeepStrictEqual(result.data, sent)) throw new Error(`GET ${url} answered fields its contract does not name`);
}

/** Runs `fn` in one transaction (see `transaction`); unique violations become 409s named by `unique`. */
export async function inTx<T>(db: Db, fn: (t: Db) => Promise<T>, unique?: UniqueRule[]): Promise<T> {
  try {
    return await transaction(db, fn);
  } catch (e) {
    return mapUniqueWithHolder(db, e, unique);
  }
}

/** Locks one row for the rest of the transaction; 404 when it is missing. */
export async function lockRow(t: Db, table: string, id: number, noun: string): Promise<void> {
  const row = await queryOne(t, sql`select 1 as x from ${sql.identifier(table)} where id = ${id} for update`);
  if (!row) throw notFound(`The ${noun}`);
}

/** Loads what was just inserted and audits its creation; returns it. */
export async function auditedCreate<T>(t: Db, actor: Actor, entity: string, id: number, load: () => Promise<T>): Promise<T> {
  const created = await load();
  await audit(t, actor, { action: 'create', entity, entityId: id, after: created });
  return created;
}

/** One versioned update, in the caller's transaction (see auditedUpdate). */
export interface AuditedUpdate<T> {
  /** Audit entity, e.g. `store_variant`. */
  entity: string;
  id: number;
  /** Noun of the stale message, e.g. `store variant`. */
  noun: string;
  /** Locks what the update serialises on (lockRow, a tree lock…) before `before` is read. */
  lock?: () => Promise<unknown>;
  /** Reads the audited state, before and again after the write; throws 404 when it is missing. */
  load: () => Promise<T>;
  /** The version the client read, compared with `before.version` before anything is written. */
  version?: number;
  /** When true nothing is written or audited and `before` is returned (idempotent calls). */
  unchanged?: (before: T) => boolean;
  /** Business checks and the write; resolving to false means the row's version moved on (stale). */
  write: (before: T) => Promise<unknown>;
  /** Runs after `after` is read, before the audit (e.g. revoke the sessions of a deactivated user). */
  afterWrite?: (before: T, after: T) => Promise<void>;
}

/** The update of every versioned row: lock → load before → check the version → write → load after → audit. */
export async function auditedUpdate<T>(t: Db, actor: Actor, u: AuditedUpdate<T>): Promise<T> {
  await u.lock?.();
  const before = await u.load();
  if (u.unchanged?.(before)) return before;
  if (u.version !== undefined && (before as { version?: number }).version !== u.version) throw stale(u.noun);
  if ((await u.write(before)) === false) throw stale(u.noun);
  const after = await u.load();
  await u.afterWrite?.(before, after);
  await audit(t, actor, { action: 'update', entity: u.entity, entityId: u.id, before, after });
  return after;
}

/** The delete of one row: lock → load before → checks and delete → audit. */
export async function auditedDelete<T>(
  t: Db,
  actor: Actor,
  d: {
    entity: string;
    id: number;
    lock?: () => Promise<unknown>;
    load: () => Promise<T>;
    /** Business checks and the delete (and what follows from it). */
    remove: (before: T) => Promise<unknown>;
    /** What the audit records as `after` (e.g. where the children went). */
    after?: (before: T) => unknown;
  },
): Promise<T> {
  await d.lock?.();
  const before = await d.load();
  await d.remove(before);
  await audit(t, actor, { action: 'delete', entity: d.entity, entityId: d.id, before, after: d.after?.(before) });
  return before;
}

/**
 * `GET /api/<resource>/:id`, `POST /api/<resource>` (201), `PUT` and `DELETE /api/<resource>/:id` (204) of a
 * resource whose reads and writes are functions; each answers `{ data: item }`.
 */
export interface ResourceDef<Item, Create extends z.ZodType, Update extends z.ZodType, Remove extends z.ZodType> {
  resource: string;
  tags: string[];
  read: Permission;
  /** Needed with create, update or remove. */
  write?: Permission;
  item: z.ZodType<Item>;
  /** `json`: the item as JSON text built by the database with the contract's keys (`contractDocument`), sent as it is (checked against `item` in tests). */
  get?: { summary: string; load: (id: number) => Promise<Item> } | { summary: string; json: (id: number) => Promise<ContractJson> };
  create?: { summary: string; body: Create; run: (actor: Actor, body: z.infer<Create>) => Promise<Item> };
  update?: { summary: string; body: Update; run: (actor: Actor, id: number, body: z.infer<Update>) => Promise<Item> };
  remove?: { summary: string; query?: Remove; run: (actor: Actor, id: number, query: z.infer<Remove>) => Promise<unknown> };
}

export function registerResource<Item, Create extends z.ZodType, Update extends z.ZodType, Remove extends z.ZodType = z.ZodType>(
  app: FastifyInstance,
  def: ResourceDef<Item, Create, Update, Remove>,
) {
  const base = `/api/${def.resource}`;
  const { tags, get, create, update, remove } = def;
  const data = dataResponse(def.item);
  const write = def.write;
  if ((create || update || remove) && !write) throw new Error(`${base}: writes need a write permission`);

  if (get)
    action(app, {
      method: 'GET',
      url: `${base}/:id`,
      access: def.read,
      tags,
      summary: get.summary,
      params: IdParams,
      response: { 200: data },
      handler: async (req, reply) => {
        if ('load' in get) return { data: await get.load(req.params.id) };
        const json = `{"data":${await get.json(req.params.id)}}`;
        if (app.checkResponses) assertMatches(data, json, `${base}/:id`);
        return reply.type('application/json; charset=utf-8').send(json as never);
      },
    });

  if (create)
    action(app, {
      method: 'POST',
      url: base,
      access: write!,
      tags,
      summary: create.summary,
      body: create.body,
      response: { 201: data },
      handler: async (req, reply) => reply.status(201).send({ data: await create.run(actorOf(req), req.body as z.infer<Create>) }),
    });

  if (update)
    action(app, {
      method: 'PUT',
      url: `${base}/:id`,
      access: write!,
      tags,
      summary: update.summary,
      params: IdParams,
      body: update.body,
      response: { 200: data },
      handler: async (req) => ({ data: await update.run(actorOf(req), req.params.id, req.body as z.infer<Update>) }),
    });

  if (remove)
    action(app, {
      method: 'DELETE',
      url: `${base}/:id`,
      access: write!,
      tags,
      summary: remove.summary,
      params: IdParams,
      query: remove.query,
      response: { 204: z.null() },
      handler: async (req, reply) => {
        await remove.run(actorOf(req), req.params.id, req.query as z.infer<Remove>);
        return reply.status(204).send(null);
      },
    });
}

/** Registers the list (JSON or CSV), read, create, update and delete endpoints of one table-backed resource. */
export function registerCrud<Item extends { id: number }, Create extends z.ZodType, Update extends z.ZodType, Table extends IdTable>(
  app: FastifyInstance,
  db: Db,
  def: CrudDef<Item, Create, Update, Table>,
) {
  const tableName = getTableName(def.table);
  const tags = def.tags ?? [def.resource];
  const summary = def.summaries ?? {};
  type Body = z.infer<Create> | z.infer<Update>;
  const load = (t: Db, id: number) => loadOneOr404(t, def.list, id, def.noun);

  if (def.listRoute !== false)
    registerList(app, db, {
      url: `/api/${def.resource}`,
      permission: def.read,
      tags,
      summary: `List ${def.noun}s`,
      response: listResponse(def.item),
      fields: def.fields ?? missingFields(def.resource),
      spec: def.list,
      filename: def.resource,
    });

  registerResource(app, {
    resource: def.resource,
    tags,
    read: def.read,
    write: def.write,
    item: def.item,
    get: { summary: summary.get ?? `Get one ${def.noun}`, load: (id) => load(db, id) },
    create: def.create && {
      summary: summary.create ?? `Create a ${def.noun}`,
      body: def.create,
      run: (actor, body: Body) =>
        inTx(
          db,
          async (t) => {
            await def.beforeWrite?.(t, body, undefined);
            const id = def.insert ? await def.insert(t, body as z.infer<Create>) : await insertRow(t, def.table, (await def.toRow(body, t)) as InsertOf<Table>);
            await def.children?.(t, id, body);
            return auditedCreate(t, actor, def.entity, id, () => load(t, id));
          },
          def.unique,
        ),
    },
    update: def.update && {
      summary: summary.update ?? `Update a ${def.noun}`,
      body: def.update,
      run: (actor, id, body: Body) =>
        inTx(
          db,
          (t) =>
            auditedUpdate(t, actor, {
              entity: def.entity,
              id,
              noun: def.noun,
              lock: () => lockRow(t, tableName, id, def.noun),
              load: () => load(t, id),
              version: (body as { version: number }).version,
              write: async (before) => {
                await def.beforeWrite?.(t, body, before);
                const written = await updateRow(t, def.table, id, (body as { version: number }).version, await def.toRow(body, t));
                if (written !== false) await def.children?.(t, id, body);
                return written;
              },
              afterWrite: def.afterUpdate && ((before, after) => def.afterUpdate!(t, before, after, actor)),
            }),
          def.unique,
        ),
    },
    remove:
      def.deletable === false
        ? undefined
        : def.remove
          ? {
              summary: def.remove.summary,
              run: (actor, id) =>
                inTx(db, async (t) => {
                  await lockRow(t, tableName, id, def.noun);
                  await def.remove!.run(t, actor, await load(t, id));
                }),
            }
          : {
            summary: summary.remove ?? `Delete a ${def.noun}`,
            run: (actor, id) =>
              inTx(db, (t) =>
                auditedDelete(t, actor, {
                  entity: def.entity,
                  id,
                  lock: () => lockRow(t, tableName, id, def.noun),
                  load: () => load(t, id),
                  remove: async (before) => {
                    await def.beforeDelete?.(t, before);
                    try {
                      await t.execute(sql`delete from ${sql.identifier(tableName)} where id = ${id}`);
                    } catch (e) {
                      if (pgErrorOf(e)?.code === '23503')
                        throw inUse(`This ${def.noun} is still in use by other records and cannot be deleted`);
                      throw e;
                    }
                  },
                }),
              ),
          },
  });
}
