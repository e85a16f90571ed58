import { sql } from 'drizzle-orm';
import type { StatusKind } from '@qm/contracts';
import type { Db } from '../../db/connect.js';

/** Lookup lists every installation needs (production too). Codes are stable; names are what staff read. */
export const REFERENCE_STATUSES: Record<StatusKind, [code: string, name: string][]> = {
  'order-status': [
    ['pending', 'Pending'],
    ['processing', 'Processing'],
    ['awaiting_compliance', 'Awaiting Compliance Review'],
    ['awaiting_fulfillment', 'Awaiting Fulfillment'],
    ['partially_shipped', 'Partially Shipped'],
    ['shipped', 'Shipped'],
    ['delivered', 'Delivered'],
    ['on_hold', 'On Hold'],
    ['cancelled', 'Cancelled'],
    ['refunded', 'Refunded'],
  ],
  'vendor-order-status': [
    ['draft', 'Draft'],
    ['submitted', 'Submitted'],
    ['acknowledged', 'Acknowledged'],
    ['backordered', 'Backordered'],
    ['partially_shipped', 'Partially Shipped'],
    ['shipped', 'Shipped'],
    ['delivered', 'Delivered'],
    ['rejected', 'Rejected by Vendor'],
    ['cancelled', 'Cancelled'],
  ],
  'purchase-order-status': [
    ['draft', 'Draft'],
    ['submitted', 'Submitted'],
    ['confirmed', 'Confirmed'],
    ['partially_received', 'Partially Received'],
    ['received', 'Received'],
    ['closed', 'Closed'],
    ['cancelled', 'Cancelled'],
  ],
  'invoice-status': [
    ['not_invoiced', 'Not Invoiced'],
    ['invoiced', 'Invoiced'],
    ['partially_paid', 'Partially Paid'],
    ['paid', 'Paid'],
    ['disputed', 'Disputed'],
    ['void', 'Void'],
  ],
  'customer-service-status': [
    ['none', 'No Action Needed'],
    ['awaiting_customer', 'Awaiting Customer Reply'],
    ['awaiting_documents', 'Awaiting Documents (FFL / FOID / ID)'],
    ['address_verification', 'Address Verification'],
    ['escalated', 'Escalated'],
    ['resolved', 'Resolved'],
  ],
  'order-route-status': [
    ['pending', 'Pending'],
    ['computed', 'Options Computed'],
    ['needs_review', 'Needs Review'],
    ['selected', 'Option Selected'],
    ['submitted', 'Submitted to Vendors'],
    ['failed', 'No Feasible Route'],
  ],
  usecase: [
    ['target_training', 'Target & Training'],
    ['self_defense', 'Self-Defense'],
    ['hunting', 'Hunting'],
    ['competition', 'Competition'],
    ['plinking', 'Plinking'],
    ['bulk_storage', 'Bulk & Long-Term Storage'],
  ],
};

/** Inserts missing reference statuses; existing ones are left as staff edited them. */
export async function seedReference(db: Db) {
  for (const [kind, list] of Object.entries(REFERENCE_STATUSES)) {
    const values = list.map(([code, name], i) => sql`(${kind}, ${code}, ${name}, ${(i + 1) * 10})`);
    await db.execute(sql`insert into statuses (kind, code, name, sort_order) values ${sql.join(values, sql`, `)}
                         on conflict (kind, code) do nothing`);
  }
}
