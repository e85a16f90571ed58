/** Orders: intake from the stores, the Orders list and detail, the order actions, and the stores' order settings. */
import { z } from 'zod';
import {
  AuditEntry,
  dataResponse,
  IdParams,
  ORDER_LIST,
  OrderAddressChange,
  OrderCancelItems,
  OrderCsStatusChange,
  OrderDetail,
  OrderInternalStatusChange,
  OrderIntake,
  OrderIntakeAnswer,
  OrderListResponse,
  OrderNoteCreate,
  OrderStatusChange,
} from '@qm/contracts';
import { query } from '../../db/connect.js';
import { actorOf } from '../../http/auth.js';
import { activitySql } from '../audit/routes.js';
import { registerList } from '../../http/crud.js';
import { action, type Kit } from '../../http/kit.js';
import { orderList, loadOrder } from './queries.js';
import { addNote, cancelItems, changeAddress, changeStatus, intakeOrder, requireOrder, setCsStatus, setInternalStatus } from './service.js';
import { storeKeyAccess, storeSettingsRoutes } from './store-settings.js';
import { newOrderRouteJob } from '../routing/routes.js';
import { SYSTEM_ACTOR } from '../../db/audit.js';

const TAGS = ['orders'];
const Detail = dataResponse(OrderDetail);
/** Orders a store may send per minute from one address. */
const INTAKE_PER_MINUTE = 600;

export function orderRoutes({ app, db, jobs }: Kit) {
  action(app, {
    method: 'POST',
    url: '/api/order',
    access: storeKeyAccess(db),
    tags: TAGS,
    summary:
      "Take an order from a store (its API key as Authorization: Bearer or X-Store-Key). Idempotent by the store's number: 201 when created, 200 with the existing order when sent again; an invalid order is refused whole (400 naming the fields)",
    body: OrderIntake,
    response: { 201: dataResponse(OrderIntakeAnswer), 200: dataResponse(OrderIntakeAnswer) },
    options: { rateLimit: { max: INTAKE_PER_MINUTE, timeWindow: '1 minute' }, bodyLimit: 256 * 1024 },
    handler: async (req, reply) => {
      const answer = await intakeOrder(db, req.keyHolder!, req.body, req.id);
      // A new order is routed by the system as a job (after the intake committed).
      if (answer.created) await jobs.enqueue(db, SYSTEM_ACTOR, newOrderRouteJob, { order_id: answer.id }, `Route order ${answer.number}`);
      return reply.status(answer.created ? 201 : 200).send({ data: answer });
    },
  });

  registerList(app, db, {
    url: '/api/order',
    permission: 'orders.read',
    tags: TAGS,
    summary: 'Orders: search by number, email or customer name, or an exact SKU; filter by store, status, internal and customer-service status, flags, placed from/to',
    response: OrderListResponse,
    fields: ORDER_LIST,
    spec: orderList,
    filename: 'orders',
  });

  action(app, {
    method: 'GET',
    url: '/api/order/:id',
    access: 'orders.read',
    tags: TAGS,
    summary: 'One order: customer, addresses, items with cost and margin, routes, vendor orders, history, notes, cases and the statuses allowed next',
    params: IdParams,
    response: { 200: Detail },
    handler: async (req) => ({ data: await loadOrder(db, req.params.id) }),
  });

  action(app, {
    method: 'GET',
    url: '/api/order/:id/activity',
    access: 'orders.read',
    tags: TAGS,
    summary: "The order's audit entries (intake and every change) and those of its routes and vendor orders, newest first (at most 200)",
    params: IdParams,
    response: { 200: dataResponse(z.array(AuditEntry)) },
    handler: async (req) => {
      await requireOrder(db, req.params.id);
      const rows = await query<AuditEntry>(db, activitySql('order', req.params.id, { entities: ['order_route', 'vendor_order'], ownerKey: 'order_id' }));
      return { data: rows };
    },
  });

  action(app, {
    method: 'PUT',
    url: '/api/order/:id/status',
    access: 'orders.write',
    tags: TAGS,
    summary: "Change the order's status (the state machine: 422 naming the statuses allowed from the current one)",
    params: IdParams,
    body: OrderStatusChange,
    response: { 200: Detail },
    handler: async (req) => ({ data: await changeStatus(db, actorOf(req), req.params.id, req.body.status, req.body.note) }),
  });

  action(app, {
    method: 'PUT',
    url: '/api/order/:id/internal-status',
    access: 'orders.write',
    tags: TAGS,
    summary: "Set or clear the order's internal status",
    params: IdParams,
    body: OrderInternalStatusChange,
    response: { 200: Detail },
    handler: async (req) => ({ data: await setInternalStatus(db, actorOf(req), req.params.id, req.body.internal_status_id) }),
  });

  action(app, {
    method: 'PUT',
    url: '/api/order/:id/cs-status',
    access: 'orders.write',
    tags: TAGS,
    summary: "Set the order's customer-service status (anything but none or resolved keeps a customer-service case open)",
    params: IdParams,
    body: OrderCsStatusChange,
    response: { 200: Detail },
    handler: async (req) => ({ data: await setCsStatus(db, actorOf(req), req.params.id, req.body.cs_status, req.body.note) }),
  });

  action(app, {
    method: 'POST',
    url: '/api/order/:id/note',
    access: 'orders.write',
    tags: TAGS,
    summary: 'Add an internal note to the order',
    params: IdParams,
    body: OrderNoteCreate,
    response: { 201: Detail },
    handler: async (req, reply) => reply.status(201).send({ data: await addNote(db, actorOf(req), req.params.id, req.body.body) }),
  });

  action(app, {
    method: 'POST',
    url: '/api/order/:id/cancel-items',
    access: 'orders.write',
    tags: TAGS,
    summary: 'Cancel units of some items, with the reason (before anything ships); totals follow, open routes become stale',
    params: IdParams,
    body: OrderCancelItems,
    response: { 200: Detail },
    handler: async (req) => ({ data: await cancelItems(db, actorOf(req), req.params.id, req.body) }),
  });

  action(app, {
    method: 'PUT',
    url: '/api/order/:id/address',
    access: 'orders.write',
    tags: TAGS,
    summary: 'Change the shipping address (before anything ships): the address is checked again and open routes become stale',
    params: IdParams,
    body: OrderAddressChange,
    response: { 200: Detail },
    handler: async (req) => ({ data: await changeAddress(db, actorOf(req), req.params.id, req.body) }),
  });

  storeSettingsRoutes(app, db);
}
