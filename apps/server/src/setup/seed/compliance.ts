import { sql } from 'drizzle-orm';
import { TITLE_ATTRIBUTE_ID, parseZipEntries, statesOfZipRange, type ComplianceEffect, type TargetKind } from '@qm/contracts';
import { query, queryOne, type Db } from '../../db/connect.js';
import { audit, SYSTEM_ACTOR } from '../../db/audit.js';
import { insertRow, transaction } from '../../db/write.js';
import { complianceRestrictions, complianceRestrictionTypes, zipCodeGroups } from '../../db/schema/index.js';

/**
 * Demo compliance rules (DOMAIN "Compliance"): the restriction types, the zip code groups of cities
 * with their own rules, and the real state and city rules with their citations, plus a few demo
 * products the item rules catch (tracer, armour-piercing, incendiary and flechette loads, .50 BMG,
 * body armour). Magazine capacities are already on the demo magazines (attribute 21).
 *
 * Where a rule is a simplification it says so in its notes; where the reason is a carrier's or the
 * retailer's own policy rather than a law, the citation says that.
 */

const TYPES: { key: string; name: string; effect: ComplianceEffect; document?: string; min_age?: number; description: string }[] = [
  { key: 'block', name: 'Prohibited — do not ship', effect: 'block', description: 'The item may not be sold or shipped to the place at all.' },
  { key: 'dealer', name: 'Ship to a licensed vendor / FFL', effect: 'licensed_dealer', description: 'Ships only to a licensed ammunition vendor or FFL for a face-to-face transfer (with the state check where one is required).' },
  { key: 'foid', name: 'Illinois FOID card', effect: 'document', document: 'Illinois FOID card (copy)', description: 'The buyer sends a copy of a valid Firearm Owner’s Identification card before the order ships.' },
  { key: 'fid', name: 'New Jersey firearms purchaser ID', effect: 'document', document: 'NJ Firearms Purchaser Identification Card or handgun permit', description: 'Handgun ammunition: the buyer’s FID card or a permit to purchase a handgun.' },
  { key: 'ct', name: 'Connecticut ammunition certificate', effect: 'document', document: 'CT ammunition certificate, pistol permit or long gun eligibility certificate', description: 'The buyer shows a Connecticut ammunition certificate or a permit or certificate that includes it.' },
  { key: 'ma', name: 'Massachusetts firearms licence', effect: 'document', document: 'Massachusetts FID card or Licence to Carry', description: 'The buyer holds a Massachusetts firearms identification card or licence to carry.' },
  { key: 'age21', name: 'Minimum age 21', effect: 'min_age', min_age: 21, description: 'The buyer is 21 or older (age verified at checkout).' },
  { key: 'age18', name: 'Minimum age 18', effect: 'min_age', min_age: 18, description: 'The buyer is 18 or older (age verified at checkout).' },
  { key: 'signature', name: 'Adult signature on delivery', effect: 'adult_signature', description: 'The carrier delivers only against the signature of an adult (21+).' },
];

const GROUPS: { key: string; name: string; description: string; entries: string[] }[] = [
  {
    key: 'chicago',
    name: 'Chicago',
    description:
      'The City of Chicago: every 606 zip code plus 60707 and 60827, which the city shares with neighbours. The 607 and 608 prefixes belong to the Chicago sectional centre but are mostly suburbs, so they are not taken whole.',
    entries: ['606', '60707', '60827'],
  },
  { key: 'nyc', name: 'New York City', description: 'The five boroughs by zip prefix: Manhattan, Staten Island and the Bronx (100–104), Queens and Brooklyn (111–114), the Rockaways (116).', entries: ['100-104', '111-114', '116'] },
  { key: 'denver', name: 'Denver', description: 'City and County of Denver (802 prefix).', entries: ['802'] },
  { key: 'ak_road', name: 'Alaska road system', description: 'Anchorage, Mat-Su, Kenai and Fairbanks (995–997): zip codes ground carriers reach.', entries: ['995-997'] },
];

type Target = { kind: Exclude<TargetKind, 'attribute'>; ref: string } | { kind: 'attribute'; attribute: number; op: 'gt' | 'in'; values: string[] };
interface RuleSeed {
  name: string;
  type: string;
  target: Target;
  states?: string[];
  except_states?: string[];
  groups?: string[];
  except_groups?: string[];
  citation: string;
  url?: string;
  from?: string;
  to?: string;
  notes?: string;
}

const ALL_STATES_AND_DC = ['AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY', 'DC'];
const capacity = (n: number): Target => ({ kind: 'attribute', attribute: 21, op: 'gt', values: [String(n)] });
const bullet = (...values: string[]): Target => ({ kind: 'attribute', attribute: 3, op: 'in', values });
const cat = (ref: string): Target => ({ kind: 'category', ref });

const RULES: RuleSeed[] = [
  // Ammunition by state
  { name: 'California — ammunition through a licensed vendor', type: 'dealer', target: cat('ammunition'), states: ['CA'], citation: 'Cal. Penal Code §30312, §30370', url: 'https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=PEN&sectionNum=30312', from: '2018-01-01', notes: 'Delivered to a licensed ammunition vendor for a face-to-face transfer with the DOJ eligibility check (from 1 July 2019).' },
  { name: 'New York — ammunition sold in person with a background check', type: 'dealer', target: cat('ammunition'), states: ['NY'], citation: 'N.Y. Penal Law §400.03', url: 'https://www.nysenate.gov/legislation/laws/PEN/400.03', from: '2023-09-13', notes: 'Sellers register with the State Police; each sale needs the state background check, so orders go to a registered dealer.' },
  { name: 'New York City — ammunition not shipped', type: 'block', target: cat('ammunition'), groups: ['nyc'], citation: 'N.Y.C. Admin. Code §10-131(i)', url: 'https://codelibrary.amlegal.com/codes/newyorkcity/latest/NYCadmin/0-0-0-6384', notes: 'Ammunition is sold in the city only to holders of a city licence or permit; the retailer does not ship it there.' },
  { name: 'Illinois — FOID card for ammunition', type: 'foid', target: cat('ammunition'), states: ['IL'], citation: '430 ILCS 65/3', url: 'https://www.ilga.gov/legislation/ilcs/ilcs3.asp?ActID=1657', notes: 'A copy of the buyer’s FOID card is kept with the order.' },
  { name: 'Chicago — ammunition through a licensed dealer', type: 'dealer', target: cat('ammunition'), groups: ['chicago'], citation: 'Chicago Municipal Code §8-20-100', url: 'https://codelibrary.amlegal.com/codes/chicago/latest/chicago_il/0-0-0-2640591', notes: 'Retailer practice: ammunition to Chicago addresses goes to a licensed dealer.' },
  { name: 'New Jersey — FID for handgun ammunition', type: 'fid', target: cat('handgun-ammunition'), states: ['NJ'], citation: 'N.J.S.A. 2C:58-3.3(b)', url: 'https://law.justia.com/codes/new-jersey/title-2c/section-2c-58-3-3/' },
  { name: 'Connecticut — ammunition certificate', type: 'ct', target: cat('ammunition'), states: ['CT'], citation: 'Conn. Gen. Stat. §29-38m', url: 'https://www.cga.ct.gov/current/pub/chap_529.htm#sec_29-38m' },
  { name: 'Massachusetts — firearms licence for ammunition', type: 'ma', target: cat('ammunition'), states: ['MA'], citation: 'M.G.L. c.140 §129C', url: 'https://malegislature.gov/Laws/GeneralLaws/PartI/TitleXX/Chapter140/Section129C' },
  { name: 'District of Columbia — ammunition not shipped', type: 'block', target: cat('ammunition'), states: ['DC'], citation: 'D.C. Code §7-2506.01', url: 'https://code.dccouncil.gov/us/dc/council/code/sections/7-2506.01', notes: 'Only registrants may possess ammunition, for their registered firearm; the retailer does not ship it.' },
  { name: 'Hawaii — ground carriers do not reach', type: 'block', target: cat('ammunition'), states: ['HI'], citation: '49 CFR §173.63 (cartridges as Limited Quantity, ground only); carrier policy', url: 'https://www.ecfr.gov/current/title-49/section-173.63' },
  { name: 'Alaska — off the road system', type: 'block', target: cat('ammunition'), states: ['AK'], except_groups: ['ak_road'], citation: '49 CFR §173.63 (ground only); carrier service area', url: 'https://www.ecfr.gov/current/title-49/section-173.63', notes: 'Ground carriers reach the road system (Anchorage, Fairbanks, Kenai, Mat-Su), which is excepted.' },
  { name: 'Territories and APO/FPO — ammunition not shipped', type: 'block', target: cat('ammunition'), states: ['PR', 'GU', 'VI', 'AS', 'MP', 'AA', 'AE', 'AP'], citation: 'Carrier policy: Limited Quantity cartridges travel by ground only; USPS does not carry ammunition', url: 'https://pe.usps.com/text/pub52/pub52c4_009.htm' },
  // Age
  { name: 'Handgun ammunition — 21 and over', type: 'age21', target: cat('handgun-ammunition'), states: ALL_STATES_AND_DC, citation: '18 U.S.C. §922(b)(1)', url: 'https://www.law.cornell.edu/uscode/text/18/922' },
  { name: 'Rifle ammunition — 18 and over', type: 'age18', target: cat('rifle-ammunition'), states: ALL_STATES_AND_DC, citation: '18 U.S.C. §922(b)(1)', url: 'https://www.law.cornell.edu/uscode/text/18/922' },
  { name: 'Shotgun shells — 18 and over', type: 'age18', target: cat('shotgun-shells'), states: ALL_STATES_AND_DC, citation: '18 U.S.C. §922(b)(1)', url: 'https://www.law.cornell.edu/uscode/text/18/922' },
  { name: 'Rimfire ammunition — 18 and over', type: 'age18', target: cat('rimfire-ammunition'), states: ALL_STATES_AND_DC, citation: '18 U.S.C. §922(b)(1); ATF on rimfire as rifle ammunition', url: 'https://www.law.cornell.edu/uscode/text/18/922' },
  // Magazines
  { name: 'California — magazines over 10 rounds', type: 'block', target: capacity(10), states: ['CA'], citation: 'Cal. Penal Code §32310', url: 'https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=PEN&sectionNum=32310' },
  { name: 'Connecticut — magazines over 10 rounds', type: 'block', target: capacity(10), states: ['CT'], citation: 'Conn. Gen. Stat. §53-202w', url: 'https://www.cga.ct.gov/current/pub/chap_943.htm#sec_53-202w' },
  { name: 'Hawaii — magazines over 10 rounds', type: 'block', target: capacity(10), states: ['HI'], citation: 'Haw. Rev. Stat. §134-8(c)', url: 'https://www.capitol.hawaii.gov/hrscurrent/Vol03_Ch0121-0200D/HRS0134/HRS_0134-0008.htm', notes: 'The statute names pistol magazines; the retailer applies it to all.' },
  { name: 'Illinois — large-capacity magazines', type: 'block', target: capacity(10), states: ['IL'], citation: '720 ILCS 5/24-1.10', url: 'https://www.ilga.gov/legislation/ilcs/fulltext.asp?DocName=072000050K24-1.10', from: '2023-01-10', notes: 'Over 10 rounds for long guns, over 15 for handguns; every demo magazine over 10 rounds is over its limit.' },
  { name: 'Chicago — magazines over 15 rounds', type: 'block', target: capacity(15), groups: ['chicago'], citation: 'Chicago Municipal Code §8-20-010, §8-20-085', url: 'https://codelibrary.amlegal.com/codes/chicago/latest/chicago_il/0-0-0-2640591' },
  { name: 'Maryland — magazines over 10 rounds', type: 'block', target: capacity(10), states: ['MD'], citation: 'Md. Code, Crim. Law §4-305', url: 'https://mgaleg.maryland.gov/mgawebsite/Laws/StatuteText?article=gcr&section=4-305' },
  { name: 'Massachusetts — magazines over 10 rounds', type: 'block', target: capacity(10), states: ['MA'], citation: 'M.G.L. c.140 §131M', url: 'https://malegislature.gov/Laws/GeneralLaws/PartI/TitleXX/Chapter140/Section131M' },
  { name: 'New Jersey — magazines over 10 rounds', type: 'block', target: capacity(10), states: ['NJ'], citation: 'N.J.S.A. 2C:39-1(y), 2C:39-3(j)', url: 'https://law.justia.com/codes/new-jersey/title-2c/section-2c-39-3/', from: '2018-12-10' },
  { name: 'New York — magazines over 10 rounds', type: 'block', target: capacity(10), states: ['NY'], citation: 'N.Y. Penal Law §265.00(23), §265.02(8)', url: 'https://www.nysenate.gov/legislation/laws/PEN/265.00' },
  { name: 'Washington — magazines over 10 rounds', type: 'block', target: capacity(10), states: ['WA'], citation: 'RCW 9.41.370', url: 'https://app.leg.wa.gov/RCW/default.aspx?cite=9.41.370', from: '2022-07-01' },
  { name: 'District of Columbia — magazines over 10 rounds', type: 'block', target: capacity(10), states: ['DC'], citation: 'D.C. Code §7-2506.01(b)', url: 'https://code.dccouncil.gov/us/dc/council/code/sections/7-2506.01' },
  { name: 'Colorado — magazines over 15 rounds', type: 'block', target: capacity(15), states: ['CO'], citation: 'C.R.S. §18-12-302', url: 'https://leg.colorado.gov/sites/default/files/images/olls/crs2023-title-18.pdf', from: '2013-07-01' },
  { name: 'Denver — magazines over 15 rounds', type: 'block', target: capacity(15), groups: ['denver'], citation: 'Denver Rev. Mun. Code §38-130', url: 'https://library.municode.com/co/denver/codes/code_of_ordinances?nodeId=TITIIREMUCO_CH38OFMIPR_ARTIVPRAGPUSA_S38-130USPOSAPOASWELAMAPR' },
  { name: 'Delaware — magazines over 17 rounds', type: 'block', target: capacity(17), states: ['DE'], citation: '11 Del. C. §1469', url: 'https://delcode.delaware.gov/title11/c005/sc07/index.html', from: '2022-06-30' },
  { name: 'Vermont — magazines over 10 rounds', type: 'block', target: capacity(10), states: ['VT'], citation: '13 V.S.A. §4021', url: 'https://legislature.vermont.gov/statutes/section/13/085/04021', from: '2018-10-01', notes: 'The law allows 15 rounds for handguns and 10 for long guns; the demo catalogue does not tell them apart, so the long-gun limit applies.' },
  // Special ammunition
  { name: 'Armour-piercing handgun ammunition — federal', type: 'block', target: bullet('Armor Piercing'), states: ALL_STATES_AND_DC, citation: '18 U.S.C. §922(a)(7), (a)(8), (b)(5); §921(a)(17)', url: 'https://www.law.cornell.edu/uscode/text/18/922' },
  { name: 'Illinois — armour-piercing, dragon’s breath, flechette', type: 'block', target: bullet('Armor Piercing', "Dragon's Breath", 'Flechette', 'Incendiary'), states: ['IL'], citation: '720 ILCS 5/24-2.1, 5/24-2.2', url: 'https://www.ilga.gov/legislation/ilcs/fulltext.asp?DocName=072000050K24-2.1' },
  { name: 'Florida — exploding, dragon’s breath and flechette shells', type: 'block', target: bullet("Dragon's Breath", 'Flechette', 'Incendiary', 'Armor Piercing'), states: ['FL'], citation: 'Fla. Stat. §790.31', url: 'http://www.leg.state.fl.us/statutes/index.cfm?App_mode=Display_Statute&URL=0700-0799/0790/Sections/0790.31.html' },
  { name: 'California — flechette and explosive ammunition', type: 'block', target: bullet('Flechette', 'Incendiary', "Dragon's Breath"), states: ['CA'], citation: 'Cal. Penal Code §30210', url: 'https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=PEN&sectionNum=30210' },
  { name: 'Tracer and incendiary — wildfire states', type: 'block', target: bullet('Tracer', 'Incendiary', "Dragon's Breath"), states: ['CA', 'OR', 'WA', 'NV', 'AZ', 'CO'], citation: 'Retailer policy (tracers are an ignition source; carriers and land managers restrict them in fire season)', notes: 'Not a statute: the retailer’s own rule.' },
  { name: '.50 BMG — California', type: 'block', target: { kind: 'attribute', attribute: 1, op: 'in', values: ['.50 BMG'] }, states: ['CA'], citation: 'Cal. Penal Code §30530 (.50 BMG rifles); retailer policy for the ammunition', url: 'https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=PEN&sectionNum=30530' },
  { name: '.50 BMG — Connecticut and DC', type: 'block', target: { kind: 'attribute', attribute: 1, op: 'in', values: ['.50 BMG'] }, states: ['CT', 'DC'], citation: 'Conn. Gen. Stat. §53-202a; D.C. Code §7-2502.02 (.50 BMG rifles); retailer policy for the ammunition' },
  // Body armour
  { name: 'New York — body armour in person only', type: 'block', target: cat('body-armor'), states: ['NY'], citation: 'N.Y. Penal Law §270.21, §270.22; Gen. Bus. Law §396-eee', url: 'https://www.nysenate.gov/legislation/laws/PEN/270.21', from: '2022-07-06' },
  { name: 'Connecticut — body armour in person only', type: 'block', target: cat('body-armor'), states: ['CT'], citation: 'Conn. Gen. Stat. §53-341b', url: 'https://www.cga.ct.gov/current/pub/chap_952.htm#sec_53-341b', from: '2023-10-01' },
  // History: a rule that no longer applies
  { name: 'Washington — ammunition background check (proposed, withdrawn)', type: 'dealer', target: cat('ammunition'), states: ['WA'], citation: 'Retailer policy while a bill was pending (withdrawn)', from: '2023-01-01', to: '2023-06-30', notes: 'Kept for history: out of force since 1 July 2023.' },
];

/** Demo products the item rules catch. */
const PRODUCTS: { title: string; brand: string | null; category: string; variation: 'rounds' | 'shells' | 'pieces'; attrs: [number, unknown][]; sku: string; units: number; cost: number }[] = [
  { title: 'Tula 7.62x39 122 gr Tracer (Green Tip)', brand: 'Tula', category: '7-62x39-ammo', variation: 'rounds', attrs: [[1, '7.62x39'], [2, 122], [3, 'Tracer'], [6, 20]], sku: 'TA76239TR-BX', units: 20, cost: 1390 },
  { title: 'PMC X-TAC 5.56 NATO 62 gr Tracer', brand: 'PMC', category: '5-56-nato-ammo', variation: 'rounds', attrs: [[1, '5.56 NATO'], [2, 62], [3, 'Tracer'], [6, 20]], sku: 'XP556TR62-BX', units: 20, cost: 1550 },
  { title: 'Surplus 7.62x54R 148 gr Armor Piercing (Steel Core)', brand: 'Military Surplus', category: 'rifle-ammunition', variation: 'rounds', attrs: [[1, '7.62x54R'], [2, 148], [3, 'Armor Piercing'], [6, 20]], sku: 'SUR76254AP-BX', units: 20, cost: 1800 },
  { title: 'Firequest 12 Gauge 2-3/4" Dragon’s Breath Incendiary Shells', brand: 'Firequest', category: '12-gauge-ammo', variation: 'shells', attrs: [[1, '12 Gauge'], [3, "Dragon's Breath"], [6, 5]], sku: 'DB12GA-5', units: 5, cost: 2400 },
  { title: 'Firequest 12 Gauge 2-3/4" Flechette Shells (20 Darts)', brand: 'Firequest', category: '12-gauge-ammo', variation: 'shells', attrs: [[1, '12 Gauge'], [3, 'Flechette'], [6, 5]], sku: 'FL12GA-5', units: 5, cost: 1900 },
  { title: 'Hornady Match .50 BMG 750 gr A-MAX', brand: 'Hornady', category: '50-bmg-ammo', variation: 'rounds', attrs: [[1, '.50 BMG'], [2, 750], [3, 'Polymer Tip'], [6, 10]], sku: 'M50BMG750-BX', units: 10, cost: 4400 },
  { title: 'Point Blank Level IIIA Concealable Body Armor Vest (Medium)', brand: 'Point Blank', category: 'body-armor', variation: 'pieces', attrs: [], sku: 'ARMOR-IIIA-M', units: 1, cost: 21000 },
];

export async function seedComplianceDemo(db: Db) {
  await transaction(db, async (t) => {
    // Bullet types and calibers the special loads need, and two categories.
    await t.execute(sql`update attributes set options = options || array(select x from unnest(array['Tracer', 'Armor Piercing', 'Incendiary', 'Dragon''s Breath', 'Flechette']) x where x <> all(options))
                         where id = 3`);
    await t.execute(sql`update attributes set options = options || array(select x from unnest(array['.50 BMG', '7.62x54R']) x where x <> all(options)) where id = 1`);
    const catId = async (slug: string) => (await queryOne<{ id: number }>(t, sql`select id from categories where slug = ${slug}`))?.id ?? null;
    const rifle = await catId('rifle-ammunition');
    const accessories = await catId('accessories');
    if (rifle === null || accessories === null) return; // no demo catalogue
    await t.execute(sql`insert into categories (parent_id, name, slug, sort_order) values (${rifle}, '.50 BMG', '50-bmg-ammo', 99), (${accessories}, 'Body Armor', 'body-armor', 99)`);

    await t.execute(sql`insert into brands (name) values ('Military Surplus'), ('Firequest'), ('Point Blank') on conflict do nothing`);
    const brandIds = new Map((await query<{ id: number; name: string }>(t, sql`select id, name from brands`)).map((b) => [b.name, b.id]));
    for (const p of PRODUCTS) {
      const category = await catId(p.category);
      const pid = (await queryOne<{ id: number }>(
        t,
        sql`insert into products (type, variation_type, brand_id) values ('physical', ${p.variation}, ${p.brand ? (brandIds.get(p.brand) ?? null) : null}) returning id`,
      ))!.id;
      if (category) await t.execute(sql`insert into product_categories (product_id, category_id) values (${pid}, ${category})`);
      for (const [attr, value] of [[TITLE_ATTRIBUTE_ID, p.title], ...p.attrs] as [number, unknown][])
        await t.execute(sql`insert into attribute_data (attribute_id, sourceable_type, sourceable_id, value) values (${attr}, 'product', ${pid}, ${JSON.stringify(value)}::jsonb)`);
      await t.execute(sql`insert into variants (product_id, sku, units_per_package, cost_cents, is_default) values (${pid}, ${p.sku}, ${p.units}, ${p.cost}, true)`);
    }

    const typeId = new Map<string, number>();
    for (const ty of TYPES) {
      const row = { name: ty.name, effect: ty.effect, document: ty.document ?? null, min_age: ty.min_age ?? null, description: ty.description };
      const id = await insertRow(t, complianceRestrictionTypes, row);
      typeId.set(ty.key, id);
      await audit(t, SYSTEM_ACTOR, { action: 'create', entity: 'compliance_restriction_type', entityId: id, after: row });
    }
    const groupId = new Map<string, number>();
    for (const g of GROUPS) {
      const states = [...new Set(parseZipEntries(g.entries).intervals.flatMap((i) => statesOfZipRange(i.lo, i.hi)))].sort();
      const row = { name: g.name, description: g.description, entries: g.entries, states };
      const id = await insertRow(t, zipCodeGroups, row);
      groupId.set(g.key, id);
      await audit(t, SYSTEM_ACTOR, { action: 'create', entity: 'zip_code_group', entityId: id, after: row });
    }
    for (const r of RULES) {
      const target = r.target;
      const targetId = target.kind === 'attribute' ? null : target.kind === 'brand' ? (brandIds.get(target.ref) ?? null) : await catId(target.ref);
      if (target.kind !== 'attribute' && targetId === null) continue;
      const row = {
        name: r.name,
        restriction_type_id: typeId.get(r.type)!,
        target_kind: target.kind,
        target_id: targetId,
        attribute_id: target.kind === 'attribute' ? target.attribute : null,
        attribute_op: target.kind === 'attribute' ? target.op : null,
        attribute_values: target.kind === 'attribute' ? target.values : [],
        states: [...(r.states ?? [])].sort(),
        except_states: r.except_states ?? [],
        citation: r.citation,
        citation_url: r.url ?? null,
        effective_from: r.from ?? null,
        effective_to: r.to ?? null,
        notes: r.notes ?? null,
        is_active: true,
      };
      const id = await insertRow(t, complianceRestrictions, row);
      const links = [...(r.groups ?? []).map((g) => [groupId.get(g)!, false] as const), ...(r.except_groups ?? []).map((g) => [groupId.get(g)!, true] as const)];
      if (links.length)
        await t.execute(
          sql`insert into compliance_restriction_zip_groups (restriction_id, zip_code_group_id, is_except) values ${sql.join(links.map(([g, e]) => sql`(${id}, ${g}, ${e})`), sql`, `)}`,
        );
      await audit(t, SYSTEM_ACTOR, { action: 'create', entity: 'compliance_restriction', entityId: id, after: { ...row, zip_code_groups: r.groups ?? [], except_zip_code_groups: r.except_groups ?? [] } });
    }
  });
}
