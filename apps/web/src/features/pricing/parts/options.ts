/** The pricing screens' choices (filters and form fields), labelled as the comparison sites name them. */
import {
  COMPETITOR_OFFER_CATEGORIES,
  COMPETITOR_OFFER_CATEGORY_LABELS,
  OFFER_SHIP_RATINGS,
  OFFER_SHIP_RATING_LABELS,
  ROUND_GROUPS,
  TARGET_DESTINATIONS,
  TARGET_DESTINATION_LABELS,
  TARGET_SHIP_RATINGS,
  TARGET_SHIP_RATING_LABELS,
} from '@qm/contracts';

export const categoryOptions = COMPETITOR_OFFER_CATEGORIES.map((c) => ({ value: c, label: COMPETITOR_OFFER_CATEGORY_LABELS[c] }));
export const destinationOptions = TARGET_DESTINATIONS.map((d) => ({ value: d, label: TARGET_DESTINATION_LABELS[d] }));
export const roundGroupOptions = ROUND_GROUPS.map((g) => ({ value: g, label: g }));
/** A search's shipping filter on the site (`>4`, `CF/Free`). */
export const searchRatingOptions = TARGET_SHIP_RATINGS.map((r) => ({ value: r, label: `${r} — ${TARGET_SHIP_RATING_LABELS[r]}` }));
/** An offer's shipping rating (F, CF, 10 … 1). */
export const offerRatingOptions = OFFER_SHIP_RATINGS.map((r) => ({ value: r, label: `${r} — ${OFFER_SHIP_RATING_LABELS[r]}` }));
