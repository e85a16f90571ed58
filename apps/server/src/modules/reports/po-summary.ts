/** PO Summary Report: purchase orders by vendor, entity or month — POs, units, cost, received %, open amount. */
import { sql } from 'drizzle-orm';
import { col, contains, defineReport, daysAgo, filter, where } from '../../reports/kit.js';
import { OPEN_PO_STATUSES, poFilters } from './lookups.js';

/** The purchase orders of the filters (cancelled ones only when asked for by status). */
function poConds(f: { from?: string; to?: string; vendor_id?: number; entity?: string; status?: string; location_id?: number; number?: string }) {
  return [
    f.from && sql`po.created_at >= ${f.from}::timestamptz`,
    f.to && sql`po.created_at < (${f.to}::date + 1)::timestamptz`,
    f.vendor_id && sql`po.vendor_id = ${f.vendor_id}`,
    f.entity && sql`po.entity = ${f.entity}`,
    f.status ? sql`po.status = ${f.status}` : sql`po.status <> 'cancelled'`,
    f.location_id && sql`po.location_id = ${f.location_id}`,
    f.number && contains(sql`po.number`, f.number),
  ];
}
const poWhere = (f: Parameters<typeof poConds>[0]) => where(...poConds(f));

export const poSummary = defineReport({
  name: 'po-summary',
  title: 'PO Summary Report',
  permissions: ['reports.read'],
  filters: { ...poFilters, from: filter.date('Ordered from', { default: daysAgo(365) }) },
  groups: { vendor: 'Vendor', entity: 'Entity', month: 'Month' },
  columns: [
    col.text('vendor', 'Vendor', undefined, { groups: ['vendor'] }),
    col.text('entity', 'Entity', undefined, { groups: ['entity'] }),
    col.month('month', 'Month', undefined, { groups: ['month'] }),
    col.int('pos', 'POs', 'sum'),
    col.int('units', 'Units', 'sum'),
    col.int('units_received', 'Received', 'sum'),
    col.percent('received_pct', 'Received %', { ratio: ['units_received', 'units'] }),
    col.int('units_open', 'Open units', 'sum'),
    col.money('cost', 'Cost', 'sum'),
    col.money('open_amount', 'Open amount', 'sum'),
  ],
  // One row per purchase order with its lines' figures as the purchase order keeps them (migration
  // po_units: kept by the lines' trigger); open figures only on orders still coming.
  base: (f) => sql`
    select po.id, po.vendor_id, po.entity, to_char(po.created_at at time zone 'UTC', 'YYYY-MM') as month,
           po.units, po.units_received, case when po.status in ${OPEN_PO_STATUSES} then po.units_open else 0 end as units_open,
           po.net_cents as cost, case when po.status in ${OPEN_PO_STATUSES} then po.open_cents else 0 end as open_amount
      from purchase_orders po
      ${poWhere(f)}`,
  rows: (_f, { group }) => {
    const key = group === 'vendor' ? sql`v.name` : group === 'entity' ? sql`x.entity` : sql`x.month`;
    return sql`
      select ${key} as ${sql.identifier(group)}, count(*)::int8 as pos, sum(x.units)::int8 as units, sum(x.units_received)::int8 as units_received,
             (sum(x.units_received)::float8 / nullif(sum(x.units), 0)) as received_pct,
             sum(x.units_open)::int8 as units_open, sum(x.cost)::int8 as cost, sum(x.open_amount)::int8 as open_amount
        from report_base x ${group === 'vendor' ? sql`join vendors v on v.id = x.vendor_id` : sql``}
       group by ${group === 'vendor' ? sql`v.id` : sql`1`}`;
  },
  aggregated: true,
  key: (group) => [group],
  defaultSort: (group) => (group === 'month' ? '-month' : '-cost'),
  chart: {
    kind: 'trend',
    title: 'Cost and open amount by month',
    x: 'month',
    series: [
      { key: 'cost', label: 'Cost', type: 'money' },
      { key: 'open_amount', label: 'Open amount', type: 'money' },
    ],
    rows: () => sql`select month, sum(cost)::int8 as cost, sum(open_amount)::int8 as open_amount from report_base group by month`,
  },
});

export { poConds, poWhere };
