import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { stamps, textList } from './core.js';
import { attributes } from './catalog.js';

/**
 * Compliance: restriction types (what a rule does), zip code groups (areas by zip code, prefix or
 * range), restrictions (a target, where, a type, the law, effective dates) and their zip code groups.
 * `compliance_revision` is one row moved by statement triggers on these tables (and on the names the
 * rules show: brands, categories, attributes), so every API process knows when its compiled rules are
 * out of date (migration `compliance_triggers`).
 */

export const complianceRestrictionTypes = pgTable(
  'compliance_restriction_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    effect: text('effect').notNull(),
    document: text('document'),
    min_age: integer('min_age'),
    description: text('description'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('compliance_restriction_types_name_key').on(sql`lower(${t.name})`),
    check('compliance_restriction_types_effect_check', sql`effect in ('block', 'licensed_dealer', 'document', 'min_age', 'adult_signature')`),
    check('compliance_restriction_types_detail_check', sql`(effect = 'document') = (document is not null) and (effect = 'min_age') = (min_age is not null)`),
    check('compliance_restriction_types_age_check', sql`min_age is null or min_age in (18, 21)`),
  ],
);

export const zipCodeGroups = pgTable(
  'zip_code_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    /** Entries as staff gave them: `60601`, `606` (prefix), `60600-60699`, `100-104` (prefix range). */
    entries: textList('entries'),
    /** The states its zip codes are in (by their 3-digit prefixes), written with the entries. */
    states: textList('states'),
    ...stamps(),
  },
  (t) => [uniqueIndex('zip_code_groups_name_key').on(sql`lower(${t.name})`), index('zip_code_groups_states_idx').using('gin', t.states)],
);

export const complianceRestrictions = pgTable(
  'compliance_restrictions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    restriction_type_id: integer('restriction_type_id')
      .notNull()
      .references(() => complianceRestrictionTypes.id),
    target_kind: text('target_kind').notNull(),
    /** The brand, category, product or variant (no foreign key: one column for four tables; checked on write). */
    target_id: integer('target_id'),
    attribute_id: integer('attribute_id').references(() => attributes.id),
    attribute_op: text('attribute_op'),
    attribute_values: textList('attribute_values'),
    states: textList('states'),
    except_states: textList('except_states'),
    citation: text('citation').notNull(),
    citation_url: text('citation_url'),
    effective_from: date('effective_from', { mode: 'string' }),
    effective_to: date('effective_to', { mode: 'string' }),
    notes: text('notes'),
    is_active: boolean('is_active').notNull().default(true),
    ...stamps(),
  },
  (t) => [
    index('compliance_restrictions_type_idx').on(t.restriction_type_id),
    index('compliance_restrictions_target_idx').on(t.target_kind, t.target_id),
    index('compliance_restrictions_states_idx').using('gin', t.states),
    check('compliance_restrictions_target_kind_check', sql`target_kind in ('brand', 'category', 'product', 'variant', 'attribute')`),
    check(
      'compliance_restrictions_target_check',
      sql`(target_kind = 'attribute') = (attribute_id is not null and attribute_op is not null) and (target_kind = 'attribute') = (target_id is null)`,
    ),
    check('compliance_restrictions_op_check', sql`attribute_op is null or attribute_op in ('gt', 'gte', 'lt', 'lte', 'eq', 'in')`),
    check('compliance_restrictions_dates_check', sql`effective_to is null or effective_from is null or effective_to >= effective_from`),
  ],
);

/** Zip code groups a restriction applies in (`is_except` false) or leaves out (`is_except` true). */
export const complianceRestrictionZipGroups = pgTable(
  'compliance_restriction_zip_groups',
  {
    restriction_id: integer('restriction_id')
      .notNull()
      .references(() => complianceRestrictions.id, { onDelete: 'cascade' }),
    zip_code_group_id: integer('zip_code_group_id')
      .notNull()
      .references(() => zipCodeGroups.id),
    is_except: boolean('is_except').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.restriction_id, t.zip_code_group_id] }), index('compliance_restriction_zip_groups_group_idx').on(t.zip_code_group_id)],
);

/** One row (id 1): moved on every change of the rules, read once per check. */
export const complianceRevision = pgTable(
  'compliance_revision',
  {
    id: integer('id').primaryKey(),
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('compliance_revision_one_row', sql`id = 1`)],
);

/**
 * Products per brand, per category (rows of product_categories) and per canonical value of the
 * attributes whose values are few (number, boolean, select, measurement; key: the value's text, lower
 * case). Derived data kept by statement triggers on products, product_categories and attribute_data
 * (migration 0022); the place search adds them up per rule.
 */
export const complianceCatalogueCounts = pgTable(
  'compliance_catalogue_counts',
  {
    kind: text('kind').notNull(),
    attribute_id: integer('attribute_id').notNull().default(0),
    key: text('key').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ name: 'compliance_catalogue_counts_pkey', columns: [t.kind, t.attribute_id, t.key] }),
    check('compliance_catalogue_counts_kind_check', sql`${t.kind} in ('brand', 'category', 'value')`),
  ],
);
