import { sql } from 'drizzle-orm';
import type { CompetitorOfferCategory, OfferShipRating, RoundGroup, TargetShipRating } from '@qm/contracts';
import { query, queryOne, type Db } from '../../db/connect.js';
import { audit, SYSTEM_ACTOR } from '../../db/audit.js';
import { insertRow, transaction } from '../../db/write.js';
import { competitorBlacklist, competitorOffers, excludeSkus, mapHolidays, repricingRules, targetUrls } from '../../db/schema/index.js';
import { rng } from './random.js';

/**
 * Demo pricing data (DOMAIN "Price per round"): the comparison-site searches the pricing team watches
 * (AmmoSeek by caliber, one BulkCheapAmmo list), what competitors offered there over the last three
 * days at the cost per round the trade sees for each caliber, two competitors the team ignores and a
 * few of our SKUs repricing leaves alone. Deterministic: the same data on every fresh database.
 */

interface Watch {
  name: string;
  destination: 'ammoseek' | 'bulkcheapammo';
  category: CompetitorOfferCategory;
  caliber: string;
  slug: string;
  ship_rating?: TargetShipRating;
  round_group?: RoundGroup;
  /** Typical cost per round (cents) and the loads and package sizes seen. */
  cpr: [number, number];
  loads: string[];
  rounds: number[];
  active?: boolean;
}

const WATCHES: Watch[] = [
  { name: '9mm Luger — bulk', destination: 'ammoseek', category: 'handgun', caliber: '9mm Luger', slug: '9mm-luger', round_group: '501-1000', cpr: [21, 30], rounds: [1000, 500], loads: ['Federal American Eagle 9mm 115gr FMJ', 'Blazer Brass 9mm 115gr FMJ', 'Magtech 9mm 115gr FMJ', 'PMC Bronze 9mm 115gr FMJ', 'Sellier & Bellot 9mm 124gr FMJ'] },
  { name: '9mm Luger — boxes, free shipping', destination: 'ammoseek', category: 'handgun', caliber: '9mm Luger', slug: '9mm-luger', ship_rating: 'CF/Free', round_group: '2-50', cpr: [24, 38], rounds: [50], loads: ['Winchester White Box 9mm 115gr FMJ', 'CCI Blazer 9mm 124gr FMJ', 'Fiocchi 9mm 115gr FMJ', 'Aguila 9mm 124gr FMJ'] },
  { name: '.45 ACP', destination: 'ammoseek', category: 'handgun', caliber: '.45 ACP', slug: '45-acp', cpr: [42, 58], rounds: [50, 100], loads: ['Federal American Eagle .45 ACP 230gr FMJ', 'Winchester White Box .45 ACP 230gr FMJ', 'Remington UMC .45 ACP 230gr FMJ'] },
  { name: '.223 Remington', destination: 'ammoseek', category: 'rifle', caliber: '.223 Rem', slug: '223-remington', ship_rating: '>4', cpr: [42, 62], rounds: [20, 1000], loads: ['Federal American Eagle .223 Rem 55gr FMJ', 'Hornady Frontier .223 Rem 55gr FMJ', 'PMC Bronze .223 Rem 55gr FMJ', 'Wolf Gold .223 Rem 55gr FMJ'] },
  { name: '5.56 NATO — cases', destination: 'ammoseek', category: 'rifle', caliber: '5.56 NATO', slug: '5.56x45mm-nato', round_group: '501-1000', cpr: [44, 60], rounds: [1000, 500], loads: ['Federal XM193 5.56 NATO 55gr FMJ', 'PMC X-TAC 5.56 NATO 55gr FMJ', 'Winchester M855 5.56 NATO 62gr Green Tip'] },
  { name: '.308 Winchester', destination: 'ammoseek', category: 'rifle', caliber: '.308 Win', slug: '308-winchester', cpr: [88, 145], rounds: [20, 200], loads: ['Federal American Eagle .308 Win 150gr FMJ', 'Hornady Match .308 Win 168gr BTHP', 'Sellier & Bellot .308 Win 147gr FMJ', 'Prvi Partizan .308 Win 145gr FMJ'] },
  { name: '7.62x39 — steel case', destination: 'ammoseek', category: 'rifle', caliber: '7.62x39', slug: '7.62x39mm', cpr: [34, 52], rounds: [20, 1000], loads: ['Tula 7.62x39 122gr FMJ', 'Wolf Military Classic 7.62x39 123gr FMJ', 'Barnaul 7.62x39 123gr FMJ'] },
  { name: '6.5 Creedmoor', destination: 'ammoseek', category: 'rifle', caliber: '6.5 Creedmoor', slug: '6.5-creedmoor', cpr: [105, 175], rounds: [20], loads: ['Hornady American Gunner 6.5 Creedmoor 140gr BTHP', 'Federal Fusion 6.5 Creedmoor 140gr SP', 'Winchester Super-X 6.5 Creedmoor 129gr PT'] },
  { name: '.22 LR', destination: 'ammoseek', category: 'rimfire', caliber: '.22 LR', slug: '22-lr', cpr: [6, 12], rounds: [500, 525, 1400], loads: ['CCI Blazer .22 LR 40gr LRN', 'Federal AutoMatch .22 LR 40gr LRN', 'Winchester 333 .22 LR 36gr CPHP', 'Remington Golden Bullet .22 LR 36gr HP'] },
  { name: '12 gauge 00 buckshot', destination: 'ammoseek', category: 'shotgun', caliber: '12 Gauge', slug: '12-gauge', cpr: [78, 125], rounds: [5, 25, 250], loads: ['Federal Power-Shok 12 ga 2-3/4" 00 Buck 9 Pellet', 'Fiocchi 12 ga 2-3/4" 00 Buck', 'Remington Express 12 ga 2-3/4" 00 Buck'] },
  { name: 'BulkCheapAmmo — 9mm cases', destination: 'bulkcheapammo', category: 'handgun', caliber: '9mm Luger', slug: '9mm', round_group: '501-1000', cpr: [22, 29], rounds: [1000], loads: ['Magtech 9mm 115gr FMJ', 'Federal American Eagle 9mm 115gr FMJ', 'Blazer Brass 9mm 115gr FMJ'] },
  { name: '.300 Blackout (paused)', destination: 'ammoseek', category: 'rifle', caliber: '.300 BLK', slug: '300-aac-blackout', cpr: [75, 120], rounds: [20], loads: ['Sig Sauer Elite .300 BLK 125gr FMJ', 'Remington UMC .300 BLK 220gr OTFB'], active: false },
];

/** Online retailers seen on comparison sites, with the shipping rating they usually get. */
const COMPETITORS: { name: string; ship: OfferShipRating[] }[] = [
  { name: 'Lucky Gunner', ship: ['CF', '7'] },
  { name: 'Target Sports USA', ship: ['CF', '6'] },
  { name: 'SGAmmo', ship: ['8', '7'] },
  { name: 'Palmetto State Armory', ship: ['CF', '5'] },
  { name: 'Ammunition Depot', ship: ['CF', '6'] },
  { name: 'Bulk Ammo', ship: ['F', 'CF'] },
  { name: 'Natchez Shooters Supplies', ship: ['4', '5'] },
  { name: 'MidwayUSA', ship: ['CF', '3'] },
  { name: 'Brownells', ship: ['CF', '4'] },
  { name: 'Sportsman\u2019s Warehouse', ship: ['CF', '5'] },
  { name: 'Ammo Kingpin', ship: ['F', '9'] },
  { name: 'DiscountAmmoDepot', ship: ['10', 'F'] },
];

const BLACKLIST = [
  { competitor: 'Ammo Kingpin', reason: 'Lists items it has no stock of; its prices are never filled. Ignored until orders placed there arrive.' },
  { competitor: 'DiscountAmmoDepot', reason: 'Prices only for members of its paid club; the public price is higher.' },
];

export async function seedPricingDemo(db: Db) {
  await transaction(db, async (t) => {
    const now = Date.now();
    const rand = rng(20261128);
    const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    for (const [wi, w] of WATCHES.entries()) {
      const url =
        w.destination === 'ammoseek'
          ? `https://ammoseek.com/ammo/${w.slug}${w.ship_rating || w.round_group ? '?' : ''}${[w.ship_rating && `sh=${encodeURIComponent(w.ship_rating)}`, w.round_group && `rg=${encodeURIComponent(w.round_group)}`].filter(Boolean).join('&')}`
          : `https://www.bulkcheapammo.com/handgun/bulk-${w.slug}-ammo`;
      const row = {
        name: w.name, destination: w.destination, category: w.category, caliber: w.caliber, ship_rating: w.ship_rating ?? null, round_group: w.round_group ?? null,
        url, is_active: w.active ?? true, notes: w.active === false ? 'Paused: we sell no .300 BLK until the new vendor is set up.' : null,
      };
      const id = await insertRow(t, targetUrls, row);
      await audit(t, SYSTEM_ACTOR, { action: 'create', entity: 'target_url', entityId: id, after: row });
      // 6–11 offers per search, from different competitors
      const n = 6 + Math.floor(rand() * 6);
      for (let k = 0; k < n; k++) {
        const c = COMPETITORS[(wi * 5 + k * 7) % COMPETITORS.length]!;
        const rounds = pick(w.rounds);
        const cpr = w.cpr[0] + rand() * (w.cpr[1] - w.cpr[0]);
        const offer = {
          target_url_id: id, competitor: c.name, title: `${pick(w.loads)}, ${rounds} rounds`,
          url: `https://www.example.com/${c.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}/${w.slug}-${k + 1}`,
          category: w.category, caliber: w.caliber, ship_rating: pick(c.ship), rounds,
          price_cents: Math.max(1, Math.round(cpr * rounds)), in_stock: rand() > 0.15,
          seen_at: new Date(now - Math.floor(rand() * 72 * 3600_000)),
        };
        const oid = await insertRow(t, competitorOffers, offer);
        await audit(t, SYSTEM_ACTOR, { action: 'create', entity: 'competitor_offer', entityId: oid, after: { ...offer, seen_at: offer.seen_at.toISOString() } });
      }
    }
    for (const b of BLACKLIST) {
      const id = await insertRow(t, competitorBlacklist, b);
      await audit(t, SYSTEM_ACTOR, { action: 'create', entity: 'competitor_blacklist', entityId: id, after: b });
    }
    // SKUs repricing leaves alone: a MAP-gated load everywhere, a clearance price on one store
    const picks = await query<{ id: number; sku: string }>(t, sql`select v.id, v.sku from variants v join products p on p.id = v.product_id where v.is_default order by v.id limit 3`);
    const store = await queryOne<{ id: number }>(t, sql`select id from stores order by id limit 1`);
    const reasons = [
      { store_id: null, reason: 'The manufacturer gates this load at MAP: its price is set by hand.' },
      { store_id: store?.id ?? null, reason: 'Clearance price until the lot is sold.' },
      { store_id: null, reason: 'Sold at cost as a loss leader for the spring promotion.' },
    ];
    for (const [i, v] of picks.entries()) {
      const row = { variant_id: v.id, ...reasons[i]! };
      const id = await insertRow(t, excludeSkus, row);
      await audit(t, SYSTEM_ACTOR, { action: 'create', entity: 'exclude_sku', entityId: id, after: { ...row, sku: v.sku } });
    }
    await seedPriceProblems(t);
    await seedMapHolidays(t);
    await seedRepricingRules(t);
  });
}

/** One store follows the market closer, in smaller steps (its repricing rule); the others take the defaults. */
async function seedRepricingRules(t: Db) {
  const store = await queryOne<{ id: number; name: string }>(t, sql`select id, name from stores where is_enabled order by id desc limit 1`);
  if (!store) return;
  const rule = { store_id: store.id, undercut_cpr_cents: '0.25', max_step_pct: 10, note: 'Bulk cases: a quarter cent a round under the market, in steps of 10 % at most.' };
  const id = await insertRow(t, repricingRules, rule);
  await audit(t, SYSTEM_ACTOR, { action: 'create', entity: 'repricing_rule', entityId: id, after: { ...rule, undercut_cpr_cents: 0.25, store_name: store.name } });
}

/**
 * MAP holidays around today: one on now (every store), one coming on the first store, one over. Their
 * brands are MAP brands whose store variants the morning's problems leave alone, so the dashboard's
 * "Advertised under MAP" still shows those two.
 */
async function seedMapHolidays(t: Db) {
  const brands = await query<{ id: number; name: string }>(
    t,
    sql`select b.id, b.name from brands b
         where exists (select 1 from products p join variants v on v.product_id = p.id join store_variants sv on sv.variant_id = v.id
                        where p.brand_id = b.id and sv.map_price_cents is not null)
           and not exists (select 1 from products p join variants v on v.product_id = p.id join store_variants sv on sv.variant_id = v.id
                            where p.brand_id = b.id and sv.map_gate is null and sv.price_cents < sv.map_price_cents)
         order by b.name limit 3`,
  );
  const store = await queryOne<{ id: number }>(t, sql`select id from stores order by id limit 1`);
  const plans = [
    { from: -2, to: 2, store_id: null, note: 'Holiday sale: the manufacturer lifts MAP through Wednesday.' },
    { from: 20, to: 27, store_id: store?.id ?? null, note: 'Year-end sale announced by the manufacturer (this store’s listing only).' },
    { from: -70, to: -66, store_id: null, note: 'Hunting season opener sale.' },
  ];
  // days from today as qm_today() counts them (UTC)
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  for (const [i, b] of brands.entries()) {
    const plan = plans[i]!;
    const holiday = { brand_id: b.id, store_id: plan.store_id, starts_on: day(plan.from), ends_on: day(plan.to), note: plan.note };
    const id = await insertRow(t, mapHolidays, holiday);
    await audit(t, SYSTEM_ACTOR, { action: 'create', entity: 'map_holiday', entityId: id, after: { ...holiday, brand_name: b.name } });
  }
}

/**
 * What the pricing team finds on a normal morning (the Pricing Dashboard's flags): listings not priced
 * yet, a clearance under cost, prices cut under the margin floor, and advertised prices under MAP.
 */
async function seedPriceProblems(t: Db) {
  const candidates = await query<{ id: number; price_cents: number; cost_cents: number; map_price_cents: number | null }>(
    t,
    sql`select sv.id, sv.price_cents, v.cost_cents, sv.map_price_cents
          from store_variants sv join store_products sp on sp.id = sv.store_product_id join stores s on s.id = sp.store_id and s.is_enabled
          join variants v on v.id = sv.variant_id
         where sv.is_enabled and sv.price_cents is not null and v.cost_cents > 0 and sv.map_gate is null
           and not exists (select 1 from exclude_skus x where x.variant_id = v.id)
         order by sv.id desc`,
  );
  const plain = candidates.filter((c) => c.map_price_cents === null);
  const mapped = candidates.filter((c) => c.map_price_cents !== null);
  const changes = [
    ...plain.slice(0, 3).map((c) => ({ c, price: null as number | null })),
    ...plain.slice(3, 5).map((c) => ({ c, price: Math.round(c.cost_cents * 0.95) })),
    ...plain.slice(5, 8).map((c) => ({ c, price: Math.round(c.cost_cents * 1.03) })),
    ...mapped.slice(0, 2).map((c) => ({ c, price: c.map_price_cents! - 150 })),
  ];
  for (const { c, price } of changes) {
    await t.execute(sql`update store_variants set price_cents = ${price}, version = version + 1, updated_at = now() where id = ${c.id}`);
    await audit(t, SYSTEM_ACTOR, { action: 'update', entity: 'store_variant', entityId: c.id, before: { price_cents: c.price_cents }, after: { price_cents: price } });
  }
}
