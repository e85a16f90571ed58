/**
 * `docs/api-catalog.md` is generated from the OpenAPI document and the routes' permissions: this
 * test renders it and fails when the committed file differs (a new or changed endpoint). Run
 * `npm run docs:api` to write it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './harness.js';
import { renderApiCatalog, type OpenApiDoc } from './api-catalog.js';

const FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/api-catalog.md');

describe('API catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('docs/api-catalog.md is the catalogue of the API as it is (npm run docs:api writes it)', async () => {
    const doc = (await t.req('GET', '/api/docs/json')).body as OpenApiDoc;
    const text = renderApiCatalog(doc, t.routes);
    if (process.env.WRITE_API_CATALOG === '1') fs.writeFileSync(FILE, text);
    expect(fs.readFileSync(FILE, 'utf8'), 'docs/api-catalog.md is out of date: run npm run docs:api').toBe(text);
  });
});
