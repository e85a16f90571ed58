/** Pricing area: the searches watched (target URLs), competitor offers, the competitor blacklist and excluded SKUs. */
import type { z } from 'zod';
import type {
  CompetitorBlacklistCreate,
  CompetitorBlacklistEntry,
  CompetitorBlacklistUpdate,
  CompetitorOffer,
  CompetitorOfferCreate,
  CompetitorOfferUpdate,
  ExcludeSku,
  ExcludeSkuCreate,
  ExcludeSkuUpdate,
  TargetUrl,
  TargetUrlCreate,
  TargetUrlUpdate,
} from '@qm/contracts';
import { defineResource } from '../../lib/resource';

/** An offer shows its search's name and whether its competitor is blacklisted: each list changes with the others. */
const PRICING = ['target-url', 'competitor-offer', 'competitor-blacklist'];

export const targetUrls = defineResource<TargetUrl, z.output<typeof TargetUrlCreate>, z.output<typeof TargetUrlUpdate>>('target-url', { related: PRICING });
export const competitorOffers = defineResource<CompetitorOffer, z.output<typeof CompetitorOfferCreate>, z.output<typeof CompetitorOfferUpdate>>('competitor-offer', { related: PRICING });
export const competitorBlacklist = defineResource<CompetitorBlacklistEntry, z.output<typeof CompetitorBlacklistCreate>, z.output<typeof CompetitorBlacklistUpdate>>(
  'competitor-blacklist',
  { related: PRICING },
);
export const excludeSkus = defineResource<ExcludeSku, z.output<typeof ExcludeSkuCreate>, z.output<typeof ExcludeSkuUpdate>>('exclude-sku');
