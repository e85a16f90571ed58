/** Pricing area: the searches watched (target URLs), competitor offers, the competitor blacklist, excluded SKUs, MAP holidays, repricing rules, store variant prices and repricing. */
import { useMutation, useQuery } from '@tanstack/react-query';
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
  Job,
  MapHoliday,
  MapHolidayCreate,
  MapHolidayUpdate,
  PricingSummary,
  RepriceResult,
  RepricingRule,
  RepricingRuleCreate,
  RepricingRuleUpdate,
  StoreVariantPrice,
  StoreVariantPriceUpdate,
  TargetUrl,
  TargetUrlCreate,
  TargetUrlUpdate,
} from '@qm/contracts';
import { api } from '../../lib/api';
import { defineResource, invalidate } from '../../lib/resource';

/** An offer shows its search's name and whether its competitor is blacklisted: each list changes with the others. */
const PRICING = ['target-url', 'competitor-offer', 'competitor-blacklist', 'pricing/store-variant', 'pricing/summary'];

export const targetUrls = defineResource<TargetUrl, z.output<typeof TargetUrlCreate>, z.output<typeof TargetUrlUpdate>>('target-url', { related: PRICING });
export const competitorOffers = defineResource<CompetitorOffer, z.output<typeof CompetitorOfferCreate>, z.output<typeof CompetitorOfferUpdate>>('competitor-offer', { related: PRICING });
export const competitorBlacklist = defineResource<CompetitorBlacklistEntry, z.output<typeof CompetitorBlacklistCreate>, z.output<typeof CompetitorBlacklistUpdate>>(
  'competitor-blacklist',
  { related: PRICING },
);
/** A MAP holiday changes the price flags, the suggestions and the dashboard's counts. */
export const mapHolidays = defineResource<MapHoliday, z.output<typeof MapHolidayCreate>, z.output<typeof MapHolidayUpdate>>('map-holiday', { related: ['pricing/store-variant', 'pricing/summary'] });
/** A store's repricing rule changes its suggestions. */
export const repricingRules = defineResource<RepricingRule, z.output<typeof RepricingRuleCreate>, z.output<typeof RepricingRuleUpdate>>('repricing-rule', { related: ['pricing/store-variant'] });
export const excludeSkus = defineResource<ExcludeSku, z.output<typeof ExcludeSkuCreate>, z.output<typeof ExcludeSkuUpdate>>('exclude-sku', { related: ['pricing/store-variant', 'pricing/summary'] });

/** Store variant prices with the market and repricing's suggestion (Store Variant Pricing, Product Pricing); the dashboard sums them. */
const PRICES = ['pricing/store-variant', 'pricing/summary', 'product', 'store-variant'] as const;
export const storeVariantPrices = defineResource<StoreVariantPrice, never, z.output<typeof StoreVariantPriceUpdate>>('pricing/store-variant', { related: PRICES });
export const pricingSummary = defineResource<PricingSummary>('pricing/summary');

export function usePricingSummary() {
  return useQuery({ queryKey: pricingSummary.keys.all, queryFn: ({ signal }) => api.data<PricingSummary>(pricingSummary.path, undefined, signal) });
}

/** Starts the job that applies the suggested price to every store variant a list's search and filters match (202 with the job). */
export function useRepriceAll() {
  return useMutation({
    mutationFn: (list: { q: string; filter: Record<string, string[]> }) => api.post<{ data: Job }>('pricing/reprice-all', { ...(list.q.trim() ? { q: list.q } : {}), filter: list.filter }).then((r) => r.data),
  });
}

/** Sets the suggested price of the store variants named (the server computes each afresh). */
export function useReprice() {
  return useMutation({
    mutationFn: (ids: number[]) => api.post<RepriceResult>('pricing/reprice', { ids }),
    onSuccess: () => invalidate(storeVariantPrices),
  });
}
