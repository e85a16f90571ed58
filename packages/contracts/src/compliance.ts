import { z } from 'zod';
import { IsoDate, Name, OptDate, OptText, stampFields, Versioned } from './common.js';
import { US_STATES } from './enums.js';

/**
 * Compliance (DOMAIN "Compliance"): restriction types (what a rule does), restrictions (which items,
 * where, under which law, when), zip code groups (cities and areas by zip code, prefix or range) and
 * the restriction search that says, for items and an address, every rule that applies, the outcome
 * and why. One source for server and browser; the zip list parser is shared so the form reports the
 * same problems the API refuses.
 */

// ───────────────────────────── effects ─────────────────────────────

/** What a rule does, strictest first: this order is what "strictest" means everywhere. */
export const COMPLIANCE_EFFECTS = ['block', 'licensed_dealer', 'document', 'min_age', 'adult_signature'] as const;
export type ComplianceEffect = (typeof COMPLIANCE_EFFECTS)[number];
export const EFFECT_LABELS: Record<ComplianceEffect, string> = {
  block: 'Block',
  licensed_dealer: 'Ship only to a licensed dealer',
  document: 'Document required',
  min_age: 'Minimum age',
  adult_signature: 'Adult signature',
};
/** How an outcome reads in a sentence ("blocked", "ships only to a licensed dealer"…). */
export const EFFECT_OUTCOMES: Record<ComplianceEffect, string> = {
  block: 'blocked',
  licensed_dealer: 'ships only to a licensed dealer (FFL / licensed ammunition vendor)',
  document: 'document required',
  min_age: 'minimum age',
  adult_signature: 'adult signature required',
};
export const MIN_AGES = [18, 21] as const;

/**
 * How strict an effect is: higher is stricter. The effect order decides; between two minimum-age
 * rules the higher age is stricter.
 */
export function severityOf(effect: ComplianceEffect, minAge?: number | null): number {
  const rank = COMPLIANCE_EFFECTS.length - COMPLIANCE_EFFECTS.indexOf(effect);
  return rank * 1000 + (effect === 'min_age' ? (minAge ?? 0) : 0);
}

// ───────────────────────────── places ─────────────────────────────

/** Where a rule can apply: the 50 states, DC, the territories and military (APO/FPO) addresses. */
export const COMPLIANCE_PLACES = [...US_STATES, 'DC', 'PR', 'GU', 'VI', 'AS', 'MP', 'AA', 'AE', 'AP'] as const;
export type CompliancePlace = (typeof COMPLIANCE_PLACES)[number];
/** "Every state" for feeds: the 50 states and DC. */
export const EVERY_STATE: readonly string[] = [...US_STATES, 'DC'];
export const Place = z.enum(COMPLIANCE_PLACES, { error: 'A US state, DC, territory or military code (e.g. CA)' });

/**
 * The states of 3-digit zip prefixes (USPS sectional centres, first three digits). Used to name the
 * state of a zip given alone and to tell which states a zip code group reaches.
 */
const PREFIX_STATES: [from: number, to: number, place: CompliancePlace][] = [
  [5, 5, 'NY'], [6, 9, 'PR'], [10, 27, 'MA'], [28, 29, 'RI'], [30, 38, 'NH'], [39, 49, 'ME'], [50, 54, 'VT'], [55, 55, 'MA'],
  [56, 59, 'VT'], [60, 69, 'CT'], [70, 89, 'NJ'], [90, 98, 'AE'], [100, 149, 'NY'], [150, 196, 'PA'], [197, 199, 'DE'],
  [200, 200, 'DC'], [201, 201, 'VA'], [202, 205, 'DC'], [206, 219, 'MD'], [220, 246, 'VA'], [247, 268, 'WV'], [270, 289, 'NC'],
  [290, 299, 'SC'], [300, 319, 'GA'], [320, 339, 'FL'], [340, 340, 'AA'], [341, 349, 'FL'], [350, 369, 'AL'], [370, 385, 'TN'],
  [386, 397, 'MS'], [398, 399, 'GA'], [400, 427, 'KY'], [430, 459, 'OH'], [460, 479, 'IN'], [480, 499, 'MI'], [500, 528, 'IA'],
  [530, 549, 'WI'], [550, 567, 'MN'], [569, 569, 'DC'], [570, 577, 'SD'], [580, 588, 'ND'], [590, 599, 'MT'], [600, 629, 'IL'],
  [630, 658, 'MO'], [660, 679, 'KS'], [680, 693, 'NE'], [700, 714, 'LA'], [716, 729, 'AR'], [730, 749, 'OK'], [750, 799, 'TX'],
  [800, 816, 'CO'], [820, 831, 'WY'], [832, 838, 'ID'], [840, 847, 'UT'], [850, 865, 'AZ'], [870, 884, 'NM'], [885, 885, 'TX'],
  [889, 898, 'NV'], [900, 961, 'CA'], [962, 966, 'AP'], [967, 968, 'HI'], [969, 969, 'GU'], [970, 979, 'OR'], [980, 994, 'WA'],
  [995, 999, 'AK'],
];
/** The state (or territory, military code) of a 5-digit zip code; null when its prefix is not in use. */
export function stateOfZip(zip: string): CompliancePlace | null {
  if (!/^\d{5}/.test(zip)) return null;
  const p = Number(zip.slice(0, 3));
  return PREFIX_STATES.find(([a, b]) => p >= a && p <= b)?.[2] ?? null;
}
/** The states a range of zip codes reaches. */
export function statesOfZipRange(lo: number, hi: number): CompliancePlace[] {
  const a = Math.floor(lo / 100);
  const b = Math.floor(hi / 100);
  return [...new Set(PREFIX_STATES.filter(([f, t]) => f <= b && t >= a).map(([, , s]) => s))];
}

/** A US zip code as typed: 5 digits, optionally with the +4 (`60601-1234`); the API keeps the 5 digits. */
export const Zip5 = z
  .string()
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, 'A zip code: 5 digits (e.g. 60601)')
  .transform((z5) => z5.slice(0, 5));

// ───────────────────────────── zip code lists ─────────────────────────────

/** One entry of a zip code group as an inclusive range of 5-digit zip codes. */
export interface ZipInterval {
  entry: string;
  lo: number;
  hi: number;
}
export interface ZipListProblem {
  entry: string;
  message: string;
}

/** Splits a pasted list on new lines, commas, semicolons and spaces (dashes of ranges stay). */
export function splitZipList(text: string): string[] {
  return text
    .replace(/[–—]/g, '-')
    .replace(/\s*-\s*/g, '-')
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const pad5 = (n: number) => String(n).padStart(5, '0');

/**
 * Reads entries of a zip code group: `60601` (a zip code), `606` (a 3-digit prefix: 60600–60699),
 * `60600-60699` (a range of zip codes) or `100-104` (a range of prefixes: 10000–10499). Every problem
 * names its entry: malformed entries, a range that runs backwards, an entry listed twice, and
 * entries that overlap (one inside or across another). Nothing is dropped silently.
 */
export function parseZipEntries(entries: readonly string[]): { intervals: ZipInterval[]; problems: ZipListProblem[] } {
  const intervals: ZipInterval[] = [];
  const problems: ZipListProblem[] = [];
  const seen = new Map<string, string>();
  for (const raw of entries) {
    const entry = normaliseZipEntry(raw);
    let lo: number;
    let hi: number;
    let m: RegExpExecArray | null;
    if (/^\d{5}$/.test(entry)) lo = hi = Number(entry);
    else if (/^\d{3}$/.test(entry)) {
      lo = Number(entry) * 100;
      hi = lo + 99;
    } else if ((m = /^(\d{5})-(\d{5})$/.exec(entry))) {
      lo = Number(m[1]);
      hi = Number(m[2]);
    } else if ((m = /^(\d{3})-(\d{3})$/.exec(entry))) {
      lo = Number(m[1]) * 100;
      hi = Number(m[2]) * 100 + 99;
    } else {
      problems.push({ entry: raw, message: `“${raw}” is not a zip code (5 digits), a 3-digit prefix or a range (60600-60699, 100-104)` });
      continue;
    }
    if (hi < lo) {
      problems.push({ entry: raw, message: `“${raw}” runs backwards: its first value is greater than its last` });
      continue;
    }
    const key = `${lo}-${hi}`;
    if (seen.has(key)) {
      const first = seen.get(key)!;
      problems.push({ entry: raw, message: first === entry ? `“${raw}” is listed twice` : `“${raw}” is the same as “${first}”` });
      continue;
    }
    seen.set(key, entry);
    intervals.push({ entry, lo, hi });
  }
  const sorted = [...intervals].sort((a, b) => a.lo - b.lo || b.hi - a.hi);
  let widest: ZipInterval | undefined;
  for (const iv of sorted) {
    if (widest && iv.lo <= widest.hi)
      problems.push({
        entry: iv.entry,
        message:
          iv.hi <= widest.hi
            ? `“${iv.entry}” is inside “${widest.entry}” (${pad5(widest.lo)}–${pad5(widest.hi)})`
            : `“${iv.entry}” overlaps “${widest.entry}” (${pad5(widest.lo)}–${pad5(widest.hi)})`,
      });
    if (!widest || iv.hi > widest.hi) widest = iv;
  }
  return { intervals, problems };
}

/** The entries as the API keeps them: trimmed, en dashes as hyphens. */
export function normaliseZipEntry(e: string): string {
  return e.trim().replace(/[–—]/g, '-').replace(/\s*-\s*/g, '-');
}

const ZipEntries = z
  .array(z.string().trim().min(1, 'Empty entry').max(20, 'An entry has at most 20 characters'), { error: 'A list of zip codes' })
  .min(1, 'Give at least one zip code, prefix or range')
  .max(5000, 'At most 5,000 entries')
  .superRefine((entries, ctx) => {
    const { problems } = parseZipEntries(entries);
    if (problems.length) {
      const shown = problems.slice(0, 10).map((p) => p.message);
      const more = problems.length > 10 ? ` (and ${problems.length - 10} more)` : '';
      ctx.addIssue({ code: 'custom', message: `${shown.join('; ')}${more}` });
    }
  })
  .transform((entries) => entries.map(normaliseZipEntry));

export const ZipCodeGroup = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  entries: z.array(z.string()),
  entry_count: z.number(),
  /** The states its zip codes are in. */
  states: z.array(z.string()),
  /** Restrictions that use it (as a place or an exception). */
  used_by: z.array(z.object({ id: z.number(), name: z.string() })),
  ...stampFields,
});
export type ZipCodeGroup = z.infer<typeof ZipCodeGroup>;
export const ZipCodeGroupCreate = z.object({ name: Name, description: OptText(2000), entries: ZipEntries }).strict();
export const ZipCodeGroupUpdate = ZipCodeGroupCreate.extend(Versioned.shape);
export const ZIP_CODE_GROUP_LIST = { sort: ['id', 'name', 'created_at', 'updated_at'], filter: ['id', 'state', 'in_use'] } as const;

// ───────────────────────────── restriction types ─────────────────────────────

export const ComplianceRestrictionType = z.object({
  id: z.number(),
  name: z.string(),
  effect: z.enum(COMPLIANCE_EFFECTS),
  /** The document required (effect `document`): FOID card, firearms purchaser ID, certificate… */
  document: z.string().nullable(),
  /** The minimum age (effect `min_age`). */
  min_age: z.number().nullable(),
  description: z.string().nullable(),
  restriction_count: z.number(),
  ...stampFields,
});
export type ComplianceRestrictionType = z.infer<typeof ComplianceRestrictionType>;
const restrictionTypeShape = {
  name: Name,
  effect: z.enum(COMPLIANCE_EFFECTS, { error: `One of: ${COMPLIANCE_EFFECTS.join(', ')}` }),
  document: OptText(200),
  min_age: z
    .union([z.literal(18), z.literal(21)], { error: 'Minimum age is 18 or 21' })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  description: OptText(2000),
};
function typeCheck(t: { effect: ComplianceEffect; document?: string | null; min_age?: number | null }, ctx: z.RefinementCtx) {
  if (t.effect === 'document' && !t.document) ctx.addIssue({ code: 'custom', path: ['document'], message: 'Name the document required (e.g. FOID card)' });
  if (t.effect !== 'document' && t.document) ctx.addIssue({ code: 'custom', path: ['document'], message: 'Only a “Document required” type names a document' });
  if (t.effect === 'min_age' && !t.min_age) ctx.addIssue({ code: 'custom', path: ['min_age'], message: 'Choose the minimum age (18 or 21)' });
  if (t.effect !== 'min_age' && t.min_age) ctx.addIssue({ code: 'custom', path: ['min_age'], message: 'Only a “Minimum age” type has an age' });
}
export const ComplianceRestrictionTypeCreate = z.object(restrictionTypeShape).strict().superRefine(typeCheck);
export const ComplianceRestrictionTypeUpdate = z
  .object({ ...restrictionTypeShape, ...Versioned.shape })
  .strict()
  .superRefine(typeCheck);
export const COMPLIANCE_RESTRICTION_TYPE_LIST = { sort: ['id', 'name', 'effect', 'created_at'], filter: ['id', 'effect'] } as const;

// ───────────────────────────── restrictions ─────────────────────────────

export const TARGET_KINDS = ['brand', 'category', 'product', 'variant', 'attribute'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];
export const TARGET_KIND_LABELS: Record<TargetKind, string> = {
  brand: 'Brand',
  category: 'Category (with its subcategories)',
  product: 'Product',
  variant: 'Variant',
  attribute: 'Attribute condition',
};
export const ATTRIBUTE_OPS = ['gt', 'gte', 'lt', 'lte', 'eq', 'in'] as const;
export type AttributeOp = (typeof ATTRIBUTE_OPS)[number];
export const ATTRIBUTE_OP_LABELS: Record<AttributeOp, string> = { gt: '>', gte: '≥', lt: '<', lte: '≤', eq: '=', in: 'is one of' };

const Id = z.number().int().positive().max(2_147_483_647);
const Places = z.array(Place).max(COMPLIANCE_PLACES.length);
const GroupIds = z.array(Id).max(200);

export const ComplianceRestriction = z.object({
  id: z.number(),
  name: z.string(),
  restriction_type_id: z.number(),
  restriction_type_name: z.string(),
  effect: z.enum(COMPLIANCE_EFFECTS),
  document: z.string().nullable(),
  min_age: z.number().nullable(),
  target_kind: z.enum(TARGET_KINDS),
  target_id: z.number().nullable(),
  attribute_id: z.number().nullable(),
  attribute_op: z.enum(ATTRIBUTE_OPS).nullable(),
  attribute_values: z.array(z.string()),
  /** The target in words ("Brand Magpul", "Magazine Capacity > 10"). */
  target_label: z.string(),
  states: z.array(z.string()),
  except_states: z.array(z.string()),
  zip_code_group_ids: z.array(z.number()),
  except_zip_code_group_ids: z.array(z.number()),
  zip_code_groups: z.array(z.object({ id: z.number(), name: z.string() })),
  except_zip_code_groups: z.array(z.object({ id: z.number(), name: z.string() })),
  citation: z.string(),
  citation_url: z.string().nullable(),
  effective_from: z.string().nullable(),
  effective_to: z.string().nullable(),
  notes: z.string().nullable(),
  is_active: z.boolean(),
  /** Active and within its dates today. */
  in_force: z.boolean(),
  ...stampFields,
});
export type ComplianceRestriction = z.infer<typeof ComplianceRestriction>;

const restrictionShape = {
  name: Name,
  restriction_type_id: Id,
  target_kind: z.enum(TARGET_KINDS, { error: `One of: ${TARGET_KINDS.join(', ')}` }),
  target_id: Id.nullable().optional().transform((v) => v ?? null),
  attribute_id: Id.nullable().optional().transform((v) => v ?? null),
  attribute_op: z.enum(ATTRIBUTE_OPS).nullable().optional().transform((v) => v ?? null),
  attribute_values: z.array(z.string().trim().min(1, 'Empty value').max(100, 'At most 100 characters')).max(50).default([]),
  states: Places.default([]),
  except_states: Places.default([]),
  zip_code_group_ids: GroupIds.default([]),
  except_zip_code_group_ids: GroupIds.default([]),
  citation: z.string().trim().min(1, 'Give the law or rule this comes from').max(500, 'At most 500 characters'),
  citation_url: z
    .string()
    .trim()
    .max(1000, 'At most 1000 characters')
    .regex(/^https?:\/\/\S+$/, 'A web address (https://…)')
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
  effective_from: OptDate,
  effective_to: OptDate,
  notes: OptText(4000),
  is_active: z.boolean().default(true),
};
type RestrictionInput = z.infer<z.ZodObject<typeof restrictionShape>>;
function restrictionCheck(r: RestrictionInput, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (r.target_kind === 'attribute') {
    if (!r.attribute_id) issue('attribute_id', 'Choose the attribute of the condition');
    if (!r.attribute_op) issue('attribute_op', 'Choose how the value compares');
    if (!r.attribute_values.length) issue('attribute_values', 'Give the value(s) to compare with');
    else if (r.attribute_op && r.attribute_op !== 'in') {
      if (r.attribute_values.length !== 1) issue('attribute_values', 'Give exactly one value to compare with');
      else if (r.attribute_op !== 'eq' && !Number.isFinite(Number(r.attribute_values[0]))) issue('attribute_values', 'Compare with a number');
    }
    if (r.target_id) issue('target_id', 'An attribute condition has no other target');
  } else {
    if (!r.target_id) issue('target_id', `Choose the ${r.target_kind}`);
    if (r.attribute_id || r.attribute_op || r.attribute_values.length) issue('attribute_id', 'Only an attribute condition has an attribute');
  }
  if (!r.states.length && !r.zip_code_group_ids.length) issue('states', 'Say where it applies: one or more states, zip code groups, or both');
  const both = r.states.filter((s) => r.except_states.includes(s));
  if (both.length) issue('except_states', `${both.join(', ')} cannot be both a place and an exception`);
  const bothGroups = r.zip_code_group_ids.filter((g) => r.except_zip_code_group_ids.includes(g));
  if (bothGroups.length) issue('except_zip_code_group_ids', 'A zip code group cannot be both a place and an exception');
  if (new Set(r.states).size !== r.states.length) issue('states', 'A state is listed twice');
  if (new Set(r.zip_code_group_ids).size !== r.zip_code_group_ids.length) issue('zip_code_group_ids', 'A zip code group is listed twice');
  if (r.effective_from && r.effective_to && r.effective_to < r.effective_from) issue('effective_to', 'Ends before it starts');
}
export const ComplianceRestrictionCreate = z.object(restrictionShape).strict().superRefine(restrictionCheck);
export const ComplianceRestrictionUpdate = z
  .object({ ...restrictionShape, ...Versioned.shape })
  .strict()
  .superRefine(restrictionCheck);
export type ComplianceRestrictionCreate = z.infer<typeof ComplianceRestrictionCreate>;
export const COMPLIANCE_RESTRICTION_LIST = {
  sort: ['id', 'name', 'effective_from', 'effective_to', 'created_at', 'updated_at'],
  filter: ['id', 'state', 'restriction_type_id', 'effect', 'target_kind', 'in_force_on', 'is_active', 'zip_code_group_id'],
} as const;

/** The products a restriction catches: how many, and a few of them. */
export const RestrictionCatch = z.object({
  product_count: z.number(),
  sample: z.array(z.object({ id: z.number(), title: z.string().nullable(), sku: z.string().nullable(), brand_name: z.string().nullable() })),
});
export type RestrictionCatch = z.infer<typeof RestrictionCatch>;

export const RestrictionHistoryEntry = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  user_name: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type RestrictionHistoryEntry = z.infer<typeof RestrictionHistoryEntry>;

// ───────────────────────────── search ─────────────────────────────

export const CheckItem = z
  .object({
    product_id: Id.optional(),
    variant_id: Id.optional(),
    quantity: z.number().int().min(1).max(1_000_000).default(1),
  })
  .strict()
  .refine((i) => (i.product_id === undefined) !== (i.variant_id === undefined), 'Give a product or a variant');
export type CheckItem = z.infer<typeof CheckItem>;

const Day = IsoDate.optional();
export const ComplianceCheckBody = z
  .object({
    items: z.array(CheckItem).min(1, 'Give at least one item').max(200, 'At most 200 items'),
    state: Place,
    zip: Zip5.optional().or(z.literal('').transform(() => undefined)),
    date: Day,
  })
  .strict();
export type ComplianceCheckBody = z.infer<typeof ComplianceCheckBody>;

/** One rule as it applies to one item: what matched, where, the citation; `decisive` when it sets the outcome. */
export const AppliedRule = z.object({
  id: z.number(),
  name: z.string(),
  restriction_type_name: z.string(),
  effect: z.enum(COMPLIANCE_EFFECTS),
  document: z.string().nullable(),
  min_age: z.number().nullable(),
  matched: z.string(),
  where: z.string(),
  citation: z.string(),
  citation_url: z.string().nullable(),
  decisive: z.boolean(),
});
export type AppliedRule = z.infer<typeof AppliedRule>;

export const ItemOutcome = z.object({
  product_id: z.number(),
  variant_id: z.number().nullable(),
  sku: z.string().nullable(),
  title: z.string().nullable(),
  quantity: z.number(),
  /** The strictest effect; null: allowed. */
  outcome: z.enum(COMPLIANCE_EFFECTS).nullable(),
  /** Documents required and the minimum age, when the outcome needs them. */
  documents: z.array(z.string()),
  min_age: z.number().nullable(),
  reason: z.string(),
  rules: z.array(AppliedRule),
});
export type ItemOutcome = z.infer<typeof ItemOutcome>;

export const ComplianceCheckResult = z.object({
  date: z.string(),
  state: z.string(),
  zip: z.string().nullable(),
  /** The strictest outcome over the items; null: everything may ship there. */
  outcome: z.enum(COMPLIANCE_EFFECTS).nullable(),
  items: z.array(ItemOutcome),
  /** Warnings about the address (a zip outside the state). */
  notes: z.array(z.string()),
});
export type ComplianceCheckResult = z.infer<typeof ComplianceCheckResult>;

export const ComplianceWhereBody = z
  .object({ items: z.array(CheckItem).min(1, 'Give at least one item').max(50, 'At most 50 items'), date: Day })
  .strict();
export const PlaceOutcome = z.object({
  kind: z.enum(['state', 'zip_code_group']),
  /** A state code, or a zip code group's name. */
  place: z.string(),
  zip_code_group_id: z.number().nullable(),
  /** States a zip code group reaches. */
  states: z.array(z.string()),
  outcome: z.enum(COMPLIANCE_EFFECTS),
  reason: z.string(),
  rules: z.array(AppliedRule),
});
export type PlaceOutcome = z.infer<typeof PlaceOutcome>;
export const ItemPlaces = z.object({
  product_id: z.number(),
  variant_id: z.number().nullable(),
  sku: z.string().nullable(),
  title: z.string().nullable(),
  /** States where some rule applies at the state level, strictest outcome per state. */
  restricted_states: z.array(z.string()),
  places: z.array(PlaceOutcome),
});
export type ItemPlaces = z.infer<typeof ItemPlaces>;
export const ComplianceWhereResult = z.object({ date: z.string(), items: z.array(ItemPlaces) });
export type ComplianceWhereResult = z.infer<typeof ComplianceWhereResult>;

export const CompliancePlaceQuery = z
  .object({
    state: Place.optional(),
    zip: Zip5.optional(),
    date: Day,
  })
  .strict()
  .refine((q) => q.state !== undefined || q.zip !== undefined, 'Give a state or a zip code');
export const PlaceRule = z.object({
  id: z.number(),
  name: z.string(),
  target_label: z.string(),
  where: z.string(),
  citation: z.string(),
  citation_url: z.string().nullable(),
  /** Products it catches in the catalogue. */
  product_count: z.number(),
});
export const CompliancePlaceResult = z.object({
  date: z.string(),
  state: z.string(),
  zip: z.string().nullable(),
  types: z.array(
    z.object({
      restriction_type_id: z.number(),
      name: z.string(),
      effect: z.enum(COMPLIANCE_EFFECTS),
      document: z.string().nullable(),
      min_age: z.number().nullable(),
      rules: z.array(PlaceRule),
    }),
  ),
  notes: z.array(z.string()),
});
export type CompliancePlaceResult = z.infer<typeof CompliancePlaceResult>;
