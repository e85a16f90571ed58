import { beforeAll, describe, expect, it } from 'vitest';
import { ProductListItem, VariantListItem, type ListQuery } from '@qm/contracts';
import { runListJson } from '../src/http/list.js';
import { productList } from '../src/modules/catalog/queries.js';
import { variantList } from '../src/modules/catalog/variants.js';
import { BACKENDS, useTestApp } from './harness.js';

/**
 * A list whose search is looked up first (the catalogue's: a search text becomes product ids or a
 * tsquery, categories their descendants) answers the same however it is run: through its endpoint,
 * or from code (a job, a report) calling the list runner with the query as sent. The lookup is part
 * of the list, so no caller can skip it (when it travelled as JSON inside `q`, a caller that did not
 * resolve first had its search text parsed as JSON: a 500).
 */
describe.each(BACKENDS)('lists that resolve their query (%s)', (kind) => {
  const app = useTestApp(kind);
  let token: string;
  beforeAll(async () => {
    token = await app.login('catalog@example.com');
  });

  const cases: [string, ListQuery][] = [
    ['/api/product', { page: 1, per_page: 25, q: 'federal' }],
    ['/api/product', { page: 1, per_page: 25, q: 'federal', sort: 'title' }],
    ['/api/product', { page: 1, per_page: 25, filter: { category_id: '1' } }],
    ['/api/variant', { page: 1, per_page: 25, q: 'fed' }],
    ['/api/variant', { page: 1, per_page: 10, q: 'fed', sort: 'product_title' }],
  ];

  it.each(cases)('%s %j from code equals the endpoint', async (url, q) => {
    const [spec, item] = url === '/api/product' ? [productList, ProductListItem] : [variantList, VariantListItem];
    const params = new URLSearchParams({ page: String(q.page), per_page: String(q.per_page), ...(q.q && { q: q.q }), ...(q.sort && { sort: q.sort }) });
    for (const [k, v] of Object.entries(q.filter ?? {})) params.set(`filter[${k}]`, String(v));
    const res = await app.req('GET', `${url}?${params}`, { token });
    expect(res.status, res.text).toBe(200);
    const fromCode = JSON.parse(await runListJson(app.db, spec as typeof productList, q, item));
    expect(fromCode).toEqual(res.body);
    expect(res.body.data.length).toBeGreaterThan(0);
  });
});
