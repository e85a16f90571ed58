/**
 * Reading orders: the Orders list (a list spec: paging, sorting, filters, search) and one order's
 * detail (customer, addresses, items with cost and margin, routes, vendor orders, history, notes,
 * cases) in one statement.
 *
 * The list stays fast at a million orders: the default order walks `orders_placed_idx`; each filter
 * has an index that serves it in that order (status, store, flags, customer-service and internal
 * status: migrations orders and orders_list_indexes); the search finds its rows through its own
 * index — the number's and the email's prefix (`text_pattern_ops`), the customer's name (trigrams),
 * a SKU through `order_items` — and the list kit sorts few matches itself (search-first).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ListQuery, OrderDetail, OrderListItem, ORDER_LIST } from '@qm/contracts';
import { queryOne, query, type Db } from '../../db/connect.js';
import { ORDER_REVENUE } from '../../db/schema/orders.js';
import { notFound } from '../../http/errors.js';
import { columns, filters, filterValues, hasFilters, intOf, type ListSpec } from '../../http/list.js';
import { allowedStatuses } from './order-state.js';

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What the search text is: a SKU some order line carries, or anything else; and for a text searched
 * by several fields, which of the number's and the email's prefix some order has at all (a field no
 * order starts with is left out of the test: the same matches, and a walk testing one expression
 * where it tested three — a last name's page 0.6 → 0.25 ms on a million orders).
 */
interface Resolved {
  sku: string | null;
  /** Some order's number starts with the text (undefined: not looked up, tested as any other) */
  number?: boolean;
  /** Some order's email starts with the text (undefined: not looked up) */
  email?: boolean;
}

/**
 * `q`: a SKU (exactly, when a variant has it) → the orders with a line of it; an email (with @) →
 * the email's prefix; words with a space → the customer's name from its start ("james sm");
 * otherwise the order number's prefix, the email's prefix or (three characters or more, and no
 * digit) a part of the customer's name.
 */
function orderSearch(q: string, r: Resolved): SQL {
  // The SKU's lines first (its index), then their orders: counting the matches stays one index read
  // (an EXISTS per order would probe every order's lines to count them).
  if (r.sku) return sql`o.id in (select si.order_id from order_items si where upper(si.sku) = ${r.sku})`;
  const lower = q.toLowerCase();
  if (lower.includes('@')) return sql`lower(o.customer_email) like ${`${escapeLike(lower)}%`}`;
  // A full name is typed from its start: its prefix index finds it (a part of a name: the trigrams).
  if (/\s/.test(lower)) return sql`lower(o.customer_name) like ${`${escapeLike(lower)}%`}`;
  const conds: SQL[] = [];
  if (r.number !== false) conds.push(sql`upper(o.number) like ${`${escapeLike(q.toUpperCase())}%`}`);
  if (r.email !== false) conds.push(sql`lower(o.customer_email) like ${`${escapeLike(lower)}%`}`);
  // A digit makes it a number (or an email's start), never a name: the names' trigrams are not read.
  if (lower.length >= 3 && !/\d/.test(lower)) conds.push(sql`lower(o.customer_name) like ${`%${escapeLike(lower)}%`}`);
  return conds.length ? sql.join(conds, sql` or `) : sql`false`;
}

const flag = (expr: SQL, field: string) => filters.bool(expr, field);
const ORDER_DEFAULT_SORT = '-placed_at';

/** The keys of the first `rows` orders meeting `test`, newest first (ties by id): a page narrowed to them (the list kit's `narrowPage`). */
const newestKeys = (test: SQL, rows: number): SQL | undefined =>
  Number.isSafeInteger(rows) ? sql`o.id in (select o.id from orders o where ${test} order by o.placed_at desc, o.id desc limit ${sql.raw(String(rows))})` : undefined;

/**
 * The page of a search in the list's default order and without filters, when it is broad (more
 * matches than the list kit sorts itself) or a SKU. A SKU's orders, newest first, are the first
 * entries of `order_items_sku_idx` (its lines carry their order's placed_at, migration 0040): the
 * page's keys read from the index alone, however many orders carry it. Other searches walk
 * `orders_placed_idx` newest first reading the index alone — it holds the number, email and name the
 * text search tests (migration 0033) — where the list's own plan fetched every order it walked from
 * the table to test it (a common last name: ~800 orders walked for a page of 25).
 */
export function broadSearchPage(q: ListQuery, rows: number, r: Resolved): SQL | undefined {
  const text = q.q?.trim();
  if (!text || hasFilters(q) || (q.sort !== undefined && q.sort !== ORDER_DEFAULT_SORT) || !Number.isSafeInteger(rows)) return undefined;
  // a line per order and SKU in practice; DISTINCT ON keeps an order with two lines of it once
  if (r.sku)
    return sql`o.id in (select distinct on (si.placed_at, si.order_id) si.order_id from order_items si where upper(si.sku) = ${r.sku}
                        order by si.placed_at desc, si.order_id desc limit ${sql.raw(String(rows))})`;
  // "is true": the test is evaluated on the index's tuples as they are walked; left bare, PostgreSQL may
  // read the matches through the name's trigrams and sort them (it estimated 837 of a name's 22,385
  // matches: 17,000 heap pages a page, 650 ms, against 21 ms walking the index)
  return newestKeys(sql`(${orderSearch(text, r)}) is true`, rows);
}

/**
 * One store's orders in one status (no search, no other filter), in the default order: the page's
 * keys read from `orders_store_status_placed_idx` alone (migration 0036). Left to itself PostgreSQL
 * walks every order by date and tests both, passing over thousands of recent orders in other statuses
 * (it cannot know the newest are rarely delivered yet): 5–11 ms against 0.1 for a page on 1M orders.
 */
export function storeStatusPage(q: ListQuery, rows: number): SQL | undefined {
  if (q.q?.trim() || (q.sort !== undefined && q.sort !== ORDER_DEFAULT_SORT)) return undefined;
  const sent = new Map(Object.entries(q.filter ?? {}).map(([k, v]) => [k, filterValues(v)] as const).filter(([, vs]) => vs.length > 0));
  const [store, status] = [sent.get('store_id'), sent.get('status')];
  const id = store?.length === 1 ? intOf(store[0]!) : null;
  if (sent.size !== 2 || id === null || status?.length !== 1) return undefined;
  return newestKeys(sql`o.store_id = ${sql.raw(String(id))} and o.status = ${status[0]!}`, rows);
}

export const orderList: ListSpec<OrderListItem, Resolved> = {
  // One table, the names looked up per row of the page: a search reads its matches once and sorts them (search-first)
  from: sql`orders o`,
  select: sql`o.id, o.number, o.placed_at, o.store_id, (select s.name from stores s where s.id = o.store_id) as store_name, o.status, o.internal_status_id,
              (select ist.name from internal_statuses ist where ist.id = o.internal_status_id) as internal_status_name,
              o.cs_status, o.customer_name, o.customer_email, o.item_count, o.units, o.total_cents,
              ${ORDER_REVENUE} as revenue_cents, o.cost_cents, o.margin_cents,
              o.compliance_hold, o.is_split, o.is_late, o.open_cases, o.created_at, o.updated_at, o.version`,
  sort: {
    ...columns('o', 'id', 'placed_at', 'status', 'total_cents', 'margin_cents'),
    number: sql`upper(o.number)`,
  } satisfies Record<(typeof ORDER_LIST.sort)[number], SQL>,
  defaultSort: ORDER_DEFAULT_SORT,
  key: sql`o.id`,
  filters: {
    ...filters.ints('o', 'id', 'store_id', 'internal_status_id'),
    ...filters.eqs('o', 'status', 'cs_status'),
    compliance_hold: flag(sql`o.compliance_hold`, 'compliance_hold'),
    is_split: flag(sql`o.is_split`, 'is_split'),
    is_late: flag(sql`o.is_late`, 'is_late'),
    has_cases: flag(sql`(o.open_cases > 0)`, 'has_cases'),
    ...filters.dateRange(sql`o.placed_at`),
  } satisfies Record<(typeof ORDER_LIST.filter)[number], unknown>,
  resolve: async (db: Db, q: ListQuery): Promise<Resolved> => {
    const text = q.q?.trim();
    if (!text || /[\s@]/.test(text)) return { sku: null };
    // A SKU has no spaces and no @; only one a variant has is searched as a SKU. Otherwise whether some
    // order's number or email starts with the text: each one probe of its prefix index.
    const upper = text.toUpperCase();
    const found = await queryOne<Required<Resolved>>(
      db,
      sql`select ${text.length > 64 ? sql`null::text` : sql`(select upper(v.sku) from variants v where upper(v.sku) = ${upper} limit 1)`} as sku,
                 exists (select 1 from orders o where upper(o.number) like ${`${escapeLike(upper)}%`}) as number,
                 exists (select 1 from orders o where lower(o.customer_email) like ${`${escapeLike(text.toLowerCase())}%`}) as email`,
    );
    return found ?? { sku: null };
  },
  search: orderSearch,
  tuning: { narrowPage: (q, rows, r) => broadSearchPage(q, rows, r) ?? storeStatusPage(q, rows) },
  csv: [
    { key: 'number', header: 'Number' },
    { key: 'placed_at', header: 'Placed' },
    { key: 'store_name', header: 'Store' },
    { key: 'status', header: 'Status' },
    { key: 'internal_status_name', header: 'Internal status' },
    { key: 'cs_status', header: 'Customer service' },
    { key: 'customer_name', header: 'Customer' },
    { key: 'customer_email', header: 'Email' },
    { key: 'item_count', header: 'Items' },
    { key: 'units', header: 'Units' },
    { key: 'total_cents', header: 'Total ($)', value: (r) => r.total_cents / 100 },
    { key: 'cost_cents', header: 'Cost ($)', value: (r) => (r.cost_cents === null ? null : r.cost_cents / 100) },
    { key: 'margin_cents', header: 'Margin ($)', value: (r) => (r.margin_cents === null ? null : r.margin_cents / 100) },
    { key: 'compliance_hold', header: 'Compliance hold' },
    { key: 'is_split', header: 'Split' },
    { key: 'is_late', header: 'Late' },
  ],
};

/** One order as the detail screen shows it; 404 when there is none. */
export async function loadOrder(db: Db, id: number): Promise<OrderDetail> {
  const row = await queryOne<{ d: OrderDetail }>(
    db,
    sql`select json_build_object(
          'id', o.id, 'number', o.number, 'placed_at', o.placed_at, 'store_id', o.store_id, 'store_name', s.name, 'status', o.status,
          'internal_status_id', o.internal_status_id, 'internal_status_name', ist.name, 'cs_status', o.cs_status,
          'customer_name', o.customer_name, 'customer_email', o.customer_email, 'customer_phone', o.customer_phone,
          'item_count', o.item_count, 'units', o.units, 'subtotal_cents', o.subtotal_cents, 'shipping_charged_cents', o.shipping_charged_cents,
          'tax_cents', o.tax_cents, 'total_cents', o.total_cents, 'revenue_cents', ${ORDER_REVENUE}, 'cost_cents', o.cost_cents, 'margin_cents', o.margin_cents,
          'compliance_hold', o.compliance_hold, 'is_split', o.is_split, 'is_late', o.is_late, 'open_cases', o.open_cases,
          'payment_method', o.payment_method, 'payment_captured_cents', o.payment_captured_cents, 'customer_notes', o.customer_notes,
          'created_at', o.created_at, 'updated_at', o.updated_at, 'version', o.version,
          'shipping_address', json_build_object('name', o.ship_name, 'company', o.ship_company, 'line1', o.ship_line1, 'line2', o.ship_line2,
             'city', o.ship_city, 'state', o.ship_state, 'zip', o.ship_zip, 'to_dealer', o.ship_to_dealer, 'dealer_license', o.ship_dealer_license),
          'billing_address', json_build_object('name', o.bill_name, 'company', null, 'line1', o.bill_line1, 'line2', o.bill_line2,
             'city', o.bill_city, 'state', o.bill_state, 'zip', o.bill_zip),
          'items', coalesce((select json_agg(json_build_object(
                'id', i.id, 'line_no', i.line_no, 'variant_id', i.variant_id, 'product_id', v.product_id, 'sku', i.sku, 'title', coalesce(i.title, p.title),
                'quantity', i.quantity, 'cancelled_quantity', i.cancelled_quantity, 'unit_price_cents', i.unit_price_cents, 'discount_cents', i.discount_cents,
                'amount_cents', a.amount, 'cost_cents', i.cost_cents, 'margin_cents', a.amount - i.cost_cents) order by i.line_no)
              from order_items i left join variants v on v.id = i.variant_id left join products p on p.id = v.product_id
              cross join lateral (select ((i.quantity - i.cancelled_quantity)::bigint * i.unit_price_cents
                                          - (i.discount_cents::bigint * (i.quantity - i.cancelled_quantity)) / i.quantity) as amount) a
             where i.order_id = o.id), '[]'::json),
          'routes', coalesce((select json_agg(json_build_object('id', r.id, 'status', r.status, 'strategy', r.strategy, 'is_stale', r.is_stale,
                'created_at', r.created_at, 'chosen_at', r.chosen_at, 'failure_reason', r.failure_reason) order by r.id desc)
              from order_routes r where r.order_id = o.id), '[]'::json),
          'vendor_orders', coalesce((select json_agg(json_build_object('id', vo.id, 'number', vo.number, 'status', vo.status,
                'source_name', coalesce(ve.name, l.name, '—'), 'total_cents', vo.total_cents, 'created_at', vo.created_at) order by vo.id)
              from vendor_orders vo left join vendors ve on ve.id = vo.vendor_id left join locations l on l.id = vo.location_id
             where vo.order_id = o.id), '[]'::json),
          'history', coalesce((select json_agg(json_build_object('id', h.id, 'at', h.at, 'field', h.field, 'from_value', h.from_value,
                'to_value', h.to_value, 'user_name', u.name, 'note', h.note) order by h.at desc, h.id desc)
              from order_status_history h left join users u on u.id = h.user_id where h.order_id = o.id), '[]'::json),
          'notes', coalesce((select json_agg(json_build_object('id', n.id, 'at', n.at, 'user_name', u.name, 'body', n.body) order by n.at desc, n.id desc)
              from order_notes n left join users u on u.id = n.user_id where n.order_id = o.id), '[]'::json),
          'cases', coalesce((select json_agg(json_build_object('id', c.id, 'reason', c.reason, 'detail', c.detail, 'opened_at', c.opened_at,
                'resolved_at', c.resolved_at, 'resolution', c.resolution) order by c.resolved_at is not null, c.opened_at desc)
              from order_resolution_cases c where c.order_id = o.id), '[]'::json)
        ) as d
        from orders o join stores s on s.id = o.store_id left join internal_statuses ist on ist.id = o.internal_status_id
       where o.id = ${id}`,
  );
  if (!row) throw notFound('The order');
  const d = row.d;
  return { ...d, allowed_statuses: allowedStatuses(d.status) };
}

/** The order's lines as the actions need them. */
export async function orderItems(db: Db, id: number) {
  return query<{ id: number; line_no: number; sku: string; quantity: number; cancelled_quantity: number }>(
    db,
    sql`select id, line_no, sku, quantity, cancelled_quantity from order_items where order_id = ${id} order by line_no`,
  );
}
