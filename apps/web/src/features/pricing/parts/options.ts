/** The pricing screens' choices (filters and form fields), labelled as the comparison sites name them. */
import {
  COMPETITOR_OFFER_CATEGORIES,
  COMPETITOR_OFFER_CATEGORY_LABELS,
  OFFER_SHIP_RATINGS,
  OFFER_SHIP_RATING_LABELS,
  PRICE_FLAGS,
  PRICE_FLAG_LABELS,
  ROUND_GROUPS,
  TARGET_DESTINATIONS,
  TARGET_DESTINATION_LABELS,
  TARGET_SHIP_RATINGS,
  TARGET_SHIP_RATING_LABELS,
} from '@qm/contracts';
import { mapGateOptions } from '../../../lib/lookups';

export const categoryOptions = COMPETITOR_OFFER_CATEGORIES.map((c) => ({ value: c, label: COMPETITOR_OFFER_CATEGORY_LABELS[c] }));
export const destinationOptions = TARGET_DESTINATIONS.map((d) => ({ value: d, label: TARGET_DESTINATION_LABELS[d] }));
export const roundGroupOptions = ROUND_GROUPS.map((g) => ({ value: g, label: g }));
/** A search's shipping filter on the site (`>4`, `CF/Free`). */
export const searchRatingOptions = TARGET_SHIP_RATINGS.map((r) => ({ value: r, label: `${r} — ${TARGET_SHIP_RATING_LABELS[r]}` }));
/** An offer's shipping rating (F, CF, 10 … 1). */
export const offerRatingOptions = OFFER_SHIP_RATINGS.map((r) => ({ value: r, label: `${r} — ${OFFER_SHIP_RATING_LABELS[r]}` }));
export const priceFlagOptions = PRICE_FLAGS.map((f) => ({ value: f, label: PRICE_FLAG_LABELS[f] }));
/** A store variant's MAP gate, or none (its price is advertised). */
export const mapGateFilterOptions = [{ value: 'none', label: 'Not gated (advertised)' }, ...mapGateOptions];
