/** Order resolution: the dashboard of orders that need a person, its summary over time, and the late-vendor-order check. */
import { z } from 'zod';
import { dataResponse, ResolutionAnswer, ResolutionQuery, ResolutionSummary, ResolutionSummaryQuery } from '@qm/contracts';
import { actorOf } from '../../http/auth.js';
import { ruleViolated } from '../../http/errors.js';
import { action, type Kit } from '../../http/kit.js';
import { everyFewMinutes } from '../../jobs/periodic.js';
import { checkLateVendorOrders } from './late.js';
import { resolutionDashboard, resolutionSummary } from './queries.js';

/** How often the processes that run jobs look for late vendor orders. */
const LATE_CHECK_MINUTES = 10;
const MAX_SUMMARY_DAYS = 731;

export function resolutionRoutes(kit: Kit) {
  const { app, db } = kit;
  const tags = ['orders'];

  action(app, {
    method: 'GET',
    url: '/api/order-resolution',
    access: 'orders.read',
    tags,
    summary: 'Orders that need a person: open cases grouped by reason with counts and the oldest, and a page of open cases (oldest first) with their orders',
    query: ResolutionQuery,
    response: { 200: dataResponse(ResolutionAnswer) },
    handler: async (req) => ({ data: await resolutionDashboard(db, req.query) }),
  });

  action(app, {
    method: 'GET',
    url: '/api/order-resolution-summary',
    access: 'orders.read',
    tags,
    summary: 'Resolution cases over time: opened and resolved per day, time to resolve per reason, per store and reason (90 days to the given day by default)',
    query: ResolutionSummaryQuery,
    response: { 200: dataResponse(ResolutionSummary) },
    handler: async (req) => {
      const { from, to } = req.query;
      if (from && to) {
        const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
        if (days < 0) throw ruleViolated('The range ends before it starts', { to: 'Must be on or after the start' });
        if (days > MAX_SUMMARY_DAYS) throw ruleViolated(`The range may span at most ${MAX_SUMMARY_DAYS} days`, { from: `At most ${MAX_SUMMARY_DAYS} days before the end` });
      }
      return { data: await resolutionSummary(db, req.query) };
    },
  });

  action(app, {
    method: 'POST',
    url: '/api/order-resolution/late-check',
    access: 'orders.write',
    tags,
    summary: 'Looks for vendor orders past their expected ship date now: opens their orders’ late cases and resolves those no longer late',
    body: z.object({}).strict(),
    response: { 200: dataResponse(z.object({ opened: z.number(), resolved: z.number(), late_vendor_orders: z.number() })) },
    handler: async (req) => ({ data: await checkLateVendorOrders(db, actorOf(req)) }),
  });

  // the periodic check (tests call it themselves)
  everyFewMinutes(kit, 'late vendor order check', LATE_CHECK_MINUTES, () => checkLateVendorOrders(db));
}
