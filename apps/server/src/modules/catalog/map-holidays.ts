/**
 * MAP holidays as the store variants read them: the days a brand's minimum advertised price is lifted
 * (contracts' MapHoliday; kept by Pricing → MAP Holidays). The day is `qm_today()` (UTC's calendar day,
 * migration 0051), so totals and values kept by the list kit are kept for that day only.
 */
import { sql, type SQL } from 'drizzle-orm';

/** A MAP holiday of the brand is on today, on the store or on every store: MAP does not bind. */
export const mapLiftedSql = (brandId: SQL, storeId: SQL): SQL =>
  sql`exists (select 1 from map_holidays mh where mh.brand_id = ${brandId} and mh.ends_on >= qm_today() and mh.starts_on <= qm_today() and (mh.store_id is null or mh.store_id = ${storeId}))`;
