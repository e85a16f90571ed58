import { audit, SYSTEM_ACTOR } from '../audit.js';
import { insertRow, transaction } from '../write.js';
import type { Db } from '../connect.js';
import { locations, vendorContacts, vendors } from '../schema/index.js';

type VendorSeed = {
  name: string;
  code: string;
  dropShip: boolean;
  minOrder?: number;
  shipping: { model: 'flat' | 'per_unit' | 'tiers'; cents: number; freeAbove?: number; tiers?: { from_cents: number; cost_cents: number }[] };
  handlingDays: number;
  website: string;
  contact: { name: string; role: string; phone: string };
};

/** Distributors and drop-shippers of the trade (DOMAIN.md), with plausible terms. */
export const DEMO_VENDORS: readonly VendorSeed[] = [
  { name: 'Sports South', code: 'SSI', dropShip: true, minOrder: 25_000, shipping: { model: 'flat', cents: 1_295, freeAbove: 150_000 }, handlingDays: 1, website: 'https://www.sportssouth.biz', contact: { name: 'Dana Whitfield', role: 'Account manager', phone: '318-555-0141' } },
  { name: "Lipsey's", code: 'LIP', dropShip: true, minOrder: 50_000, shipping: { model: 'flat', cents: 1_500, freeAbove: 250_000 }, handlingDays: 1, website: 'https://www.lipseys.com', contact: { name: 'Marcus Boudreaux', role: 'Sales representative', phone: '225-555-0177' } },
  { name: 'RSR Group', code: 'RSR', dropShip: true, minOrder: 30_000, shipping: { model: 'tiers', cents: 0, tiers: [{ from_cents: 0, cost_cents: 1_495 }, { from_cents: 50_000, cost_cents: 995 }, { from_cents: 150_000, cost_cents: 0 }] }, handlingDays: 2, website: 'https://www.rsrgroup.com', contact: { name: 'Angela Ruiz', role: 'Drop-ship desk', phone: '407-555-0110' } },
  { name: "Davidson's", code: 'DAV', dropShip: true, minOrder: 20_000, shipping: { model: 'flat', cents: 1_195, freeAbove: 100_000 }, handlingDays: 1, website: 'https://www.davidsonsinc.com', contact: { name: 'Kyle Prescott', role: 'Account manager', phone: '480-555-0193' } },
  { name: 'Zanders Sporting Goods', code: 'ZAN', dropShip: true, shipping: { model: 'per_unit', cents: 95 }, handlingDays: 2, website: 'https://www.gzanders.com', contact: { name: 'Laura Meissner', role: 'Customer service', phone: '618-555-0126' } },
  { name: 'Chattanooga Shooting Supplies', code: 'CSS', dropShip: true, minOrder: 15_000, shipping: { model: 'flat', cents: 995 }, handlingDays: 2, website: 'https://www.chattanoogashooting.com', contact: { name: 'Wes Tolliver', role: 'Sales representative', phone: '423-555-0158' } },
  { name: 'Camfour', code: 'CAM', dropShip: false, minOrder: 100_000, shipping: { model: 'flat', cents: 4_500, freeAbove: 500_000 }, handlingDays: 3, website: 'https://www.camfour.com', contact: { name: 'Priya Natarajan', role: 'Account manager', phone: '413-555-0162' } },
  { name: 'Bill Hicks & Co.', code: 'BH', dropShip: false, minOrder: 75_000, shipping: { model: 'flat', cents: 3_500 }, handlingDays: 3, website: 'https://www.billhicksco.com', contact: { name: 'Greg Lindqvist', role: 'Sales representative', phone: '763-555-0135' } },
  { name: 'MGE Wholesale', code: 'MGE', dropShip: true, minOrder: 10_000, shipping: { model: 'flat', cents: 1_095, freeAbove: 75_000 }, handlingDays: 1, website: 'https://www.mgewholesale.com', contact: { name: 'Travis Holcomb', role: 'Drop-ship desk', phone: '254-555-0181' } },
  { name: '2nd Amendment Wholesale', code: '2AW', dropShip: true, shipping: { model: 'per_unit', cents: 125 }, handlingDays: 2, website: 'https://www.2ndamendmentwholesale.com', contact: { name: 'Heather Coyle', role: 'Customer service', phone: '417-555-0119' } },
  { name: 'Crow Shooting Supply', code: 'CROW', dropShip: true, minOrder: 5_000, shipping: { model: 'flat', cents: 1_395 }, handlingDays: 2, website: 'https://www.crowshootingsupply.com', contact: { name: 'Nate Sorensen', role: 'Account manager', phone: '920-555-0147' } },
  { name: 'AmChar Wholesale', code: 'AMC', dropShip: true, minOrder: 20_000, shipping: { model: 'flat', cents: 1_250, freeAbove: 120_000 }, handlingDays: 1, website: 'https://www.amchar.com', contact: { name: 'Rosa Delgado', role: 'Sales representative', phone: '585-555-0168' } },
  { name: 'Big Rock Sports', code: 'BRS', dropShip: false, minOrder: 50_000, shipping: { model: 'flat', cents: 2_950 }, handlingDays: 3, website: 'https://www.bigrocksports.com', contact: { name: 'Elliot Barnes', role: 'Account manager', phone: '252-555-0104' } },
  { name: 'Ellett Brothers', code: 'ELL', dropShip: true, minOrder: 25_000, shipping: { model: 'tiers', cents: 0, tiers: [{ from_cents: 0, cost_cents: 1_695 }, { from_cents: 75_000, cost_cents: 795 }, { from_cents: 200_000, cost_cents: 0 }] }, handlingDays: 2, website: 'https://www.ellettbrothers.com', contact: { name: 'Carla Whitman', role: 'Customer service', phone: '803-555-0152' } },
  { name: "Jerry's Sport Center", code: 'JSC', dropShip: false, minOrder: 40_000, shipping: { model: 'flat', cents: 2_500, freeAbove: 300_000 }, handlingDays: 2, website: 'https://www.jerryssportcenter.com', contact: { name: 'Paul Kessler', role: 'Sales representative', phone: '570-555-0189' } },
];

/** Our warehouses: both receive purchase orders and ship customer orders. */
export const DEMO_LOCATIONS = [
  { code: 'DAL', name: 'Dallas Warehouse', city: 'Dallas', state: 'TX', zip: '75247', shipping_cents: 895, handling_days: 1 },
  { code: 'RNO', name: 'Reno Warehouse', city: 'Reno', state: 'NV', zip: '89502', shipping_cents: 995, handling_days: 1 },
] as const;

/** Vendors (with a contact each) and the warehouses; fees, credentials and catalogues are seeded by their areas. */
export async function seedVendorsDemo(db: Db) {
  await transaction(db, async (t) => {
    for (const v of DEMO_VENDORS) {
      const row = {
        name: v.name,
        code: v.code,
        can_drop_ship: v.dropShip,
        min_order_cents: v.minOrder ?? null,
        shipping_model: v.shipping.model,
        shipping_cents: v.shipping.cents,
        free_shipping_above_cents: v.shipping.freeAbove ?? null,
        shipping_tiers: v.shipping.tiers ?? [],
        handling_days: v.handlingDays,
        website: v.website,
      };
      const id = await insertRow(t, vendors, row);
      const email = `${v.contact.name.split(' ')[0]!.toLowerCase()}@${new URL(v.website).hostname.replace(/^www\./, '')}`;
      await insertRow(t, vendorContacts, { vendor_id: id, name: v.contact.name, role: v.contact.role, phone: v.contact.phone, email });
      await audit(t, SYSTEM_ACTOR, { action: 'create', entity: 'vendor', entityId: id, after: row });
    }
    for (const l of DEMO_LOCATIONS) {
      const id = await insertRow(t, locations, { ...l });
      await audit(t, SYSTEM_ACTOR, { action: 'create', entity: 'location', entityId: id, after: l });
    }
  });
}
