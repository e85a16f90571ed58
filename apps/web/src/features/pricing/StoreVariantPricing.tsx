/**
 * Store Variant Pricing: every store variant's price against its cost and the market for its caliber
 * and package size — flagged where it is under cost, under the margin floor, under an advertised MAP,
 * above the market or not priced — with repricing's suggestion to apply, one row or a selection.
 */
import { PriceList, REPRICING_NOTE } from './parts/PriceList';

export default function StoreVariantPricing() {
  return <PriceList description={`Prices per store against cost and the cheapest comparable competitor offer (same caliber and package size, in stock, seen in three days). ${REPRICING_NOTE}`} />;
}
