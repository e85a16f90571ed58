import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataResponse, IdParams, ListQuery, listResponse, type Permission } from '@qm/contracts';
import { queryOne, type Db } from '../db/connect.js';
import { audit, type Actor } from '../modules/audit/service.js';
import { actorOf } from './auth.js';
import { AppError, conflict, notFound, pgErrorOf, stale } from './errors.js';
import { runList, sendCsv, type ListSpec } from './list.js';

export interface UniqueRule {
  /** Index or constraint name in the database. */
  constraint: string;
  field: string;
  message: string;
}

/** One resource served as `GET/POST /api/<resource>`, `GET/PUT/DELETE /api/<resource>/:id`. */
export interface CrudDef<Item extends { id: number }, Create extends z.ZodType, Update extends z.ZodType> {
  resource: string;
  /** Audit entity name, e.g. `internal_status`. */
  entity: string;
  /** Human noun for messages, e.g. `internal status`. */
  noun: string;
  table: string;
  read: Permission;
  write: Permission;
  item: z.ZodType<Item>;
  create?: Create;
  update?: Update;
  list: ListSpec<Item>;
  /** Columns written from a validated body (create and update). */
  toRow: (body: z.infer<Create> | z.infer<Update>, db: Db) => Record<string, unknown> | Promise<Record<string, unknown>>;
  unique?: UniqueRule[];
  /** Business checks; throw AppError (422 etc.). `existing` is absent on create. */
  beforeWrite?: (db: Db, body: z.infer<Create> | z.infer<Update>, existing: Item | undefined) => Promise<void>;
  beforeDelete?: (db: Db, existing: Item) => Promise<void>;
  /** Runs in the same transaction after an update (e.g. revoke sessions of a deactivated user). */
  afterUpdate?: (db: Db, before: Item, after: Item, actor: Actor) => Promise<void>;
  /** false → DELETE is not offered. */
  deletable?: boolean;
  tags?: string[];
}

export async function loadOne<Item>(db: Db, spec: ListSpec<Item>, id: number): Promise<Item | undefined> {
  const row = await queryOne<Item>(db, sql`select ${spec.select} from ${spec.from} where ${spec.key} = ${id}`);
  if (!row || !spec.hydrate) return row;
  return (await spec.hydrate(db, [row]))[0];
}

export function mapUnique(err: unknown, rules: UniqueRule[] | undefined): never {
  const pgErr = pgErrorOf(err);
  if (pgErr?.code === '23505') {
    const rule = rules?.find((r) => r.constraint === pgErr.constraint) ?? (rules?.length === 1 ? rules[0] : undefined);
    if (rule) throw conflict(rule.message, { [rule.field]: rule.message });
  }
  throw err;
}

function columnsSql(row: Record<string, unknown>) {
  const cols = Object.keys(row);
  return {
    names: sql.join(cols.map((c) => sql.identifier(c)), sql`, `),
    values: sql.join(cols.map((c) => valueSql(row[c])), sql`, `),
    sets: sql.join(cols.map((c) => sql`${sql.identifier(c)} = ${valueSql(row[c])}`), sql`, `),
  };
}

function valueSql(v: unknown): SQL {
  if (v !== null && typeof v === 'object' && !(v instanceof Date) && !Array.isArray(v)) return sql`${JSON.stringify(v)}::jsonb`;
  if (Array.isArray(v)) return v.length ? sql`array[${sql.join(v.map((x) => sql`${x}`), sql`, `)}]` : sql`'{}'`;
  return sql`${v}`;
}

export async function insertRow(db: Db, table: string, row: Record<string, unknown>): Promise<number> {
  const c = columnsSql(row);
  const r = await queryOne<{ id: number }>(db, sql`insert into ${sql.identifier(table)} (${c.names}) values (${c.values}) returning id`);
  return r!.id;
}

/** Updates one row at the version it was read; false when the version is stale. */
export async function updateRow(db: Db, table: string, id: number, version: number, row: Record<string, unknown>): Promise<boolean> {
  const c = columnsSql(row);
  const r = await queryOne<{ id: number }>(
    db,
    sql`update ${sql.identifier(table)} set ${c.sets}, version = version + 1, updated_at = now()
         where id = ${id} and version = ${version} returning id`,
  );
  return Boolean(r);
}

/** Registers the list (JSON or CSV), read, create, update and delete endpoints of one resource. */
export function registerCrud<Item extends { id: number }, Create extends z.ZodType, Update extends z.ZodType>(
  app: FastifyInstance,
  db: Db,
  def: CrudDef<Item, Create, Update>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `/api/${def.resource}`;
  const tags = def.tags ?? [def.resource];
  const get = (id: number) => loadOne(db, def.list, id);

  r.get(base, {
    config: { permission: def.read },
    schema: { tags, summary: `List ${def.noun}s`, querystring: ListQuery, response: { 200: listResponse(def.item) } },
    handler: async (req, reply) => {
      if (req.query.format === 'csv') return sendCsv(reply, db, def.list, req.query, def.resource);
      return runList(db, def.list, req.query);
    },
  });

  r.get(`${base}/:id`, {
    config: { permission: def.read },
    schema: { tags, summary: `Get one ${def.noun}`, params: IdParams, response: { 200: dataResponse(def.item) } },
    handler: async (req) => {
      const item = await get(req.params.id);
      if (!item) throw notFound(`The ${def.noun}`);
      return { data: item };
    },
  });

  if (def.create) {
    r.post(base, {
      config: { permission: def.write },
      schema: { tags, summary: `Create a ${def.noun}`, body: def.create, response: { 201: dataResponse(def.item) } },
      handler: async (req, reply) => {
        const actor = actorOf(req);
        const item = await db
          .transaction(async (tx) => {
            const t = tx as unknown as Db;
            await def.beforeWrite?.(t, req.body as z.infer<Create>, undefined);
            const id = await insertRow(t, def.table, await def.toRow(req.body as z.infer<Create>, t));
            const created = (await loadOne(t, def.list, id))!;
            await audit(t, actor, { action: 'create', entity: def.entity, entityId: id, after: created });
            return created;
          })
          .catch((e) => mapUnique(e, def.unique));
        return reply.status(201).send({ data: item });
      },
    });
  }

  if (def.update) {
    r.put(`${base}/:id`, {
      config: { permission: def.write },
      schema: { tags, summary: `Update a ${def.noun}`, params: IdParams, body: def.update, response: { 200: dataResponse(def.item) } },
      handler: async (req) => {
        const actor = actorOf(req);
        const body = req.body as z.infer<Update> & { version: number };
        const item = await db
          .transaction(async (tx) => {
            const t = tx as unknown as Db;
            const before = await loadOneForUpdate(t, def, req.params.id);
            await def.beforeWrite?.(t, body, before);
            if (!(await updateRow(t, def.table, req.params.id, body.version, await def.toRow(body, t)))) throw stale(def.noun);
            const after = (await loadOne(t, def.list, req.params.id))!;
            await def.afterUpdate?.(t, before, after, actor);
            await audit(t, actor, { action: 'update', entity: def.entity, entityId: req.params.id, before, after });
            return after;
          })
          .catch((e) => mapUnique(e, def.unique));
        return { data: item };
      },
    });
  }

  if (def.deletable !== false) {
    r.delete(`${base}/:id`, {
      config: { permission: def.write },
      schema: { tags, summary: `Delete a ${def.noun}`, params: IdParams, response: { 204: z.null() } },
      handler: async (req, reply) => {
        await deleteOne(db, def, req.params.id, actorOf(req));
        return reply.status(204).send(null);
      },
    });
  }
}

async function loadOneForUpdate<Item extends { id: number }>(db: Db, def: CrudDef<Item, z.ZodType, z.ZodType>, id: number) {
  await db.execute(sql`select 1 from ${sql.identifier(def.table)} where id = ${id} for update`);
  const item = await loadOne(db, def.list, id);
  if (!item) throw notFound(`The ${def.noun}`);
  return item;
}

async function deleteOne<Item extends { id: number }>(db: Db, def: CrudDef<Item, z.ZodType, z.ZodType>, id: number, actor: Actor) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const before = await loadOneForUpdate(t, def, id);
    await def.beforeDelete?.(t, before);
    try {
      await t.execute(sql`delete from ${sql.identifier(def.table)} where id = ${id}`);
    } catch (e) {
      if (pgErrorOf(e)?.code === '23503')
        throw new AppError(409, 'conflict', `This ${def.noun} is still in use and cannot be deleted`);
      throw e;
    }
    await audit(t, actor, { action: 'delete', entity: def.entity, entityId: id, before });
  });
}
