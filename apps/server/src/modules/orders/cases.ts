/**
 * Order resolution cases: something about an order that needs a person (SPEC `order-resolution`).
 * Every area that finds or clears such a reason calls these, inside the transaction of the write that
 * found or cleared it (routing: `unroutable`, `compliance_hold`; vendor orders: `vendor_backorder`,
 * `vendor_late`; orders: `address_problem`, `payment_problem`, `cs_open`). At most one case per order
 * and reason is open; the order's `open_cases`, `compliance_hold` and `is_late` follow by trigger.
 */
import { sql } from 'drizzle-orm';
import { query, type Db } from '../../db/connect.js';
import type { RESOLUTION_REASONS } from '../../db/schema/orders.js';

export type ResolutionReason = (typeof RESOLUTION_REASONS)[number];

/** Opens the case (or, when one is open, brings its detail up to date). */
export async function openCase(db: Db, orderId: number, reason: ResolutionReason, detail: string): Promise<void> {
  await query(
    db,
    sql`insert into order_resolution_cases (order_id, store_id, reason, detail)
        select id, store_id, ${reason}, ${detail} from orders where id = ${orderId}
        on conflict (order_id, reason) where resolved_at is null do update set detail = excluded.detail
        where order_resolution_cases.detail is distinct from excluded.detail`,
  );
}

/** Closes the open case of this reason, if any, saying how it ended; true when one was open. */
export async function resolveCase(db: Db, orderId: number, reason: ResolutionReason, resolution: string, userId: number | null): Promise<boolean> {
  const rows = await query(
    db,
    sql`update order_resolution_cases set resolved_at = now(), resolved_by = ${userId}, resolution = ${resolution}
         where order_id = ${orderId} and reason = ${reason} and resolved_at is null returning id`,
  );
  return rows.length > 0;
}

/** Opens or closes the case as `open` says: the one call for a reason that a check re-evaluates. */
export async function setCase(db: Db, orderId: number, reason: ResolutionReason, open: string | null, userId: number | null, resolution = 'reason gone'): Promise<void> {
  if (open) await openCase(db, orderId, reason, open);
  else await resolveCase(db, orderId, reason, resolution, userId);
}
