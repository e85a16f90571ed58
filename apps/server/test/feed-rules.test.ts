import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { parse } from 'csv-parse/sync';
import { FEED_FILE_FIELDS, FEED_LEFT_OUT_CAUSES, FeedFileLayout, XML_NAME } from '@qm/contracts';
import { advertisedPrice, feedItemType, feedLeftOutReason, feedManufacturer, isNumericUpc, MAP_NOTES, type FeedItemFacts } from '../src/modules/catalog/feed-rules.js';
import { fileItemOf, layoutBytes, xmlText, type FileItem } from '../src/modules/catalog/feed-files.js';
import { safeCell } from '../src/files/tables.js';

const facts: fc.Arbitrary<FeedItemFacts> = fc.record({
  is_enabled: fc.boolean(),
  price_cents: fc.option(fc.integer({ min: 0, max: 100_000 })),
  cost_cents: fc.option(fc.integer({ min: 0, max: 100_000 })),
  upc: fc.option(fc.oneof(fc.stringMatching(/^\d{8}$|^\d{12,14}$/), fc.string({ maxLength: 16 }))),
  compliance: fc.option(fc.record({ reason: fc.string({ minLength: 1 }), everywhere: fc.boolean() })),
});
const switches = fc.record({ keep_without_upc: fc.boolean(), keep_below_cost: fc.boolean() });

describe('feed rules', () => {
  it('an item goes in exactly when it is enabled, priced, unrestricted, with a numeric UPC or kept without, not below cost or kept so', () => {
    fc.assert(
      fc.property(facts, switches, (item, feed) => {
        const goesIn =
          item.is_enabled &&
          item.price_cents !== null &&
          item.compliance === null &&
          (feed.keep_without_upc || isNumericUpc(item.upc)) &&
          (feed.keep_below_cost || item.cost_cents === null || item.price_cents >= item.cost_cents);
        const out = feedLeftOutReason(item, feed);
        expect(out === null).toBe(goesIn);
        if (out) {
          expect(FEED_LEFT_OUT_CAUSES).toContain(out.cause);
          expect(out.reason.length).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('keeping items without a UPC or below cost only ever adds items, and only those', () => {
    fc.assert(
      fc.property(facts, switches, (item, feed) => {
        const strict = feedLeftOutReason(item, { keep_without_upc: false, keep_below_cost: false });
        const kept = feedLeftOutReason(item, feed);
        if (strict === null) expect(kept).toBeNull();
        if (kept !== null) expect(strict).not.toBeNull();
        if (strict && kept === null) expect(['no_upc', 'below_cost']).toContain(strict.cause);
        // compliance, disabled and unpriced items are never kept by the switches
        if (strict && ['disabled', 'no_price', 'blocked_everywhere', 'restricted'].includes(strict.cause)) expect(kept).toEqual(strict);
      }),
    );
  });

  it('a numeric UPC is 8, 12, 13 or 14 digits', () => {
    for (const ok of ['01234567', '012345678905', '0123456789012', '00012345678905']) expect(isNumericUpc(ok)).toBe(true);
    for (const bad of [null, '', '1234567', '123456789', '01234567890', '012345678905 ', 'A12345678905', '0123456789012345']) expect(isNumericUpc(bad)).toBe(false);
  });

  it('a gated price below its MAP is advertised at the MAP with the gate’s note, unless a MAP holiday lifts MAP; otherwise as it is', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.option(fc.integer({ min: 0, max: 10_000 })), fc.option(fc.constantFrom(...Object.keys(MAP_NOTES))), fc.boolean(), (price, map, gate, lifted) => {
        const a = advertisedPrice({ price_cents: price, map_price_cents: map, map_gate: gate, map_lifted: lifted });
        expect(a.cents).toBeGreaterThanOrEqual(price);
        if (gate && map !== null && price < map && !lifted) expect(a).toEqual({ cents: map, map_note: MAP_NOTES[gate] });
        else expect(a).toEqual({ cents: price, map_note: null });
      }),
    );
  });

  it('rounds and shells are ammunition counted in rounds; pieces are magazines or components by capacity and category', () => {
    expect(feedItemType({ variation_type: 'rounds', has_capacity: false, category_names: ['Rifle'] })).toBe('ammunition');
    expect(feedItemType({ variation_type: 'shells', has_capacity: false, category_names: [] })).toBe('ammunition');
    expect(feedItemType({ variation_type: 'pieces', has_capacity: true, category_names: [] })).toBe('magazines');
    expect(feedItemType({ variation_type: 'pieces', has_capacity: false, category_names: ['Magazines'] })).toBe('magazines');
    expect(feedItemType({ variation_type: 'pieces', has_capacity: false, category_names: ['Reloading Primers'] })).toBe('primers');
    expect(feedItemType({ variation_type: 'pieces', has_capacity: false, category_names: ['Targets'] })).toBe('reloading_misc');
    const row = { title: 'T', url: null, caliber: '9mm Luger', manufacturer: 'M', count: 50, upc: null, mpn: null, casing: null, grains: null, condition: null, purchase_limit: null, price_cents: 1999, map_price_cents: null, map_gate: null, map_lifted: false, quantity: 0 };
    expect(fileItemOf({ ...row, type: 'ammunition' })).toMatchObject({ numrounds: 50, count: null, price: '19.99', availability: 'out of stock', quantity: 0 });
    expect(fileItemOf({ ...row, type: 'magazines', quantity: 3 })).toMatchObject({ numrounds: null, count: 50, availability: 'in stock', quantity: 3, purchase_limit: null });
    expect(fileItemOf({ ...row, type: 'ammunition', purchase_limit: 5 })).toMatchObject({ purchase_limit: 5 });
  });

  it('reloaded ammunition is made by a "factory reload", anything else by its brand', () => {
    expect(feedManufacturer({ manufacturer: 'Ammo Depot Reloads', condition: 'remanufactured' })).toBe('factory reload');
    expect(feedManufacturer({ manufacturer: 'Federal', condition: 'Reloaded' })).toBe('factory reload');
    expect(feedManufacturer({ manufacturer: 'Federal', condition: 'new' })).toBe('Federal');
    expect(feedManufacturer({ manufacturer: 'Federal', condition: null })).toBe('Federal');
    expect(feedManufacturer({ manufacturer: null, condition: null })).toBeNull();
  });

  it('any text survives as XML character data: escaped, and what XML cannot carry dropped', () => {
    const parser = new new JSDOM('').window.DOMParser();
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        const doc = parser.parseFromString(`<a>${xmlText(text)}</a>`, 'application/xml');
        expect(doc.getElementsByTagName('parsererror').length).toBe(0);
        const allowed = [...text].filter((c) => /[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u.test(c)).join('');
        // XML reads a carriage return as a line feed
        expect(doc.documentElement.textContent).toBe(allowed.replace(/\r\n?/g, '\n'));
      }),
    );
  });

  it('any layout writes every item’s fields in its order under its names, and reads back as written (XML and CSV)', async () => {
    const parser = new new JSDOM('').window.DOMParser();
    const text = fc.option(fc.string({ unit: 'binary', maxLength: 12 }));
    const item: fc.Arbitrary<FileItem> = fc.record({
      type: fc.string({ maxLength: 8 }),
      title: fc.string({ unit: 'binary', maxLength: 12 }),
      url: text,
      price: fc.integer({ min: 0, max: 100_000 }).map((c) => (c / 100).toFixed(2)),
      caliber: text,
      manufacturer: text,
      numrounds: fc.option(fc.integer({ min: 1, max: 5_000 })),
      count: fc.option(fc.integer({ min: 1, max: 5_000 })),
      upc: text,
      mpn: text,
      casing: text,
      grains: text,
      condition: text,
      availability: fc.constantFrom('in stock' as const, 'out of stock' as const),
      quantity: fc.integer({ min: 0, max: 10_000 }),
      purchase_limit: fc.option(fc.integer({ min: 1, max: 100 })),
      map_note: text,
    });
    const xmlName = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,8}$/).filter((n) => XML_NAME.test(n));
    const csvName = fc.string({ minLength: 1, maxLength: 10 }).map((n) => n.replace(/[\u0000-\u001F\u007F]/g, '').trim()).filter((n) => n.length > 0);
    const layout = fc.constantFrom('xml' as const, 'csv' as const).chain((format) =>
      fc
        .record({
          format: fc.constant(format),
          root: xmlName,
          item: xmlName,
          fields: fc.uniqueArray(fc.record({ field: fc.constantFrom(...FEED_FILE_FIELDS), name: format === 'xml' ? xmlName : csvName }), { minLength: 1, maxLength: 20, selector: (f) => f.name }),
        })
        .filter((l) => FeedFileLayout.safeParse(l).success),
    );
    const read = async (r: NodeJS.ReadableStream) => {
      let out = '';
      for await (const chunk of r) out += chunk.toString();
      return out;
    };
    await fc.assert(
      fc.asyncProperty(layout, fc.array(item, { maxLength: 5 }), async (l, items) => {
        const written = await read(layoutBytes({ store_name: 'Store & <Co>', built_at: null }, l, (async function* () { yield* items; })()));
        if (l.format === 'xml') {
          const doc = parser.parseFromString(written, 'application/xml');
          expect(doc.getElementsByTagName('parsererror').length, written).toBe(0);
          expect(doc.documentElement.tagName).toBe(l.root);
          const got = [...doc.documentElement.children];
          expect(got).toHaveLength(items.length);
          got.forEach((el, k) => {
            expect(el.tagName).toBe(l.item);
            // every field in the layout's order, under its name; empty fields left out
            const want = l.fields
              .map(({ field, name }) => [name, items[k]![field]] as const)
              .filter(([, v]) => v !== null && v !== '')
              .map(([name, v]) => [name, String(v).replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '').replace(/\r\n?/g, '\n')]);
            expect([...el.children].map((c) => [c.tagName, c.textContent])).toEqual(want);
          });
        } else {
          const rows = parse(written, { relax_column_count: false }) as string[][];
          expect(rows[0]).toEqual(l.fields.map((f) => String(safeCell(f.name))));
          expect(rows.slice(1)).toEqual(items.map((it) => l.fields.map((f) => String(safeCell(it[f.field]) ?? ''))));
        }
      }),
      { numRuns: 150 },
    );
  });
});
