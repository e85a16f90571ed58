import { describe, expect, it } from 'vitest';
import { parseQueryString } from '../src/http/querystring.js';
import { scrub } from '../src/modules/audit/routes.js';
import { zodFields } from '../src/http/errors.js';
import { z } from 'zod';

describe('query string', () => {
  it('nests filter[field] and repeats into arrays', () => {
    expect(parseQueryString('page=2&filter[role]=a&filter[role]=b&filter[is_active]=true&q=x%20y')).toEqual({
      page: '2',
      q: 'x y',
      filter: { role: ['a', 'b'], is_active: 'true' },
    });
    expect(parseQueryString('filter%5Bentity%5D=user')).toEqual({ filter: { entity: 'user' } });
    expect(parseQueryString('ids[]=1&ids[]=2')).toEqual({ ids: ['1', '2'] });
  });
});

describe('scrubbing of browser reports', () => {
  it('masks password and card fields at any depth and keeps the rest', () => {
    const out = scrub({ a: { password: 'p', cardNumber: '4111', nested: [{ cvv: '1', note: 'n' }] }, expiration_date: '1/30', cardholder: 'X', url: 'u' });
    expect(out).toEqual({ a: { password: '********', cardNumber: '********', nested: [{ cvv: '********', note: 'n' }] }, expiration_date: '********', cardholder: '********', url: 'u' });
  });
});

describe('field messages', () => {
  it('maps zod issues to dotted field paths, naming unknown keys', () => {
    const r = z.object({ a: z.object({ b: z.string() }), c: z.array(z.number()) }).strict().safeParse({ a: { b: 1 }, c: ['x'], d: 1 });
    expect(r.success).toBe(false);
    const fields = zodFields(r.error!.issues);
    expect(Object.keys(fields).sort()).toEqual(['a.b', 'c.0', 'd']);
    expect(fields.d).toBe('Unknown field');
  });
});
