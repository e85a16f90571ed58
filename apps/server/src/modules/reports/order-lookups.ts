/** What the order reports share: their filters' choices and the conditions on orders and vendor orders. */
import { sql } from 'drizzle-orm';
import { contains, daysAgo, filter } from '../../reports/kit.js';
import { vendorOptions } from './lookups.js';

export const storeOptions = sql`select id as value, name as label from stores order by lower(name)`;

const ORDER_STATUSES = ['pending', 'processing', 'awaiting_compliance', 'awaiting_fulfillment', 'partially_shipped', 'shipped', 'delivered', 'on_hold', 'cancelled', 'refunded'] as const;
export const VENDOR_ORDER_STATUSES = ['draft', 'submitted', 'acknowledged', 'backordered', 'partially_shipped', 'shipped', 'delivered', 'rejected', 'cancelled'] as const;

/** Orders placed in a range, of a store and status (cancelled and refunded ones only when asked for by status). */
export const orderFilters = {
  from: filter.date('Placed from', { default: daysAgo(30) }),
  to: filter.date('Placed to'),
  store_id: filter.id('Store', storeOptions),
  status: filter.status('Status', 'order-status', ORDER_STATUSES),
};

export function orderConds(f: { from?: string; to?: string; store_id?: number; status?: string; number?: string }) {
  return [
    f.from && sql`o.placed_at >= ${f.from}::timestamptz`,
    f.to && sql`o.placed_at < (${f.to}::date + 1)::timestamptz`,
    f.store_id && sql`o.store_id = ${f.store_id}`,
    f.status ? sql`o.status = ${f.status}` : sql`o.status not in ('cancelled', 'refunded')`,
    f.number && contains(sql`o.number`, f.number),
  ];
}

/** Vendor orders created in a range, of a vendor, source kind and status (cancelled ones only when asked for). */
export const vendorOrderFilters = {
  from: filter.date('Created from', { default: daysAgo(30) }),
  to: filter.date('Created to'),
  vendor_id: filter.id('Vendor', vendorOptions),
  source_kind: filter.oneOf('Source', ['vendor', 'warehouse'] as const, { vendor: 'Drop-ship vendor', warehouse: 'Our warehouse' }),
  status: filter.status('Status', 'vendor-order-status', VENDOR_ORDER_STATUSES),
};

export function vendorOrderConds(f: { from?: string; to?: string; vendor_id?: number; source_kind?: string; status?: string }) {
  return [
    f.from && sql`vo.created_at >= ${f.from}::timestamptz`,
    f.to && sql`vo.created_at < (${f.to}::date + 1)::timestamptz`,
    f.vendor_id && sql`vo.vendor_id = ${f.vendor_id}`,
    f.source_kind && sql`vo.source_kind = ${f.source_kind}`,
    f.status ? sql`vo.status = ${f.status}` : sql`vo.status <> 'cancelled'`,
  ];
}

/**
 * A vendor order not shipped past its expected ship date (the vendor's handling days after it was
 * created, when routing left the date empty). The late-vendor-order check opens cases by the same rule.
 */
export const VO_LATE = sql`(vo.status in ('draft', 'submitted', 'acknowledged', 'backordered')
  and coalesce(vo.expected_ship_date, ((vo.created_at at time zone 'UTC')::date + coalesce(vd.handling_days, loc.handling_days, 1))) < (now() at time zone 'UTC')::date)`;

/** The source's name: the vendor's, or the warehouse's code and name. */
export const VO_SOURCE = sql`coalesce(vd.name, loc.code || ' — ' || loc.name)`;
