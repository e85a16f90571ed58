import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BrandCreate, boundsOf, ProductCreate, VariantCreate, StoreVariantUpdate, AttributeCreate } from './index.js';

const messages = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('field messages in words', () => {
  it('a missing value is "Required", a wrong type says what to enter', () => {
    expect(messages(z.object({ n: z.number(), s: z.string() }), {})).toEqual({ n: 'Required', s: 'Required' });
    expect(messages(z.object({ n: z.number() }), { n: 'x' })).toEqual({ n: 'Enter a number' });
    expect(messages(z.object({ n: z.number().int() }), { n: 1.5 })).toEqual({ n: 'Enter a whole number' });
  });
  it('bounds are said in words with the limit', () => {
    expect(messages(z.string().max(200), 'x'.repeat(201))).toEqual({ '': 'At most 200 characters' });
    expect(messages(z.string().min(1), '')).toEqual({ '': 'Required' });
    expect(messages(z.number().min(0), -5)).toEqual({ '': 'Cannot be negative' });
    expect(messages(z.number().min(1), 0)).toEqual({ '': 'At least 1' });
    expect(messages(z.number().max(100_000), 100_001)).toEqual({ '': 'At most 100,000' });
    expect(messages(z.enum(['a', 'b']), 'c')).toEqual({ '': 'Choose one of: a, b' });
  });
  it('no message of any contract schema is zod\'s own wording', () => {
    const all = [
      messages(BrandCreate, { name: 5, extra: 1 }),
      messages(ProductCreate, { title: 'x'.repeat(201), variants: [{ sku: '', units_per_package: 0, cost_cents: -500 }] }),
      messages(StoreVariantUpdate, { price_cents: -2499 }),
      messages(AttributeCreate, {}),
    ];
    for (const m of all) for (const text of Object.values(m)) expect(text).not.toMatch(/Invalid input|expected|received|Too (small|big)/);
    expect(all[1]).toMatchObject({ title: 'At most 200 characters', 'variants.0.units_per_package': 'At least 1', 'variants.0.cost_cents': 'Cannot be negative' });
  });
});

describe('bounds read from the schema', () => {
  it('finds a text field\'s maximum length and a number\'s range through wrappers and arrays', () => {
    expect(boundsOf(BrandCreate, 'name')).toEqual({ maxLength: 200 });
    expect(boundsOf(ProductCreate, 'title')).toEqual({ maxLength: 200 });
    expect(boundsOf(ProductCreate, 'variants.0.units_per_package')).toEqual({ min: 1, max: 100_000, integer: true });
    expect(boundsOf(ProductCreate, 'variants.0.cost_cents')).toMatchObject({ min: 0, max: 100_000_000, integer: true });
    expect(boundsOf(VariantCreate, 'sku')).toEqual({ maxLength: 64 });
    expect(boundsOf(ProductCreate, 'nothing.here')).toEqual({});
  });
});
