/**
 * Compliance checks against the database: the compiled rule index kept per process and per database,
 * item facts read for a check, and the functions other areas call.
 *
 * `checkShipment(db, items, address, date)` is the one routing calls (order routing drops vendor
 * options that may not ship an item to the order's address):
 *
 * - `items`: `{ product_id }` or `{ variant_id }` with a `quantity` (a whole cart at once);
 * - `address`: `{ state, zip }` (two-letter code; 5-digit zip or null);
 * - `date`: `YYYY-MM-DD`, the day the rules are read for (usually today, UTC).
 *
 * It answers per item (in the order given) every rule that applies, the strictest outcome (`null` =
 * may ship) and the reason in words, and the cart's strictest outcome. It reads one row (the rule
 * revision) and the items' facts; the rules themselves are compiled once per revision and kept.
 * Call it with the database handle, not inside a transaction: a check inside one is answered but its
 * rules are not kept (they could belong to a revision that is rolled back). Unknown items → 404.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import {
  EVERY_STATE,
  stateOfZip,
  type AttributeOp,
  type CheckItem,
  type ComplianceCheckResult,
  type ComplianceEffect,
  type CompliancePlaceResult,
  type ComplianceWhereResult,
  type TargetKind,
} from '@qm/contracts';
import { query, queryOne, type Db } from '../../db/connect.js';
import { notFound } from '../../http/errors.js';
import {
  checkItems,
  compileRules,
  excludedFromFeed,
  fromPlaces,
  inForce,
  strictestOf,
  whereMatches,
  whereRestricted,
  type Address,
  type CategoryInput,
  type CompiledRule,
  type FeedRule,
  type ItemFacts,
  type RuleIndex,
  type RuleInput,
  type ZipGroupInput,
} from './engine.js';

// ───────────────────────────── SQL shared with the lists ─────────────────────────────

/** The restriction's target in words, from `compliance_restrictions r` and `attributes a`. */
export const targetLabelSql = sql`case r.target_kind
  when 'brand' then 'Brand ' || coalesce((select b.name from brands b where b.id = r.target_id), '#' || r.target_id)
  when 'category' then 'Category ' || coalesce((select c.name from categories c where c.id = r.target_id), '#' || r.target_id)
  when 'product' then 'Product ' || coalesce((select p.title from products p where p.id = r.target_id), '#' || r.target_id)
  when 'variant' then 'Variant ' || coalesce((select v.sku from variants v where v.id = r.target_id), '#' || r.target_id)
  else coalesce(a.name, 'Attribute') || ' ' || case r.attribute_op when 'gt' then '>' when 'gte' then '≥' when 'lt' then '<' when 'lte' then '≤' when 'eq' then '=' else 'is one of' end
       || ' ' || array_to_string(r.attribute_values, ', ')
  end`;

export const restrictionFrom = sql`compliance_restrictions r
  join compliance_restriction_types t on t.id = r.restriction_type_id
  left join attributes a on a.id = r.attribute_id`;

const groupIds = (except: boolean) =>
  sql`array(select g.zip_code_group_id from compliance_restriction_zip_groups g where g.restriction_id = r.id and g.is_except = ${sql.raw(String(except))} order by 1)`;
const groupRefs = (except: boolean) =>
  sql`coalesce((select json_agg(json_build_object('id', z.id, 'name', z.name) order by z.name)
                  from compliance_restriction_zip_groups g join zip_code_groups z on z.id = g.zip_code_group_id
                 where g.restriction_id = r.id and g.is_except = ${sql.raw(String(except))}), '[]'::json)`;

export const restrictionSelect = sql`r.id, r.name, r.restriction_type_id, t.name as restriction_type_name, t.effect, t.document, t.min_age,
  r.target_kind, r.target_id, r.attribute_id, r.attribute_op, r.attribute_values, ${targetLabelSql} as target_label,
  r.states, r.except_states, ${groupIds(false)} as zip_code_group_ids, ${groupIds(true)} as except_zip_code_group_ids,
  ${groupRefs(false)} as zip_code_groups, ${groupRefs(true)} as except_zip_code_groups,
  r.citation, r.citation_url, to_char(r.effective_from, 'YYYY-MM-DD') as effective_from, to_char(r.effective_to, 'YYYY-MM-DD') as effective_to,
  r.notes, r.is_active,
  (r.is_active and (r.effective_from is null or r.effective_from <= qm_today()) and (r.effective_to is null or r.effective_to >= qm_today())) as in_force,
  r.created_at, r.updated_at, r.version`;

// ───────────────────────────── the rule index ─────────────────────────────

const kept = new WeakMap<object, { revision: number; index: Promise<RuleIndex> }>();

async function loadIndex(db: Db, revision: number): Promise<RuleIndex> {
  const rules = await query<RuleInput>(
    db,
    sql`select r.id, r.name, r.restriction_type_id, t.name as restriction_type_name, t.effect, t.document, t.min_age,
               r.target_kind, r.target_id, r.attribute_id, r.attribute_op, r.attribute_values, ${targetLabelSql} as target_label,
               r.states, r.except_states, ${groupIds(false)} as zip_code_group_ids, ${groupIds(true)} as except_zip_code_group_ids,
               r.citation, r.citation_url, to_char(r.effective_from, 'YYYY-MM-DD') as effective_from,
               to_char(r.effective_to, 'YYYY-MM-DD') as effective_to, r.is_active
          from ${restrictionFrom} order by r.id`,
  );
  const groups = await query<ZipGroupInput>(db, sql`select id, name, entries from zip_code_groups order by id`);
  const categories = await query<CategoryInput>(db, sql`select id, parent_id, name from categories`);
  return compileRules(rules, groups, categories, revision);
}

async function revisionOf(db: Db): Promise<number> {
  const row = await queryOne<{ revision: number }>(db, sql`select revision from compliance_revision where id = 1`);
  return Number(row?.revision ?? 0);
}

/**
 * The compiled rules at the database's current revision: kept per database handle and rebuilt when the
 * revision row has moved (any process's write, or SQL run by hand, moves it through the triggers).
 * Inside a transaction the rules are read for that transaction alone and not kept.
 */
export async function ruleIndex(db: Db, knownRevision?: number): Promise<RuleIndex> {
  const revision = knownRevision ?? (await revisionOf(db));
  if ((db as unknown) instanceof PgTransaction) return loadIndex(db, revision);
  const k = kept.get(db);
  if (k && k.revision === revision) return k.index;
  const index = loadIndex(db, revision);
  kept.set(db, { revision, index });
  index.catch(() => kept.get(db)?.index === index && kept.delete(db));
  return index;
}

// ───────────────────────────── item facts ─────────────────────────────

const intList = (xs: readonly (number | null)[]) => sql`${`{${xs.map((x) => (x === null ? 'NULL' : String(x))).join(',')}}`}::int[]`;

type Items = readonly Pick<CheckItem, 'product_id' | 'variant_id' | 'quantity'>[];

/** What the engine needs of each item, in the order given; 404 naming the first unknown one. */
export async function itemFacts(db: Db, index: RuleIndex, items: Items, opts: { withVariants?: boolean } = {}): Promise<ItemFacts[]> {
  return (await factsAndRevision(db, index.attributeIds, items, opts)).facts;
}

/**
 * The items' facts and, in the same statement, the rule revision: a check is one round trip while
 * the kept rules are current (the attributes read are those the kept rules look at).
 */
async function factsAndRevision(db: Db, attributeIds: readonly number[], items: Items, opts: { withVariants?: boolean } = {}): Promise<{ revision: number; facts: ItemFacts[] }> {
  const rows = await query<{
    revision: number;
    ord: number;
    product_id: number | null;
    variant_id: number | null;
    sku: string | null;
    title: string | null;
    brand_id: number | null;
    brand_name: string | null;
    category_ids: number[];
    attributes: Record<string, unknown> | null;
    variants: { id: number; sku: string }[] | null;
  }>(
    db,
    sql`with req as (select * from unnest(${intList(items.map((_, i) => i))}, ${intList(items.map((i) => i.product_id ?? null))},
                                          ${intList(items.map((i) => i.variant_id ?? null))}) as x(ord, pid, vid))
        select (select revision from compliance_revision where id = 1) as revision, req.ord, p.id as product_id, v.id as variant_id, coalesce(v.sku, p.default_sku) as sku, p.title, p.brand_id, b.name as brand_name,
               array(select pc.category_id from product_categories pc where pc.product_id = p.id) as category_ids,
               (select json_object_agg(d.attribute_id, d.value) from attribute_data d
                 where d.sourceable_type = 'product' and d.sourceable_id = p.id and d.source_type is null
                   and d.attribute_id = any(${intList(attributeIds)})) as attributes,
               ${opts.withVariants ? sql`(select json_agg(json_build_object('id', vv.id, 'sku', vv.sku) order by vv.id) from variants vv where vv.product_id = p.id and v.id is null)` : sql`null::json`} as variants
          from req
          left join variants v on v.id = req.vid
          left join products p on p.id = coalesce(v.product_id, req.pid)
          left join brands b on b.id = p.brand_id
         order by req.ord`,
  );
  const facts = rows.map((r, i) => {
    const item = items[i]!;
    if (r.product_id === null) throw notFound(item.variant_id !== undefined ? `Variant ${item.variant_id}` : `Product ${item.product_id}`);
    const attributes: Record<number, unknown> = {};
    for (const [k, v] of Object.entries(r.attributes ?? {})) attributes[Number(k)] = v;
    return {
      product_id: r.product_id,
      variant_id: r.variant_id,
      sku: r.sku,
      title: r.title,
      brand_id: r.brand_id,
      brand_name: r.brand_name,
      category_ids: r.category_ids ?? [],
      attributes,
      quantity: item.quantity ?? 1,
      ...(r.variants ? { variants: r.variants } : {}),
    };
  });
  return { revision: Number(rows[0]?.revision ?? 0), facts };
}

/** The rules and the items' facts: one statement while the kept rules are current, three when they must be read again. */
async function rulesAndFacts(db: Db, items: Items, opts: { withVariants?: boolean } = {}): Promise<{ index: RuleIndex; facts: ItemFacts[] }> {
  const keptIndex = (db as unknown) instanceof PgTransaction ? undefined : await kept.get(db)?.index.catch(() => undefined);
  if (keptIndex) {
    const { revision, facts } = await factsAndRevision(db, keptIndex.attributeIds, items, opts);
    if (revision === keptIndex.revision) return { index: keptIndex, facts };
    const index = await ruleIndex(db, revision);
    if (index.attributeIds.join() === keptIndex.attributeIds.join()) return { index, facts };
    return { index, facts: (await factsAndRevision(db, index.attributeIds, items, opts)).facts };
  }
  const index = await ruleIndex(db);
  return { index, facts: (await factsAndRevision(db, index.attributeIds, items, opts)).facts };
}

export const today = () => new Date().toISOString().slice(0, 10);

// ───────────────────────────── what other areas call ─────────────────────────────

/** Items × address × date → per item every rule that applies, the strictest outcome and why (see the file's comment). */
export async function checkShipment(
  db: Db,
  items: readonly Pick<CheckItem, 'product_id' | 'variant_id' | 'quantity'>[],
  address: Address,
  date: string = today(),
): Promise<ComplianceCheckResult> {
  const { index, facts } = await rulesAndFacts(db, items);
  const outcomes = checkItems(index, facts, address, date);
  const notes: string[] = [];
  if (address.zip) {
    const zs = stateOfZip(address.zip);
    if (zs === null) notes.push(`Zip ${address.zip} is not in use as a US zip code.`);
    else if (zs !== address.state) notes.push(`Zip ${address.zip} is in ${zs}, not ${address.state}: the rules of ${address.state} are shown.`);
  }
  return {
    date,
    state: address.state,
    zip: address.zip,
    outcome: strictestOf(outcomes),
    items: facts.map((f, i) => ({
      product_id: f.product_id,
      variant_id: f.variant_id,
      sku: f.sku,
      title: f.title,
      quantity: f.quantity,
      ...outcomes[i]!,
    })),
    notes,
  };
}

/** Where each item is restricted on a date (the product editor's panel, publishing, feeds). */
export async function whereItemsRestricted(db: Db, items: readonly Pick<CheckItem, 'product_id' | 'variant_id' | 'quantity'>[], date: string = today()): Promise<ComplianceWhereResult> {
  const { index, facts } = await rulesAndFacts(db, items, { withVariants: true });
  return {
    date,
    items: facts.map((f) => {
      const places = whereRestricted(index, f, date);
      return {
        product_id: f.product_id,
        variant_id: f.variant_id,
        sku: f.sku,
        title: f.title,
        restricted_states: places.filter((p) => p.kind === 'state').map((p) => p.place),
        places: places.map((p) => ({
          kind: p.kind,
          place: p.place,
          zip_code_group_id: p.zip_code_group_id,
          states: p.states,
          outcome: p.outcome,
          reason: p.reason,
          rules: p.rules,
        })),
      };
    }),
  };
}

/** Why a feed's compliance rule leaves an item out, and whether it would even without "leave out restricted items" (blocked in every state). */
export interface FeedExclusion {
  reason: string;
  everywhere: boolean;
}

/**
 * Per item, what a feed's compliance rule says of it (`excludedFromFeed`): an item blocked in every
 * state is always left out; with the feed's rule "leave out restricted items", so is every item
 * restricted somewhere; null: kept. Unlike `whereItemsRestricted` nothing is copied per item: items
 * caught by the same rules the same way share one answer, kept by the engine without their places
 * (`fromPlaces`) — a feed checks hundreds of thousands of items.
 */
export async function feedExclusionsOf(db: Db, items: readonly Pick<CheckItem, 'product_id' | 'variant_id'>[], feedRule: FeedRule, date: string = today()): Promise<(FeedExclusion | null)[]> {
  const { index, facts } = await rulesAndFacts(db, items.map((i) => ({ ...i, quantity: 1 })), { withVariants: true });
  // the reason never names the item (its title is not read): one answer per set of matched rules and feed rule
  return facts.map((f) =>
    fromPlaces(index, f, date, `feed ${feedRule.leave_out_restricted}`, (places): FeedExclusion | null => {
      const reason = excludedFromFeed({ title: f.title, places }, feedRule);
      return reason === null ? null : { reason, everywhere: !feedRule.leave_out_restricted || excludedFromFeed({ title: f.title, places }, { leave_out_restricted: false }) !== null };
    }),
  );
}

/** What a feed leaves out of the products it would list: product id → reason (`feedExclusionsOf`). */
export async function feedExclusions(db: Db, productIds: readonly number[], feedRule: FeedRule, date: string = today()): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (let i = 0; i < productIds.length; i += 500) {
    const chunk = productIds.slice(i, i + 500);
    const answers = await feedExclusionsOf(db, chunk.map((product_id) => ({ product_id })), feedRule, date);
    answers.forEach((a, k) => a && out.set(chunk[k]!, a.reason));
  }
  return out;
}

/** The states (and zip code groups) where a product is restricted, for the warning of publishing it. */
export async function publishWarning(db: Db, productId: number, date: string = today()): Promise<{ code: string; message: string; states: string[] } | null> {
  const where = await whereItemsRestricted(db, [{ product_id: productId, quantity: 1 }], date);
  const item = where.items[0]!;
  if (!item.places.length) return null;
  const everywhere = EVERY_STATE.every((s) => item.places.some((p) => p.kind === 'state' && p.place === s && p.outcome === 'block'));
  const parts = item.places.map((p) => `${p.place} (${p.rules.filter((r) => r.decisive).map((r) => r.name).join(', ')})`);
  return {
    code: 'compliance_restricted',
    message: everywhere
      ? `Blocked in every state by compliance rules: it cannot be shipped to any customer.`
      : `Restricted by compliance rules in ${parts.join('; ')}. It stays published; orders to these places are held by the rules.`,
    states: item.restricted_states,
  };
}

// ───────────────────────────── products a rule catches ─────────────────────────────

/** Ids of the products a rule's target catches (a statement of `product_id`s). */
export function caughtProductIds(index: RuleIndex, rule: Pick<RuleInput, 'target_kind' | 'target_id' | 'attribute_id' | 'attribute_op' | 'attribute_values'>): SQL {
  const kind: TargetKind = rule.target_kind;
  const id = rule.target_id ?? 0;
  switch (kind) {
    case 'brand':
      return sql`select p.id as product_id from products p where p.brand_id = ${sql.raw(String(id))}`;
    case 'product':
      return sql`select p.id as product_id from products p where p.id = ${sql.raw(String(id))}`;
    case 'variant':
      return sql`select v.product_id from variants v where v.id = ${sql.raw(String(id))}`;
    case 'category': {
      const under = [...index.lineage].filter(([, line]) => line.includes(id)).map(([c]) => c);
      if (!under.length) under.push(id);
      return sql`select distinct pc.product_id from product_categories pc where pc.category_id = any(${intList(under)})`;
    }
    case 'attribute': {
      const op = rule.attribute_op as AttributeOp;
      const values = rule.attribute_values;
      const n = Number(values[0]);
      const numeric = values.length === 1 && Number.isFinite(n);
      const cond =
        op === 'in' || (op === 'eq' && !numeric)
          ? sql`lower(d.value #>> '{}') = any(${`{${values.map((v) => `"${v.toLowerCase().replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[])`
          : numeric
            ? sql`jsonb_typeof(d.value) = 'number' and (d.value #>> '{}')::numeric ${sql.raw({ gt: '>', gte: '>=', lt: '<', lte: '<=', eq: '=', in: '=' }[op])} ${sql.raw(String(n))}`
            : sql`false`;
      return sql`select d.sourceable_id as product_id from attribute_data d
                  where d.attribute_id = ${sql.raw(String(rule.attribute_id ?? 0))} and d.sourceable_type = 'product' and d.source_type is null and ${cond}`;
    }
  }
}

/**
 * How many products each rule catches, from the catalogue counts kept by triggers
 * (`compliance_catalogue_counts`, migration 0022), read in one statement by primary key: a brand's
 * products; a category's and its subcategories' (a product filed in two of them counts twice);
 * products whose value meets the condition; a product or a variant is one. A condition on an attribute
 * whose values are not counted (text) is counted on its own.
 */
export async function productCounts(db: Db, index: RuleIndex, rules: readonly CompiledRule[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!rules.length) return out;
  const brandIds = new Set<number>();
  const categoryIds = new Set<number>();
  const attributeIds = new Set<number>();
  const under = new Map<number, number[]>();
  for (const r of rules) {
    if (r.target_kind === 'brand') brandIds.add(r.target_id!);
    else if (r.target_kind === 'category') {
      const cats = [...index.lineage].filter(([, line]) => line.includes(r.target_id!)).map(([c]) => c);
      if (!cats.length) cats.push(r.target_id!);
      under.set(r.id, cats);
      cats.forEach((c) => categoryIds.add(c));
    } else if (r.target_kind === 'attribute') attributeIds.add(r.attribute_id!);
  }
  const keys = (xs: Set<number>) => `{${[...xs].map((x) => `"${x}"`).join(',')}}`;
  const rows = await query<{ kind: 'brand' | 'category' | 'value' | 'counted'; attribute_id: number; key: string; n: number }>(
    db,
    sql`select kind, attribute_id, key, n from compliance_catalogue_counts where kind = 'brand' and attribute_id = 0 and key = any(${keys(brandIds)}::text[])
        union all
        select kind, attribute_id, key, n from compliance_catalogue_counts where kind = 'category' and attribute_id = 0 and key = any(${keys(categoryIds)}::text[])
        union all
        select kind, attribute_id, key, n from compliance_catalogue_counts where kind = 'value' and attribute_id = any(${intList([...attributeIds])})
        union all
        select 'counted', a.id, '', 0 from attributes a where a.id = any(${intList([...attributeIds])}) and qm_compliance_counted_attribute(a.id)`,
  );
  const brands = new Map<number, number>();
  const categories = new Map<number, number>();
  const values = new Map<number, Map<string, number>>();
  const counted = new Set<number>();
  for (const row of rows) {
    if (row.kind === 'brand') brands.set(Number(row.key), row.n);
    else if (row.kind === 'category') categories.set(Number(row.key), row.n);
    else if (row.kind === 'counted') counted.add(row.attribute_id);
    else {
      if (!values.has(row.attribute_id)) values.set(row.attribute_id, new Map());
      values.get(row.attribute_id)!.set(row.key, row.n);
    }
  }
  for (const r of rules) {
    let n = 0;
    if (r.target_kind === 'brand') n = brands.get(r.target_id!) ?? 0;
    else if (r.target_kind === 'product' || r.target_kind === 'variant') n = 1;
    else if (r.target_kind === 'category') for (const c of under.get(r.id)!) n += categories.get(c) ?? 0;
    else if (!counted.has(r.attribute_id!)) {
      n = (await queryOne<{ n: number }>(db, sql`select count(*)::int as n from (${caughtProductIds(index, r)}) x`))?.n ?? 0;
    } else {
      const byValue = values.get(r.attribute_id!) ?? new Map<string, number>();
      if (r.attribute_op === 'in' || (r.attribute_op === 'eq' && r.numeric === null)) for (const v of r.valueSet) n += byValue.get(v) ?? 0;
      else if (r.numeric !== null) {
        const t = r.numeric;
        for (const [v, k] of byValue) {
          const x = Number(v);
          if (v === '' || !Number.isFinite(x)) continue;
          const ok = r.attribute_op === 'gt' ? x > t : r.attribute_op === 'gte' ? x >= t : r.attribute_op === 'lt' ? x < t : r.attribute_op === 'lte' ? x <= t : x === t;
          if (ok) n += k;
        }
      }
    }
    out.set(r.id, n);
  }
  return out;
}

/** What is restricted at a place (a state, a zip, or both) on a date, grouped by restriction type, strictest first. */
export async function restrictedAt(db: Db, place: { state?: string; zip?: string }, date: string = today()): Promise<CompliancePlaceResult> {
  const index = await ruleIndex(db);
  const notes: string[] = [];
  let state = place.state;
  const zip = place.zip ?? null;
  if (zip) {
    const zs = stateOfZip(zip);
    if (!state) {
      if (!zs) notes.push(`Zip ${zip} is not in use as a US zip code: only rules of its zip code groups are shown.`);
      state = zs ?? '';
    } else if (zs && zs !== state) notes.push(`Zip ${zip} is in ${zs}, not ${state}: the rules of ${state} are shown.`);
  }
  const hits: { rule: CompiledRule; where: string }[] = [];
  for (const rule of index.rules) {
    if (!inForce(rule, date)) continue;
    if (zip) {
      const where = whereMatches(index, rule, { state: state!, zip });
      if (where) hits.push({ rule, where });
      continue;
    }
    if (rule.exceptStateSet.has(state!)) continue;
    if (rule.stateSet.has(state!)) {
      const except = rule.except_zip_code_group_ids.map((g) => index.groups.get(g)?.name).filter(Boolean);
      hits.push({ rule, where: `in ${state}${except.length ? `, except zip code group${except.length > 1 ? 's' : ''} ${except.join(', ')}` : ''}` });
      continue;
    }
    const groups = rule.zip_code_group_ids.map((g) => index.groups.get(g)!).filter((g) => g && g.states.includes(state!));
    if (groups.length) hits.push({ rule, where: `in parts of ${state}: zip code group${groups.length > 1 ? 's' : ''} ${groups.map((g) => g.name).join(', ')}` });
  }
  const counts = await productCounts(db, index, hits.map((h) => h.rule));
  const byType = new Map<number, CompliancePlaceResult['types'][number] & { severity: number }>();
  for (const h of hits.sort((a, b) => b.rule.severity - a.rule.severity || a.rule.name.localeCompare(b.rule.name))) {
    let t = byType.get(h.rule.restriction_type_id);
    if (!t) {
      t = {
        restriction_type_id: h.rule.restriction_type_id,
        name: h.rule.restriction_type_name,
        effect: h.rule.effect as ComplianceEffect,
        document: h.rule.document,
        min_age: h.rule.min_age,
        rules: [],
        severity: h.rule.severity,
      };
      byType.set(h.rule.restriction_type_id, t);
    }
    t.rules.push({
      id: h.rule.id,
      name: h.rule.name,
      target_label: h.rule.target_label,
      where: h.where,
      citation: h.rule.citation,
      citation_url: h.rule.citation_url,
      product_count: counts.get(h.rule.id) ?? 0,
    });
  }
  const types = [...byType.values()].sort((a, b) => b.severity - a.severity || a.name.localeCompare(b.name)).map(({ severity: _s, ...t }) => t);
  return { date, state: state ?? '', zip, types, notes };
}
