/**
 * The compliance engine: items × address × date → for each item every rule that applies, the
 * strictest outcome and the reason in words. Pure: no database, no clock. The rules come compiled
 * (`compileRules`) into an index by target, so a check looks only at the rules that can catch its
 * items; `service.ts` keeps one compiled index per rule revision.
 *
 * Strictness is the effect order of `COMPLIANCE_EFFECTS` (block, licensed dealer, document, minimum
 * age, adult signature); between minimum ages the higher is stricter. The outcome is the strictest
 * effect among the rules that apply; the rules that set it are "decisive" and all are named. The
 * result does not depend on the order the rules were given in (applied rules are sorted by
 * strictness, then id), and adding a rule can only keep or raise an outcome's strictness.
 */
import {
  ATTRIBUTE_OP_LABELS,
  EFFECT_OUTCOMES,
  EVERY_STATE,
  parseZipEntries,
  severityOf,
  statesOfZipRange,
  type AppliedRule,
  type AttributeOp,
  type ComplianceEffect,
  type TargetKind,
} from '@qm/contracts';

// ───────────────────────────── inputs ─────────────────────────────

/** A rule as stored (with its type's effect and the names its target shows). */
export interface RuleInput {
  id: number;
  name: string;
  restriction_type_id: number;
  restriction_type_name: string;
  effect: ComplianceEffect;
  document: string | null;
  min_age: number | null;
  target_kind: TargetKind;
  target_id: number | null;
  attribute_id: number | null;
  attribute_op: AttributeOp | null;
  attribute_values: string[];
  /** The target in words ("Brand Magpul", "Magazine Capacity > 10"). */
  target_label: string;
  states: string[];
  except_states: string[];
  zip_code_group_ids: number[];
  except_zip_code_group_ids: number[];
  citation: string;
  citation_url: string | null;
  effective_from: string | null;
  effective_to: string | null;
  is_active: boolean;
}

export interface ZipGroupInput {
  id: number;
  name: string;
  entries: string[];
}

export interface CategoryInput {
  id: number;
  parent_id: number | null;
  name: string;
}

/** What the engine needs to know of one item. */
export interface ItemFacts {
  product_id: number;
  variant_id: number | null;
  sku: string | null;
  title: string | null;
  brand_id: number | null;
  brand_name: string | null;
  /** The product's own categories (their ancestors are the index's business). */
  category_ids: number[];
  /** Canonical attribute values by attribute id (only those rules look at are needed). */
  attributes: Record<number, unknown>;
  quantity: number;
  /** For a whole product (variant_id null): its variants, so rules on one of them are found too. */
  variants?: { id: number; sku: string }[];
}

export interface Address {
  state: string;
  /** 5 digits; null when only the state is known. */
  zip: string | null;
}

// ───────────────────────────── the compiled index ─────────────────────────────

interface Group {
  id: number;
  name: string;
  /** Sorted, merged inclusive ranges of 5-digit zip codes. */
  ranges: [number, number][];
  states: string[];
}

export interface CompiledRule extends RuleInput {
  severity: number;
  stateSet: Set<string>;
  exceptStateSet: Set<string>;
  numeric: number | null;
  valueSet: Set<string>;
}

export interface RuleIndex {
  revision: number;
  rules: CompiledRule[];
  byBrand: Map<number, CompiledRule[]>;
  byCategory: Map<number, CompiledRule[]>;
  byProduct: Map<number, CompiledRule[]>;
  byVariant: Map<number, CompiledRule[]>;
  /** Numeric conditions by attribute. */
  byAttribute: Map<number, CompiledRule[]>;
  /** "is one of" / "=" text conditions by attribute, then by lower-cased value. */
  byAttributeValue: Map<number, Map<string, CompiledRule[]>>;
  groups: Map<number, Group>;
  /** Category → itself and its ancestors. */
  lineage: Map<number, number[]>;
  categoryNames: Map<number, string>;
  /** Attributes some rule's condition reads. */
  attributeIds: number[];
  /** Categories some rule catches (a rule on the category or one of its ancestors). */
  ruledCategories: Set<number>;
}

const push = <K, V>(m: Map<K, V[]>, k: K, v: V) => {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
};

export function compileGroup(g: ZipGroupInput): Group {
  const sorted = parseZipEntries(g.entries)
    .intervals.map((i) => [i.lo, i.hi] as [number, number])
    .sort((a, b) => a[0] - b[0]);
  const ranges: [number, number][] = [];
  for (const r of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
    else ranges.push([r[0], r[1]]);
  }
  const states = [...new Set(ranges.flatMap(([lo, hi]) => statesOfZipRange(lo, hi)))].sort();
  return { id: g.id, name: g.name, ranges, states };
}

/** Compiles rules, zip code groups and the category tree into the index a check reads. */
export function compileRules(rules: readonly RuleInput[], groups: readonly ZipGroupInput[], categories: readonly CategoryInput[], revision = 0): RuleIndex {
  const index: RuleIndex = {
    revision,
    rules: [],
    byBrand: new Map(),
    byCategory: new Map(),
    byProduct: new Map(),
    byVariant: new Map(),
    byAttribute: new Map(),
    byAttributeValue: new Map(),
    groups: new Map(groups.map((g) => [g.id, compileGroup(g)])),
    lineage: new Map(),
    categoryNames: new Map(categories.map((c) => [c.id, c.name])),
    attributeIds: [],
    ruledCategories: new Set(),
  };
  const parent = new Map(categories.map((c) => [c.id, c.parent_id]));
  for (const c of categories) {
    const line: number[] = [];
    for (let id: number | null | undefined = c.id; id != null && !line.includes(id) && line.length < 64; id = parent.get(id)) line.push(id);
    index.lineage.set(c.id, line);
  }
  for (const r of rules) {
    const n = Number(r.attribute_values[0]);
    const rule: CompiledRule = {
      ...r,
      severity: severityOf(r.effect, r.min_age),
      stateSet: new Set(r.states),
      exceptStateSet: new Set(r.except_states),
      numeric: r.attribute_values.length === 1 && Number.isFinite(n) ? n : null,
      valueSet: new Set(r.attribute_values.map((v) => v.trim().toLowerCase())),
    };
    index.rules.push(rule);
    if (r.target_kind === 'attribute') {
      if (r.attribute_op === 'in' || (r.attribute_op === 'eq' && rule.numeric === null)) {
        let byValue = index.byAttributeValue.get(r.attribute_id!);
        if (!byValue) index.byAttributeValue.set(r.attribute_id!, (byValue = new Map()));
        for (const v of rule.valueSet) push(byValue, v, rule);
      } else push(index.byAttribute, r.attribute_id!, rule);
    }
    else if (r.target_id !== null) push(index[`by${r.target_kind === 'brand' ? 'Brand' : r.target_kind === 'category' ? 'Category' : r.target_kind === 'product' ? 'Product' : 'Variant'}`], r.target_id, rule);
  }
  index.attributeIds = [...new Set([...index.byAttribute.keys(), ...index.byAttributeValue.keys()])].sort((a, b) => a - b);
  for (const [c, line] of index.lineage) if (line.some((a) => index.byCategory.has(a))) index.ruledCategories.add(c);
  for (const c of index.byCategory.keys()) index.ruledCategories.add(c);
  return index;
}

// ───────────────────────────── matching ─────────────────────────────

export function inForce(rule: RuleInput, date: string): boolean {
  return rule.is_active && (rule.effective_from === null || rule.effective_from <= date) && (rule.effective_to === null || date <= rule.effective_to);
}

/** Whether a 5-digit zip code is in the group (binary search over its merged ranges). */
export function zipInGroup(group: Group, zip: string): boolean {
  const z = Number(zip);
  let lo = 0;
  let hi = group.ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = group.ranges[mid]!;
    if (z < a) hi = mid - 1;
    else if (z > b) lo = mid + 1;
    else return true;
  }
  return false;
}

/** Where the rule applies at this address, in words; null when it does not. */
export function whereMatches(index: RuleIndex, rule: CompiledRule, address: Address): string | null {
  if (rule.exceptStateSet.has(address.state)) return null;
  let where: string | null = null;
  if (rule.stateSet.has(address.state)) where = `in ${address.state}`;
  else if (address.zip !== null) {
    for (const gid of rule.zip_code_group_ids) {
      const g = index.groups.get(gid);
      if (g && zipInGroup(g, address.zip)) {
        where = `zip ${address.zip} is in zip code group ${g.name}`;
        break;
      }
    }
  }
  if (where === null) return null;
  if (address.zip !== null)
    for (const gid of rule.except_zip_code_group_ids) {
      const g = index.groups.get(gid);
      if (g && zipInGroup(g, address.zip)) return null;
    }
  return where;
}

function valueText(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** Whether the rule's target catches the item, in words; null when it does not. */
export function targetMatches(index: RuleIndex, rule: CompiledRule, item: ItemFacts): string | null {
  switch (rule.target_kind) {
    case 'brand':
      return item.brand_id === rule.target_id ? `brand ${item.brand_name ?? rule.target_label}` : null;
    case 'product':
      return item.product_id === rule.target_id ? `the product itself (${rule.target_label})` : null;
    case 'variant':
      if (item.variant_id === rule.target_id) return `the variant itself (${item.sku ?? rule.target_label})`;
      if (item.variant_id === null) {
        const v = item.variants?.find((x) => x.id === rule.target_id);
        if (v) return `its variant ${v.sku}`;
      }
      return null;
    case 'category': {
      for (const c of item.category_ids) {
        const line = index.lineage.get(c) ?? [c];
        if (line.includes(rule.target_id!)) {
          const top = index.categoryNames.get(rule.target_id!) ?? rule.target_label;
          return c === rule.target_id ? `category ${top}` : `category ${index.categoryNames.get(c) ?? c}, under ${top}`;
        }
      }
      return null;
    }
    case 'attribute': {
      const v = item.attributes[rule.attribute_id!];
      if (v === undefined || v === null) return null;
      const name = rule.target_label.split(/ (?:>|≥|<|≤|=|is one of) /)[0] ?? 'value';
      const op = rule.attribute_op!;
      if (op === 'in' || (op === 'eq' && rule.numeric === null)) {
        const values = Array.isArray(v) ? v.map(valueText) : [valueText(v)];
        const hit = values.find((x) => rule.valueSet.has(x.trim().toLowerCase()));
        return hit === undefined ? null : `${name} is ${hit} (${rule.target_label})`;
      }
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isFinite(n) || rule.numeric === null) return null;
      const t = rule.numeric;
      const ok = op === 'gt' ? n > t : op === 'gte' ? n >= t : op === 'lt' ? n < t : op === 'lte' ? n <= t : n === t;
      return ok ? `${name} is ${n}, ${ATTRIBUTE_OP_LABELS[op]} ${t}` : null;
    }
  }
}

/** The rules that could catch this item by its target (before place and dates). */
export function candidates(index: RuleIndex, item: ItemFacts): CompiledRule[] {
  const out = new Set<CompiledRule>();
  const add = (list: CompiledRule[] | undefined) => list?.forEach((r) => out.add(r));
  if (item.brand_id !== null) add(index.byBrand.get(item.brand_id));
  add(index.byProduct.get(item.product_id));
  if (item.variant_id !== null) add(index.byVariant.get(item.variant_id));
  else item.variants?.forEach((v) => add(index.byVariant.get(v.id)));
  for (const c of item.category_ids) for (const a of index.lineage.get(c) ?? [c]) add(index.byCategory.get(a));
  for (const [attr, value] of Object.entries(item.attributes)) {
    const id = Number(attr);
    add(index.byAttribute.get(id));
    const byValue = index.byAttributeValue.get(id);
    if (byValue && value !== null && value !== undefined)
      for (const v of Array.isArray(value) ? value : [value]) add(byValue.get(valueText(v).trim().toLowerCase()));
  }
  return [...out];
}

// ───────────────────────────── outcomes ─────────────────────────────

export interface Outcome {
  outcome: ComplianceEffect | null;
  documents: string[];
  min_age: number | null;
  reason: string;
  rules: AppliedRule[];
}

interface Hit {
  rule: CompiledRule;
  matched: string;
  where: string;
}

/** Sorted strictest first, then by id: the result never depends on the order rules came in. */
export function outcomeOf(hits: readonly Hit[], whereWords: string): Outcome {
  const sorted = [...hits].sort((a, b) => b.rule.severity - a.rule.severity || a.rule.id - b.rule.id);
  if (!sorted.length) return { outcome: null, documents: [], min_age: null, reason: `Allowed: no rule applies ${whereWords}.`, rules: [] };
  const top = sorted[0]!.rule;
  const decisive = sorted.filter((h) => h.rule.severity === top.severity);
  const documents = top.effect === 'document' ? [...new Set(decisive.map((h) => h.rule.document!).filter(Boolean))].sort() : [];
  const detail = top.effect === 'document' ? ` (${documents.join(', ')})` : top.effect === 'min_age' ? ` ${top.min_age}` : '';
  const because = decisive.map((h) => `${h.rule.name} — ${h.matched}, ${h.where}; ${h.rule.citation}`).join('; and ');
  const others = sorted.length - decisive.length;
  const head = EFFECT_OUTCOMES[top.effect];
  const reason = `${head.charAt(0).toUpperCase()}${head.slice(1)}${detail} because of ${because}.${others ? ` ${others} less strict rule${others === 1 ? '' : 's'} also appl${others === 1 ? 'ies' : 'y'}.` : ''}`;
  return {
    outcome: top.effect,
    documents,
    min_age: top.effect === 'min_age' ? top.min_age : null,
    reason,
    rules: sorted.map((h) => ({
      id: h.rule.id,
      name: h.rule.name,
      restriction_type_name: h.rule.restriction_type_name,
      effect: h.rule.effect,
      document: h.rule.document,
      min_age: h.rule.min_age,
      matched: h.matched,
      where: h.where,
      citation: h.rule.citation,
      citation_url: h.rule.citation_url,
      decisive: h.rule.severity === top.severity,
    })),
  };
}

/** One item at one address on one date (`places`: where each rule applies at this address and date, shared by a cart's items). */
export function checkItem(index: RuleIndex, item: ItemFacts, address: Address, date: string, places = new Map<CompiledRule, string | null>()): Outcome {
  const hits: Hit[] = [];
  for (const rule of candidates(index, item)) {
    let where = places.get(rule);
    if (where === undefined) {
      where = inForce(rule, date) ? whereMatches(index, rule, address) : null;
      places.set(rule, where);
    }
    if (where === null) continue;
    const matched = targetMatches(index, rule, item);
    if (matched !== null) hits.push({ rule, matched, where });
  }
  return outcomeOf(hits, address.zip ? `to ${address.zip}, ${address.state}` : `in ${address.state}`);
}

/** Several items (a cart) at one address on one date, in the order given. */
export function checkItems(index: RuleIndex, items: readonly ItemFacts[], address: Address, date: string): Outcome[] {
  const places = new Map<CompiledRule, string | null>();
  return items.map((item) => checkItem(index, item, address, date, places));
}

/** The strictest of several outcomes (a cart's). */
export function strictestOf(outcomes: readonly { outcome: ComplianceEffect | null; min_age?: number | null }[]): ComplianceEffect | null {
  let best: { outcome: ComplianceEffect | null; min_age?: number | null } = { outcome: null };
  for (const o of outcomes) if (o.outcome && (!best.outcome || severityOf(o.outcome, o.min_age) > severityOf(best.outcome, best.min_age))) best = o;
  return best.outcome;
}

export interface PlaceResult extends Outcome {
  kind: 'state' | 'zip_code_group';
  place: string;
  zip_code_group_id: number | null;
  states: string[];
  outcome: ComplianceEffect;
}

/**
 * Where an item is restricted on a date: each state where rules apply state-wide (exceptions by zip
 * code group are named in the reason), and each zip code group where rules apply beyond its state's
 * own rules. For the product editor, publishing and feeds.
 */
export function whereRestricted(index: RuleIndex, item: ItemFacts, date: string): PlaceResult[] {
  const { matched, key } = matchedRules(index, item, date);
  const memo = memoOf(placesMemo, index, date);
  const known = memo.get(key);
  if (known) return known;
  const places = placesOf(index, matched);
  memo.set(key, places);
  return places;
}

/**
 * An answer that follows from an item's places alone (a feed's decision on it), kept per set of matched
 * rules under `name` — small, where the places themselves hold every rule's words for each state
 * (~75 KB a set: a feed's 3,300 sets were 250 MB). The places are taken from `whereRestricted`'s memo
 * when there, else found for the set's first item and not kept.
 */
export function fromPlaces<T>(index: RuleIndex, item: ItemFacts, date: string, name: string, derive: (places: readonly PlaceResult[]) => T): T {
  const found = matchedRules(index, item, date);
  if (found.answers.has(name)) return found.answers.get(name) as T;
  const memo = memoOf(answersMemo, index, date);
  const at = `${name}\u0002${found.key}`;
  let answer: T;
  if (memo.has(at)) answer = memo.get(at) as T;
  else {
    answer = derive(memoOf(placesMemo, index, date).get(found.key) ?? placesOf(index, found.matched));
    memo.set(at, answer);
  }
  found.answers.set(name, answer);
  return answer;
}

/** The rules in force an item matches, with how (the words of the match), their key, and the answers kept for them by name. */
interface Matched {
  matched: ReadonlyMap<CompiledRule, string>;
  key: string;
  answers: Map<string, unknown>;
}

/**
 * The rules in force that an item matches, with how (the words of the match), and their key: the places
 * follow from these (and the date, which chose them), so items caught by the same rules the same way —
 * most of a catalogue, by category and attribute — share one answer. Found once per item signature
 * (`signatureOf`: the facts some rule of the index reads) and date.
 */
function matchedRules(index: RuleIndex, item: ItemFacts, date: string): Matched {
  const memo = memoOf(matchedMemo, index, date);
  const signature = signatureOf(index, item);
  const known = memo.get(signature);
  if (known) return known;
  const matched = new Map<CompiledRule, string>();
  for (const r of candidates(index, item)) {
    if (!inForce(r, date)) continue;
    const m = targetMatches(index, r, item);
    if (m !== null) matched.set(r, m);
  }
  const found: Matched = { matched, key: [...matched].map(([r, m]) => `${r.id}\u0000${m}`).sort().join('\u0001'), answers: new Map() };
  memo.set(signature, found);
  return found;
}

/**
 * The facts of an item that the index's rules read (`candidates`, `targetMatches`), in words: its brand, product
 * and variants only where a rule targets them, its categories some rule catches (in its order: the first
 * one a rule catches is named), the attributes some condition reads. Items with the same signature match
 * the same rules the same way. Texts are written as JSON (control characters escaped), so no name can
 * pass for the separators.
 */
function signatureOf(index: RuleIndex, item: ItemFacts): string {
  let s = '';
  if (item.brand_id !== null && index.byBrand.has(item.brand_id)) s += `b${item.brand_id}\u0000${JSON.stringify(item.brand_name)}`;
  if (index.byProduct.has(item.product_id)) s += `\u0001p${item.product_id}`;
  if (item.variant_id !== null) {
    if (index.byVariant.has(item.variant_id)) s += `\u0001v${item.variant_id}\u0000${JSON.stringify(item.sku)}`;
  } else if (item.variants) for (const v of item.variants) if (index.byVariant.has(v.id)) s += `\u0001w${v.id}\u0000${JSON.stringify(v.sku)}`;
  for (const c of item.category_ids) if (index.ruledCategories.has(c)) s += `\u0001c${c}`;
  for (const attr in item.attributes) {
    const id = Number(attr);
    if (index.byAttribute.has(id) || index.byAttributeValue.has(id)) s += `\u0001a${attr}\u0000${JSON.stringify(item.attributes[id] ?? null)}`;
  }
  return s;
}

/** A memo per compiled index (dropped with it) and date, of up to MEMO_MAX sets of matched rules (then started afresh). */
type Memo<T> = WeakMap<RuleIndex, { date: string; byKey: Map<string, T> }>;
function memoOf<T>(memos: Memo<T>, index: RuleIndex, date: string): Map<string, T> {
  let memo = memos.get(index);
  if (!memo || memo.date !== date || memo.byKey.size >= MEMO_MAX) memos.set(index, (memo = { date, byKey: new Map() }));
  return memo.byKey;
}
const matchedMemo: Memo<Matched> = new WeakMap();
const placesMemo: Memo<PlaceResult[]> = new WeakMap();
const answersMemo: Memo<unknown> = new WeakMap();
const MEMO_MAX = 20_000;

function placesOf(index: RuleIndex, matched: ReadonlyMap<CompiledRule, string>): PlaceResult[] {
  const places: PlaceResult[] = [];
  const byState = new Map<string, Hit[]>();
  const byGroup = new Map<number, Hit[]>();
  for (const [rule, m] of matched) {
    const except = rule.except_zip_code_group_ids.map((g) => index.groups.get(g)?.name).filter(Boolean);
    const exceptWords = except.length ? ` (except zip code group${except.length > 1 ? 's' : ''} ${except.join(', ')})` : '';
    for (const s of rule.states) {
      if (rule.exceptStateSet.has(s)) continue;
      push(byState, s, { rule, matched: m, where: `in ${s}${exceptWords}` });
    }
    for (const gid of rule.zip_code_group_ids) {
      const g = index.groups.get(gid);
      if (!g || g.states.every((s) => rule.exceptStateSet.has(s))) continue;
      push(byGroup, gid, { rule, matched: m, where: `in zip code group ${g.name}` });
    }
  }
  for (const [state, hits] of [...byState].sort(([a], [b]) => a.localeCompare(b))) {
    const o = outcomeOf(hits, `in ${state}`);
    places.push({ ...o, outcome: o.outcome!, kind: 'state', place: state, zip_code_group_id: null, states: [state] });
  }
  for (const [gid, hits] of [...byGroup].sort(([a], [b]) => a - b)) {
    const g = index.groups.get(gid)!;
    const o = outcomeOf(hits, `in ${g.name}`);
    places.push({ ...o, outcome: o.outcome!, kind: 'zip_code_group', place: g.name, zip_code_group_id: gid, states: g.states });
  }
  return places;
}

// ───────────────────────────── feeds ─────────────────────────────

/** How a feed treats restricted items. */
export interface FeedRule {
  /**
   * Leave out items restricted somewhere, not only those blocked everywhere. "Restricted" is an outcome
   * that limits who may buy: block, licensed dealer only, document required. A minimum age or an adult
   * signature is a condition of delivery that applies to nearly every round sold (the federal ages), so
   * it does not count.
   */
  leave_out_restricted: boolean;
}

/** The outcomes that make an item "restricted" for a feed's rule (see `FeedRule`). */
const FEED_RESTRICTING = new Set<string>(['block', 'licensed_dealer', 'document']);

/**
 * Why a feed leaves an item out, or null to keep it. The feed's report of left-out items calls this for each item
 * with the places `whereRestricted` found: an item blocked in every state (the 50 and DC) is always
 * left out; with the feed's rule "leave out restricted items", so is any item whose outcome somewhere is
 * block, licensed dealer or document (`FeedRule`).
 */
export function excludedFromFeed(item: { title: string | null; places: readonly Pick<PlaceResult, 'kind' | 'place' | 'outcome' | 'rules'>[] }, feedRule: FeedRule): string | null {
  const blockedStates = new Set(item.places.filter((p) => p.kind === 'state' && p.outcome === 'block').map((p) => p.place));
  if (EVERY_STATE.every((s) => blockedStates.has(s))) {
    // Name the rules that block it everywhere by themselves, else every rule that blocks it somewhere.
    const statesOf = new Map<string, number>();
    for (const p of item.places) if (p.kind === 'state') for (const r of p.rules) if (r.decisive && r.effect === 'block') statesOf.set(r.name, (statesOf.get(r.name) ?? 0) + 1);
    const everywhere = [...statesOf].filter(([, n]) => n >= EVERY_STATE.length).map(([name]) => name);
    const names = (everywhere.length ? everywhere : [...statesOf.keys()]).sort();
    return `Blocked in every state (${names.join(', ')})`;
  }
  const restricted = feedRule.leave_out_restricted ? item.places.filter((p) => p.outcome !== null && FEED_RESTRICTING.has(p.outcome)) : [];
  if (restricted.length) {
    const states = new Set(restricted.filter((p) => p.kind === 'state').map((p) => p.place));
    if (EVERY_STATE.every((s) => states.has(s))) {
      // Name the rules that restrict it in every state by themselves, else the decisive ones.
      const statesOf = new Map<string, Set<string>>();
      for (const p of restricted) if (p.kind === 'state') for (const r of p.rules) if (FEED_RESTRICTING.has(r.effect)) statesOf.set(r.name, (statesOf.get(r.name) ?? new Set()).add(p.place));
      const everywhere = [...statesOf].filter(([, s]) => EVERY_STATE.every((x) => s.has(x))).map(([name]) => name);
      const rules = (everywhere.length ? everywhere : [...new Set(restricted.flatMap((p) => p.rules.filter((r) => r.decisive).map((r) => r.name)))]).sort();
      const named = rules.slice(0, 3).join(', ') + (rules.length > 3 ? ` and ${rules.length - 3} more` : '');
      return `Restricted in every state (${named}); the feed leaves out restricted items`;
    }
    const places = restricted.map((p) => p.place);
    const shown = places.slice(0, 8).join(', ') + (places.length > 8 ? ` and ${places.length - 8} more` : '');
    return `Restricted in ${shown}; the feed leaves out restricted items`;
  }
  return null;
}
