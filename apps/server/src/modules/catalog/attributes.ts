import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  Attribute,
  ATTRIBUTE_LIST,
  AttributeCreate,
  AttributeData,
  AttributeUpdate,
  AttributeValueCreate,
  AttributeValueUpdate,
  attributeValueProblem,
  dataResponse,
  IdParams,
  IMAGE_ATTRIBUTE_ID,
  ProductAttributeParams,
  TITLE_ATTRIBUTE_ID,
  type AttributeType,
  type SourceableType,
} from '@qm/contracts';
import { query, queryOne, type Db } from '../../db/connect.js';
import { actorOf } from '../../http/auth.js';
import { inTx, lockRow, registerCrud } from '../../http/crud.js';
import { badRequest, conflict, notFound, ruleViolated, stale } from '../../http/errors.js';
import { columns, filters, lowered, type ListSpec } from '../../http/list.js';
import { audit, type Actor, type AuditInput } from '../../db/audit.js';
import { CATALOG, intArray, plural } from './common.js';
import { attributes } from '../../db/schema/index.js';
import { action } from '../../http/kit.js';


export const attributeList: ListSpec<Attribute> = {
  from: sql`attributes a`,
  select: sql`a.id, a.code, a.name, a.type, a.options, a.unit, a.required_for_publish,
              a.id in (${TITLE_ATTRIBUTE_ID}, ${IMAGE_ATTRIBUTE_ID}) as is_system, a.created_at, a.updated_at, a.version`,
  sort: { ...columns('a', 'id', 'code', 'type'), ...lowered('a', 'name') } satisfies Record<(typeof ATTRIBUTE_LIST.sort)[number], unknown>,
  defaultSort: 'name',
  key: sql`a.id`,
  filters: {
    ...filters.ints('a', 'id'),
    ...filters.eqs('a', 'type', 'code'),
    required_for_publish: filters.bool(sql`a.required_for_publish`, 'required_for_publish'),
  } satisfies Record<(typeof ATTRIBUTE_LIST.filter)[number], unknown>,
  search: filters.ilike(sql`a.code`, sql`a.name`),
};

export function attributeRoutes(app: FastifyInstance, db: Db) {
  registerCrud(app, db, {
    resource: 'attribute',
    entity: 'attribute',
    noun: 'attribute',
    table: attributes,
    ...CATALOG,
    item: Attribute,
    create: AttributeCreate,
    update: AttributeUpdate,
    list: attributeList,
    fields: ATTRIBUTE_LIST,
    unique: [
      {
        constraint: 'attributes_code_key',
        field: 'code',
        message: 'An attribute with this code already exists',
        holder: async (db, [code]) => {
          const a = await queryOne<{ id: number; name: string }>(db, sql`select id, name from attributes where code = ${code}`);
          return a ? { id: a.id, label: a.name, path: `/attribute?edit=${a.id}` } : undefined;
        },
      },
    ],
    toRow: (body) => {
      return {
        code: body.code,
        name: body.name,
        type: body.type,
        options: body.options,
        unit: body.unit ?? null,
        required_for_publish: body.required_for_publish,
      };
    },
    beforeWrite: async (t, b, existing) => {
      if (!existing) return;
      const body = b as z.infer<typeof AttributeUpdate>;
      if (existing.is_system && (body.code !== existing.code || body.type !== existing.type))
        throw ruleViolated(`The ${existing.name} attribute (id ${existing.id}) is built in: its code and type cannot change.`, {
          [body.code !== existing.code ? 'code' : 'type']: 'Built-in attribute: cannot change',
        });
      if (body.type !== existing.type) {
        const n = (await queryOne<{ n: number }>(t, sql`select count(*)::int as n from attribute_data where attribute_id = ${existing.id}`))!.n;
        if (n > 0)
          throw ruleViolated(`The type cannot change while ${plural(n, 'value')} use this attribute. Remove the values first.`, {
            type: `${plural(n, 'value')} use this attribute`,
          });
      }
      if (body.type === 'select') {
        const used = await query<{ v: string; n: number }>(
          t,
          sql`select value #>> '{}' as v, count(*)::int as n from attribute_data
               where attribute_id = ${existing.id} and not (value #>> '{}' = any(${`{${body.options.map((o) => `"${o.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`}::text[]))
               group by 1 order by 1 limit 10`,
        );
        if (used.length)
          throw ruleViolated(`Options still in use cannot be removed: ${used.map((u) => `${u.v} (${plural(u.n, 'value')})`).join(', ')}.`, {
            options: `In use: ${used.map((u) => u.v).join(', ')}`,
          });
      }
    },
    beforeDelete: async (t, existing) => {
      if (existing.is_system) throw ruleViolated(`The ${existing.name} attribute (id ${existing.id}) is built in and cannot be deleted.`);
      const n = (await queryOne<{ n: number }>(t, sql`select count(*)::int as n from attribute_data where attribute_id = ${existing.id}`))!.n;
      if (n > 0) throw ruleViolated(`${plural(n, 'value')} still use the ${existing.name} attribute. Remove them before deleting it.`);
    },
  });
}

// ───────────────────────────── attribute values ─────────────────────────────

export const attributeDataColumns = sql`d.id, d.attribute_id, d.sourceable_type, d.sourceable_id, d.source_type, d.source_id,
  d.source_label, d.value, d.updated_at, d.version`;

/** Every value (canonical and sourced) of several owners of one type, in one query. */
export async function attributeDataOf(db: Db, type: SourceableType, ids: readonly number[]): Promise<AttributeData[]> {
  if (!ids.length) return [];
  return query<AttributeData>(
    db,
    sql`select ${attributeDataColumns} from attribute_data d
         where d.sourceable_type = ${type} and d.sourceable_id = any(${intArray(ids)})
         order by d.sourceable_id, d.attribute_id, d.source_type nulls first, d.source_id`,
  );
}

export interface Owner {
  type: SourceableType;
  id: number;
}

async function loadAttribute(t: Db, id: number) {
  return queryOne<{ id: number; name: string; type: AttributeType; options: string[] }>(
    t,
    sql`select id, name, type, options from attributes where id = ${id}`,
  );
}

async function checkValue(t: Db, attributeId: number, value: unknown, field: string) {
  const attr = await loadAttribute(t, attributeId);
  if (!attr) throw ruleViolated(`Unknown attribute ${attributeId}`, { [field]: 'Unknown attribute' });
  const problem = attributeValueProblem(attr, value);
  if (problem) throw badRequest(problem, { value: problem });
  return attr;
}

const jsonValue = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

/** Creates the canonical value (no source) of one attribute for one owner; 409 when one exists. */
export async function createCanonicalValue(t: Db, actor: Actor, owner: Owner, attributeId: number, value: unknown): Promise<AttributeData> {
  await checkValue(t, attributeId, value, 'attribute_id');
  const row = await queryOne<AttributeData>(
    t,
    sql`insert into attribute_data as d (attribute_id, sourceable_type, sourceable_id, value)
        values (${attributeId}, ${owner.type}, ${owner.id}, ${jsonValue(value)})
        on conflict do nothing
        returning ${attributeDataColumns}`,
  );
  if (!row) throw conflict('This attribute already has a value here. Change it with PUT instead.', { attribute_id: 'Already has a value' });
  await audit(t, actor, { action: 'create', entity: 'attribute_data', entityId: row!.id, after: row });
  return row!;
}

/** Changes the canonical value at the version it was read; 404 when there is none yet. */
export async function updateCanonicalValue(
  t: Db,
  actor: Actor,
  owner: Owner,
  attributeId: number,
  value: unknown,
  version: number,
): Promise<AttributeData> {
  const before = await queryOne<AttributeData>(
    t,
    sql`select ${attributeDataColumns} from attribute_data d
         where d.sourceable_type = ${owner.type} and d.sourceable_id = ${owner.id} and d.attribute_id = ${attributeId} and d.source_type is null
         for update`,
  );
  if (!before) throw notFound('A value of this attribute');
  await checkValue(t, attributeId, value, 'attribute_id');
  if (before.version !== version) throw stale('value');
  const after = (await queryOne<AttributeData>(
    t,
    sql`update attribute_data d set value = ${jsonValue(value)}, version = version + 1, updated_at = now()
         where id = ${before.id} returning ${attributeDataColumns}`,
  ))!;
  await audit(t, actor, { action: 'update', entity: 'attribute_data', entityId: before.id, before, after });
  return after;
}

export async function deleteCanonicalValue(t: Db, actor: Actor, owner: Owner, attributeId: number): Promise<void> {
  const before = await queryOne<AttributeData>(
    t,
    sql`delete from attribute_data d
         where d.sourceable_type = ${owner.type} and d.sourceable_id = ${owner.id} and d.attribute_id = ${attributeId} and d.source_type is null
         returning ${attributeDataColumns}`,
  );
  if (!before) throw notFound('A value of this attribute');
  await audit(t, actor, { action: 'delete', entity: 'attribute_data', entityId: before.id, before });
}

/**
 * `POST <base>/:id/attribute` (201), `PUT <base>/:id/attribute/:attributeId` and, with a `remove` summary,
 * `DELETE <base>/:id/attribute/:attributeId` (204): the canonical values of one owner, each change made
 * with the owner's row locked.
 */
export function registerCanonicalValueRoutes(
  app: FastifyInstance,
  db: Db,
  def: { base: string; table: string; noun: string; type: SourceableType; tags: string[]; summaries: { create: string; update: string; remove?: string } },
) {
  const { tags, summaries } = def;
  const withOwner = <T>(id: number, fn: (t: Db, owner: Owner) => Promise<T>) =>
    inTx(db, async (t) => {
      await lockRow(t, def.table, id, def.noun);
      return fn(t, { type: def.type, id });
    });

  action(app, {
    method: 'POST',
    url: `${def.base}/:id/attribute`,
    access: 'catalog.write',
    tags,
    summary: summaries.create,
    params: IdParams,
    body: AttributeValueCreate,
    response: { 201: dataResponse(AttributeData) },
    handler: async (req, reply) => {
      const row = await withOwner(req.params.id, (t, owner) => createCanonicalValue(t, actorOf(req), owner, req.body.attribute_id, req.body.value));
      return reply.status(201).send({ data: row });
    },
  });

  action(app, {
    method: 'PUT',
    url: `${def.base}/:id/attribute/:attributeId`,
    access: 'catalog.write',
    tags,
    summary: summaries.update,
    params: ProductAttributeParams,
    body: AttributeValueUpdate,
    response: { 200: dataResponse(AttributeData) },
    handler: async (req) => ({
      data: await withOwner(req.params.id, (t, owner) =>
        updateCanonicalValue(t, actorOf(req), owner, req.params.attributeId, req.body.value, req.body.version),
      ),
    }),
  });

  if (summaries.remove)
    action(app, {
      method: 'DELETE',
      url: `${def.base}/:id/attribute/:attributeId`,
      access: 'catalog.write',
      tags,
      summary: summaries.remove,
      params: ProductAttributeParams,
      response: { 204: z.null() },
      handler: async (req, reply) => {
        await withOwner(req.params.id, (t, owner) => deleteCanonicalValue(t, actorOf(req), owner, req.params.attributeId));
        return reply.status(204).send(null);
      },
    });
}

/** Sets (or, with null, removes) canonical values of one owner in bulk, e.g. a store product's overrides. */
export async function upsertCanonicalValues(t: Db, actor: Actor, owner: Owner, values: { attribute_id: number; value: unknown }[]) {
  const seen = new Set<number>();
  for (const [i, v] of values.entries()) {
    if (seen.has(v.attribute_id)) throw badRequest('An attribute is listed twice', { [`attribute_data.${i}.attribute_id`]: 'Listed twice' });
    seen.add(v.attribute_id);
    if (v.value !== null) {
      try {
        await checkValue(t, v.attribute_id, v.value, `attribute_data.${i}.attribute_id`);
      } catch (e) {
        if (e instanceof Error && 'fields' in e && (e as { fields?: Record<string, string> }).fields?.value)
          (e as { fields: Record<string, string> }).fields = { [`attribute_data.${i}.value`]: e.message };
        throw e;
      }
    }
  }
  // Current values of all the attributes sent, locked, in one query; entries audited together at the end.
  const current = await query<AttributeData>(
    t,
    sql`select ${attributeDataColumns} from attribute_data d
         where d.sourceable_type = ${owner.type} and d.sourceable_id = ${owner.id} and d.source_type is null
           and d.attribute_id = any(${intArray(values.map((v) => v.attribute_id))})
         for update`,
  );
  const beforeOf = new Map(current.map((d) => [d.attribute_id, d]));
  const entries: AuditInput[] = [];
  for (const v of values) {
    const before = beforeOf.get(v.attribute_id);
    if (v.value === null) {
      if (!before) continue;
      await t.execute(sql`delete from attribute_data where id = ${before.id}`);
      entries.push({ action: 'delete', entity: 'attribute_data', entityId: before.id, before });
    } else if (before) {
      if (JSON.stringify(before.value) === JSON.stringify(v.value)) continue;
      const after = await queryOne<AttributeData>(
        t,
        sql`update attribute_data d set value = ${jsonValue(v.value)}, version = version + 1, updated_at = now()
             where id = ${before.id} returning ${attributeDataColumns}`,
      );
      entries.push({ action: 'update', entity: 'attribute_data', entityId: before.id, before, after });
    } else {
      const after = await queryOne<AttributeData>(
        t,
        sql`insert into attribute_data as d (attribute_id, sourceable_type, sourceable_id, value)
            values (${v.attribute_id}, ${owner.type}, ${owner.id}, ${jsonValue(v.value)}) returning ${attributeDataColumns}`,
      );
      entries.push({ action: 'create', entity: 'attribute_data', entityId: after!.id, after });
    }
  }
  await audit(t, actor, entries);
}

/** Attributes required for publishing that have no value (canonical, or on the store product). */
export async function missingRequiredAttributes(db: Db, productId: number, storeProductId: number | null) {
  return query<{ id: number; name: string }>(
    db,
    sql`select a.id, a.name from attributes a
         where a.required_for_publish
           and not exists (select 1 from attribute_data d where d.attribute_id = a.id and d.source_type is null
                             and ((d.sourceable_type = 'product' and d.sourceable_id = ${productId})
                               or (d.sourceable_type = 'store_product' and d.sourceable_id = ${storeProductId ?? 0})))
         order by a.id`,
  );
}
