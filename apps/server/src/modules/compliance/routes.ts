/**
 * Compliance (DOMAIN "Compliance"): restriction types, zip code groups, restrictions, and the
 * restriction search (a cart to an address, where items are restricted, what is restricted at a
 * place). Reads need `compliance.read`; the search also answers `catalog.read` (the product editor's
 * Compliance panel). Writes need `compliance.write`.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ComplianceCheckBody,
  ComplianceCheckResult,
  CompliancePlaceQuery,
  CompliancePlaceResult,
  ComplianceRestriction,
  COMPLIANCE_RESTRICTION_LIST,
  COMPLIANCE_RESTRICTION_TYPE_LIST,
  ComplianceRestrictionCreate,
  ComplianceRestrictionType,
  ComplianceRestrictionTypeCreate,
  ComplianceRestrictionTypeUpdate,
  ComplianceRestrictionUpdate,
  ComplianceWhereBody,
  ComplianceWhereResult,
  dataResponse,
  IdParams,
  listResponse,
  parseZipEntries,
  RestrictionCatch,
  RestrictionHistoryEntry,
  statesOfZipRange,
  ZIP_CODE_GROUP_LIST,
  ZipCodeGroup,
  ZipCodeGroupCreate,
  ZipCodeGroupUpdate,
  type Permission,
} from '@qm/contracts';
import { query, queryOne, type Db } from '../../db/connect.js';
import { complianceRestrictions, complianceRestrictionTypes, zipCodeGroups } from '../../db/schema/index.js';
import { loadOneOr404, registerCrud, registerList } from '../../http/crud.js';
import { badRequest, ruleViolated } from '../../http/errors.js';
import { action, type Kit } from '../../http/kit.js';
import { columns, filters, intOf, lowered, type ListSpec } from '../../http/list.js';
import { intArray, plural } from '../catalog/common.js';
import { caughtProductIds, checkShipment, restrictedAt, restrictionFrom, restrictionSelect, ruleIndex, whereItemsRestricted } from './service.js';

const tags = ['compliance'];
const READ: Permission = 'compliance.read';
const WRITE: Permission = 'compliance.write';
/** The search also serves the product editor's Compliance panel. */
const SEARCH_ACCESS: readonly Permission[] = ['compliance.read', 'catalog.read'];
const isDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

// ───────────────────────────── restriction types ─────────────────────────────

const typeList: ListSpec<ComplianceRestrictionType> = {
  from: sql`compliance_restriction_types t`,
  select: sql`t.id, t.name, t.effect, t.document, t.min_age, t.description,
              (select count(*)::int from compliance_restrictions r where r.restriction_type_id = t.id) as restriction_count,
              t.created_at, t.updated_at, t.version`,
  sort: {
    ...columns('t', 'id', 'created_at'),
    ...lowered('t', 'name'),
    effect: sql`array_position(array['block', 'licensed_dealer', 'document', 'min_age', 'adult_signature'], t.effect) * 1000 - coalesce(t.min_age, 0)`,
  } satisfies Record<(typeof COMPLIANCE_RESTRICTION_TYPE_LIST.sort)[number], unknown>,
  defaultSort: 'effect',
  key: sql`t.id`,
  filters: { ...filters.ints('t', 'id'), effect: filters.eq(sql`t.effect`) },
  search: filters.ilike(sql`t.name`, sql`t.document`, sql`t.description`),
};

// ───────────────────────────── zip code groups ─────────────────────────────

const groupList: ListSpec<ZipCodeGroup> = {
  from: sql`zip_code_groups z`,
  select: sql`z.id, z.name, z.description, z.entries, cardinality(z.entries) as entry_count, z.states,
              coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.name)
                          from compliance_restriction_zip_groups g join compliance_restrictions r on r.id = g.restriction_id
                         where g.zip_code_group_id = z.id), '[]'::json) as used_by,
              z.created_at, z.updated_at, z.version`,
  sort: { ...columns('z', 'id', 'created_at', 'updated_at'), ...lowered('z', 'name') } satisfies Record<(typeof ZIP_CODE_GROUP_LIST.sort)[number], unknown>,
  defaultSort: 'name',
  key: sql`z.id`,
  filters: {
    ...filters.ints('z', 'id'),
    state: (values) => sql`z.states && array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`,
    in_use: (values) => {
      if (values[0] !== 'true' && values[0] !== 'false') throw badRequest('filter[in_use] must be true or false', { 'filter.in_use': 'Must be true or false' });
      return sql`${sql.raw(values[0] === 'true' ? '' : 'not ')}exists (select 1 from compliance_restriction_zip_groups g where g.zip_code_group_id = z.id)`;
    },
  },
  search: (q) => sql`${filters.ilike(sql`z.name`, sql`z.description`)(q)} or ${q.trim()} = any(z.entries)`,
  csv: [
    { key: 'id', header: 'ID' },
    { key: 'name', header: 'Name' },
    { key: 'entries', header: 'Zip codes', value: (g) => g.entries.join(' ') },
    { key: 'states', header: 'States', value: (g) => g.states.join(' ') },
    { key: 'used_by', header: 'Used by', value: (g) => g.used_by.map((u) => u.name).join('; ') },
  ],
};

function groupRow(b: z.infer<typeof ZipCodeGroupCreate>) {
  const { intervals } = parseZipEntries(b.entries);
  const states = [...new Set(intervals.flatMap((i) => statesOfZipRange(i.lo, i.hi)))].sort();
  return { name: b.name, description: b.description ?? null, entries: b.entries, states };
}

// ───────────────────────────── restrictions ─────────────────────────────

/** A restriction active and in force on `day` (`r`: compliance_restrictions): the list's filter and the dashboard's figure. */
export const inForceOn = (day: string) =>
  sql`(r.is_active and (r.effective_from is null or r.effective_from <= ${day}::date) and (r.effective_to is null or r.effective_to >= ${day}::date))`;

const restrictionList: ListSpec<ComplianceRestriction> = {
  from: restrictionFrom,
  select: restrictionSelect,
  sort: {
    ...columns('r', 'id', 'effective_from', 'effective_to', 'created_at', 'updated_at'),
    ...lowered('r', 'name'),
  } satisfies Record<(typeof COMPLIANCE_RESTRICTION_LIST.sort)[number], unknown>,
  defaultSort: 'name',
  key: sql`r.id`,
  filters: {
    ...filters.ints('r', 'id', 'restriction_type_id'),
    effect: filters.eq(sql`t.effect`),
    target_kind: filters.eq(sql`r.target_kind`),
    is_active: filters.bool(sql`r.is_active`, 'is_active'),
    state: (values) =>
      sql`(r.states && array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]
           or exists (select 1 from compliance_restriction_zip_groups g join zip_code_groups z on z.id = g.zip_code_group_id
                       where g.restriction_id = r.id and not g.is_except and z.states && array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]))`,
    zip_code_group_id: (values) => {
      const ids = values.map((v) => {
        const n = intOf(v);
        if (n === null) throw badRequest('filter[zip_code_group_id] must be a whole number', { 'filter.zip_code_group_id': 'Must be a whole number' });
        return n;
      });
      return sql`exists (select 1 from compliance_restriction_zip_groups g where g.restriction_id = r.id and g.zip_code_group_id = any(${intArray(ids)}))`;
    },
    in_force_on: (values) => {
      const d = values[0]!;
      if (!isDate(d)) throw badRequest('filter[in_force_on] must be a date (YYYY-MM-DD)', { 'filter.in_force_on': 'Must be a date (YYYY-MM-DD)' });
      return inForceOn(d);
    },
  },
  search: filters.ilike(sql`r.name`, sql`r.citation`, sql`r.notes`),
  csv: [
    { key: 'id', header: 'ID' },
    { key: 'name', header: 'Name' },
    { key: 'restriction_type_name', header: 'Type' },
    { key: 'target_label', header: 'Target' },
    { key: 'states', header: 'States', value: (r) => r.states.join(' ') },
    { key: 'except_states', header: 'Except states', value: (r) => r.except_states.join(' ') },
    { key: 'zip_code_groups', header: 'Zip code groups', value: (r) => r.zip_code_groups.map((g) => g.name).join('; ') },
    { key: 'citation', header: 'Citation' },
    { key: 'citation_url', header: 'Citation URL' },
    { key: 'effective_from', header: 'Effective from' },
    { key: 'effective_to', header: 'Effective to' },
    { key: 'is_active', header: 'Active' },
  ],
};

type RestrictionBody = z.infer<typeof ComplianceRestrictionCreate>;

/** The type, target, attribute and zip code groups exist and fit; else 422 naming the field. */
async function checkRestriction(t: Db, b: RestrictionBody) {
  const type = await queryOne(t, sql`select 1 as x from compliance_restriction_types where id = ${b.restriction_type_id}`);
  if (!type) throw ruleViolated(`Restriction type ${b.restriction_type_id} does not exist`, { restriction_type_id: 'Unknown restriction type' });
  if (b.target_kind !== 'attribute') {
    const table = { brand: 'brands', category: 'categories', product: 'products', variant: 'variants' }[b.target_kind];
    const found = await queryOne(t, sql`select 1 as x from ${sql.identifier(table)} where id = ${b.target_id}`);
    if (!found) throw ruleViolated(`No ${b.target_kind} has id ${b.target_id}`, { target_id: `Unknown ${b.target_kind}` });
  } else {
    const attr = await queryOne<{ name: string; type: string }>(t, sql`select name, type from attributes where id = ${b.attribute_id}`);
    if (!attr) throw ruleViolated(`Attribute ${b.attribute_id} does not exist`, { attribute_id: 'Unknown attribute' });
    const numericOp = b.attribute_op !== 'in' && b.attribute_op !== 'eq';
    if (numericOp && !['number', 'measurement', 'money'].includes(attr.type))
      throw ruleViolated(`${attr.name} is not a number: compare it with “=” or “is one of”`, { attribute_op: `${attr.name} is not a number` });
  }
  const ids = [...b.zip_code_group_ids, ...b.except_zip_code_group_ids];
  if (ids.length) {
    const rows = await query<{ id: number }>(t, sql`select id from zip_code_groups where id = any(${intArray(ids)})`);
    const missing = ids.filter((i) => !rows.some((r) => r.id === i));
    if (missing.length) throw ruleViolated(`Unknown zip code group ${missing.join(', ')}`, { zip_code_group_ids: `Unknown zip code group ${missing.join(', ')}` });
  }
}

function restrictionRow(b: RestrictionBody) {
  return {
    name: b.name,
    restriction_type_id: b.restriction_type_id,
    target_kind: b.target_kind,
    target_id: b.target_kind === 'attribute' ? null : b.target_id,
    attribute_id: b.target_kind === 'attribute' ? b.attribute_id : null,
    attribute_op: b.target_kind === 'attribute' ? b.attribute_op : null,
    attribute_values: b.target_kind === 'attribute' ? b.attribute_values : [],
    states: [...b.states].sort(),
    except_states: [...b.except_states].sort(),
    citation: b.citation,
    citation_url: b.citation_url ?? null,
    effective_from: b.effective_from ?? null,
    effective_to: b.effective_to ?? null,
    notes: b.notes ?? null,
    is_active: b.is_active,
  };
}

async function writeGroups(t: Db, id: number, b: RestrictionBody) {
  await t.execute(sql`delete from compliance_restriction_zip_groups where restriction_id = ${id}`);
  const rows = [...b.zip_code_group_ids.map((g) => [g, false] as const), ...b.except_zip_code_group_ids.map((g) => [g, true] as const)];
  if (rows.length)
    await t.execute(
      sql`insert into compliance_restriction_zip_groups (restriction_id, zip_code_group_id, is_except)
          values ${sql.join(rows.map(([g, e]) => sql`(${id}, ${g}, ${e})`), sql`, `)}`,
    );
}

export function complianceRoutes({ app, db }: Kit) {
  registerCrud(app, db, {
    resource: 'compliance-restriction-type',
    entity: 'compliance_restriction_type',
    noun: 'restriction type',
    table: complianceRestrictionTypes,
    tags,
    read: READ,
    write: WRITE,
    item: ComplianceRestrictionType,
    create: ComplianceRestrictionTypeCreate,
    update: ComplianceRestrictionTypeUpdate,
    list: typeList,
    fields: COMPLIANCE_RESTRICTION_TYPE_LIST,
    unique: [{ constraint: 'compliance_restriction_types_name_key', field: 'name', message: 'A restriction type with this name already exists' }],
    toRow: (b) => {
      const x = b as z.infer<typeof ComplianceRestrictionTypeCreate>;
      return { name: x.name, effect: x.effect, document: x.document ?? null, min_age: x.min_age ?? null, description: x.description ?? null };
    },
    beforeDelete: async (t, existing) => {
      const used = await query<{ name: string }>(t, sql`select name from compliance_restrictions where restriction_type_id = ${existing.id} order by name limit 6`);
      if (used.length)
        throw ruleViolated(
          `${existing.name} is the type of ${plural(existing.restriction_count, 'restriction')} (${used.slice(0, 5).map((u) => u.name).join(', ')}${existing.restriction_count > 5 ? ', …' : ''}). Give them another type first.`,
        );
    },
  });

  registerCrud(app, db, {
    resource: 'zip-code-group',
    entity: 'zip_code_group',
    noun: 'zip code group',
    table: zipCodeGroups,
    tags,
    read: READ,
    write: WRITE,
    item: ZipCodeGroup,
    create: ZipCodeGroupCreate,
    update: ZipCodeGroupUpdate,
    list: groupList,
    fields: ZIP_CODE_GROUP_LIST,
    unique: [{ constraint: 'zip_code_groups_name_key', field: 'name', message: 'A zip code group with this name already exists' }],
    toRow: (b) => groupRow(b as z.infer<typeof ZipCodeGroupCreate>),
    beforeDelete: async (t, existing) => {
      if (existing.used_by.length)
        throw ruleViolated(
          `${existing.name} is used by ${plural(existing.used_by.length, 'restriction')}: ${existing.used_by.map((u) => u.name).join(', ')}. Remove it from them first.`,
        );
    },
  });

  // Static paths before `compliance-restriction/:id`.
  action(app, {
    method: 'POST',
    url: '/api/compliance-restriction/search/check',
    access: SEARCH_ACCESS,
    tags,
    summary: 'Items (a cart) to an address on a date: every rule that applies to each item, the strictest outcome and why',
    body: ComplianceCheckBody,
    response: { 200: dataResponse(ComplianceCheckResult) },
    handler: async (req) => ({
      data: await checkShipment(db, req.body.items, { state: req.body.state, zip: req.body.zip ?? null }, req.body.date),
    }),
  });

  action(app, {
    method: 'POST',
    url: '/api/compliance-restriction/search/where',
    access: SEARCH_ACCESS,
    tags,
    summary: 'Where each item is restricted on a date: states and zip code groups, each with its outcome and rules',
    body: ComplianceWhereBody,
    response: { 200: dataResponse(ComplianceWhereResult) },
    handler: async (req) => ({ data: await whereItemsRestricted(db, req.body.items, req.body.date) }),
  });

  action(app, {
    method: 'GET',
    url: '/api/compliance-restriction/search/place',
    access: SEARCH_ACCESS,
    tags,
    summary: 'What is restricted in a state or at a zip code on a date, grouped by restriction type, with the products each rule catches',
    query: CompliancePlaceQuery,
    response: { 200: dataResponse(CompliancePlaceResult) },
    handler: async (req) => ({ data: await restrictedAt(db, { state: req.query.state, zip: req.query.zip }, req.query.date) }),
  });

  registerList(app, db, {
    url: '/api/compliance-restriction',
    permission: READ,
    tags,
    summary: 'Compliance restrictions: filter by state (directly or through a zip code group), type, effect, target kind, in force on a date, active',
    response: listResponse(ComplianceRestriction),
    fields: COMPLIANCE_RESTRICTION_LIST,
    spec: restrictionList,
    filename: 'compliance-restrictions',
  });

  // the list is registered above (its own summary and file name); the rest is the CRUD kit's
  registerCrud(app, db, {
    resource: 'compliance-restriction',
    entity: 'compliance_restriction',
    noun: 'restriction',
    table: complianceRestrictions,
    tags,
    read: READ,
    write: WRITE,
    item: ComplianceRestriction,
    create: ComplianceRestrictionCreate,
    update: ComplianceRestrictionUpdate,
    list: restrictionList,
    listRoute: false,
    summaries: { get: 'Get one compliance restriction', create: 'Create a compliance restriction', update: 'Update a compliance restriction', remove: 'Delete a compliance restriction' },
    beforeWrite: (t, body) => checkRestriction(t, body as RestrictionBody),
    toRow: (body) => restrictionRow(body as RestrictionBody),
    children: (t, id, body) => writeGroups(t, id, body as RestrictionBody),
  });
  const load = (t: Db, id: number) => loadOneOr404(t, restrictionList, id, 'restriction');

  action(app, {
    method: 'GET',
    url: '/api/compliance-restriction/:id/products',
    access: READ,
    tags,
    summary: 'The products a restriction catches: how many and the first 20',
    params: IdParams,
    response: { 200: dataResponse(RestrictionCatch) },
    handler: async (req) => {
      const r = await load(db, req.params.id);
      const index = await ruleIndex(db);
      const ids = caughtProductIds(index, r);
      const row = await queryOne<{ n: number; sample: RestrictionCatch['sample'] }>(
        db,
        sql`select (select count(*)::int from (${ids}) x) as n,
                   coalesce((select json_agg(s) from (select p.id, p.title, p.default_sku as sku, b.name as brand_name
                                                         from products p left join brands b on b.id = p.brand_id
                                                        where p.id in (${ids}) order by p.id limit 20) s), '[]'::json) as sample`,
      );
      return { data: { product_count: row!.n, sample: row!.sample } };
    },
  });

  action(app, {
    method: 'GET',
    url: '/api/compliance-restriction/:id/history',
    access: READ,
    tags,
    summary: 'The history of a restriction: every write, who, when, before → after (newest first)',
    params: IdParams,
    response: { 200: dataResponse(z.array(RestrictionHistoryEntry)) },
    handler: async (req) => ({
      data: await query<RestrictionHistoryEntry>(
        db,
        sql`select a.id, a.at, a.action, (select u.name from users u where u.id = a.actor_id) as user_name, a.before, a.after
              from audit_logs a where a.entity = 'compliance_restriction' and a.entity_id = ${String(req.params.id)}
             order by a.id desc limit 200`,
      ),
    }),
  });
}
