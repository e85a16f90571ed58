import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, isAllowed, permissionsOfRoles, ROLES, ROUTES, roundGroupOf, UserCreate, ListQuery, IdParams, ROUND_GROUPS } from './index.js';

describe('round groups', () => {
  it.each([
    [1, '1'], [2, '2-50'], [50, '2-50'], [51, '51-100'], [100, '51-100'], [101, '101-250'], [250, '101-250'],
    [251, '251-500'], [500, '251-500'], [501, '501-1000'], [1000, '501-1000'], [1001, '>1K'], [5000, '>1K'],
  ])('%i rounds → %s', (n, g) => expect(roundGroupOf(n)).toBe(g));
  it('has the spec buckets in order', () => expect(ROUND_GROUPS).toEqual(['1', '2-50', '51-100', '101-250', '251-500', '501-1000', '>1K']));
});

describe('roles and permissions', () => {
  it('gives the administrator every permission', () => expect(permissionsOfRoles(['admin'])).toEqual([...ALL_PERMISSIONS]));
  it('keeps the catalogue role out of users and orders', () => {
    const p = permissionsOfRoles(['catalog']);
    expect(p).toContain('catalog.write');
    expect(p.some((x) => x.startsWith('users.') || x.startsWith('orders.'))).toBe(false);
  });
  it('gives the analyst reads only', () => expect(permissionsOfRoles(['analyst']).every((p) => p.endsWith('.read'))).toBe(true));
  it('unions several roles and ignores unknown ones', () => {
    expect(permissionsOfRoles(['pricing', 'nonsense', 'catalog'])).toEqual(expect.arrayContaining(['pricing.write', 'catalog.write']));
    expect(permissionsOfRoles([])).toEqual([]);
  });
  it('allows a route when any required permission is held', () => {
    expect(isAllowed(['reports.read', 'merchandising.read'], ['merchandising.read'])).toBe(true);
    expect(isAllowed(['reports.read'], ['catalog.read'])).toBe(false);
    expect(isAllowed([], [])).toBe(true);
  });
  it('uses only known permissions in roles and routes', () => {
    for (const r of ROLES) for (const p of r.permissions) expect(ALL_PERMISSIONS).toContain(p);
    for (const r of ROUTES) for (const p of r.permissions) expect(ALL_PERMISSIONS).toContain(p);
  });
});

describe('schemas', () => {
  it('normalises emails and refuses unknown roles', () => {
    const ok = UserCreate.parse({ name: ' Ann ', email: ' ANN@Example.COM ', password: 'long-enough', roles: ['catalog'] });
    expect(ok).toMatchObject({ name: 'Ann', email: 'ann@example.com', is_active: true });
    expect(UserCreate.safeParse({ name: 'A', email: 'a@b.co', password: 'long-enough', roles: ['root'] }).success).toBe(false);
  });
  it('bounds list paging', () => {
    expect(ListQuery.parse({})).toMatchObject({ page: 1, per_page: 25 });
    expect(ListQuery.safeParse({ per_page: '501' }).success).toBe(false);
    expect(ListQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(ListQuery.parse({ page: '3', per_page: '500' })).toMatchObject({ page: 3, per_page: 500 });
    expect(ListQuery.parse({ page: '100000' }).page).toBe(100000);
    for (const page of ['100001', '1e15', '9007199254740991', '1.5', '-1', '+2', ' 2', '0x10', '02', 'Infinity', 'NaN', ''])
      expect(ListQuery.safeParse({ page }).success, page).toBe(false);
  });
  it('takes ids as plain positive integers within PostgreSQL integer range', () => {
    expect(IdParams.parse({ id: '16' })).toEqual({ id: 16 });
    expect(IdParams.parse({ id: '2147483647' })).toEqual({ id: 2147483647 });
    for (const id of ['0x10', '1e1', '+5', ' 5', '5 ', '05', '0', '-1', '1.0', '2147483648', '99999999999', '', 'abc', '５'])
      expect(IdParams.safeParse({ id }).success, id).toBe(false);
  });
});
