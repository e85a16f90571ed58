/**
 * Matching a vendor's catalogue lines to our variants, set-based: by UPC first (leading zeros aside,
 * so a GTIN-14 or EAN-13 finds the UPC-A it pads; only a UPC exactly one of our variants holds), then
 * by SKU (the vendor's SKU is our SKU, case aside). Lines a person matched — or marked as none of
 * ours (`match_method = 'manual'` with no variant) — are never touched.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { VendorMatchResult } from '@qm/contracts';
import { queryOne, type Db } from '../../db/connect.js';

/** Our UPCs (without leading zeros) that exactly one variant holds, with that variant: `k`, `variant_id`. */
export const upcKeys = sql`select ltrim(upc, '0') as k, min(id) as variant_id from variants
                            where upc is not null and ltrim(upc, '0') <> '' group by 1 having count(*) = 1`;

/**
 * The variant a line with this UPC and vendor SKU would be matched to, as joins over `u` (upcKeys)
 * and `v` (variants): add `${matchJoins(upc, sku)}` after a FROM and read `mu.variant_id` / `mv.id`.
 */
export const matchJoins = (upc: SQL, sku: SQL) =>
  sql`left join u mu on ${upc} is not null and mu.k = ltrim(${upc}, '0')
      left join variants mv on upper(mv.sku) = upper(${sku})`;

/** A line that can be matched again: no variant, and not set aside by a person. */
const rematchable = sql`vp.variant_id is null and vp.match_method is distinct from 'manual'`;

/**
 * Matches the vendor's unmatched lines (all of them, in one statement) and answers how many were
 * matched by UPC, by SKU and how many are still unmatched. Runs in the caller's transaction: the
 * statement is planned with hash joins only. Just after an import added thousands of lines, the
 * statistics still say the vendor has a handful, and PostgreSQL would compare each line with every
 * UPC of ours in turn (a nested loop: 20 s for 50,000 new lines against 600 UPCs, 0.1 s hashed).
 */
export async function matchVendor(t: Db, vendorId: number): Promise<VendorMatchResult> {
  await t.execute(sql`set local enable_nestloop = off`);
  const row = await queryOne<VendorMatchResult>(
    t,
    sql`with u as (${upcKeys}),
        m as (select vp.id, coalesce(mu.variant_id, mv.id) as variant_id,
                     case when mu.variant_id is not null then 'upc' else 'sku' end as method
                from vendor_products vp ${matchJoins(sql`vp.upc`, sql`vp.vendor_sku`)}
               where vp.vendor_id = ${vendorId} and ${rematchable} and (mu.variant_id is not null or mv.id is not null)),
        done as (update vendor_products vp set variant_id = m.variant_id, match_method = m.method, updated_at = now(), version = vp.version + 1
                   from m where vp.id = m.id returning m.method)
        select (select count(*)::int from done where method = 'upc') as matched_by_upc,
               (select count(*)::int from done where method = 'sku') as matched_by_sku,
               (select count(*)::int from vendor_products where vendor_id = ${vendorId} and variant_id is null) - (select count(*)::int from done) as still_unmatched`,
  );
  await t.execute(sql`set local enable_nestloop = on`);
  return row!;
}
