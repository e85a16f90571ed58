import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EVERY_STATE, type ComplianceCheckResult } from '@qm/contracts';
import { BACKENDS, fixtures, useTestApp, expectRefused } from './harness.js';
import { feedExclusions, feedExclusionsOf, whereItemsRestricted } from '../src/modules/compliance/service.js';
import { excludedFromFeed } from '../src/modules/compliance/engine.js';

describe.each(BACKENDS)('compliance on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  let officer: string;
  const one = async <T,>(q: ReturnType<typeof sql>) => (await t.sql<T>(q))[0]!;
  const productByTitle = async (title: string) => (await one<{ id: number }>(sql`select id from products where title = ${title}`)).id;
  const check = async (items: { product_id?: number; variant_id?: number; quantity?: number }[], state: string, zip?: string, date?: string) => {
    const res = await t.req('POST', '/api/compliance-restriction/search/check', { token: officer, body: { items, state, ...(zip && { zip }), ...(date && { date }) } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as ComplianceCheckResult;
  };
  let catalogToken: string;
  const fx = fixtures(t, () => catalogToken);
  /** A restriction type of the test's own with this effect. */
  const ownType = async (effect: 'block' | 'licensed_dealer') => {
    const res = await t.req('POST', '/api/compliance-restriction-type', { token: officer, body: { name: fx.unique(`Own ${effect}`), effect } });
    expect(res.status, res.text).toBe(201);
    return res.body.data.id as number;
  };
  /** A number attribute of the test's own (a magazine's capacity) and a product carrying `capacity`. */
  let capacityAttr: number;
  const magazine = async (capacity: number, attribute = capacityAttr) => {
    const p = await fx.product({ title: fx.unique(`Own ${capacity}-Round Magazine`) });
    const set = await t.req('POST', `/api/product/${p.id}/attribute`, { token: catalogToken, body: { attribute_id: attribute, value: capacity } });
    expect(set.status, set.text).toBe(201);
    return p;
  };
  const restriction = async (body: Record<string, unknown>) => {
    const res = await t.req('POST', '/api/compliance-restriction', { token: officer, body: { citation: 'Own test rule', ...body } });
    expect(res.status, res.text).toBe(201);
    return res.body.data as { id: number; name: string; version: number };
  };
  beforeAll(async () => {
    admin = await t.login('admin@example.com');
    officer = await t.login('compliance@example.com');
    catalogToken = await t.login('catalog@example.com');
    const attr = await t.req('POST', '/api/attribute', { token: catalogToken, body: { code: `own_capacity_${kind}`, name: 'Own Capacity', type: 'number' } });
    expect(attr.status, attr.text).toBe(201);
    capacityAttr = attr.body.data.id;
  });

  // The subject here is the demo seed itself: its real rules (DOMAIN.md) catch its real items.
  describe('the demo rules', () => {
    const cases: { what: string; title: string; state: string; zip: string; date?: string; outcome: string | null; decisive: RegExp[]; also?: RegExp[]; cites?: RegExp[] }[] = [
      {
        what: 'a 30-round magazine to Chicago is blocked by Illinois and by Chicago',
        title: 'Magpul PMAG 30 AR/M4 Gen M3 5.56x45 30-Round Magazine',
        state: 'IL',
        zip: '60601',
        outcome: 'block',
        decisive: [/^Illinois — large-capacity magazines$/, /^Chicago — magazines over 15 rounds$/],
        cites: [/720 ILCS 5\/24-1\.10/, /Chicago Municipal Code §8-20-010/],
      },
      {
        what: 'a 30-round magazine to Texas may ship',
        title: 'Magpul PMAG 30 AR/M4 Gen M3 5.56x45 30-Round Magazine',
        state: 'TX',
        zip: '75001',
        outcome: null,
        decisive: [],
      },
      {
        what: '9mm FMJ to a Texas zip ships, with only the federal age of 21',
        title: 'Federal American Eagle 9mm Luger 115 gr FMJ',
        state: 'TX',
        zip: '75001',
        outcome: 'min_age',
        decisive: [/^Handgun ammunition — 21 and over$/],
      },
      {
        what: 'handgun ammunition to New Jersey needs the FID',
        title: 'Federal American Eagle 9mm Luger 115 gr FMJ',
        state: 'NJ',
        zip: '07030',
        outcome: 'document',
        decisive: [/^New Jersey — FID for handgun ammunition$/],
        also: [/^Handgun ammunition — 21 and over$/],
        cites: [/N\.J\.S\.A\. 2C:58-3\.3\(b\)/],
      },
      {
        what: 'handgun ammunition to Chicago goes to a dealer: the strictest of Chicago and the Illinois FOID, both named',
        title: 'Federal American Eagle 9mm Luger 115 gr FMJ',
        state: 'IL',
        zip: '60614',
        outcome: 'licensed_dealer',
        decisive: [/^Chicago — ammunition through a licensed dealer$/],
        also: [/^Illinois — FOID card for ammunition$/, /^Handgun ammunition — 21 and over$/],
      },
      {
        what: 'ammunition to California goes through a licensed vendor',
        title: 'Federal American Eagle 9mm Luger 115 gr FMJ',
        state: 'CA',
        zip: '90001',
        outcome: 'licensed_dealer',
        decisive: [/^California — ammunition through a licensed vendor$/],
        cites: [/Cal\. Penal Code §30312, §30370/],
      },
      {
        what: 'an expired rule no longer applies (Washington, in force until 2023-06-30)',
        title: 'Federal American Eagle 9mm Luger 115 gr FMJ',
        state: 'WA',
        zip: '98101',
        outcome: 'min_age',
        decisive: [/^Handgun ammunition — 21 and over$/],
      },
      {
        what: 'the same rule applied while it was in force',
        title: 'Federal American Eagle 9mm Luger 115 gr FMJ',
        state: 'WA',
        zip: '98101',
        date: '2023-03-01',
        outcome: 'licensed_dealer',
        decisive: [/^Washington — ammunition background check/],
      },
      {
        what: 'Alaska off the road system is blocked',
        title: 'Federal American Eagle 9mm Luger 115 gr FMJ',
        state: 'AK',
        zip: '99901',
        outcome: 'block',
        decisive: [/^Alaska — off the road system$/],
      },
      {
        what: 'the "except" zip code group (Alaska road system) is honoured',
        title: 'Federal American Eagle 9mm Luger 115 gr FMJ',
        state: 'AK',
        zip: '99501',
        outcome: 'min_age',
        decisive: [/^Handgun ammunition — 21 and over$/],
      },
      {
        what: 'New York City blocks what New York State sends to a dealer',
        title: 'Federal American Eagle 9mm Luger 115 gr FMJ',
        state: 'NY',
        zip: '11201',
        outcome: 'block',
        decisive: [/^New York City — ammunition not shipped$/],
        also: [/^New York — ammunition sold in person/],
      },
      {
        what: 'armour-piercing is blocked everywhere',
        title: 'Surplus 7.62x54R 148 gr Armor Piercing (Steel Core)',
        state: 'TX',
        zip: '75001',
        outcome: 'block',
        decisive: [/^Armour-piercing handgun ammunition — federal$/],
      },
      {
        what: 'body armour to New York is blocked',
        title: 'Point Blank Level IIIA Concealable Body Armor Vest (Medium)',
        state: 'NY',
        zip: '12207',
        outcome: 'block',
        decisive: [/^New York — body armour in person only$/],
      },
      {
        what: 'a 20-round magazine to Denver is blocked by Colorado and Denver',
        title: 'Magpul PMAG 20 AR/M4 Gen M3 5.56x45 20-Round Magazine',
        state: 'CO',
        zip: '80202',
        outcome: 'block',
        decisive: [/^Colorado — magazines over 15 rounds$/, /^Denver — magazines over 15 rounds$/],
      },
    ];
    for (const c of cases)
      it(c.what, async () => {
        const r = await check([{ product_id: await productByTitle(c.title), quantity: 2 }], c.state, c.zip, c.date);
        const item = r.items[0]!;
        expect(item.outcome).toBe(c.outcome);
        expect(r.outcome).toBe(c.outcome);
        const decisive = item.rules.filter((x) => x.decisive).map((x) => x.name);
        expect(decisive).toHaveLength(c.decisive.length);
        for (const d of c.decisive) expect(decisive.some((n) => d.test(n)), `${d} in ${decisive.join(' | ')}`).toBe(true);
        const named = item.rules.map((x) => x.name);
        for (const a of c.also ?? []) expect(named.some((n) => a.test(n)), `${a} in ${named.join(' | ')}`).toBe(true);
        for (const cite of c.cites ?? []) expect(item.reason).toMatch(cite);
        if (c.outcome === null) expect(item.reason).toMatch(/^Allowed: no rule applies/);
        for (const d of c.decisive) expect(item.reason).toMatch(new RegExp(d.source.replace(/^\^|\$$/g, '')));
      });

    it('federal ages (DOMAIN): handgun ammunition 21, rifle ammunition 18 — both may ship to Texas, with the age checked', async () => {
      const nine = await productByTitle('Federal American Eagle 9mm Luger 115 gr FMJ');
      const rifle = (await one<{ id: number }>(sql`select id from products where title ilike '%5.56 NATO 55 gr FMJ%' order by id limit 1`)).id;
      const r = await check([{ product_id: nine }, { product_id: rifle }], 'TX', '75001');
      expect(r.items.map((i) => [i.outcome, i.min_age])).toEqual([['min_age', 21], ['min_age', 18]]);
      expect(r.items[0]!.rules.filter((x) => x.decisive).map((x) => x.name)).toEqual(['Handgun ammunition — 21 and over']);
      expect(r.items[1]!.rules.filter((x) => x.decisive).map((x) => x.name)).toEqual(['Rifle ammunition — 18 and over']);
      expect(r.items.every((i) => i.outcome !== 'block' && i.outcome !== 'licensed_dealer' && i.outcome !== 'document')).toBe(true);
    });

    it('checks a whole cart at once: each item with its quantity, and the cart takes the strictest', async () => {
      const mag = await productByTitle('Magpul PMAG 30 AR/M4 Gen M3 5.56x45 30-Round Magazine');
      const nine = await productByTitle('Federal American Eagle 9mm Luger 115 gr FMJ');
      const variant = (await one<{ id: number; sku: string }>(sql`select id, sku from variants where product_id = ${nine} order by id limit 1`));
      const cleaning = await productByTitle('Hoppe’s No. 9 Bore Cleaning Solvent 5 oz');
      const r = await check([{ product_id: mag, quantity: 3 }, { variant_id: variant.id, quantity: 10 }, { product_id: cleaning }], 'IL', '60601');
      expect(r.items.map((i) => [i.outcome, i.quantity])).toEqual([['block', 3], ['licensed_dealer', 10], [null, 1]]);
      expect(r.items[1]!.sku).toBe(variant.sku);
      expect(r.outcome).toBe('block');
      expect(r.notes).toEqual([]);
      const mismatch = await check([{ product_id: cleaning }], 'TX', '60601');
      expect(mismatch.notes[0]).toMatch(/60601 is in IL, not TX/);
    });

    it('says what is restricted in a state, grouped by type, strictest first, with the products each rule catches', async () => {
      const res = await t.req('GET', '/api/compliance-restriction/search/place?state=IL', { token: officer });
      expect(res.status).toBe(200);
      const types = res.body.data.types as { effect: string; name: string; rules: { name: string; product_count: number; where: string }[] }[];
      expect(types[0]!.effect).toBe('block');
      const effects = types.map((x) => x.effect);
      expect(effects).toEqual([...effects].sort((a, b) => ['block', 'licensed_dealer', 'document', 'min_age', 'adult_signature'].indexOf(a) - ['block', 'licensed_dealer', 'document', 'min_age', 'adult_signature'].indexOf(b)));
      const rules = types.flatMap((x) => x.rules);
      const mags = rules.find((r) => r.name === 'Illinois — large-capacity magazines')!;
      expect(mags.product_count).toBeGreaterThanOrEqual(7);
      expect(rules.find((r) => r.name === 'Chicago — magazines over 15 rounds')!.where).toBe('in parts of IL: zip code group Chicago');
      const byZip = await t.req('GET', '/api/compliance-restriction/search/place?zip=60601', { token: officer });
      expect(byZip.body.data.state).toBe('IL');
      const tx = await t.req('GET', '/api/compliance-restriction/search/place?state=TX', { token: officer });
      expect(tx.body.data.types.map((x: { effect: string }) => x.effect)).not.toContain('licensed_dealer');
      expectRefused(await t.req('GET', '/api/compliance-restriction/search/place', { token: officer }), 400);
      expectRefused(await t.req('GET', '/api/compliance-restriction/search/place?state=ZZ', { token: officer }), 400, 'state');
    });

    it('says where a product is restricted (the product editor panel) and warns when it is published', async () => {
      // a 30-round magazine the demo offers on an enabled store
      const { id: mag, sp_id, store_id } = await one<{ id: number; sp_id: number; store_id: number }>(
        sql`select p.id, sp.id as sp_id, sp.store_id from products p
              join store_products sp on sp.product_id = p.id join stores s on s.id = sp.store_id and s.is_enabled
             where p.title like '% 30-Round Magazine%' and p.title is not null order by sp.id limit 1`,
      );
      const catalog = await t.login('catalog@example.com');
      const where = await t.req('POST', '/api/compliance-restriction/search/where', { token: catalog, body: { items: [{ product_id: mag }] } });
      expect(where.status).toBe(200);
      const item = where.body.data.items[0];
      expect(item.restricted_states).toEqual(expect.arrayContaining(['CA', 'CT', 'HI', 'IL', 'MD', 'MA', 'NJ', 'NY', 'WA', 'DC', 'CO', 'DE', 'VT']));
      expect(item.restricted_states).not.toContain('TX');
      expect(item.places.find((p: { place: string }) => p.place === 'Chicago')).toMatchObject({ kind: 'zip_code_group', states: ['IL'], outcome: 'block' });
      // publish on a store where it is not published yet
      await t.sql(sql`update store_products set is_published = false where id = ${sp_id}`);
      const pub = await t.req('POST', `/api/product/${mag}/publish`, { token: catalog, body: { store_id } });
      expect(pub.status).toBe(200);
      expect(pub.body.success).toBe(true);
      expect(pub.body.data.warnings).toHaveLength(1);
      expect(pub.body.data.warnings[0]).toMatchObject({ code: 'compliance_restricted', states: expect.arrayContaining(['CA', 'NY', 'IL']) });
      expect(pub.body.data.warnings[0].message).toMatch(/^Restricted by compliance rules in CA \(California — magazines over 10 rounds\); /);
      const plain = await productByTitle('Hoppe’s No. 9 Bore Cleaning Solvent 5 oz');
      const plainWhere = await t.req('POST', '/api/compliance-restriction/search/where', { token: catalog, body: { items: [{ product_id: plain }] } });
      expect(plainWhere.body.data.items[0].places).toEqual([]);
    });
  });

  it('tells a feed what to leave out: blocked everywhere always, restricted items on the feed’s rule', async () => {
    // Rules of the test's own over products of its own (no demo rule reaches them: no category, brand or demo attribute).
    const block = await ownType('block');
    const ap = await fx.product({ title: fx.unique('Own Armor Piercing') });
    const mag = await magazine(40);
    const plain = await fx.product({ title: fx.unique('Own Cleaning Solvent') });
    const everywhere = await restriction({ name: fx.unique('Own federal block'), restriction_type_id: block, target_kind: 'product', target_id: ap.id, states: [...EVERY_STATE] });
    await restriction({ name: fx.unique('Own big magazines'), restriction_type_id: block, target_kind: 'attribute', attribute_id: capacityAttr, attribute_op: 'gt', attribute_values: ['30'], states: ['CA', 'CO', 'NJ'] });
    const lenient = await feedExclusions(t.db, [ap.id, mag.id, plain.id], { leave_out_restricted: false });
    expect([...lenient.keys()]).toEqual([ap.id]);
    expect(lenient.get(ap.id)).toBe(`Blocked in every state (${everywhere.name})`);
    const strict = await feedExclusions(t.db, [ap.id, mag.id, plain.id], { leave_out_restricted: true });
    expect(strict.get(ap.id)).toMatch(/^Blocked in every state/);
    expect(strict.get(mag.id)).toBe('Restricted in CA, CO, NJ; the feed leaves out restricted items');
    expect(strict.has(plain.id)).toBe(false);
  });

  it('a feed’s answers, kept per set of matched rules, are the rule applied to each item’s own places (every demo variant, both rules)', async () => {
    // a date no other test asks about: the feed's answers are found before any list of places is kept for it
    const date = '2030-06-30';
    const variants = await t.sql<{ id: number }>(sql`select id from variants order by id`);
    for (let i = 0; i < variants.length; i += 500) {
      const chunk = variants.slice(i, i + 500).map((v) => ({ variant_id: v.id }));
      const answered = new Map<boolean, Awaited<ReturnType<typeof feedExclusionsOf>>[]>();
      for (const rule of [{ leave_out_restricted: false }, { leave_out_restricted: true }]) {
        // twice: the second answers come from what the first kept
        answered.set(rule.leave_out_restricted, [await feedExclusionsOf(t.db, chunk, rule, date), await feedExclusionsOf(t.db, chunk, rule, date)]);
      }
      const where = await whereItemsRestricted(t.db, chunk.map((c) => ({ ...c, quantity: 1 })), date);
      for (const rule of [{ leave_out_restricted: false }, { leave_out_restricted: true }]) {
        for (const answers of answered.get(rule.leave_out_restricted)!) {
          answers.forEach((a, k) => {
            const reason = excludedFromFeed(where.items[k]!, rule);
            expect(a?.reason ?? null).toBe(reason);
            if (a) expect(a.everywhere).toBe(!rule.leave_out_restricted || excludedFromFeed(where.items[k]!, { leave_out_restricted: false }) !== null);
          });
        }
      }
    }
    expect(variants.length).toBeGreaterThan(500);
  });

  describe('screens and their rules', () => {
    it('restriction types: the effect decides what else is needed; a used type cannot be deleted', async () => {
      const bad = await t.req('POST', '/api/compliance-restriction-type', { token: officer, body: { name: 'Doc', effect: 'document' } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields.document).toMatch(/Name the document/);
      const age = await t.req('POST', '/api/compliance-restriction-type', { token: officer, body: { name: 'Age', effect: 'min_age', min_age: 19 } });
      expect(age.status).toBe(400);
      expect(age.body.error.fields.min_age).toMatch(/\w/);
      const blk = await t.req('POST', '/api/compliance-restriction-type', { token: officer, body: { name: 'Blk', effect: 'block', min_age: 21 } });
      expect(blk.status).toBe(400);
      expect(blk.body.error.fields.min_age).toMatch(/\w/);
      const ok = await t.req('POST', '/api/compliance-restriction-type', { token: officer, body: { name: 'Test permit', effect: 'document', document: 'Test permit card' } });
      expect(ok.status).toBe(201);
      expect(ok.body.data).toMatchObject({ effect: 'document', document: 'Test permit card', min_age: null, restriction_count: 0 });
      const dup = await t.req('POST', '/api/compliance-restriction-type', { token: officer, body: { name: 'test PERMIT', effect: 'block' } });
      expect(dup.status).toBe(409);
      expect(dup.body.error.fields.name).toMatch(/\w/);
      const list = await t.req('GET', '/api/compliance-restriction-type?per_page=100', { token: officer });
      expect(list.body.data[0].effect).toBe('block');
      const used = await ownType('block');
      await restriction({ name: fx.unique('Uses the type'), restriction_type_id: used, target_kind: 'product', target_id: (await fx.product()).id, states: ['TX'] });
      const del = await t.req('DELETE', `/api/compliance-restriction-type/${used}`, { token: officer });
      expect(del.status).toBe(422);
      expect(del.body.error.message).toMatch(/is the type of 1 restriction \(/);
      expect((await t.req('DELETE', `/api/compliance-restriction-type/${ok.body.data.id}`, { token: officer })).status).toBe(204);
    });

    it('zip code groups: a pasted list with bad, duplicate or overlapping entries is refused naming them', async () => {
      const malformed = await t.req('POST', '/api/zip-code-group', { token: officer, body: { name: 'Bad', entries: ['60601', '6060x', '60602'] } });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error.fields.entries).toMatch(/“6060x” is not a zip code/);
      const dup = await t.req('POST', '/api/zip-code-group', { token: officer, body: { name: 'Dup', entries: ['60601', '60601'] } });
      expect(dup.body.error.fields.entries).toBe('“60601” is listed twice');
      const overlap = await t.req('POST', '/api/zip-code-group', { token: officer, body: { name: 'Overlap', entries: ['60600-60650', '60640-60699'] } });
      expect(overlap.status).toBe(400);
      expect(overlap.body.error.fields.entries).toMatch(/“60640-60699” overlaps “60600-60650”/);
      const empty = await t.req('POST', '/api/zip-code-group', { token: officer, body: { name: 'Empty', entries: [] } });
      expect(empty.status).toBe(400);
      expect(empty.body.error.fields.entries).toMatch(/\w/);
      expect((await t.sql<{ n: number }>(sql`select count(*)::int as n from zip_code_groups where name in ('Bad', 'Dup', 'Overlap', 'Empty')`))[0]!.n).toBe(0);

      const created = await t.req('POST', '/api/zip-code-group', { token: officer, body: { name: 'Test Springfield', description: 'Test', entries: ['627', '62801-62805', '100 – 101'] } });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ entries: ['627', '62801-62805', '100-101'], entry_count: 3, states: ['IL', 'NY'], used_by: [] });
      const id = created.body.data.id;
      const type = await ownType('block');
      const r = await t.req('POST', '/api/compliance-restriction', {
        token: officer,
        body: { name: 'Test Springfield block', restriction_type_id: type, target_kind: 'category', target_id: (await fx.category()).id, zip_code_group_ids: [id], citation: 'Test ordinance' },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      const del = await t.req('DELETE', `/api/zip-code-group/${id}`, { token: officer });
      expect(del.status).toBe(422);
      expect(del.body.error.message).toBe('Test Springfield is used by 1 restriction: Test Springfield block. Remove it from them first.');
      const got = await t.req('GET', `/api/zip-code-group/${id}`, { token: officer });
      expect(got.body.data.used_by).toEqual([{ id: r.body.data.id, name: 'Test Springfield block' }]);
      expect((await t.req('GET', '/api/zip-code-group?filter[state]=NY&q=springfield', { token: officer })).body.data).toHaveLength(1);
      expectRefused(await t.req('GET', '/api/zip-code-group?filter[in_use]=maybe', { token: officer }), 400, 'filter.in_use');
      expect((await t.req('DELETE', `/api/compliance-restriction/${r.body.data.id}`, { token: officer })).status).toBe(204);
      expect((await t.req('DELETE', `/api/zip-code-group/${id}`, { token: officer })).status).toBe(204);
    });

    it('restrictions: validated, listed with filters, their products and their history', async () => {
      const type = await ownType('licensed_dealer');
      // Magazines of the test's own, on an attribute of this test alone: two over 20 rounds, one of 10.
      const own = await t.req('POST', '/api/attribute', { token: catalogToken, body: { code: `mag_capacity_${kind}`, name: 'Magazine Capacity', type: 'number' } });
      expect(own.status, own.text).toBe(201);
      const [m30, m25] = [await magazine(30, own.body.data.id), await magazine(25, own.body.data.id)];
      await magazine(10, own.body.data.id);
      const select = await t.req('POST', '/api/attribute', { token: catalogToken, body: { code: `own_finish_${kind}`, name: 'Own Finish', type: 'select', options: ['Black', 'FDE'] } });
      expect(select.status, select.text).toBe(201);
      const base = { name: 'Test magazines', restriction_type_id: type, target_kind: 'attribute', attribute_id: own.body.data.id as number, attribute_op: 'gt', attribute_values: ['20'], states: ['OR'], citation: 'Test measure 114' };
      for (const [body, field] of [
        [{ ...base, states: [] }, 'states'],
        [{ ...base, attribute_values: ['ten'] }, 'attribute_values'],
        [{ ...base, target_kind: 'brand' }, 'target_id'],
        [{ ...base, except_states: ['OR'] }, 'except_states'],
        [{ ...base, effective_from: '2026-05-01', effective_to: '2026-04-01' }, 'effective_to'],
        [{ ...base, effective_from: '2026-02-30' }, 'effective_from'],
        [{ ...base, states: ['XX'] }, 'states.0'],
        [{ ...base, citation_url: 'javascript:alert(1)' }, 'citation_url'],
      ] as const) {
        const res = await t.req('POST', '/api/compliance-restriction', { token: officer, body });
        expect(res.status, field).toBe(400);
        expect(Object.keys(res.body.error.fields ?? {}), field).toContain(field);
      }
      const selectOp = await t.req('POST', '/api/compliance-restriction', { token: officer, body: { ...base, attribute_id: select.body.data.id, attribute_values: ['5'] } });
      expect(selectOp.status).toBe(422);
      expect(selectOp.body.error.fields.attribute_op).toMatch(/is not a number/);
      const noGroup = await t.req('POST', '/api/compliance-restriction', { token: officer, body: { ...base, zip_code_group_ids: [999999] } });
      expect(noGroup.status).toBe(422);
      expect(JSON.stringify(noGroup.body.error)).toMatch(/999999|zip code group/i);
      const noProduct = await t.req('POST', '/api/compliance-restriction', { token: officer, body: { ...base, target_kind: 'product', target_id: 999999, attribute_id: null, attribute_op: null, attribute_values: [] } });
      expect(noProduct.status).toBe(422);
      expect(noProduct.body.error.fields.target_id).toMatch(/\w/);

      const created = await t.req('POST', '/api/compliance-restriction', { token: officer, body: { ...base, effective_from: '2030-01-01', citation_url: 'https://example.org/m114' } });
      expect(created.status).toBe(201);
      const r = created.body.data;
      expect(r).toMatchObject({ target_label: 'Magazine Capacity > 20', in_force: false, effective_from: '2030-01-01', effect: 'licensed_dealer' });
      const catches = await t.req('GET', `/api/compliance-restriction/${r.id}/products`, { token: officer });
      expect(catches.body.data.product_count).toBe(2);
      expect(catches.body.data.sample.map((p: { title: string }) => p.title).sort()).toEqual([m30.title, m25.title].sort());

      const inForceNow = await t.req('GET', '/api/compliance-restriction?filter[state]=OR&per_page=100', { token: officer });
      expect(inForceNow.body.data.map((x: { id: number }) => x.id)).toContain(r.id);
      const today = new Date().toISOString().slice(0, 10);
      const forced = await t.req('GET', `/api/compliance-restriction?filter[state]=OR&filter[in_force_on]=${today}&per_page=100`, { token: officer });
      expect(forced.body.data.map((x: { id: number }) => x.id)).not.toContain(r.id);
      const later = await t.req('GET', `/api/compliance-restriction?filter[in_force_on]=2030-06-01&filter[target_kind]=attribute&filter[restriction_type_id]=${type}`, { token: officer });
      expect(later.body.data.map((x: { id: number }) => x.id)).toEqual([r.id]);
      expectRefused(await t.req('GET', '/api/compliance-restriction?filter[in_force_on]=soon', { token: officer }), 400, 'filter.in_force_on');
      const illinois = await restriction({ name: fx.unique('Own Illinois rule'), restriction_type_id: type, target_kind: 'product', target_id: m25.id, states: ['IL'] });
      const inIllinois = await t.req('GET', '/api/compliance-restriction?filter[state]=IL&per_page=100', { token: officer });
      expect(inIllinois.body.data.map((x: { id: number }) => x.id)).toContain(illinois.id);
      expect(inIllinois.body.data.map((x: { id: number }) => x.id)).not.toContain(r.id);

      const updated = await t.req('PUT', `/api/compliance-restriction/${r.id}`, { token: officer, body: { ...base, effective_from: null, version: r.version } });
      expect(updated.status).toBe(200);
      expect(updated.body.data.in_force).toBe(true);
      const stale = await t.req('PUT', `/api/compliance-restriction/${r.id}`, { token: officer, body: { ...base, version: r.version } });
      expect(stale.status).toBe(409);
      expect(stale.body.error.code).toBe('stale_version');
      const history = await t.req('GET', `/api/compliance-restriction/${r.id}/history`, { token: officer });
      expect(history.body.data.map((h: { action: string; user_name: string }) => [h.action, h.user_name])).toEqual([['update', 'Sam Patel'], ['create', 'Sam Patel']]);
      const mag = m30.id;
      expect((await check([{ product_id: mag }], 'OR', '97201')).items[0]!.outcome).toBe('licensed_dealer');
      expect((await t.req('DELETE', `/api/compliance-restriction/${r.id}`, { token: officer })).status).toBe(204);
      expect((await check([{ product_id: mag }], 'OR', '97201')).items[0]!.outcome).toBeNull();
      expect((await t.req('POST', '/api/compliance-restriction/search/check', { token: officer, body: { items: [{ product_id: 999999 }], state: 'OR' } })).status).toBe(404);
      const both = await t.req('POST', '/api/compliance-restriction/search/check', { token: officer, body: { items: [{ product_id: mag, variant_id: m25.variants[0]!.id }], state: 'OR' } });
      expect(both.status).toBe(400);
      expect(JSON.stringify(both.body.error.fields)).toMatch(/items\.0/);
      const shortZip = await t.req('POST', '/api/compliance-restriction/search/check', { token: officer, body: { items: [{ product_id: mag }], state: 'OR', zip: '9720' } });
      expect(shortZip.status).toBe(400);
      expect(shortZip.body.error.fields.zip).toMatch(/\w/);
    });
  });

  it('sees a rule written behind the API’s back at the next check (the revision row moves)', async () => {
    const mag = (await magazine(30)).id;
    expect((await check([{ product_id: mag }], 'MT', '59601')).items[0]!.outcome).toBeNull();
    const before = (await one<{ r: number }>(sql`select revision::int as r from compliance_revision`)).r;
    const type = await ownType('block');
    await t.sql(sql`insert into compliance_restrictions (name, restriction_type_id, target_kind, attribute_id, attribute_op, attribute_values, states, citation)
                    values ('Montana by hand', ${type}, 'attribute', ${capacityAttr}, 'gt', '{10}', '{MT}', 'Hand-made')`);
    expect((await one<{ r: number }>(sql`select revision::int as r from compliance_revision`)).r).toBeGreaterThan(before);
    const after = await check([{ product_id: mag }], 'MT', '59601');
    expect(after.items[0]!.outcome).toBe('block');
    expect(after.items[0]!.rules[0]!.name).toBe('Montana by hand');
    await t.sql(sql`update compliance_restrictions set is_active = false where name = 'Montana by hand'`);
    expect((await check([{ product_id: mag }], 'MT', '59601')).items[0]!.outcome).toBeNull();
    // a zip code group edited by hand is seen too
    const group = await t.req('POST', '/api/zip-code-group', { token: officer, body: { name: fx.unique('Own Denver'), entries: ['802'] } });
    expect(group.status, group.text).toBe(201);
    await restriction({ name: fx.unique('Own Denver magazines'), restriction_type_id: type, target_kind: 'attribute', attribute_id: capacityAttr, attribute_op: 'gt', attribute_values: ['15'], zip_code_group_ids: [group.body.data.id] });
    expect((await check([{ product_id: mag }], 'MT', '59601')).items[0]!.outcome).toBeNull();
    await t.sql(sql`update zip_code_groups set entries = array['596'] where id = ${group.body.data.id}`);
    expect((await check([{ product_id: mag }], 'MT', '59601')).items[0]!.outcome).toBe('block');
    await t.sql(sql`update zip_code_groups set entries = array['802'] where id = ${group.body.data.id}`);
    expect((await check([{ product_id: mag }], 'MT', '59601')).items[0]!.outcome).toBeNull();
  });

  it('lets the compliance officer write; others read or nothing, as the role table says', async () => {
    const tokens = Object.fromEntries(
      await Promise.all(['catalog', 'orders', 'purchasing', 'analyst', 'merchandising'].map(async (r) => [r, await t.login(`${r}@example.com`)] as const)),
    );
    const body = { name: 'Role test', effect: 'block' };
    for (const role of Object.keys(tokens)) expect((await t.req('POST', '/api/compliance-restriction-type', { token: tokens[role], body })).status, role).toBe(403);
    expect((await t.req('GET', '/api/compliance-restriction', { token: tokens.orders })).status).toBe(200);
    for (const role of ['catalog', 'purchasing', 'analyst', 'merchandising']) {
      expect((await t.req('GET', '/api/compliance-restriction', { token: tokens[role] })).status, role).toBe(403);
      expect((await t.req('GET', '/api/zip-code-group', { token: tokens[role] })).status, role).toBe(403);
    }
    // The search serves the product editor's panel: catalogue readers may use it.
    const mag = (await magazine(30)).id;
    expect((await t.req('POST', '/api/compliance-restriction/search/where', { token: tokens.catalog, body: { items: [{ product_id: mag }] } })).status).toBe(200);
    expect((await t.req('POST', '/api/compliance-restriction/search/where', { token: tokens.analyst, body: { items: [{ product_id: mag }] } })).status).toBe(200);
    expect((await t.req('POST', '/api/compliance-restriction/search/where', { token: tokens.merchandising, body: { items: [{ product_id: mag }] } })).status).toBe(200);
    expect((await t.req('GET', '/api/compliance-restriction/search/place?state=CA', { token: tokens.orders })).status).toBe(200);
    const created = await t.req('POST', '/api/compliance-restriction-type', { token: admin, body });
    expect(created.status).toBe(201);
    expect((await t.req('DELETE', `/api/compliance-restriction-type/${created.body.data.id}`, { token: tokens.orders })).status).toBe(403);
  });
});
