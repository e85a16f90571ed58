import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COMPLIANCE_EFFECTS, parseZipEntries, severityOf, splitZipList, stateOfZip, type ComplianceEffect } from '@qm/contracts';
import { checkItem, compileRules, excludedFromFeed, fromPlaces, whereRestricted, type ItemFacts, type PlaceResult, type RuleInput, type ZipGroupInput } from '../src/modules/compliance/engine.js';

/** Pure engine: outcomes, reasons, properties. The demo rules are checked against the database in compliance.test.ts. */

const CATS = [
  { id: 1, parent_id: null, name: 'Ammunition' },
  { id: 2, parent_id: 1, name: 'Handgun Ammunition' },
  { id: 3, parent_id: 2, name: '9mm Luger' },
  { id: 4, parent_id: null, name: 'Magazines' },
];
const GROUPS: ZipGroupInput[] = [
  { id: 1, name: 'Chicago', entries: ['606', '60707'] },
  { id: 2, name: 'Loop', entries: ['60601-60606'] },
];

let nextId = 1;
function rule(p: Partial<RuleInput> & Pick<RuleInput, 'effect'>): RuleInput {
  const id = p.id ?? nextId++;
  return {
    id,
    name: p.name ?? `Rule ${id}`,
    restriction_type_id: COMPLIANCE_EFFECTS.indexOf(p.effect) + 1,
    restriction_type_name: p.effect,
    document: p.effect === 'document' ? (p.document ?? 'FOID card') : null,
    min_age: p.effect === 'min_age' ? (p.min_age ?? 21) : null,
    target_kind: 'category',
    target_id: 1,
    attribute_id: null,
    attribute_op: null,
    attribute_values: [],
    target_label: 'Category Ammunition',
    states: ['IL'],
    except_states: [],
    zip_code_group_ids: [],
    except_zip_code_group_ids: [],
    citation: `Citation ${id}`,
    citation_url: null,
    effective_from: null,
    effective_to: null,
    is_active: true,
    ...p,
  };
}

const nineMm: ItemFacts = { product_id: 10, variant_id: 100, sku: 'AE9-BX', title: 'Federal 9mm 115 gr FMJ', brand_id: 5, brand_name: 'Federal', category_ids: [3], attributes: { 3: 'FMJ' }, quantity: 2 };
const mag30: ItemFacts = { product_id: 20, variant_id: 200, sku: 'PMAG30', title: 'PMAG 30', brand_id: 6, brand_name: 'Magpul', category_ids: [4], attributes: { 21: 30 }, quantity: 1 };
const IL = { state: 'IL', zip: '60601' };
const DAY = '2026-06-01';

describe('compliance engine', () => {
  it('finds rules by category (through subcategories), attribute, brand, product and variant, and names what matched', () => {
    const rules = [
      rule({ id: 1, effect: 'document', name: 'IL FOID' }),
      rule({ id: 2, effect: 'block', name: 'IL magazines', target_kind: 'attribute', target_id: null, attribute_id: 21, attribute_op: 'gt', attribute_values: ['10'], target_label: 'Magazine Capacity > 10' }),
      rule({ id: 3, effect: 'adult_signature', name: 'Federal brand', target_kind: 'brand', target_id: 5, target_label: 'Brand Federal' }),
      rule({ id: 4, effect: 'min_age', min_age: 21, name: 'Variant', target_kind: 'variant', target_id: 100, target_label: 'Variant AE9-BX' }),
    ];
    const index = compileRules(rules, GROUPS, CATS);
    const nine = checkItem(index, nineMm, IL, DAY);
    expect(nine.outcome).toBe('document');
    expect(nine.documents).toEqual(['FOID card']);
    expect(nine.rules.map((r) => [r.id, r.decisive])).toEqual([[1, true], [4, false], [3, false]]);
    expect(nine.rules[0]!.matched).toBe('category 9mm Luger, under Ammunition');
    expect(nine.reason).toMatch(/^Document required \(FOID card\) because of IL FOID — category 9mm Luger, under Ammunition, in IL; Citation 1\. 2 less strict rules also apply\.$/);
    const mag = checkItem(index, mag30, IL, DAY);
    expect(mag.outcome).toBe('block');
    expect(mag.rules[0]!.matched).toBe('Magazine Capacity is 30, > 10');
    expect(checkItem(index, { ...mag30, attributes: { 21: 10 } }, IL, DAY).outcome).toBeNull();
  });

  it('applies where: states, zip code groups, except lists; a rule by zip group needs a zip', () => {
    const rules = [
      rule({ id: 1, effect: 'block', states: [], zip_code_group_ids: [1], except_zip_code_group_ids: [2], name: 'Chicago but not the Loop' }),
      rule({ id: 2, effect: 'licensed_dealer', states: ['IL'], except_states: [], name: 'IL dealer' }),
    ];
    const index = compileRules(rules, GROUPS, CATS);
    expect(checkItem(index, nineMm, { state: 'IL', zip: '60614' }, DAY).outcome).toBe('block');
    expect(checkItem(index, nineMm, { state: 'IL', zip: '60707' }, DAY).rules[0]!.where).toBe('zip 60707 is in zip code group Chicago');
    const loop = checkItem(index, nineMm, { state: 'IL', zip: '60603' }, DAY);
    expect(loop.outcome).toBe('licensed_dealer');
    expect(loop.rules.map((r) => r.id)).toEqual([2]);
    expect(checkItem(index, nineMm, { state: 'IL', zip: null }, DAY).outcome).toBe('licensed_dealer');
    expect(checkItem(index, nineMm, { state: 'TX', zip: '75001' }, DAY)).toMatchObject({ outcome: null, reason: 'Allowed: no rule applies to 75001, TX.' });
    const excepted = compileRules([rule({ id: 3, effect: 'block', states: ['IL', 'IN'], except_states: ['IN'] })], [], CATS);
    expect(checkItem(excepted, nineMm, { state: 'IN', zip: null }, DAY).outcome).toBeNull();
  });

  it('reads rules for the date: effective from and to are inclusive; inactive rules never apply', () => {
    const index = compileRules(
      [rule({ id: 1, effect: 'block', effective_from: '2026-01-01', effective_to: '2026-03-31' }), rule({ id: 2, effect: 'document', is_active: false })],
      [],
      CATS,
    );
    expect(checkItem(index, nineMm, IL, '2025-12-31').outcome).toBeNull();
    expect(checkItem(index, nineMm, IL, '2026-01-01').outcome).toBe('block');
    expect(checkItem(index, nineMm, IL, '2026-03-31').outcome).toBe('block');
    expect(checkItem(index, nineMm, IL, '2026-04-01').outcome).toBeNull();
  });

  it('strictest wins and every rule of that strictness is named; a higher minimum age is stricter', () => {
    const index = compileRules(
      [rule({ id: 1, effect: 'min_age', min_age: 18, name: 'Age 18' }), rule({ id: 2, effect: 'min_age', min_age: 21, name: 'Age 21' }), rule({ id: 3, effect: 'min_age', min_age: 21, name: 'Also 21' })],
      [],
      CATS,
    );
    const o = checkItem(index, nineMm, IL, DAY);
    expect(o).toMatchObject({ outcome: 'min_age', min_age: 21 });
    expect(o.rules.filter((r) => r.decisive).map((r) => r.name)).toEqual(['Age 21', 'Also 21']);
    expect(o.reason).toContain('Age 21 — ');
    expect(o.reason).toContain('; and Also 21 — ');
  });

  it('says where an item is restricted and when a feed leaves it out', () => {
    const everywhere = [...'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC'.split(' ')];
    const index = compileRules([rule({ id: 1, effect: 'block', name: 'Federal AP', states: everywhere }), rule({ id: 2, effect: 'block', name: 'Chicago', states: [], zip_code_group_ids: [1] })], GROUPS, CATS);
    const places = whereRestricted(index, nineMm, DAY);
    expect(places.filter((p) => p.kind === 'state')).toHaveLength(51);
    expect(places.find((p) => p.kind === 'zip_code_group')).toMatchObject({ place: 'Chicago', states: ['IL'], outcome: 'block' });
    expect(excludedFromFeed({ title: 'x', places }, { leave_out_restricted: false })).toBe('Blocked in every state (Federal AP)');
    const some = whereRestricted(compileRules([rule({ id: 3, effect: 'document' })], [], CATS), nineMm, DAY);
    expect(excludedFromFeed({ title: 'x', places: some }, { leave_out_restricted: false })).toBeNull();
    expect(excludedFromFeed({ title: 'x', places: some }, { leave_out_restricted: true })).toBe('Restricted in IL; the feed leaves out restricted items');
    expect(excludedFromFeed({ title: 'x', places: [] }, { leave_out_restricted: true })).toBeNull();
    const aged = whereRestricted(
      compileRules([rule({ id: 4, effect: 'min_age', min_age: 21, name: 'Handgun 21', states: everywhere }), rule({ id: 5, effect: 'licensed_dealer', name: 'A dealer in CA', states: ['CA'] })], [], CATS),
      nineMm,
      DAY,
    );
    expect(excludedFromFeed({ title: 'x', places: aged }, { leave_out_restricted: false })).toBeNull();
    // An age is a condition of delivery, not a restriction a feed leaves items out for: only the CA dealer rule counts.
    expect(excludedFromFeed({ title: 'x', places: aged }, { leave_out_restricted: true })).toBe('Restricted in CA; the feed leaves out restricted items');
    const documented = whereRestricted(compileRules([rule({ id: 6, effect: 'document', name: 'Everywhere a permit', states: everywhere })], [], CATS), nineMm, DAY);
    expect(excludedFromFeed({ title: 'x', places: documented }, { leave_out_restricted: true })).toBe('Restricted in every state (Everywhere a permit); the feed leaves out restricted items');
  });

  it('reads pasted zip lists, naming every bad entry', () => {
    expect(splitZipList('60601, 606\n100–104 ;60600 - 60699')).toEqual(['60601', '606', '100-104', '60600-60699']);
    const { intervals, problems } = parseZipEntries(['60601', '6060', '606', '60601', '100-104', '10200-10299', '99999-90000', 'abc', '75001', '75001-75010']);
    expect(intervals.map((i) => i.entry)).toEqual(['60601', '606', '100-104', '10200-10299', '75001', '75001-75010']);
    expect(problems.map((p) => p.message)).toEqual([
      '“6060” is not a zip code (5 digits), a 3-digit prefix or a range (60600-60699, 100-104)',
      '“60601” is listed twice',
      '“99999-90000” runs backwards: its first value is greater than its last',
      '“abc” is not a zip code (5 digits), a 3-digit prefix or a range (60600-60699, 100-104)',
      '“10200-10299” is inside “100-104” (10000–10499)',
      '“60601” is inside “606” (60600–60699)',
      '“75001” is inside “75001-75010” (75001–75010)',
    ]);
    expect(stateOfZip('60601')).toBe('IL');
    expect(stateOfZip('10001')).toBe('NY');
    expect(stateOfZip('80202')).toBe('CO');
    expect(stateOfZip('00000')).toBeNull();
  });
});

// ───────────────────────────── properties ─────────────────────────────

const arbRule = fc
  .record({
    id: fc.integer({ min: 1, max: 1_000_000 }),
    effect: fc.constantFrom(...COMPLIANCE_EFFECTS),
    min_age: fc.constantFrom(18, 21),
    kind: fc.constantFrom('category', 'brand', 'attribute', 'variant', 'product'),
    op: fc.constantFrom('gt', 'in'),
    category: fc.constantFrom(1, 2, 4),
    states: fc.subarray(['IL', 'NY', 'CA', 'TX']),
    groups: fc.subarray([1, 2]),
    exceptGroups: fc.subarray([1, 2]),
    from: fc.option(fc.constantFrom('2025-01-01', '2026-06-01', '2027-01-01'), { nil: null }),
    to: fc.option(fc.constantFrom('2025-12-31', '2026-06-01', '2027-12-31'), { nil: null }),
    active: fc.boolean(),
  })
  .map((r) =>
    rule({
      id: r.id,
      effect: r.effect as ComplianceEffect,
      min_age: r.min_age,
      target_kind: r.kind as RuleInput['target_kind'],
      target_id: r.kind === 'category' ? r.category : r.kind === 'brand' ? 5 : r.kind === 'variant' ? 100 : r.kind === 'product' ? 20 : null,
      attribute_id: r.kind === 'attribute' ? (r.op === 'gt' ? 21 : 3) : null,
      attribute_op: r.kind === 'attribute' ? (r.op as RuleInput['attribute_op']) : null,
      attribute_values: r.kind === 'attribute' ? (r.op === 'gt' ? ['10'] : ['fmj', 'Hollow Point']) : [],
      states: r.states,
      zip_code_group_ids: r.groups,
      except_zip_code_group_ids: r.exceptGroups.filter((g) => !r.groups.includes(g)),
      effective_from: r.from,
      effective_to: r.to,
      is_active: r.active,
    }),
  );
const uniqueRules = fc.uniqueArray(arbRule, { selector: (r) => r.id, maxLength: 12 });
const arbAddress = fc.record({ state: fc.constantFrom('IL', 'NY', 'CA', 'TX'), zip: fc.constantFrom('60601', '60614', '60707', '10001', null) });
const arbItem = fc.constantFrom(nineMm, mag30, { ...mag30, attributes: { 21: 30, 3: 'FMJ' }, brand_id: 5, category_ids: [3] });
const arbDate = fc.constantFrom('2025-06-01', '2026-06-01', '2027-06-01');
/** Items whose facts differ in every way a rule reads them, from few values, so many share some facts and differ in others. */
const arbAnyItem: fc.Arbitrary<ItemFacts> = fc
  .record({
    product_id: fc.constantFrom(10, 20),
    variant_id: fc.constantFrom(100, 200, null),
    sku: fc.constantFrom('AE9-BX', 'PMAG30'),
    brand: fc.constantFrom([5, 'Federal'] as const, [5, 'Federal Premium'] as const, [6, 'Magpul'] as const, [null, null] as const),
    category_ids: fc.shuffledSubarray([1, 2, 3, 4, 9]),
    capacity: fc.constantFrom(undefined, 5, 30, '30', null),
    bullet: fc.constantFrom(undefined, 'FMJ', 'fmj ', ['JHP', 'Hollow Point']),
    variants: fc.subarray([{ id: 100, sku: 'AE9-BX' }, { id: 100, sku: 'AE9-20' }, { id: 300, sku: 'X' }]),
  })
  .map((f) => {
    const attributes: Record<number, unknown> = {};
    if (f.capacity !== undefined) attributes[21] = f.capacity;
    if (f.bullet !== undefined) attributes[3] = f.bullet;
    return {
      product_id: f.product_id,
      variant_id: f.variant_id,
      sku: f.sku,
      title: 'Item',
      brand_id: f.brand[0],
      brand_name: f.brand[1],
      category_ids: f.category_ids,
      attributes,
      quantity: 1,
      ...(f.variant_id === null ? { variants: f.variants } : {}),
    };
  });
const strictness = (o: { outcome: ComplianceEffect | null; min_age: number | null }) => (o.outcome ? severityOf(o.outcome, o.min_age) : 0);

describe('compliance engine properties', () => {
  it('adding a rule never makes an outcome less strict', () => {
    fc.assert(
      fc.property(uniqueRules, arbRule, arbItem, arbAddress, arbDate, (rules, extra, item, address, date) => {
        fc.pre(!rules.some((r) => r.id === extra.id));
        const before = checkItem(compileRules(rules, GROUPS, CATS), item, address, date);
        const after = checkItem(compileRules([...rules, extra], GROUPS, CATS), item, address, date);
        expect(strictness(after)).toBeGreaterThanOrEqual(strictness(before));
        // and every rule that applied before still applies
        expect(after.rules.map((r) => r.id)).toEqual(expect.arrayContaining(before.rules.map((r) => r.id)));
      }),
      { numRuns: 300 },
    );
  });

  it('the outcome, the reason and the rules named never depend on the order of the rules', () => {
    fc.assert(
      fc.property(
        uniqueRules.chain((rules) => fc.tuple(fc.constant(rules), fc.shuffledSubarray(rules, { minLength: rules.length, maxLength: rules.length }))),
        arbItem,
        arbAddress,
        arbDate,
        ([rules, shuffled], item, address, date) => {
          const a = checkItem(compileRules(rules, GROUPS, CATS), item, address, date);
          const b = checkItem(compileRules(shuffled, [...GROUPS].reverse(), [...CATS].reverse()), item, address, date);
          expect(b).toEqual(a);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('where an item is restricted is the same whether the index has answered other items (its kept places) or none', () => {
    fc.assert(
      fc.property(uniqueRules, fc.array(fc.tuple(arbItem, arbDate), { minLength: 1, maxLength: 8 }), (rules, asked) => {
        const warm = compileRules(rules, GROUPS, CATS);
        for (const [item, date] of asked) {
          const kept = whereRestricted(warm, item, date);
          // a fresh index keeps nothing: its answer is computed anew
          expect(kept).toEqual(whereRestricted(compileRules(rules, GROUPS, CATS), item, date));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('no brand name or SKU can pass for another item’s facts in what is kept per signature', () => {
    const index = compileRules(
      [rule({ effect: 'min_age', target_kind: 'brand', target_id: 5, states: ['TX'] }), rule({ effect: 'block', target_kind: 'category', target_id: 3, states: ['TX'] })],
      GROUPS,
      CATS,
    );
    const inCategory: ItemFacts = { ...nineMm, brand_name: 'Federal', category_ids: [3] };
    // a name that, written plainly after the brand, would read as "Federal" and category 3
    const namedLikeIt: ItemFacts = { ...nineMm, brand_name: 'Federal\u0001c3', category_ids: [] };
    expect(whereRestricted(index, inCategory, DAY)[0]!.outcome).toBe('block');
    expect(whereRestricted(index, namedLikeIt, DAY)[0]!.outcome).toBe('min_age');
  });

  it('what is kept per item signature never answers for an item with other facts: places and a feed’s answers equal a fresh index’s', () => {
    const feedAnswer = (places: readonly PlaceResult[]) => excludedFromFeed({ title: null, places }, { leave_out_restricted: true });
    fc.assert(
      fc.property(uniqueRules, fc.array(fc.tuple(arbAnyItem, arbDate), { minLength: 2, maxLength: 12 }), (rules, asked) => {
        const warm = compileRules(rules, GROUPS, CATS);
        for (const [item, date] of asked) {
          const fresh = compileRules(rules, GROUPS, CATS);
          expect(fromPlaces(warm, item, date, 'feed', feedAnswer)).toEqual(feedAnswer(whereRestricted(fresh, item, date)));
          expect(whereRestricted(warm, item, date)).toEqual(whereRestricted(compileRules(rules, GROUPS, CATS), item, date));
          // the places of an item are the outcomes of a check at each place
          for (const p of whereRestricted(warm, item, date).filter((x) => x.kind === 'state'))
            expect(checkItem(fresh, item, { state: p.place, zip: null }, date).outcome).toBe(p.outcome);
        }
      }),
      { numRuns: 300 },
    );
  });
});
