/**
 * Repricing rules (contracts' RepricingRule): per store, how far under the market its suggestions aim
 * and how far one step may move a price. A resource of the CRUD kit; the suggestion reads its store's
 * rule through `ruleTermsSql` (prices.ts), the defaults where the store has none.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { REPRICE_MAX_STEP_PCT, REPRICE_UNDERCUT_CPR_CENTS, REPRICING_RULE_LIST, RepricingRule, RepricingRuleCreate, RepricingRuleUpdate, type Permission } from '@qm/contracts';
import { queryOne, type Db } from '../../db/connect.js';
import { repricingRules } from '../../db/schema/index.js';
import { registerCrud } from '../../http/crud.js';
import type { Kit } from '../../http/kit.js';
import { assertStoreExists } from '../catalog/common.js';
import { columns, filters, type ListSpec } from '../../http/list.js';

type Body = z.infer<typeof RepricingRuleCreate>;

const list: ListSpec<RepricingRule> = {
  from: sql`repricing_rules r join stores s on s.id = r.store_id`,
  select: sql`r.id, r.store_id, s.name as store_name, r.undercut_cpr_cents::float8 as undercut_cpr_cents, r.max_step_pct, r.note,
              r.created_at, r.updated_at, r.version`,
  sort: {
    ...columns('r', 'id', 'undercut_cpr_cents', 'max_step_pct', 'updated_at'),
    store_name: sql`lower(s.name)`,
  } satisfies Record<(typeof REPRICING_RULE_LIST.sort)[number], unknown>,
  defaultSort: 'store_name',
  key: sql`r.id`,
  filters: filters.ints('r', 'id', 'store_id'),
  search: filters.ilike(sql`s.name`, sql`r.note`),
};

/**
 * The undercut and the largest step for the store of `storeId` (an SQL expression of the row): its
 * rule's, else the defaults — two columns of a price row, read by key (the rule's unique store).
 */
export const ruleTermsSql = (storeId: SQL) => sql`
  coalesce((select r.undercut_cpr_cents from repricing_rules r where r.store_id = ${storeId}), ${sql.raw(String(REPRICE_UNDERCUT_CPR_CENTS))})::float8 as undercut_cpr_cents,
  coalesce((select r.max_step_pct from repricing_rules r where r.store_id = ${storeId}), ${sql.raw(String(REPRICE_MAX_STEP_PCT))}) as max_step_pct`;

export function repricingRuleRoutes({ app, db }: Kit) {
  registerCrud(app, db, {
    resource: 'repricing-rule',
    entity: 'repricing_rule',
    noun: 'repricing rule',
    table: repricingRules,
    read: 'pricing.read' as Permission,
    write: 'pricing.write' as Permission,
    tags: ['pricing'],
    item: RepricingRule,
    create: RepricingRuleCreate,
    update: RepricingRuleUpdate,
    list,
    fields: REPRICING_RULE_LIST,
    unique: [
      {
        constraint: 'repricing_rules_store_key',
        field: 'store_id',
        message: 'The store has a repricing rule already: change that one',
        holder: async (t: Db, [store]) => {
          const r = await queryOne<{ id: number; name: string }>(t, sql`select r.id, s.name from repricing_rules r join stores s on s.id = r.store_id where r.store_id = ${Number(store)}`);
          return r ? { id: r.id, label: `${r.name}'s rule`, path: `/repricing-rule?edit=${r.id}` } : undefined;
        },
      },
    ],
    beforeWrite: (t, body) => assertStoreExists(t, (body as Body).store_id),
    toRow: (body) => {
      const b = body as Body;
      return { store_id: b.store_id, undercut_cpr_cents: b.undercut_cpr_cents.toFixed(2), max_step_pct: b.max_step_pct, note: b.note };
    },
  });
}
