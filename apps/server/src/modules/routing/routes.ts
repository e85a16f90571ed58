/**
 * Routing endpoints: the four route lists with their items, computing a route now, choosing an
 * option, recomputing (a job), and vendor orders with their actions.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ChooseOptionBody,
  dataResponse,
  IdParams,
  Job,
  ORDER_ROUTE_ITEM_LIST,
  ORDER_ROUTE_LIST,
  ORDER_ROUTE_OPTION_LIST,
  ORDER_ROUTE_OPTION_VENDOR_TOTAL_LIST,
  OrderRouteDetail,
  OrderRouteItemListItem,
  OrderRouteItemListResponse,
  OrderRouteListItem,
  OrderRouteListResponse,
  OrderRouteOptionListItem,
  OrderRouteOptionListResponse,
  OrderRouteOptionVendorTotalListItem,
  OrderRouteOptionVendorTotalListResponse,
  RouteComputed,
  RouteRequestBody,
  VENDOR_ORDER_LIST,
  VendorOrderActionBody,
  VendorOrderDetail,
  VendorOrderListResponse,
  VendorOrderReasonBody,
  VendorOrderShipBody,
} from '@qm/contracts';
import { query, queryOne, type Db } from '../../db/connect.js';
import { actorOf } from '../../http/auth.js';
import { inTx, loadOneOr404, registerList } from '../../http/crud.js';
import { conflict, notFound } from '../../http/errors.js';
import { action, type Kit } from '../../http/kit.js';
import { columns, filters, type ListSpec } from '../../http/list.js';
import type { JobContext, JobKind } from '../../jobs/runner.js';
import { closeSolver, warmSolver } from './milp.js';
import { chooseOption, routeOrder, setRoutingProofMs } from './service.js';
import { actOnVendorOrder, loadVendorOrder, vendorOrderList } from './vendor-orders.js';

const TAGS = ['routing'];
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const routeList: ListSpec<OrderRouteListItem> = {
  from: sql`order_routes r join orders o on o.id = r.order_id join stores s on s.id = o.store_id`,
  select: sql`r.id, r.order_id, o.number as order_number, o.store_id, s.name as store_name, r.status, r.strategy,
              (select name from users u where u.id = r.created_by) as created_by_name, r.computed_at, r.chosen_option_id, r.chosen_at,
              r.is_stale, r.failure_reason, (select count(*)::int from order_route_items i where i.route_id = r.id) as item_count,
              (select count(*)::int from order_route_options op where op.route_id = r.id) as option_count,
              (select min(op.total_cents) from order_route_options op where op.route_id = r.id and op.is_feasible) as best_total_cents,
              r.created_at, r.updated_at, r.version`,
  sort: {
    ...columns('r', 'id', 'status', 'computed_at', 'created_at'),
    best_total_cents: sql`(select min(op.total_cents) from order_route_options op where op.route_id = r.id and op.is_feasible)`,
  },
  defaultSort: '-id',
  key: sql`r.id`,
  filters: {
    ...filters.ints('r', 'id', 'order_id'),
    store_id: filters.int(sql`o.store_id`, 'store_id'),
    /** Routes with an option that uses the vendor. */
    vendor_id: (vs: string[]) =>
      sql`exists (select 1 from order_route_options fo join order_route_option_vendor_totals ft on ft.option_id = fo.id
                   where fo.route_id = r.id and ${filters.int(sql`ft.vendor_id`, 'vendor_id')(vs)})`,
    ...filters.eqs('r', 'status', 'strategy'),
    is_stale: filters.bool(sql`r.is_stale`, 'is_stale'),
    ...filters.dateRange(sql`r.created_at`),
  },
  search: (q) => sql`o.number ilike ${like(q)} or o.customer_name ilike ${like(q)}`,
  csv: [
    { key: 'id', header: 'Route' },
    { key: 'order_number', header: 'Order' },
    { key: 'store_name', header: 'Store' },
    { key: 'status', header: 'Status' },
    { key: 'strategy', header: 'Strategy' },
    { key: 'best_total_cents', header: 'Best total ($)', value: (r) => (r.best_total_cents === null ? null : r.best_total_cents / 100) },
    { key: 'is_stale', header: 'Stale' },
    { key: 'failure_reason', header: 'Why no route' },
    { key: 'created_at', header: 'Created' },
  ],
};

export const routeItemList: ListSpec<OrderRouteItemListItem> = {
  from: sql`order_route_items ri join order_routes r on r.id = ri.route_id join orders o on o.id = r.order_id`,
  select: sql`ri.id, ri.route_id, r.status as route_status, r.order_id, o.number as order_number, ri.order_item_id, ri.variant_id, ri.sku,
              coalesce((select oi.title from order_items oi where oi.id = ri.order_item_id),
                       (select p.title from variants va join products p on p.id = va.product_id where va.id = ri.variant_id)) as title, ri.quantity, ri.compliance_outcome, ri.compliance_reason`,
  sort: { ...columns('ri', 'id', 'quantity', 'compliance_outcome'), sku: sql`upper(ri.sku)` },
  defaultSort: '-id',
  key: sql`ri.id`,
  filters: { ...filters.ints('ri', 'id', 'route_id', 'variant_id'), order_id: filters.int(sql`r.order_id`, 'order_id'), ...filters.eqs('ri', 'compliance_outcome') },
  search: (q) => sql`ri.sku ilike ${like(q)} or o.number ilike ${like(q)}`,
  csv: [
    { key: 'route_id', header: 'Route' },
    { key: 'order_number', header: 'Order' },
    { key: 'sku', header: 'SKU' },
    { key: 'quantity', header: 'Quantity' },
    { key: 'compliance_outcome', header: 'Compliance' },
    { key: 'compliance_reason', header: 'Why' },
  ],
};

const BEST = sql`(select min(b.total_cents) from order_route_options b where b.route_id = op.route_id and b.is_feasible)`;
export const optionList: ListSpec<OrderRouteOptionListItem> = {
  from: sql`order_route_options op join order_routes r on r.id = op.route_id join orders o on o.id = r.order_id`,
  select: sql`op.id, op.route_id, r.status as route_status, r.order_id, o.number as order_number, op.rank, op.is_feasible, op.description,
              op.infeasible_reason, op.total_cents, op.shipments, op.delta_to_next_cents,
              case when op.is_feasible then op.total_cents - ${BEST} end as delta_to_best_cents,
              (r.chosen_option_id is not distinct from op.id) as is_chosen, op.explanation, op.created_at, op.updated_at, op.version`,
  sort: columns('op', 'id', 'rank', 'total_cents', 'shipments'),
  defaultSort: '-id',
  key: sql`op.id`,
  filters: {
    ...filters.ints('op', 'id', 'route_id'),
    order_id: filters.int(sql`r.order_id`, 'order_id'),
    is_feasible: filters.bool(sql`op.is_feasible`, 'is_feasible'),
    is_chosen: filters.bool(sql`(r.chosen_option_id is not distinct from op.id)`, 'is_chosen'),
  },
  search: (q) => sql`op.description ilike ${like(q)} or o.number ilike ${like(q)}`,
  csv: [
    { key: 'route_id', header: 'Route' },
    { key: 'order_number', header: 'Order' },
    { key: 'rank', header: 'Rank' },
    { key: 'description', header: 'Sources' },
    { key: 'is_feasible', header: 'Feasible' },
    { key: 'total_cents', header: 'Total ($)', value: (r) => r.total_cents / 100 },
    { key: 'shipments', header: 'Shipments' },
    { key: 'infeasible_reason', header: 'Why not feasible' },
  ],
};

const SOURCE_NAME = sql`coalesce(v.name, l.name)`;
export const vendorTotalList: ListSpec<OrderRouteOptionVendorTotalListItem> = {
  from: sql`order_route_option_vendor_totals vt join order_route_options op on op.id = vt.option_id join order_routes r on r.id = op.route_id
            join orders o on o.id = r.order_id left join vendors v on v.id = vt.vendor_id left join locations l on l.id = vt.location_id`,
  select: sql`vt.id, vt.option_id, op.rank as option_rank, op.route_id, r.order_id, o.number as order_number, vt.source_kind, vt.vendor_id,
              vt.location_id, ${SOURCE_NAME} as source_name, vt.items_cents, vt.fixed_fees_cents, vt.per_unit_fees_cents, vt.shipping_cents,
              vt.total_cents, vt.min_order_cents, vt.min_order_met,
              coalesce((select sum((x->>'quantity')::int) from jsonb_array_elements(vt.lines) x), 0)::int as units, vt.lines, vt.fee_lines`,
  sort: { ...columns('vt', 'id', 'total_cents', 'items_cents', 'shipping_cents'), source_name: sql`lower(${SOURCE_NAME})` },
  defaultSort: '-id',
  key: sql`vt.id`,
  filters: {
    ...filters.ints('vt', 'id', 'option_id', 'vendor_id', 'location_id'),
    route_id: filters.int(sql`op.route_id`, 'route_id'),
    order_id: filters.int(sql`r.order_id`, 'order_id'),
    ...filters.eqs('vt', 'source_kind'),
    min_order_met: filters.bool(sql`vt.min_order_met`, 'min_order_met'),
  },
  search: (q) => sql`${SOURCE_NAME} ilike ${like(q)} or o.number ilike ${like(q)}`,
  csv: [
    { key: 'route_id', header: 'Route' },
    { key: 'order_number', header: 'Order' },
    { key: 'option_rank', header: 'Option' },
    { key: 'source_name', header: 'Source' },
    { key: 'items_cents', header: 'Items ($)', value: (r) => r.items_cents / 100 },
    { key: 'fixed_fees_cents', header: 'Fixed fees ($)', value: (r) => r.fixed_fees_cents / 100 },
    { key: 'per_unit_fees_cents', header: 'Per-unit fees ($)', value: (r) => r.per_unit_fees_cents / 100 },
    { key: 'shipping_cents', header: 'Shipping ($)', value: (r) => r.shipping_cents / 100 },
    { key: 'total_cents', header: 'Total ($)', value: (r) => r.total_cents / 100 },
    { key: 'min_order_met', header: 'Minimum met' },
  ],
};

/** A route as a person works it (see OrderRouteDetail). */
export async function loadRoute(db: Db, id: number): Promise<OrderRouteDetail> {
  const head = await queryOne<OrderRouteListItem & { order_status: string; ship_to: string; ship_to_dealer: boolean; hold: string | null }>(
    db,
    sql`select ${routeList.select}, o.status as order_status, o.ship_city || ', ' || o.ship_state || ' ' || o.ship_zip as ship_to, o.ship_to_dealer,
               (select c.detail from order_resolution_cases c where c.order_id = o.id and c.reason = 'compliance_hold' and c.resolved_at is null) as hold
          from ${routeList.from} where r.id = ${id}`,
  );
  if (!head) throw notFound('The order route');
  const items = await query<OrderRouteItemListItem>(db, sql`select ${routeItemList.select} from ${routeItemList.from} where ri.route_id = ${id} order by ri.id`);
  const options = await query<OrderRouteOptionListItem>(db, sql`select ${optionList.select} from ${optionList.from} where op.route_id = ${id} order by op.rank`);
  const totals = await query<OrderRouteOptionVendorTotalListItem>(
    db,
    sql`select ${vendorTotalList.select} from ${vendorTotalList.from} where op.route_id = ${id} order by op.rank, vt.total_cents desc, vt.id`,
  );
  const vendorOrders = await query<OrderRouteDetail['vendor_orders'][number]>(
    db,
    sql`select vo.id, vo.number, ${SOURCE_NAME} as source_name, vo.status, vo.total_cents
          from vendor_orders vo left join vendors v on v.id = vo.vendor_id left join locations l on l.id = vo.location_id
         where vo.route_id = ${id} order by vo.id`,
  );
  const { hold, ...rest } = head;
  const chooseBlocked =
    head.chosen_option_id !== null
      ? 'An option was chosen: its vendor orders are below.'
      : head.is_stale
        ? 'Stock, costs or rules changed since this route was computed: recompute first.'
        : head.status === 'failed'
          ? 'No option is feasible.'
          : hold ?? (['cancelled', 'refunded', 'shipped', 'delivered'].includes(head.order_status) ? `The order is ${head.order_status}.` : null);
  return {
    ...rest,
    items,
    options: options.map((o) => ({ ...o, vendor_totals: totals.filter((t) => t.option_id === o.id) })),
    vendor_orders: vendorOrders,
    choose_blocked: chooseBlocked,
  };
}

const RecomputeParams = z.object({ route_id: z.number().int(), order_id: z.number().int(), strategy: RouteRequestBody.shape.strategy });
/** Recomputing a route: a new route of the order, from the stock, costs and rules of now. */
export const recomputeJob: JobKind<z.infer<typeof RecomputeParams>, { route_id: number; status: string }> = {
  kind: 'order-route-recompute',
  params: RecomputeParams,
  expireInSeconds: 600,
  async run(ctx: JobContext<z.infer<typeof RecomputeParams>>) {
    await ctx.progress(0, 1, 'Computing the options');
    const answer = await routeOrder(ctx.db, ctx.params.order_id, ctx.actor, { strategy: ctx.params.strategy });
    await ctx.progress(1, 1, 'Done');
    return answer;
  },
};

const NewOrderParams = z.object({ order_id: z.number().int() });
/**
 * A new order from a store, routed by the system after its intake committed (choosing at once when the
 * store routes automatically). A job, so the store's call never waits for the search, and an order
 * that cannot be routed waits for a person (its case) while the job says why.
 */
export const newOrderRouteJob: JobKind<z.infer<typeof NewOrderParams>, { route_id: number; status: string }> = {
  kind: 'order-route-new',
  params: NewOrderParams,
  expireInSeconds: 600,
  async run(ctx: JobContext<z.infer<typeof NewOrderParams>>) {
    await ctx.progress(0, 1, 'Routing the new order');
    const answer = await routeOrder(ctx.db, ctx.params.order_id, ctx.actor, { automatic: true });
    await ctx.progress(1, 1, 'Done');
    return answer;
  },
};

export function routingRoutes({ app, db, jobs, config }: Kit) {
  setRoutingProofMs(config.routingProofMs);
  app.addHook('onClose', closeSolver);
  if (config.env !== 'test')
    app.addHook('onReady', async () => {
      void warmSolver();
    });
  jobs.define(recomputeJob);
  jobs.define(newOrderRouteJob);
  const lists = [
    { url: '/api/order-route', spec: routeList, fields: ORDER_ROUTE_LIST, response: OrderRouteListResponse, noun: 'order route', file: 'order-routes', what: 'Order routes: filter by order, store, status, strategy, stale; search by order number or customer' },
    { url: '/api/order-route-item', spec: routeItemList, fields: ORDER_ROUTE_ITEM_LIST, response: OrderRouteItemListResponse, noun: 'order route item', file: 'order-route-items', what: "Routes' items with their compliance outcome: filter by route, order, variant, outcome" },
    { url: '/api/order-route-option', spec: optionList, fields: ORDER_ROUTE_OPTION_LIST, response: OrderRouteOptionListResponse, noun: 'order route option', file: 'order-route-options', what: "Routes' options, ranked, with why each item went where: filter by route, order, feasible, chosen" },
    { url: '/api/order-route-option-vendor-total', spec: vendorTotalList, fields: ORDER_ROUTE_OPTION_VENDOR_TOTAL_LIST, response: OrderRouteOptionVendorTotalListResponse, noun: 'order route option vendor total', file: 'order-route-vendor-totals', what: "Options' per-source totals (items, fees, shipping, minimum order): filter by option, route, order, vendor, location" },
  ] as const;
  const items = { '/api/order-route-item': OrderRouteItemListItem, '/api/order-route-option': OrderRouteOptionListItem, '/api/order-route-option-vendor-total': OrderRouteOptionVendorTotalListItem };
  for (const l of lists) {
    registerList(app, db, { url: l.url, permission: 'orders.read', tags: TAGS, summary: l.what, response: l.response, fields: l.fields, spec: l.spec as ListSpec<unknown>, filename: l.file });
    if (l.url === '/api/order-route') continue;
    action(app, {
      method: 'GET',
      url: `${l.url}/:id`,
      access: 'orders.read',
      tags: TAGS,
      summary: `One ${l.noun}`,
      params: IdParams,
      response: { 200: dataResponse(items[l.url]) },
      handler: async (req) => ({ data: await loadOneOr404(db, l.spec as ListSpec<unknown>, req.params.id, l.noun) }),
    });
  }

  action(app, {
    method: 'GET',
    url: '/api/order-route/:id',
    access: 'orders.read',
    tags: TAGS,
    summary: 'One route as a person works it: the items with their compliance outcome, the ranked options with per-source totals, the vendor orders once chosen',
    params: IdParams,
    response: { 200: dataResponse(OrderRouteDetail) },
    handler: async (req) => ({ data: await loadRoute(db, req.params.id) }),
  });

  action(app, {
    method: 'POST',
    url: '/api/order/:id/route',
    access: 'orders.route',
    tags: TAGS,
    summary: "Compute a new route of the order now (what is not yet placed); the order's earlier unchosen routes are superseded",
    params: IdParams,
    body: RouteRequestBody,
    response: { 201: dataResponse(RouteComputed) },
    handler: async (req, reply) => reply.status(201).send({ data: await routeOrder(db, req.params.id, actorOf(req), { strategy: req.body.strategy }) }),
  });

  action(app, {
    method: 'POST',
    url: '/api/order-route/:id/choose',
    access: 'orders.route',
    tags: TAGS,
    summary: 'Choose a feasible option: creates its vendor orders and warehouse sale movements in one transaction (409 when the route is stale or the stock is gone)',
    params: IdParams,
    body: ChooseOptionBody,
    response: { 200: dataResponse(OrderRouteDetail) },
    handler: async (req) => {
      await chooseOption(db, req.params.id, req.body.option_id, actorOf(req));
      return { data: await loadRoute(db, req.params.id) };
    },
  });

  action(app, {
    method: 'POST',
    url: '/api/order-route/:id/recompute',
    access: 'orders.route',
    tags: TAGS,
    summary: 'Recompute the route as a job (a new route of the order from the stock, costs and rules of now)',
    params: IdParams,
    body: RouteRequestBody,
    response: { 202: dataResponse(Job) },
    handler: async (req, reply) => {
      const actor = actorOf(req);
      const job = await inTx(db, async (t) => {
        const route = await queryOne<{ order_id: number; chosen_option_id: number | null; number: string }>(
          t,
          sql`select r.order_id, r.chosen_option_id, o.number from order_routes r join orders o on o.id = r.order_id where r.id = ${req.params.id}`,
        );
        if (!route) throw notFound('The order route');
        if (route.chosen_option_id !== null) throw conflict('An option of this route was already chosen: compute a new route of the order instead.');
        return jobs.enqueue(t, actor, recomputeJob, { route_id: req.params.id, order_id: route.order_id, strategy: req.body.strategy }, `Recompute the route of order ${route.number}`);
      });
      jobs.wake();
      return reply.status(202).send({ data: job });
    },
  });

  registerList(app, db, {
    url: '/api/vendor-order',
    permission: 'orders.read',
    tags: TAGS,
    summary: 'Vendor orders: search by number, order number, vendor or SKU; filter by order, vendor, location, source kind, status, late, created from/to',
    response: VendorOrderListResponse,
    fields: VENDOR_ORDER_LIST,
    spec: vendorOrderList,
    filename: 'vendor-orders',
  });

  action(app, {
    method: 'GET',
    url: '/api/vendor-order/:id',
    access: 'orders.read',
    tags: TAGS,
    summary: 'One vendor order with its items, outbox and the actions allowed now',
    params: IdParams,
    response: { 200: dataResponse(VendorOrderDetail) },
    handler: async (req) => ({ data: await loadVendorOrder(db, req.params.id) }),
  });

  const simple = ['send', 'confirm', 'deliver'] as const;
  for (const a of simple)
    action(app, {
      method: 'POST',
      url: `/api/vendor-order/:id/${a}`,
      access: 'orders.write',
      tags: TAGS,
      summary: `${a === 'send' ? 'Send the vendor order (written to the outbox on the vendor’s channel)' : a === 'confirm' ? 'Record the vendor’s confirmation' : 'Record the delivery'} (422 naming the allowed actions when its status does not allow it)`,
      params: IdParams,
      body: VendorOrderActionBody,
      response: { 200: dataResponse(VendorOrderDetail) },
      handler: async (req) => ({ data: await actOnVendorOrder(db, actorOf(req), req.params.id, { action: a, body: req.body }) }),
    });
  for (const a of ['backorder', 'reject', 'cancel'] as const)
    action(app, {
      method: 'POST',
      url: `/api/vendor-order/:id/${a}`,
      access: 'orders.write',
      tags: TAGS,
      summary:
        a === 'backorder'
          ? 'Mark the vendor order backordered (opens a vendor backorder case)'
          : `${a === 'reject' ? 'Record that the vendor rejected the order' : 'Cancel the vendor order'}: the order goes back to resolution and its route is stale`,
      params: IdParams,
      body: VendorOrderReasonBody,
      response: { 200: dataResponse(VendorOrderDetail) },
      handler: async (req) => ({ data: await actOnVendorOrder(db, actorOf(req), req.params.id, { action: a, body: req.body }) }),
    });
  action(app, {
    method: 'POST',
    url: '/api/vendor-order/:id/ship',
    access: 'orders.write',
    tags: TAGS,
    summary: "Mark shipped (or partially, with `partial`) with tracking numbers; the order's status follows its vendor orders",
    params: IdParams,
    body: VendorOrderShipBody,
    response: { 200: dataResponse(VendorOrderDetail) },
    handler: async (req) => ({ data: await actOnVendorOrder(db, actorOf(req), req.params.id, { action: 'ship', body: req.body }) }),
  });
}
