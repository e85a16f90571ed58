import { sql } from 'drizzle-orm';
import { audit, SYSTEM_ACTOR } from '../../db/audit.js';
import { insertRow, transaction } from '../../db/write.js';
import type { SecretBox } from '../../db/secrets.js';
import { queryOne, type Db } from '../../db/connect.js';
import { locations, vendorContacts, vendorCredentials, vendorFees, vendorFeeSchemas, vendors } from '../../db/schema/index.js';

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

type FeeSeed = {
  name: string;
  application: 'fixed' | 'per_unit';
  amount_cents: number;
  unit_basis?: 'rounds' | 'pieces' | 'shells' | 'item';
  /** Category by slug (with its subcategories). */
  category?: string;
  waived_above_cents?: number;
  effective_from?: string;
  effective_to?: string;
};

/** Fee schemas of the trade: drop-ship handling, hazmat, small orders, a surcharge for a season. */
export const DEMO_FEE_SCHEMAS: readonly { name: string; description: string; fees: FeeSeed[]; vendors: string[] }[] = [
  {
    name: 'Standard drop-ship',
    description: 'Drop-ship handling per order, plus a per-round charge on ammunition.',
    fees: [
      { name: 'Drop-ship handling', application: 'fixed', amount_cents: 250 },
      { name: 'Ammunition handling', application: 'per_unit', amount_cents: 1, unit_basis: 'rounds', category: 'ammunition' },
    ],
    vendors: ['SSI', 'LIP', 'DAV', 'MGE', 'AMC'],
  },
  {
    name: 'Hazmat',
    description: 'Limited-quantity hazmat shipping per order when the order holds ammunition.',
    fees: [
      { name: 'Hazmat (limited quantity)', application: 'fixed', amount_cents: 3_500, category: 'ammunition' },
      { name: 'Drop-ship handling', application: 'fixed', amount_cents: 300 },
    ],
    vendors: ['RSR', 'ELL', 'CSS'],
  },
  {
    name: 'Small order',
    description: 'A small-order fee waived from $100 of items; shotshells by the shell.',
    fees: [
      { name: 'Small order fee', application: 'fixed', amount_cents: 500, waived_above_cents: 10_000 },
      { name: 'Shotshell handling', application: 'per_unit', amount_cents: 2, unit_basis: 'shells', category: 'shotgun-shells' },
    ],
    vendors: ['ZAN', '2AW', 'CROW'],
  },
  {
    name: 'Peak season 2026',
    description: 'A per-package surcharge through the autumn hunting season.',
    fees: [
      { name: 'Drop-ship handling', application: 'fixed', amount_cents: 200 },
      { name: 'Peak season surcharge', application: 'per_unit', amount_cents: 35, unit_basis: 'item', effective_from: '2026-09-01', effective_to: '2026-12-31' },
    ],
    vendors: ['BRS', 'JSC'],
  },
];

/** A second contact at the larger distributors. */
const SECOND_CONTACTS: Record<string, { name: string; role: string; phone: string }> = {
  SSI: { name: 'Reggie Thibodeaux', role: 'Accounts receivable', phone: '318-555-0188' },
  LIP: { name: 'Claire Fontenot', role: 'Drop-ship desk', phone: '225-555-0102' },
  RSR: { name: 'Hector Alvarado', role: 'Account manager', phone: '407-555-0139' },
  DAV: { name: 'Brooke Sandoval', role: 'EDI support', phone: '480-555-0115' },
  CAM: { name: 'Owen Gallagher', role: 'Accounts receivable', phone: '413-555-0191' },
  ELL: { name: 'Tamara Greene', role: 'Account manager', phone: '803-555-0176' },
};

/** Ways into ten vendors' systems; the secrets are made up. */
const DEMO_CREDENTIALS: readonly { vendor: string; kind: 'portal' | 'api_key' | 'sftp' | 'edi'; label: string; username: string | null; secret: string; endpoint: string }[] = [
  { vendor: 'SSI', kind: 'portal', label: 'Dealer portal', username: 'ammodepot-buyer', secret: 'Sss-demo-7Lq2!vR9', endpoint: 'https://www.sportssouth.biz/login' },
  { vendor: 'SSI', kind: 'api_key', label: 'Inventory API', username: null, secret: 'ssi_live_demo_4f9a1c2e8b7d6035', endpoint: 'https://api.sportssouth.biz/v2' },
  { vendor: 'LIP', kind: 'api_key', label: 'Drop-ship API', username: 'AD2231', secret: 'lip_demo_0a7c55e1d93b4e2f', endpoint: 'https://api.lipseys.com/api/integration' },
  { vendor: 'RSR', kind: 'sftp', label: 'Price and stock files', username: 'ad_rsr_feed', secret: 'rsr-demo-Hx82-pQ1m', endpoint: 'sftp://ftp.rsrgroup.com:2222' },
  { vendor: 'DAV', kind: 'edi', label: 'EDI 850/856', username: 'AMMODEPOT', secret: 'dav-edi-demo-K3v9', endpoint: 'as2://edi.davidsonsinc.com' },
  { vendor: 'ZAN', kind: 'portal', label: 'Dealer portal', username: 'purchasing@ammodepot.example', secret: 'zan-demo-Wm4#t8', endpoint: 'https://shop2.gzanders.com' },
  { vendor: 'CSS', kind: 'sftp', label: 'Catalogue feed', username: 'css_ammodepot', secret: 'css-demo-2Ru7-Ze5', endpoint: 'sftp://ftp.chattanoogashooting.com' },
  { vendor: 'CAM', kind: 'portal', label: 'Dealer portal', username: 'ammodepot', secret: 'cam-demo-Pp9!c3', endpoint: 'https://www.camfour.com/login' },
  { vendor: 'MGE', kind: 'api_key', label: 'Order API', username: null, secret: 'mge_demo_91b0e6aa73f24c58', endpoint: 'https://api.mgewholesale.com/v1' },
  { vendor: 'ELL', kind: 'edi', label: 'EDI 850/810', username: 'AMMODEPOT01', secret: 'ell-edi-demo-Q7d2', endpoint: 'as2://edi.ellettbrothers.com' },
  { vendor: 'AMC', kind: 'portal', label: 'Dealer portal', username: 'ammodepot-amc', secret: 'amc-demo-Yt6$k1', endpoint: 'https://www.amchar.com/login' },
];

/**
 * Vendors (one or two contacts each), their fee schemas and credentials, and the warehouses; the
 * catalogues are seeded by their area. Secrets are sealed with `secrets` (the configured key); without
 * it the credentials are seeded without a secret.
 */
export async function seedVendorsDemo(db: Db, secrets?: SecretBox) {
  await transaction(db, async (t) => {
    const schemaOf = new Map<string, number>();
    for (const fs of DEMO_FEE_SCHEMAS) {
      const id = await insertRow(t, vendorFeeSchemas, { name: fs.name, description: fs.description });
      for (const [i, f] of fs.fees.entries()) {
        const category = f.category ? await queryOne<{ id: number }>(t, sql`select id from categories where slug = ${f.category} order by id limit 1`) : undefined;
        await insertRow(t, vendorFees, {
          fee_schema_id: id,
          name: f.name,
          application: f.application,
          amount_cents: f.amount_cents,
          unit_basis: f.unit_basis ?? null,
          category_id: category?.id ?? null,
          waived_above_cents: f.waived_above_cents ?? null,
          effective_from: f.effective_from ?? null,
          effective_to: f.effective_to ?? null,
          sort_order: i,
        });
      }
      fs.vendors.forEach((code) => schemaOf.set(code, id));
      await audit(t, SYSTEM_ACTOR, { action: 'create', entity: 'vendor_fee_schema', entityId: id, after: fs });
    }
    const vendorOf = new Map<string, { id: number; website: string }>();
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
        fee_schema_id: schemaOf.get(v.code) ?? null,
      };
      const id = await insertRow(t, vendors, row);
      vendorOf.set(v.code, { id, website: v.website });
      const emailOf = (name: string) => `${name.split(' ')[0]!.toLowerCase()}@${new URL(v.website).hostname.replace(/^www\./, '')}`;
      const contacts = [v.contact, ...(SECOND_CONTACTS[v.code] ? [SECOND_CONTACTS[v.code]!] : [])];
      for (const [i, c] of contacts.entries())
        await insertRow(t, vendorContacts, { vendor_id: id, name: c.name, role: c.role, phone: c.phone, email: emailOf(c.name), sort_order: i });
      await audit(t, SYSTEM_ACTOR, { action: 'create', entity: 'vendor', entityId: id, after: { ...row, contacts } });
    }
    for (const [i, c] of DEMO_CREDENTIALS.entries()) {
      const vendor = vendorOf.get(c.vendor)!;
      const sealed = secrets ? secrets.seal(c.secret) : { secret: null, key_id: null };
      const verified = new Date(Date.UTC(2026, 9, 1 + i * 3, 14, 30));
      const row = { vendor_id: vendor.id, kind: c.kind, label: c.label, username: c.username, endpoint_url: c.endpoint, last_verified_at: verified };
      const id = await insertRow(t, vendorCredentials, { ...row, ...sealed });
      await audit(t, SYSTEM_ACTOR, { action: 'create', entity: 'vendor_credential', entityId: id, after: { ...row, has_secret: Boolean(secrets), ...(secrets && { secret: '[changed]' }) } });
    }
    for (const l of DEMO_LOCATIONS) {
      const id = await insertRow(t, locations, { ...l });
      await audit(t, SYSTEM_ACTOR, { action: 'create', entity: 'location', entityId: id, after: l });
    }
  });
}
