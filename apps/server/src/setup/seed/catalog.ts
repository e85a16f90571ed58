import { sql, type SQL } from 'drizzle-orm';
import { FeedFileLayout, IMAGE_ATTRIBUTE_ID, TITLE_ATTRIBUTE_ID } from '@qm/contracts';
import { query, type Db } from '../../db/connect.js';
import { transaction } from '../../db/write.js';
import { rng } from './random.js';

// ───────────────────────────── reference attributes ─────────────────────────────

export const CALIBERS = {
  handgun: ['9mm Luger', '.380 ACP', '.40 S&W', '.45 ACP', '.38 Special', '.357 Magnum', '10mm Auto'],
  rifle: ['.223 Rem', '5.56 NATO', '.308 Win', '7.62x39', '6.5 Creedmoor', '.300 BLK', '.30-06 Springfield'],
  rimfire: ['.22 LR', '.22 WMR', '.17 HMR'],
  shotgun: ['12 Gauge', '20 Gauge', '.410 Bore'],
} as const;
const ALL_CALIBERS = Object.values(CALIBERS).flat();
const BULLET_TYPES = ['FMJ', 'JHP', 'SP', 'OTM', 'BTHP', 'Polymer Tip', 'LRN', 'CPRN', 'Solid', 'Slug', 'Buckshot', 'Birdshot'];

/** Attributes every installation has; ids are fixed (11 = title, 13 = image are relied on by the spec). */
export const REFERENCE_ATTRIBUTES: {
  id: number;
  code: string;
  name: string;
  type: string;
  options?: string[];
  unit?: string;
  required?: boolean;
}[] = [
  { id: 1, code: 'caliber', name: 'Caliber / Gauge', type: 'select', options: ALL_CALIBERS },
  { id: 2, code: 'grain_weight', name: 'Grain Weight', type: 'measurement', unit: 'gr' },
  { id: 3, code: 'bullet_type', name: 'Bullet Type', type: 'select', options: BULLET_TYPES },
  { id: 4, code: 'casing', name: 'Casing', type: 'select', options: ['Brass', 'Steel', 'Aluminum', 'Nickel-Plated Brass', 'Plastic Hull'] },
  { id: 5, code: 'primer', name: 'Primer', type: 'select', options: ['Boxer', 'Berdan', 'Rimfire', 'Shotshell'] },
  { id: 6, code: 'rounds_per_box', name: 'Rounds per Box', type: 'number' },
  { id: 7, code: 'boxes_per_case', name: 'Boxes per Case', type: 'number' },
  { id: 8, code: 'muzzle_velocity', name: 'Muzzle Velocity', type: 'measurement', unit: 'fps' },
  { id: 9, code: 'muzzle_energy', name: 'Muzzle Energy', type: 'measurement', unit: 'ft-lb' },
  { id: 10, code: 'condition', name: 'Condition', type: 'select', options: ['New', 'Remanufactured'] },
  { id: TITLE_ATTRIBUTE_ID, code: 'title', name: 'Title', type: 'text', required: true },
  { id: 12, code: 'description', name: 'Description', type: 'text' },
  { id: IMAGE_ATTRIBUTE_ID, code: 'image', name: 'Image', type: 'image' },
  { id: 14, code: 'suggested_use', name: 'Suggested Use', type: 'select', options: ['Target', 'Defense', 'Hunting', 'Competition'] },
  { id: 15, code: 'lead_free', name: 'Lead Free', type: 'boolean' },
  { id: 16, code: 'corrosive', name: 'Corrosive', type: 'boolean' },
  { id: 17, code: 'upc', name: 'UPC', type: 'text' },
  { id: 18, code: 'mpn', name: 'MPN', type: 'text' },
  { id: 19, code: 'shot_size', name: 'Shot Size', type: 'select', options: ['00 Buck', '#4 Buck', '#4', '#6', '#7.5', '#8', '#9', 'Rifled Slug'] },
  { id: 20, code: 'shell_length', name: 'Shell Length', type: 'measurement', unit: 'in' },
  { id: 21, code: 'capacity', name: 'Magazine Capacity', type: 'number' },
  { id: 22, code: 'msrp', name: 'MSRP', type: 'money' },
  { id: 23, code: 'manufacturer_url', name: 'Manufacturer Page', type: 'url' },
  { id: 24, code: 'purchase_limit', name: 'Purchase Limit (packages per order)', type: 'number' },
];

const textArray = (xs: string[]) => sql`${`{${xs.map((x) => `"${x.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`}::text[]`;

/** Inserts missing reference attributes with their fixed ids; staff edits to existing ones are kept. */
export async function seedCatalogReference(db: Db) {
  const values = REFERENCE_ATTRIBUTES.map(
    (a) => sql`(${a.id}, ${a.code}, ${a.name}, ${a.type}, ${textArray(a.options ?? [])}, ${a.unit ?? null}, ${a.required ?? false})`,
  );
  await db.execute(sql`insert into attributes (id, code, name, type, options, unit, required_for_publish)
                       values ${sql.join(values, sql`, `)} on conflict do nothing`);
  await db.execute(sql`select setval(pg_get_serial_sequence('attributes', 'id'),
                                     greatest((select max(id) from attributes), (select last_value from attributes_id_seq)))`);
  // one added later whose id a staff attribute already holds: under the next free id
  await db.execute(sql`insert into attributes (code, name, type, options, unit, required_for_publish)
                       select v.code, v.name, v.type, v.options, v.unit, v.required::boolean
                         from (values ${sql.join(values, sql`, `)}) as v(id, code, name, type, options, unit, required)
                        where not exists (select 1 from attributes a where a.code = v.code)`);
}

// ───────────────────────────── demo catalogue ─────────────────────────────

/** Multi-row insert in chunks (PostgreSQL allows 65535 parameters per statement). */
async function bulkInsert(db: Db, table: string, cols: string[], rows: unknown[][], returning = false): Promise<{ id: number }[]> {
  const out: { id: number }[] = [];
  const chunk = Math.max(1, Math.floor(30000 / cols.length));
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    const values = sql.join(
      part.map((r) => sql`(${sql.join(r.map((v) => (v instanceof Object && 'getSQL' in (v as object) ? (v as SQL) : sql`${v}`)), sql`, `)})`),
      sql`, `,
    );
    const q = sql`insert into ${sql.identifier(table)} (${sql.join(cols.map((c) => sql.identifier(c)), sql`, `)}) values ${values}
                  ${returning ? sql`returning id` : sql``}`;
    if (returning) out.push(...(await query<{ id: number }>(db, q)));
    else await db.execute(q);
  }
  return out;
}
const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

interface Line {
  brand: string;
  line: string;
  code: string;
  casing: string;
  /** Calibers this line is made in, with loads (grain, bullet type, fps). */
  loads: [caliber: string, grain: number, bullet: string, fps: number][];
  use: string;
  perBox?: number;
  boxesPerCase?: number;
  remanufactured?: boolean;
  steel?: boolean;
}

const HANDGUN_FMJ: Line['loads'] = [
  ['9mm Luger', 115, 'FMJ', 1180],
  ['9mm Luger', 124, 'FMJ', 1090],
  ['9mm Luger', 147, 'FMJ', 960],
  ['.380 ACP', 95, 'FMJ', 960],
  ['.40 S&W', 165, 'FMJ', 1130],
  ['.40 S&W', 180, 'FMJ', 990],
  ['.45 ACP', 230, 'FMJ', 850],
  ['.38 Special', 130, 'FMJ', 890],
  ['.357 Magnum', 158, 'FMJ', 1240],
  ['10mm Auto', 180, 'FMJ', 1030],
];
const HANDGUN_JHP: Line['loads'] = [
  ['9mm Luger', 124, 'JHP', 1150],
  ['9mm Luger', 147, 'JHP', 1000],
  ['.380 ACP', 90, 'JHP', 1000],
  ['.40 S&W', 180, 'JHP', 1010],
  ['.45 ACP', 230, 'JHP', 890],
  ['.38 Special', 125, 'JHP', 945],
  ['.357 Magnum', 125, 'JHP', 1450],
  ['10mm Auto', 180, 'JHP', 1275],
];
const RIFLE_PLINK: Line['loads'] = [
  ['.223 Rem', 55, 'FMJ', 3240],
  ['5.56 NATO', 55, 'FMJ', 3165],
  ['5.56 NATO', 62, 'FMJ', 3020],
  ['.308 Win', 147, 'FMJ', 2800],
  ['7.62x39', 123, 'FMJ', 2350],
  ['.300 BLK', 150, 'FMJ', 1900],
];
const RIFLE_HUNT: Line['loads'] = [
  ['.308 Win', 150, 'SP', 2820],
  ['.308 Win', 165, 'Polymer Tip', 2700],
  ['6.5 Creedmoor', 140, 'Polymer Tip', 2710],
  ['6.5 Creedmoor', 143, 'Polymer Tip', 2700],
  ['.30-06 Springfield', 150, 'SP', 2910],
  ['.30-06 Springfield', 180, 'SP', 2700],
  ['.223 Rem', 55, 'Polymer Tip', 3240],
  ['.300 BLK', 110, 'Polymer Tip', 2350],
];
const RIFLE_MATCH: Line['loads'] = [
  ['.308 Win', 168, 'BTHP', 2650],
  ['.308 Win', 175, 'OTM', 2600],
  ['6.5 Creedmoor', 140, 'BTHP', 2710],
  ['.223 Rem', 77, 'OTM', 2750],
];
const RIMFIRE: Line['loads'] = [
  ['.22 LR', 40, 'LRN', 1235],
  ['.22 LR', 36, 'CPRN', 1260],
  ['.22 WMR', 40, 'JHP', 1910],
  ['.17 HMR', 17, 'Polymer Tip', 2550],
];
const SHOTGUN: Line['loads'] = [
  ['12 Gauge', 0, 'Buckshot', 1325],
  ['12 Gauge', 0, 'Slug', 1600],
  ['12 Gauge', 0, 'Birdshot', 1200],
  ['20 Gauge', 0, 'Birdshot', 1220],
  ['20 Gauge', 0, 'Slug', 1580],
  ['.410 Bore', 0, 'Buckshot', 1100],
];

const LINES: Line[] = [
  { brand: 'Federal', line: 'American Eagle', code: 'AE', casing: 'Brass', loads: [...HANDGUN_FMJ, ...RIFLE_PLINK.slice(0, 4)], use: 'Target' },
  { brand: 'Federal', line: 'HST', code: 'P', casing: 'Nickel-Plated Brass', loads: HANDGUN_JHP.slice(0, 6), use: 'Defense', perBox: 20 },
  { brand: 'Federal', line: 'Power-Shok', code: 'PS', casing: 'Brass', loads: RIFLE_HUNT.slice(0, 6), use: 'Hunting', perBox: 20, boxesPerCase: 10 },
  { brand: 'Federal', line: 'Top Gun', code: 'TG', casing: 'Plastic Hull', loads: SHOTGUN.filter((l) => l[2] === 'Birdshot'), use: 'Target', perBox: 25, boxesPerCase: 10 },
  { brand: 'Winchester', line: 'USA White Box', code: 'Q', casing: 'Brass', loads: [...HANDGUN_FMJ, ...RIFLE_PLINK.slice(0, 5)], use: 'Target' },
  { brand: 'Winchester', line: 'Super-X', code: 'X', casing: 'Brass', loads: [...RIFLE_HUNT.slice(0, 5), ...SHOTGUN.slice(0, 2)], use: 'Hunting', perBox: 20, boxesPerCase: 10 },
  { brand: 'Winchester', line: 'Defender', code: 'S', casing: 'Nickel-Plated Brass', loads: HANDGUN_JHP.slice(0, 5), use: 'Defense', perBox: 20 },
  { brand: 'Hornady', line: 'Critical Defense', code: 'CD', casing: 'Nickel-Plated Brass', loads: HANDGUN_JHP, use: 'Defense', perBox: 25 },
  { brand: 'Hornady', line: 'American Whitetail', code: 'AW', casing: 'Brass', loads: RIFLE_HUNT.slice(0, 6), use: 'Hunting', perBox: 20, boxesPerCase: 10 },
  { brand: 'Hornady', line: 'Match', code: 'M', casing: 'Brass', loads: RIFLE_MATCH, use: 'Competition', perBox: 20, boxesPerCase: 10 },
  { brand: 'CCI', line: 'Blazer Clean-Fire', code: 'BCF', casing: 'Aluminum', loads: HANDGUN_FMJ.slice(0, 7), use: 'Target' },
  { brand: 'CCI', line: 'Mini-Mag', code: 'MM', casing: 'Brass', loads: RIMFIRE, use: 'Target', perBox: 100, boxesPerCase: 50 },
  { brand: 'CCI', line: 'Stinger', code: 'ST', casing: 'Brass', loads: RIMFIRE.slice(0, 2), use: 'Hunting', perBox: 50, boxesPerCase: 100 },
  { brand: 'Remington', line: 'UMC', code: 'L', casing: 'Brass', loads: [...HANDGUN_FMJ, ...RIFLE_PLINK.slice(0, 4)], use: 'Target' },
  { brand: 'Remington', line: 'Core-Lokt', code: 'R', casing: 'Brass', loads: RIFLE_HUNT.slice(0, 6), use: 'Hunting', perBox: 20, boxesPerCase: 10 },
  { brand: 'Remington', line: 'Thunderbolt', code: 'TB', casing: 'Brass', loads: RIMFIRE.slice(0, 1), use: 'Target', perBox: 500, boxesPerCase: 10 },
  { brand: 'PMC', line: 'Bronze', code: 'PMC', casing: 'Brass', loads: [...HANDGUN_FMJ.slice(0, 8), ...RIFLE_PLINK.slice(0, 4)], use: 'Target' },
  { brand: 'PMC', line: 'X-TAC', code: 'XP', casing: 'Brass', loads: RIFLE_PLINK.slice(1, 4), use: 'Target', perBox: 20, boxesPerCase: 50 },
  { brand: 'Fiocchi', line: 'Range Dynamics', code: 'FI', casing: 'Brass', loads: [...HANDGUN_FMJ.slice(0, 7), ...SHOTGUN.slice(2)], use: 'Target' },
  { brand: 'Sellier & Bellot', line: 'Sellier & Bellot', code: 'SB', casing: 'Brass', loads: [...HANDGUN_FMJ.slice(0, 7), ...RIFLE_PLINK, ...RIFLE_HUNT.slice(0, 3)], use: 'Target' },
  { brand: 'Blazer', line: 'Brass', code: 'BB', casing: 'Brass', loads: HANDGUN_FMJ.slice(0, 8), use: 'Target' },
  { brand: 'Blazer', line: 'Aluminum', code: 'BA', casing: 'Aluminum', loads: HANDGUN_FMJ.slice(0, 7), use: 'Target' },
  { brand: 'Magtech', line: 'Sport Shooting', code: 'MT', casing: 'Brass', loads: [...HANDGUN_FMJ, ...SHOTGUN.slice(0, 3)], use: 'Target' },
  { brand: 'Speer', line: 'Gold Dot', code: 'GD', casing: 'Nickel-Plated Brass', loads: HANDGUN_JHP, use: 'Defense', perBox: 20 },
  { brand: 'Speer', line: 'Lawman', code: 'LM', casing: 'Brass', loads: HANDGUN_FMJ.slice(0, 7), use: 'Target' },
  { brand: 'Aguila', line: 'Aguila', code: 'AG', casing: 'Brass', loads: [...HANDGUN_FMJ.slice(0, 7), ...RIMFIRE.slice(0, 2), ...RIFLE_PLINK.slice(0, 2)], use: 'Target' },
  { brand: 'Tula', line: 'Tulammo', code: 'TA', casing: 'Steel', steel: true, loads: [...HANDGUN_FMJ.slice(0, 7), ...RIFLE_PLINK.slice(0, 5)], use: 'Target' },
  { brand: 'Wolf', line: 'Polyformance', code: 'W', casing: 'Steel', steel: true, loads: [...HANDGUN_FMJ.slice(0, 7), ...RIFLE_PLINK.slice(0, 5)], use: 'Target' },
  { brand: 'Norma', line: 'Range & Training', code: 'NR', casing: 'Brass', loads: [...HANDGUN_FMJ.slice(0, 3), ...RIFLE_MATCH], use: 'Competition' },
  { brand: 'Nosler', line: 'Ballistic Tip', code: 'NB', casing: 'Brass', loads: RIFLE_HUNT, use: 'Hunting', perBox: 20, boxesPerCase: 10 },
  { brand: 'Barnes', line: 'VOR-TX', code: 'BV', casing: 'Brass', loads: RIFLE_HUNT.slice(0, 6), use: 'Hunting', perBox: 20, boxesPerCase: 10 },
  { brand: 'Sig Sauer', line: 'Elite Ball', code: 'E', casing: 'Brass', loads: HANDGUN_FMJ.slice(0, 8), use: 'Target' },
  { brand: 'Sig Sauer', line: 'Elite V-Crown', code: 'EV', casing: 'Nickel-Plated Brass', loads: HANDGUN_JHP.slice(0, 6), use: 'Defense', perBox: 20 },
  { brand: 'Ammo Depot Reloads', line: 'Remanufactured', code: 'ADR', casing: 'Brass', remanufactured: true, loads: HANDGUN_FMJ.slice(0, 7), use: 'Target' },
];
const MAP_BRANDS = new Set(['Hornady', 'Nosler', 'Barnes', 'Sig Sauer', 'Norma']);
const ACCESSORY_BRANDS = ['Magpul', 'Caldwell', 'MTM Case-Gard', 'ETS', 'Hoppe’s'];
const ACCESSORIES: [brand: string, title: string, category: 'Magazines' | 'Accessories', costCents: number, packs: number[], capacity?: number][] = [
  ['Magpul', 'Magpul PMAG 30 AR/M4 Gen M3 5.56x45 30-Round Magazine', 'Magazines', 1050, [1, 3, 10], 30],
  ['Magpul', 'Magpul PMAG 20 AR/M4 Gen M3 5.56x45 20-Round Magazine', 'Magazines', 1020, [1, 3], 20],
  ['Magpul', 'Magpul PMAG 10 AR/M4 Gen M3 5.56x45 10-Round Magazine', 'Magazines', 1000, [1, 3], 10],
  ['Magpul', 'Magpul PMAG 30 AK/AKM MOE 7.62x39 30-Round Magazine', 'Magazines', 1150, [1, 3], 30],
  ['Magpul', 'Magpul PMAG 21 GL9 Glock 9mm 21-Round Magazine', 'Magazines', 1250, [1, 3], 21],
  ['Magpul', 'Magpul PMAG 20 LR/SR Gen M3 7.62x51 20-Round Magazine', 'Magazines', 1500, [1], 20],
  ['ETS', 'ETS Glock 17 9mm 17-Round Magazine Smoke', 'Magazines', 1200, [1, 3], 17],
  ['ETS', 'ETS AR-15 5.56 30-Round Magazine Clear', 'Magazines', 1100, [1, 5], 30],
  ['Caldwell', 'Caldwell Lead Sled DFT 2 Shooting Rest', 'Accessories', 14500, [1]],
  ['Caldwell', 'Caldwell Orange Peel Self-Adhesive Bullseye Targets 8 in (25 pack)', 'Accessories', 900, [1, 4]],
  ['Caldwell', 'Caldwell E-MAX Pro Electronic Hearing Protection', 'Accessories', 3900, [1]],
  ['Caldwell', 'Caldwell Ballistic Precision Chronograph G2', 'Accessories', 11000, [1]],
  ['MTM Case-Gard', 'MTM Case-Gard AC30C .30 Caliber Ammo Can', 'Accessories', 850, [1, 2, 4]],
  ['MTM Case-Gard', 'MTM Case-Gard SAC35 Sportsmen Plus Utility Dry Box', 'Accessories', 1700, [1, 2]],
  ['MTM Case-Gard', 'MTM Case-Gard P50-9M Flip-Top 9mm 50-Round Ammo Box', 'Accessories', 300, [1, 5, 10]],
  ['Hoppe’s', 'Hoppe’s No. 9 Bore Cleaning Solvent 5 oz', 'Accessories', 550, [1, 6]],
  ['Hoppe’s', 'Hoppe’s BoreSnake 9mm / .38 / .357 Pistol', 'Accessories', 1000, [1]],
  ['Hoppe’s', 'Hoppe’s Elite Gun Cleaning Kit Universal', 'Accessories', 2800, [1]],
];

const DEMO_STORES = [
  { name: 'Ammo Depot', code: 'ammo-depot', domain: 'ammodepot.com', is_enabled: true },
  { name: 'Bulk Rounds Direct', code: 'bulk-rounds', domain: 'bulkroundsdirect.com', is_enabled: true },
  { name: 'Wholesale B2B', code: 'wholesale-b2b', domain: 'b2b.ammodepot.com', is_enabled: false },
];
const VENDORS = [
  { id: 1, label: 'Sports South' },
  { id: 2, label: 'Lipsey’s' },
  { id: 3, label: 'RSR Group' },
];

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
const familyKey = (caliber: string) => (caliber.includes('Gauge') || caliber.includes('Bore') ? 'shotgun' : (Object.entries(CALIBERS).find(([, cs]) => (cs as readonly string[]).includes(caliber))![0] as keyof typeof CALIBERS));
/** A price ending in .99 about `markup` over cost. */
const priceOf = (cost: number, markup: number) => Math.max(99, Math.round((cost * markup) / 100) * 100 - 1);
/** UPC-A with a valid check digit. */
function upcA(body11: string) {
  const d = body11.split('').map(Number);
  const sum = d.reduce((s, x, i) => s + x * (i % 2 === 0 ? 3 : 1), 0);
  return body11 + String((10 - (sum % 10)) % 10);
}

/**
 * A realistic demo catalogue: brands, a category tree by caliber, a few hundred products with box and
 * case variants, families with Quantity and Brand modifiers, three stores with store products,
 * variants (some MAP-gated) and feeds. Bulk inserts only, so it stays fast on PGlite.
 */
export async function seedCatalogDemo(db: Db) {
  const rand = rng(20240601);
  await transaction(db, async (t) => {

    // Brands
    const brandNames = [...new Set([...LINES.map((l) => l.brand), ...ACCESSORY_BRANDS])];
    const brandRows = await bulkInsert(t, 'brands', ['name'], brandNames.map((n) => [n]), true);
    const brandId = new Map(brandNames.map((n, i) => [n, brandRows[i]!.id]));

    // Categories: Ammunition → Handgun/Rifle/Rimfire/Shotgun → calibers; Magazines; Accessories
    const catId = new Map<string, number>();
    const roots = await bulkInsert(
      t,
      'categories',
      ['parent_id', 'name', 'slug', 'sort_order'],
      [
        [null, 'Ammunition', 'ammunition', 0],
        [null, 'Magazines', 'magazines', 1],
        [null, 'Accessories', 'accessories', 2],
      ],
      true,
    );
    ['Ammunition', 'Magazines', 'Accessories'].forEach((n, i) => catId.set(n, roots[i]!.id));
    const groups = [
      ['handgun', 'Handgun Ammunition'],
      ['rifle', 'Rifle Ammunition'],
      ['rimfire', 'Rimfire Ammunition'],
      ['shotgun', 'Shotgun Shells'],
    ] as const;
    const groupRows = await bulkInsert(
      t,
      'categories',
      ['parent_id', 'name', 'slug', 'sort_order'],
      groups.map(([, name], i) => [catId.get('Ammunition'), name, slug(name), i]),
      true,
    );
    groups.forEach(([key], i) => catId.set(key, groupRows[i]!.id));
    const leafRows: unknown[][] = [];
    const leafNames: string[] = [];
    for (const [key, calibers] of Object.entries(CALIBERS))
      calibers.forEach((c, i) => {
        leafNames.push(c);
        leafRows.push([catId.get(key), c, `${slug(c)}-ammo`, i]);
      });
    const accessorySubs = ['Targets', 'Ammo Storage', 'Cleaning', 'Shooting Rests', 'Hearing Protection', 'Chronographs'];
    accessorySubs.forEach((n, i) => {
      leafNames.push(n);
      leafRows.push([catId.get('Accessories'), n, slug(n), i]);
    });
    const leaves = await bulkInsert(t, 'categories', ['parent_id', 'name', 'slug', 'sort_order'], leafRows, true);
    leafNames.forEach((n, i) => catId.set(n, leaves[i]!.id));

    // Products
    interface P {
      title: string;
      brand: string;
      variation: 'rounds' | 'pieces' | 'shells';
      category: number;
      attrs: [number, unknown][];
      variants: { sku: string; upc: string | null; units: number; cost: number; weight: number }[];
      caliber?: string;
      grain?: number;
      bullet?: string;
      notes?: string | null;
    }
    const products: P[] = [];
    let upcSeq = 10000;
    for (const line of LINES) {
      for (const [caliber, grain, bullet, fps] of line.loads) {
        const group = familyKey(caliber);
        const shotgun = group === 'shotgun';
        const rimfire = group === 'rimfire';
        const perBox = line.perBox && !(shotgun && line.perBox < 20) ? line.perBox : shotgun ? 25 : rimfire ? 50 : group === 'rifle' ? 20 : 50;
        const boxesPerCase = line.boxesPerCase ?? (shotgun ? 10 : perBox >= 50 ? 20 : 25);
        const load = shotgun
          ? bullet === 'Buckshot'
            ? '2-3/4" 00 Buck 9 Pellet'
            : bullet === 'Slug'
              ? '2-3/4" 1 oz Rifled Slug'
              : '2-3/4" 1 oz #8 Shot'
          : `${grain} gr ${bullet}`;
        const lineName = line.line === line.brand ? '' : ` ${line.line}`;
        const title = `${line.brand}${lineName} ${caliber} ${load}`;
        const mpn = `${line.code}${slug(caliber).replace(/-/g, '').toUpperCase().slice(0, 5)}${grain || bullet.slice(0, 2).toUpperCase()}`;
        // cost per round in cents by group, steel and line
        const cpr = { handgun: 28, rifle: 55, rimfire: 7, shotgun: 60 }[group] * (line.steel ? 0.8 : 1) * (line.use === 'Defense' ? 2.6 : line.use === 'Hunting' ? 2.2 : line.use === 'Competition' ? 2 : 1) * (caliber === '10mm Auto' || caliber === '.357 Magnum' ? 1.5 : 1) * (0.9 + rand() * 0.25);
        const boxCost = Math.round(cpr * perBox);
        const prefix = String(upcSeq++).padStart(5, '0');
        const mfr = String(29465 + (brandId.get(line.brand)! % 50) * 17).padStart(6, '0').slice(0, 6);
        const variants: P['variants'] = [
          { sku: `${mpn}-BX`, upc: upcA(`0${mfr.slice(1)}${prefix}`), units: perBox, cost: boxCost, weight: Math.round(perBox * (grain || 437) * 0.0045 * 10) / 10 },
          {
            sku: `${mpn}-CS`,
            upc: rand() < 0.8 ? upcA(`1${mfr.slice(1)}${prefix}`) : null,
            units: perBox * boxesPerCase,
            cost: Math.round(boxCost * boxesPerCase * 0.94),
            weight: Math.round(perBox * boxesPerCase * (grain || 437) * 0.0045 * 10) / 10,
          },
        ];
        if (!line.boxesPerCase && perBox === 50 && !shotgun && rand() < 0.3)
          variants.splice(1, 0, { sku: `${mpn}-500`, upc: null, units: 500, cost: Math.round(boxCost * 10 * 0.97), weight: Math.round(500 * (grain || 100) * 0.0045 * 10) / 10 });
        const attrs: [number, unknown][] = [
          [TITLE_ATTRIBUTE_ID, title],
          [1, caliber],
          [3, bullet],
          [4, line.casing],
          [5, shotgun ? 'Shotshell' : rimfire ? 'Rimfire' : line.steel ? 'Berdan' : 'Boxer'],
          [6, perBox],
          [7, boxesPerCase],
          [8, fps],
          [10, line.remanufactured ? 'Remanufactured' : 'New'],
          [14, line.use],
          [15, line.code === 'BCF'],
          [16, false],
          [17, variants[0]!.upc],
          [18, mpn],
        ];
        if (grain) attrs.push([2, grain], [9, Math.round((grain * fps * fps) / 450400)]);
        if (shotgun) attrs.push([19, bullet === 'Buckshot' ? '00 Buck' : bullet === 'Slug' ? 'Rifled Slug' : '#8'], [20, 2.75]);
        if (rand() < 0.15) attrs.push([12, `${title}. ${line.use === 'Defense' ? 'Reliable expansion and penetration for personal protection.' : line.use === 'Hunting' ? 'Controlled expansion for clean, ethical harvests.' : 'Consistent, clean-burning loads for range practice.'}`]);
        products.push({
          title,
          brand: line.brand,
          variation: shotgun ? 'shells' : 'rounds',
          category: catId.get(caliber)!,
          attrs,
          variants,
          caliber,
          grain,
          bullet,
          notes: line.remanufactured ? 'Remanufactured in-house from once-fired brass; not eligible for manufacturer rebates.' : rand() < 0.05 ? 'Allocation item: limit 5 cases per order.' : null,
        });
        // an allocation item's limit as the catalogue's attribute (what feeds and stores read)
        if (products.at(-1)!.notes?.startsWith('Allocation item')) attrs.push([24, 5]);
      }
    }
    for (const [brand, title, cat, cost, packs, capacity] of ACCESSORIES) {
      const sub =
        cat === 'Magazines'
          ? catId.get('Magazines')!
          : catId.get(
              /Target/.test(title) ? 'Targets' : /Can|Box/.test(title) ? 'Ammo Storage' : /Clean|Solvent|BoreSnake/.test(title) ? 'Cleaning' : /Rest/.test(title) ? 'Shooting Rests' : /Hearing/.test(title) ? 'Hearing Protection' : 'Chronographs',
            )!;
      const mpn = slug(title).split('-').slice(0, 3).join('').toUpperCase().slice(0, 10) + String(products.length);
      const prefix = String(upcSeq++).padStart(5, '0');
      products.push({
        title,
        brand,
        variation: 'pieces',
        category: sub,
        attrs: [[TITLE_ATTRIBUTE_ID, title], [18, mpn], [10, 'New'], ...(capacity ? ([[21, capacity]] as [number, unknown][]) : [])],
        variants: packs.map((n, i) => ({
          sku: n === 1 ? mpn : `${mpn}-${n}PK`,
          upc: upcA(`8${String(73750 + i).padStart(5, '0')}${prefix}`),
          units: n,
          cost: Math.round(cost * n * (n > 1 ? 0.95 : 1)),
          weight: Math.round(n * 6 * 10) / 10,
        })),
      });
    }
    // A few products are still being set up: no title yet, so they cannot be published.
    const untitled = new Set([7, 61, 140]);

    const productRows = await bulkInsert(
      t,
      'products',
      ['type', 'variation_type', 'brand_id', 'notes'],
      products.map((p) => ['physical', p.variation, brandId.get(p.brand), p.notes ?? null]),
      true,
    );
    const pid = productRows.map((r) => r.id);
    await bulkInsert(t, 'product_categories', ['product_id', 'category_id'], products.map((p, i) => [pid[i], p.category]));
    const attrRows: unknown[][] = [];
    products.forEach((p, i) => {
      for (const [attributeId, value] of p.attrs) {
        if (value === null || value === undefined) continue;
        if (attributeId === TITLE_ATTRIBUTE_ID && untitled.has(i)) continue;
        attrRows.push([attributeId, 'product', pid[i], null, null, null, json(value)]);
      }
      // Values from distributors' catalogues, side by side with the canonical ones.
      if (i % 3 === 0) {
        const v = VENDORS[i % VENDORS.length]!;
        attrRows.push([TITLE_ATTRIBUTE_ID, 'product', pid[i], 'vendor', v.id, v.label, json(p.title.toUpperCase().replace(/ GR /, 'GR '))]);
        const fps = p.attrs.find((a) => a[0] === 8);
        if (fps) attrRows.push([8, 'product', pid[i], 'vendor', v.id, v.label, json((fps[1] as number) + 15)]);
      }
    });
    await bulkInsert(t, 'attribute_data', ['attribute_id', 'sourceable_type', 'sourceable_id', 'source_type', 'source_id', 'source_label', 'value'], attrRows);

    const variantInput: unknown[][] = [];
    const variantMeta: { productIndex: number; units: number; cost: number; sku: string; upc: string | null }[] = [];
    products.forEach((p, i) =>
      p.variants.forEach((v, j) => {
        variantInput.push([pid[i], v.sku, v.upc, v.units, v.cost, v.weight, j === 0]);
        variantMeta.push({ productIndex: i, units: v.units, cost: v.cost, sku: v.sku, upc: v.upc });
      }),
    );
    const variantRows = await bulkInsert(t, 'variants', ['product_id', 'sku', 'upc', 'units_per_package', 'cost_cents', 'weight_oz', 'is_default'], variantInput, true);
    const vid = variantRows.map((r) => r.id);
    // Product-level modifier on accessories sold in packs.
    const packProducts = products.map((p, i) => ({ p, i })).filter(({ p }) => p.variation === 'pieces' && p.variants.length > 1);
    const pmRows = await bulkInsert(
      t,
      'modifiers',
      ['product_id', 'name', 'display_type', 'sort_order'],
      packProducts.map(({ i }) => [pid[i], 'Pack Size', 'rectangles', 0]),
      true,
    );
    const pOptInput: unknown[][] = [];
    const pOptVariant: number[] = [];
    let vCursor = 0;
    const firstVariantIndex = products.map((p) => {
      const start = vCursor;
      vCursor += p.variants.length;
      return start;
    });
    packProducts.forEach(({ p, i }, k) =>
      p.variants.forEach((v, j) => {
        pOptInput.push([pmRows[k]!.id, v.units === 1 ? 'Single' : `${v.units}-Pack`, j === 0, j]);
        pOptVariant.push(vid[firstVariantIndex[i]! + j]!);
      }),
    );
    const pOptRows = await bulkInsert(t, 'modifier_options', ['modifier_id', 'label', 'is_default', 'sort_order'], pOptInput, true);
    await bulkInsert(t, 'modifier_option_variants', ['modifier_option_id', 'variant_id'], pOptRows.map((o, k) => [o.id, pOptVariant[k]]));

    // Families: the same load from several brands behind Brand and Quantity modifiers.
    const familySpecs: [name: string, caliber: string, grain: number, bullet: string][] = [
      ['9mm Luger 115 gr FMJ Range Ammo', '9mm Luger', 115, 'FMJ'],
      ['9mm Luger 124 gr FMJ Range Ammo', '9mm Luger', 124, 'FMJ'],
      ['9mm Luger 147 gr FMJ Subsonic Range Ammo', '9mm Luger', 147, 'FMJ'],
      ['.45 ACP 230 gr FMJ Range Ammo', '.45 ACP', 230, 'FMJ'],
      ['.40 S&W 180 gr FMJ Range Ammo', '.40 S&W', 180, 'FMJ'],
      ['.380 ACP 95 gr FMJ Range Ammo', '.380 ACP', 95, 'FMJ'],
      ['.223 Rem 55 gr FMJ Bulk', '.223 Rem', 55, 'FMJ'],
      ['5.56 NATO 55 gr FMJ Bulk', '5.56 NATO', 55, 'FMJ'],
      ['7.62x39 123 gr FMJ Bulk', '7.62x39', 123, 'FMJ'],
      ['9mm Luger 124 gr JHP Defense Ammo', '9mm Luger', 124, 'JHP'],
      ['.308 Win 150 gr Soft Point Hunting Ammo', '.308 Win', 150, 'SP'],
      ['6.5 Creedmoor 140 gr Match & Hunting Ammo', '6.5 Creedmoor', 140, 'Polymer Tip'],
    ];
    const families = familySpecs.map(([name, caliber, grain, bullet]) => ({
      name,
      caliber,
      members: products.map((p, i) => ({ p, i })).filter(({ p }) => p.caliber === caliber && p.grain === grain && p.bullet === bullet).slice(0, 5),
    }));
    const familyRows = await bulkInsert(
      t,
      'product_families',
      ['name', 'brand_id', 'notes'],
      families.map((f) => [f.name, null, `Storefront page grouping ${f.members.length} brands of the same load.`]),
      true,
    );
    const fid = familyRows.map((r) => r.id);
    await bulkInsert(t, 'product_family_categories', ['product_family_id', 'category_id'], families.map((f, k) => [fid[k], catId.get(f.caliber)]));
    const fvRows: unknown[][] = [];
    const modInput: unknown[][] = [];
    const modOptions: { mod: number; label: string; variants: number[] }[][] = [];
    families.forEach((f, k) => {
      const vs: { id: number; units: number; brand: string }[] = [];
      for (const { p, i } of f.members) p.variants.forEach((_, j) => vs.push({ id: vid[firstVariantIndex[i]! + j]!, units: p.variants[j]!.units, brand: p.brand }));
      vs.forEach((v, n) => fvRows.push([fid[k], v.id, n]));
      modInput.push([fid[k], 'Quantity', 'rectangles', 0], [fid[k], 'Brand', 'dropdown', 1]);
      const qty = [...new Set(vs.map((v) => v.units))].sort((a, b) => a - b);
      const brands = [...new Set(vs.map((v) => v.brand))];
      modOptions.push(
        qty.map((u) => ({ mod: 0, label: `${u.toLocaleString('en-US')} Rounds`, variants: vs.filter((v) => v.units === u).map((v) => v.id) })),
        brands.map((b) => ({ mod: 0, label: b, variants: vs.filter((v) => v.brand === b).map((v) => v.id) })),
      );
    });
    await bulkInsert(t, 'product_family_variants', ['product_family_id', 'variant_id', 'sort_order'], fvRows);
    const fmRows = await bulkInsert(t, 'modifiers', ['product_family_id', 'name', 'display_type', 'sort_order'], modInput, true);
    const optInput: unknown[][] = [];
    const optVariants: number[][] = [];
    modOptions.forEach((opts, m) =>
      opts.forEach((o, j) => {
        optInput.push([fmRows[m]!.id, o.label, j === 0, j]);
        optVariants.push(o.variants);
      }),
    );
    const optRows = await bulkInsert(t, 'modifier_options', ['modifier_id', 'label', 'is_default', 'sort_order'], optInput, true);
    await bulkInsert(
      t,
      'modifier_option_variants',
      ['modifier_option_id', 'variant_id'],
      optRows.flatMap((o, k) => optVariants[k]!.map((v) => [o.id, v])),
    );

    // Stores, their brand and category pages, feeds
    const storeRows = await bulkInsert(
      t,
      'stores',
      ['name', 'code', 'domain', 'is_enabled'],
      DEMO_STORES.map((s) => [s.name, s.code, s.domain, s.is_enabled]),
      true,
    );
    const [depot, bulk, b2b] = storeRows.map((r) => r.id) as [number, number, number];
    await bulkInsert(
      t,
      'store_brands',
      ['store_id', 'brand_id', 'visible', 'title', 'slug', 'description', 'sort_order'],
      brandNames.flatMap((b, i) => [
        [depot, brandId.get(b), true, `${b} Ammo`, slug(b), `Shop ${b} ammunition and gear at Ammo Depot.`, i],
        ...(i < 20 ? [[bulk, brandId.get(b), !ACCESSORY_BRANDS.includes(b), `Bulk ${b}`, `bulk-${slug(b)}`, null, i]] : []),
      ]),
    );
    const catNames = [...catId.keys()];
    await bulkInsert(
      t,
      'store_categories',
      ['store_id', 'category_id', 'visible', 'title', 'slug', 'description', 'sort_order'],
      catNames.flatMap((c, i) => [
        [depot, catId.get(c), true, c === 'handgun' || c === 'rifle' || c === 'rimfire' || c === 'shotgun' ? `${c[0]!.toUpperCase()}${c.slice(1)} Ammo` : c, slug(`${c}`) + '-shop', null, i],
        ...(/Accessories|Targets|Cleaning|Rests|Hearing|Chronographs|Storage/.test(c) ? [] : [[bulk, catId.get(c), c !== 'Magazines', `Bulk ${c}`, `bulk-${slug(c)}`, null, i]]),
      ]),
    );
    const feedRows = await bulkInsert(
      t,
      'feeds',
      ['store_id', 'name', 'target_destination', 'frequency_hours', 'is_enabled'],
      [
        [depot, 'Ammo Depot → AmmoSeek (daily)', 'ammoseek', 24, true],
        [depot, 'Ammo Depot → BulkCheapAmmo (weekly)', 'bulkcheapammo', 168, true],
        [bulk, 'Bulk Rounds Direct → AmmoSeek (daily)', 'ammoseek', 24, true],
        [bulk, 'Bulk Rounds Direct → BulkCheapAmmo (weekly)', 'bulkcheapammo', 168, false],
      ],
      true,
    );
    const [depotSeek, depotBca, bulkSeek, bulkBca] = feedRows.map((r) => r.id) as [number, number, number, number];
    // the second store's BulkCheapAmmo feed in the columns agreed with the site (its own layout)
    const agreed: FeedFileLayout = {
      format: 'csv',
      root: 'productlist',
      item: 'product',
      fields: [
        { field: 'upc', name: 'UPC' },
        { field: 'title', name: 'Name' },
        { field: 'url', name: 'Link' },
        { field: 'price', name: 'Price' },
        { field: 'numrounds', name: 'Rounds' },
        { field: 'caliber', name: 'Caliber' },
        { field: 'manufacturer', name: 'Brand' },
        { field: 'quantity', name: 'Stock' },
        { field: 'map_note', name: 'MAP Note' },
      ],
    };
    await t.execute(sql`update feeds set file_layout = ${JSON.stringify(FeedFileLayout.parse(agreed))}::jsonb where id = ${bulkBca}`);

    // Store products and variants
    interface SV {
      store: number;
      productIndex: number;
      variantIndex: number;
      price: number;
      map: number | null;
      gate: string | null;
      shipping: string;
      enabled: boolean;
    }
    const sps: { store: number; productIndex: number; published: boolean }[] = [];
    const svs: SV[] = [];
    products.forEach((p, i) => {
      const mapBrand = MAP_BRANDS.has(p.brand);
      const first = firstVariantIndex[i]!;
      // Ammo Depot: most products, every variant
      if (i % 10 !== 9) {
        sps.push({ store: depot, productIndex: i, published: !untitled.has(i) && i % 17 !== 3 });
        p.variants.forEach((v, j) => {
          const price = priceOf(v.cost, 1.22 + rand() * 0.2);
          const map = mapBrand ? priceOf(v.cost, 1.4) : null;
          svs.push({
            store: depot,
            productIndex: i,
            variantIndex: first + j,
            price: mapBrand && j > 0 ? priceOf(v.cost, 1.3) : mapBrand ? map! : price,
            map,
            gate: mapBrand && j > 0 ? (i % 2 ? 'map_gated' : 'map_checkout_gated') : null,
            shipping: p.variation === 'pieces' && v.cost < 2000 ? 'per_unit' : v.units >= 500 ? 'free' : 'variable',
            enabled: !(i % 23 === 5 && j > 0),
          });
        });
      }
      // Bulk Rounds Direct: cases only, ammunition only
      const caseIdx = p.variants.findIndex((v) => v.units >= 200);
      if (p.variation !== 'pieces' && caseIdx >= 0 && i % 2 === 0) {
        sps.push({ store: bulk, productIndex: i, published: !untitled.has(i) });
        const v = p.variants[caseIdx]!;
        svs.push({
          store: bulk,
          productIndex: i,
          variantIndex: first + caseIdx,
          price: priceOf(v.cost, 1.15 + rand() * 0.1),
          map: mapBrand ? priceOf(v.cost, 1.35) : null,
          gate: mapBrand ? 'map_email_gated' : null,
          shipping: 'free',
          enabled: true,
        });
      }
      // Wholesale B2B (disabled store): a selection at dealer prices, never published
      if (i % 12 === 0) {
        sps.push({ store: b2b, productIndex: i, published: false });
        p.variants.forEach((v, j) =>
          svs.push({ store: b2b, productIndex: i, variantIndex: first + j, price: priceOf(v.cost, 1.08), map: null, gate: null, shipping: 'b2b', enabled: true }),
        );
      }
    });
    const spRows = await bulkInsert(
      t,
      'store_products',
      ['store_id', 'product_id', 'is_published', 'published_at'],
      sps.map((s) => [s.store, pid[s.productIndex], s.published, s.published ? sql`now() - interval '30 days'` : null]),
      true,
    );
    const spId = new Map(sps.map((s, k) => [`${s.store}:${s.productIndex}`, spRows[k]!.id]));
    // Families on Ammo Depot
    await bulkInsert(t, 'store_products', ['store_id', 'product_family_id', 'is_published', 'published_at'], fid.slice(0, 8).map((f) => [depot, f, true, sql`now() - interval '20 days'`]));
    const svRows = await bulkInsert(
      t,
      'store_variants',
      ['store_product_id', 'variant_id', 'price_cents', 'map_price_cents', 'map_gate', 'shipping_setting', 'is_enabled', 'feed_title'],
      svs.map((s) => [
        spId.get(`${s.store}:${s.productIndex}`),
        vid[s.variantIndex],
        s.price,
        s.map,
        s.gate,
        s.shipping,
        s.enabled,
        s.store === bulk ? `${products[s.productIndex]!.title} - ${variantMeta[s.variantIndex]!.units.toLocaleString('en-US')} Rounds` : null,
      ]),
      true,
    );
    // Feeds: AmmoSeek wants a numeric UPC; BulkCheapAmmo (weekly) gets Ammo Depot's cases.
    const fsv: unknown[][] = [];
    svs.forEach((s, k) => {
      const meta = variantMeta[s.variantIndex]!;
      const ammo = products[s.productIndex]!.variation !== 'pieces';
      if (!ammo || !s.enabled) return;
      if (s.store === depot && meta.upc) fsv.push([depotSeek, svRows[k]!.id]);
      if (s.store === depot && meta.units >= 200) fsv.push([depotBca, svRows[k]!.id]);
      if (s.store === bulk) fsv.push([bulkSeek, svRows[k]!.id]);
    });
    await bulkInsert(t, 'feed_store_variants', ['feed_id', 'store_variant_id'], fsv);
  });
}
