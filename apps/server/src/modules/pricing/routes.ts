/**
 * Pricing against competitors (contracts' pricing.ts): the comparison-site searches watched (target
 * URLs), the offers seen there, the competitors ignored when pricing and the SKUs repricing leaves
 * alone. Each is a resource of the CRUD kit: paged lists with their sorts and filters, validated
 * writes in one transaction with their audit entry.
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  COMPETITOR_BLACKLIST_LIST,
  COMPETITOR_OFFER_LIST,
  CompetitorBlacklistCreate,
  CompetitorBlacklistEntry,
  CompetitorBlacklistUpdate,
  CompetitorOffer,
  CompetitorOfferCreate,
  CompetitorOfferUpdate,
  EXCLUDE_SKU_LIST,
  ExcludeSku,
  ExcludeSkuCreate,
  ExcludeSkuUpdate,
  TARGET_URL_LIST,
  TargetUrl,
  TargetUrlCreate,
  TargetUrlUpdate,
  type Permission,
} from '@qm/contracts';
import { queryOne, type Db } from '../../db/connect.js';
import { competitorBlacklist, competitorOffers, excludeSkus, targetUrls } from '../../db/schema/index.js';
import { registerCrud } from '../../http/crud.js';
import { ruleViolated } from '../../http/errors.js';
import { assertStoreExists } from '../catalog/common.js';
import type { Kit } from '../../http/kit.js';
import { columns, filters, lowered, type ListSpec } from '../../http/list.js';
import { roundGroupSql } from './market.js';

const tags = ['pricing'];
const access = { read: 'pricing.read' as Permission, write: 'pricing.write' as Permission, tags };

// ───────────────────────────── target URLs ─────────────────────────────

const searchOffers = sql`(select count(*)::int from competitor_offers o where o.target_url_id = t.id)`;

const targetUrlList: ListSpec<TargetUrl> = {
  from: sql`target_urls t`,
  select: sql`t.id, t.name, t.destination, t.category, t.caliber, t.ship_rating, t.round_group, t.url, t.is_active, t.notes,
              ${searchOffers} as offer_count,
              (select max(o.seen_at) from competitor_offers o where o.target_url_id = t.id) as last_seen_at,
              t.created_at, t.updated_at, t.version`,
  sort: {
    ...columns('t', 'id', 'destination', 'category', 'created_at'),
    ...lowered('t', 'name', 'caliber'),
    offer_count: searchOffers,
  } satisfies Record<(typeof TARGET_URL_LIST.sort)[number], unknown>,
  defaultSort: 'name',
  key: sql`t.id`,
  filters: { ...filters.ints('t', 'id'), ...filters.eqs('t', 'destination', 'category'), is_active: filters.bool(sql`t.is_active`, 'is_active') },
  search: filters.ilike(sql`t.name`, sql`t.caliber`, sql`t.url`),
};

// ───────────────────────────── competitor offers ─────────────────────────────

/** The round group of an offer's rounds per package. */
const roundGroup = roundGroupSql(sql`o.rounds`);
const cpr = sql`round(o.price_cents::numeric / o.rounds, 2)`;
const blacklisted = sql`exists (select 1 from competitor_blacklist b where lower(b.competitor) = lower(o.competitor))`;

const offerList: ListSpec<CompetitorOffer> = {
  from: sql`competitor_offers o left join target_urls t on t.id = o.target_url_id`,
  select: sql`o.id, o.target_url_id, t.name as target_url_name, o.competitor, ${blacklisted} as blacklisted, o.title, o.url, o.category,
              o.caliber, o.ship_rating, o.rounds, o.price_cents, ${cpr}::float8 as cpr_cents, ${roundGroup} as round_group, o.in_stock,
              o.seen_at, o.created_at, o.updated_at, o.version`,
  sort: {
    ...columns('o', 'id', 'price_cents', 'rounds', 'seen_at'),
    ...lowered('o', 'competitor', 'title'),
    cpr_cents: cpr,
  } satisfies Record<(typeof COMPETITOR_OFFER_LIST.sort)[number], unknown>,
  defaultSort: 'cpr_cents',
  key: sql`o.id`,
  filters: {
    ...filters.ints('o', 'id', 'target_url_id'),
    ...filters.eqs('o', 'category', 'ship_rating'),
    round_group: filters.eq(roundGroup),
    // names in any case
    competitor: filters.eqAnyCase(sql`o.competitor`),
    caliber: filters.eqAnyCase(sql`o.caliber`),
    blacklisted: filters.bool(blacklisted, 'blacklisted'),
    in_stock: filters.bool(sql`o.in_stock`, 'in_stock'),
  },
  // trigram indexes on both (migration 0035); the caliber is a filter
  search: filters.ilike(sql`o.competitor`, sql`o.title`),
};

// ───────────────────────────── competitor blacklist ─────────────────────────────

const listedOffers = sql`(select count(*)::int from competitor_offers o where lower(o.competitor) = lower(b.competitor))`;

const blacklistList: ListSpec<CompetitorBlacklistEntry> = {
  from: sql`competitor_blacklist b`,
  select: sql`b.id, b.competitor, b.reason, ${listedOffers} as offer_count, b.created_at, b.updated_at, b.version`,
  sort: {
    ...columns('b', 'id', 'created_at'),
    ...lowered('b', 'competitor'),
    offer_count: listedOffers,
  } satisfies Record<(typeof COMPETITOR_BLACKLIST_LIST.sort)[number], unknown>,
  defaultSort: 'competitor',
  key: sql`b.id`,
  filters: filters.ints('b', 'id'),
  search: filters.ilike(sql`b.competitor`, sql`b.reason`),
};

// ───────────────────────────── exclude SKUs ─────────────────────────────

const excludeList: ListSpec<ExcludeSku> = {
  from: sql`exclude_skus x join variants v on v.id = x.variant_id join products p on p.id = v.product_id left join stores s on s.id = x.store_id`,
  select: sql`x.id, x.variant_id, v.sku, v.product_id, p.title as product_title, x.store_id, s.name as store_name, x.reason,
              x.created_at, x.updated_at, x.version`,
  sort: {
    ...columns('x', 'id', 'created_at'),
    sku: sql`upper(v.sku)`,
    store_name: sql`lower(coalesce(s.name, ''))`,
  } satisfies Record<(typeof EXCLUDE_SKU_LIST.sort)[number], unknown>,
  // newest first: the page's rows are joined to their variants alone (a SKU order sorts every row)
  defaultSort: '-id',
  key: sql`x.id`,
  filters: filters.ints('x', 'id', 'store_id', 'variant_id'),
  search: filters.ilike(sql`v.sku`, sql`p.title`, sql`x.reason`),
};

/** The variant of a SKU (any case) and the store named, or a 422 on the field at fault. */
async function excludeRow(db: Db, b: z.infer<typeof ExcludeSkuCreate>) {
  const v = await queryOne<{ id: number }>(db, sql`select id from variants where upper(sku) = upper(${b.sku})`);
  if (!v) throw ruleViolated(`No variant has the SKU ${b.sku}`, { sku: `No variant has the SKU ${b.sku}` });
  await assertStoreExists(db, b.store_id);
  return { variant_id: v.id, store_id: b.store_id, reason: b.reason };
}

export function pricingRoutes({ app, db }: Kit) {
  registerCrud(app, db, {
    resource: 'target-url',
    entity: 'target_url',
    noun: 'target URL',
    table: targetUrls,
    ...access,
    item: TargetUrl,
    create: TargetUrlCreate,
    update: TargetUrlUpdate,
    list: targetUrlList,
    fields: TARGET_URL_LIST,
    unique: [
      { constraint: 'target_urls_name_key', field: 'name', message: 'A target URL with this name already exists' },
      { constraint: 'target_urls_url_key', field: 'url', message: 'This search is already watched' },
    ],
    toRow: (body) => {
      const b = body as z.infer<typeof TargetUrlCreate>;
      return { name: b.name, destination: b.destination, category: b.category, caliber: b.caliber, ship_rating: b.ship_rating, round_group: b.round_group, url: b.url!, is_active: b.is_active, notes: b.notes };
    },
  });

  registerCrud(app, db, {
    resource: 'competitor-offer',
    entity: 'competitor_offer',
    noun: 'competitor offer',
    table: competitorOffers,
    ...access,
    item: CompetitorOffer,
    create: CompetitorOfferCreate,
    update: CompetitorOfferUpdate,
    list: offerList,
    fields: COMPETITOR_OFFER_LIST,
    toRow: async (body, t) => {
      const b = body as z.infer<typeof CompetitorOfferCreate>;
      if (b.target_url_id !== null && !(await queryOne(t, sql`select 1 from target_urls where id = ${b.target_url_id}`)))
        throw ruleViolated(`Target URL ${b.target_url_id} does not exist`, { target_url_id: 'No such target URL' });
      return {
        target_url_id: b.target_url_id, competitor: b.competitor, title: b.title, url: b.url, category: b.category, caliber: b.caliber,
        ship_rating: b.ship_rating, rounds: b.rounds, price_cents: b.price_cents, in_stock: b.in_stock,
        ...(b.seen_at !== undefined && { seen_at: new Date(b.seen_at) }),
      };
    },
  });

  registerCrud(app, db, {
    resource: 'competitor-blacklist',
    entity: 'competitor_blacklist',
    noun: 'blacklisted competitor',
    table: competitorBlacklist,
    ...access,
    item: CompetitorBlacklistEntry,
    create: CompetitorBlacklistCreate,
    update: CompetitorBlacklistUpdate,
    list: blacklistList,
    fields: COMPETITOR_BLACKLIST_LIST,
    unique: [{ constraint: 'competitor_blacklist_competitor_key', field: 'competitor', message: 'This competitor is already on the blacklist' }],
    toRow: (body) => ({ competitor: body.competitor, reason: body.reason }),
  });

  registerCrud(app, db, {
    resource: 'exclude-sku',
    entity: 'exclude_sku',
    noun: 'excluded SKU',
    table: excludeSkus,
    ...access,
    item: ExcludeSku,
    create: ExcludeSkuCreate,
    update: ExcludeSkuUpdate,
    list: excludeList,
    fields: EXCLUDE_SKU_LIST,
    unique: [{ constraint: 'exclude_skus_variant_store_key', field: 'sku', message: 'This SKU is already excluded for this store' }],
    toRow: (body, t) => excludeRow(t, body as z.infer<typeof ExcludeSkuCreate>),
  });
}
