import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { checkCredentialsKey, CredentialKeyError, keyFromFile, SecretBox, secretBoxOf } from '../src/db/secrets.js';
import { BACKENDS, startApp, useTestApp, expectRefused } from './harness.js';

/** Vendors, fee schemas (and their preview) and credentials (encrypted secrets, reveal). */
describe.each(BACKENDS)('vendors (%s)', (kind) => {
  const app = useTestApp(kind);
  let buyer: string;
  let admin: string;
  let cat: string;
  let analyst: string;
  let orders: string;

  beforeAll(async () => {
    [buyer, admin, cat, analyst, orders] = await Promise.all(
      ['purchasing', 'admin', 'catalog', 'analyst', 'orders'].map((r) => app.login(`${r}@example.com`)),
    );
  });

  const get = (url: string, token = buyer) => app.req('GET', url, { token });
  const send = (method: string, url: string, body?: unknown, token = buyer) => app.req(method, url, { token, body });
  const vendor = (over: Record<string, unknown> = {}) => ({
    name: `Test Distributor ${crypto.randomBytes(3).toString('hex')}`,
    code: `T${crypto.randomBytes(3).toString('hex').toUpperCase()}`,
    can_drop_ship: true,
    min_order_cents: 25_000,
    shipping_model: 'flat',
    shipping_cents: 995,
    free_shipping_above_cents: 100_000,
    handling_days: 2,
    website: 'https://distributor.example',
    contacts: [
      { name: 'Pat Doe', email: 'Pat@Distributor.example', phone: '555-010-2000', role: 'Account manager' },
      { name: 'Sam Roe', role: 'Drop-ship desk' },
    ],
    ...over,
  });

  describe('vendors', () => {
    it('creates a vendor with contacts, updates them in place, and lists with filters, search and sort', async () => {
      const created = await send('POST', '/api/vendor', vendor({ name: 'Acme Ammo Supply', code: 'acme' }));
      expect(created.status).toBe(201);
      const v = created.body.data;
      expect(v).toMatchObject({ name: 'Acme Ammo Supply', code: 'ACME', is_active: true, can_drop_ship: true, fee_schema_name: null, credential_count: 0 });
      expect(v.contacts.map((c: { name: string; email: string | null }) => [c.name, c.email])).toEqual([
        ['Pat Doe', 'pat@distributor.example'],
        ['Sam Roe', null],
      ]);
      const [pat] = v.contacts;
      const upd = await send('PUT', `/api/vendor/${v.id}`, {
        ...vendor({ name: 'Acme Ammo Supply', code: 'ACME', is_active: false }),
        contacts: [{ id: pat.id, name: 'Pat Doe-Smith', role: 'Owner' }, { name: 'Lee Poe', email: 'lee@acme.example' }],
        version: v.version,
      });
      expect(upd.status).toBe(200);
      expect(upd.body.data.contacts.map((c: { id: number; name: string }) => c.name)).toEqual(['Pat Doe-Smith', 'Lee Poe']);
      expect(upd.body.data.contacts[0].id).toBe(pat.id);
      expect(upd.body.data.is_active).toBe(false);
      const rows = await app.sql<{ n: number }>(sql`select count(*)::int as n from vendor_contacts where vendor_id = ${v.id}`);
      expect(rows[0]!.n).toBe(2);
      const stale = await send('PUT', `/api/vendor/${v.id}`, { ...vendor({ name: 'Acme Ammo Supply', code: 'ACME' }), version: v.version });
      expect(stale.status).toBe(409);

      const inactive = await get('/api/vendor?filter[is_active]=false&per_page=100');
      expect(inactive.body.data.map((r: { code: string }) => r.code)).toContain('ACME');
      expect(inactive.body.data.every((r: { is_active: boolean }) => !r.is_active)).toBe(true);
      const dropShip = await get('/api/vendor?filter[can_drop_ship]=false&per_page=100');
      expect(dropShip.body.data.length).toBeGreaterThan(0);
      expect(dropShip.body.data.every((r: { can_drop_ship: boolean }) => !r.can_drop_ship)).toBe(true);
      expect((await get('/api/vendor?q=acme')).body.data.map((r: { code: string }) => r.code)).toEqual(['ACME']);
      const sorted = (await get('/api/vendor?sort=-name&per_page=100')).body.data.map((r: { name: string }) => r.name.toLowerCase());
      expect(sorted).toEqual([...sorted].sort().reverse());
      expectRefused(await get('/api/vendor?filter[is_active]=maybe'), 400, 'filter.is_active');
      expectRefused(await get('/api/vendor?sort=secret'), 400, 'sort');
    });

    it('filters by fee schema and exports CSV', async () => {
      const made = await send('POST', '/api/vendor-fee-schema', { name: `Schema ${crypto.randomBytes(3).toString('hex')}`, description: null, fees: [{ name: 'Drop-ship', application: 'fixed', amount_cents: 250 }] });
      expect(made.status, made.text).toBe(201);
      const schemaId = made.body.data.id as number;
      const ids: number[] = [];
      for (let i = 0; i < 2; i++) {
        const v = await send('POST', '/api/vendor', vendor({ fee_schema_id: schemaId }));
        expect(v.status, v.text).toBe(201);
        ids.push(v.body.data.id);
      }
      const list = await get(`/api/vendor?filter[fee_schema_id]=${schemaId}&per_page=100`);
      expect(list.body.meta.total).toBe(2);
      expect(list.body.data.map((r: { id: number }) => r.id).sort()).toEqual([...ids].sort());
      expect((await get(`/api/vendor-fee-schema/${schemaId}`)).body.data.vendor_count).toBe(2);
      const named = (await get(`/api/vendor/${ids[0]}`)).body.data as { name: string };
      const csv = await get(`/api/vendor?format=csv&q=${encodeURIComponent(named.name)}`);
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      const [header, ...rows] = csv.text.trim().split('\r\n');
      expect(header).toBe('ID,Name,Code,Active,Drop-ship,Minimum order,Shipping model,Shipping,Free shipping from,Handling days,Fee schema,Website,Contacts');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatch(new RegExp(`^${ids[0]},${named.name},`));
    });

    it('validates with field messages (400) and refuses a taken name or code on its field (409)', async () => {
      const bad = await send('POST', '/api/vendor', vendor({ name: '', code: 'has space', handling_days: 99, website: 'ftp:/nope', shipping_model: 'tiers', contacts: [{ name: 'X', email: 'not-an-email' }] }));
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields).toMatchObject({
        name: 'Required',
        code: 'Letters, digits, dash or underscore',
        handling_days: 'At most 60 days',
        website: expect.stringMatching(/https:\/\//),
        shipping_tiers: 'Tiered shipping needs at least one tier',
        'contacts.0.email': 'Enter a valid email address',
      });
      const a = await send('POST', '/api/vendor', vendor({ name: 'Unique Name Co', code: 'UNQ1' }));
      expect(a.status).toBe(201);
      const sameName = await send('POST', '/api/vendor', vendor({ name: 'unique name co' }));
      expect(sameName.status).toBe(409);
      expect(sameName.body.error.fields).toEqual({ name: 'A vendor with this name already exists' });
      const sameCode = await send('POST', '/api/vendor', vendor({ code: 'unq1' }));
      expect(sameCode.status).toBe(409);
      expect(sameCode.body.error.fields).toEqual({ code: 'A vendor with this code already exists' });
      const noSchema = await send('POST', '/api/vendor', vendor({ fee_schema_id: 999_999 }));
      expect(noSchema.status).toBe(422);
      expect(noSchema.body.error.fields.fee_schema_id).toBe('No such fee schema');
      const otherContact = await send('PUT', `/api/vendor/${a.body.data.id}`, { ...vendor({ name: 'Unique Name Co', code: 'UNQ1' }), contacts: [{ id: 1, name: 'Not mine' }], version: a.body.data.version });
      expect(otherContact.status).toBe(422);
      expect(otherContact.body.error.fields['contacts.0.id']).toBe('Not a contact of this vendor');
    });

    it('refuses to delete a vendor with purchase orders or catalogue products (422, in words), deletes an unused one', async () => {
      const used = (await send('POST', '/api/vendor', vendor())).body.data;
      await app.sql(sql`insert into vendor_products (vendor_id, vendor_sku) values (${used.id}, 'ABC-1'), (${used.id}, 'ABC-2')`);
      const refused = await send('DELETE', `/api/vendor/${used.id}`);
      expect(refused.status).toBe(422);
      expect(refused.body.error.message).toBe(`${used.name} has 2 catalogue products, so it cannot be deleted. Deactivate it instead: it then takes no new orders and its history stays.`);
      const [loc] = await app.sql<{ id: number }>(sql`select id from locations order by id limit 1`);
      await app.sql(sql`insert into purchase_orders (number, vendor_id, entity, location_id) values (${`PO-T-${used.id}`}, ${used.id}, 'SD', ${loc!.id})`);
      expect((await send('DELETE', `/api/vendor/${used.id}`)).body.error.message).toMatch(/has 1 purchase order and 2 catalogue products/);
      expect((await get(`/api/vendor/${used.id}`)).status).toBe(200);
      const unused = (await send('POST', '/api/vendor', vendor())).body.data;
      expect((await send('DELETE', `/api/vendor/${unused.id}`)).status).toBe(204);
      expect((await get(`/api/vendor/${unused.id}`)).status).toBe(404);
    });

    it('purchasing writes; catalogue, analyst and orders may not (orders and admins read)', async () => {
      expect((await send('POST', '/api/vendor', vendor(), cat)).status).toBe(403);
      expect((await send('POST', '/api/vendor', vendor(), analyst)).status).toBe(403);
      expect((await send('POST', '/api/vendor', vendor(), orders)).status).toBe(403);
      expect((await get('/api/vendor', orders)).status).toBe(200);
      expect((await get('/api/vendor', analyst)).status).toBe(200);
      expect((await get('/api/vendor', cat)).status).toBe(403);
      expect((await send('POST', '/api/vendor', vendor(), admin)).status).toBe(201);
    });

    it("shows the vendor's activity: its own entries and its credentials'", async () => {
      const v = (await send('POST', '/api/vendor', vendor())).body.data;
      await send('PUT', `/api/vendor/${v.id}`, { ...vendor({ name: v.name, code: v.code, notes: 'Net 30' }), version: v.version });
      const k = await send('POST', '/api/vendor-credential', { vendor_id: v.id, kind: 'portal', label: 'Portal', secret: 'hunter2-activity' });
      expect(k.status).toBe(201);
      const activity = await get(`/api/vendor/${v.id}/activity`);
      expect(activity.status).toBe(200);
      expect(activity.body.data.map((e: { action: string; entity: string }) => `${e.action} ${e.entity}`)).toEqual(['create vendor_credential', 'update vendor', 'create vendor']);
      expect(activity.text).not.toContain('hunter2-activity');
    });
  });

  describe('fee schemas', () => {
    let ammoCat: number;
    let handgunVariant: { id: number; units: number; cost: number | null };
    let accessoryVariant: { id: number };

    beforeAll(async () => {
      [{ id: ammoCat }] = (await app.sql<{ id: number }>(sql`select id from categories where slug = 'ammunition'`)) as [{ id: number }];
      const [h] = await app.sql<{ id: number; units: number; cost: number | null }>(
        sql`select v.id, v.units_per_package as units, v.cost_cents as cost from variants v join products p on p.id = v.product_id
             where p.variation_type = 'rounds' and v.units_per_package = 50 order by v.id limit 1`,
      );
      handgunVariant = h!;
      const [a] = await app.sql<{ id: number }>(
        sql`select v.id from variants v join products p on p.id = v.product_id join product_categories pc on pc.product_id = p.id
             join categories c on c.id = pc.category_id join categories r on r.id = c.parent_id where r.slug = 'accessories' order by v.id limit 1`,
      );
      accessoryVariant = a!;
    });

    const schema = (over: Record<string, unknown> = {}) => ({
      name: `Schema ${crypto.randomBytes(3).toString('hex')}`,
      description: 'Test fees',
      fees: [
        { name: 'Drop-ship', application: 'fixed', amount_cents: 250 },
        { name: 'Per round', application: 'per_unit', amount_cents: 1, unit_basis: 'rounds', category_id: ammoCat },
        { name: 'Small order', application: 'fixed', amount_cents: 500, waived_above_cents: 10_000 },
        { name: 'Next year', application: 'fixed', amount_cents: 999, effective_from: '2099-01-01' },
      ],
      ...over,
    });

    it('creates a schema with its fees, replaces them on update, validates fees, and refuses deleting a used one', async () => {
      const c = await send('POST', '/api/vendor-fee-schema', schema({ name: 'Drop-ship 2027' }));
      expect(c.status).toBe(201);
      expect(c.body.data.fees.map((f: { name: string; category_name: string | null }) => [f.name, f.category_name])).toEqual([
        ['Drop-ship', null],
        ['Per round', 'Ammunition'],
        ['Small order', null],
        ['Next year', null],
      ]);
      const s = c.body.data;
      const u = await send('PUT', `/api/vendor-fee-schema/${s.id}`, { name: 'Drop-ship 2027', description: null, fees: [{ name: 'Only', application: 'per_unit', amount_cents: 35, unit_basis: 'item' }], version: s.version });
      expect(u.status).toBe(200);
      expect(u.body.data.fees).toHaveLength(1);
      expect((await app.sql<{ n: number }>(sql`select count(*)::int as n from vendor_fees where fee_schema_id = ${s.id}`))[0]!.n).toBe(1);

      const bad = await send('POST', '/api/vendor-fee-schema', schema({ fees: [{ name: 'X', application: 'per_unit', amount_cents: -1 }, { name: 'Y', application: 'fixed', amount_cents: 1, unit_basis: 'rounds', effective_from: '2026-05-01', effective_to: '2026-04-01' }] }));
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields).toMatchObject({
        'fees.0.amount_cents': 'Cannot be negative',
        'fees.0.unit_basis': expect.stringMatching(/needs its unit/),
        'fees.1.unit_basis': 'A fixed fee has no unit',
        'fees.1.effective_to': 'Ends before it starts',
      });
      const unknownBrand = await send('POST', '/api/vendor-fee-schema', schema({ fees: [{ name: 'X', application: 'fixed', amount_cents: 1, brand_id: 999_999 }] }));
      expect(unknownBrand.status).toBe(422);
      expect(unknownBrand.body.error.fields['fees.0.brand_id']).toBe('No such brand');
      const dup = await send('POST', '/api/vendor-fee-schema', schema({ name: 'drop-ship 2027' }));
      expect(dup.status).toBe(409);
      expect(dup.body.error.fields).toEqual({ name: 'A fee schema with this name already exists' });

      const v = (await send('POST', '/api/vendor', vendor({ fee_schema_id: s.id }))).body.data;
      expect(v.fee_schema_name).toBe('Drop-ship 2027');
      const refused = await send('DELETE', `/api/vendor-fee-schema/${s.id}`);
      expect(refused.status).toBe(422);
      expect(refused.body.error.message).toBe('Drop-ship 2027 is the fee schema of 1 vendor. Give them another schema (or none) first.');
      await send('DELETE', `/api/vendor/${v.id}`);
      expect((await send('DELETE', `/api/vendor-fee-schema/${s.id}`)).status).toBe(204);
    });

    it('previews a basket fee by fee with why, with the vendor costs and shipping, writing nothing', async () => {
      const s = (await send('POST', '/api/vendor-fee-schema', schema())).body.data;
      const body = { date: '2026-11-23', lines: [{ variant_id: handgunVariant.id, quantity: 4, unit_cost_cents: 1_500 }, { variant_id: accessoryVariant.id, quantity: 1, unit_cost_cents: 700 }] };
      const before = await app.sql<{ n: number }>(sql`select count(*)::int as n from audit_logs`);
      const p = await send('POST', `/api/vendor-fee-schema/${s.id}/preview`, body, analyst);
      expect(p.status).toBe(200);
      const d = p.body.data;
      expect(d.order_amount_cents).toBe(6_700);
      expect(d.fees.map((f: { name: string; status: string; total_cents: number }) => [f.name, f.status, f.total_cents])).toEqual([
        ['Drop-ship', 'charged', 250],
        ['Per round', 'charged', 200],
        ['Small order', 'charged', 500],
        ['Next year', 'not_effective', 0],
      ]);
      expect(d.fees[1].reason).toBe('scope matched 1 of 2 lines; 200 rounds × $0.01');
      expect(d.fees_cents).toBe(950);
      expect(d.shipping_cents).toBeNull();
      expect(d.basket[0]).toMatchObject({ variant_id: handgunVariant.id, unit_kind: 'rounds', units_per_package: 50, line_cents: 6_000 });
      expect((await app.sql<{ n: number }>(sql`select count(*)::int as n from audit_logs`))[0]!.n).toBe(before[0]!.n);

      const big = await send('POST', `/api/vendor-fee-schema/${s.id}/preview`, { ...body, lines: [{ variant_id: handgunVariant.id, quantity: 10, unit_cost_cents: 1_500 }] });
      expect(big.body.data.fees[2]).toMatchObject({ status: 'waived', reason: "waived: the order's $150.00 reaches $100.00" });

      const v = (await send('POST', '/api/vendor', vendor({ shipping_model: 'flat', shipping_cents: 995, free_shipping_above_cents: 100_000 }))).body.data;
      await app.sql(sql`insert into vendor_products (vendor_id, vendor_sku, variant_id, cost_cents) values (${v.id}, 'VP-1', ${handgunVariant.id}, 1234)`);
      const withVendor = await send('POST', `/api/vendor-fee-schema/${s.id}/preview`, { vendor_id: v.id, date: '2026-11-23', lines: [{ variant_id: handgunVariant.id, quantity: 2 }] });
      expect(withVendor.status).toBe(200);
      expect(withVendor.body.data).toMatchObject({ vendor: { id: v.id, name: v.name }, order_amount_cents: 2_468, shipping_cents: 995 });

      const unknown = await send('POST', `/api/vendor-fee-schema/${s.id}/preview`, { lines: [{ variant_id: 999_999, quantity: 1 }] });
      expect(unknown.status).toBe(422);
      expect(unknown.body.error.fields['lines.0.variant_id']).toBe('No such variant');
      const empty = await send('POST', `/api/vendor-fee-schema/${s.id}/preview`, { lines: [] });
      expect(empty.status).toBe(400);
      expect(empty.body.error.fields.lines).toBe('Add at least one variant');
      expect((await send('POST', '/api/vendor-fee-schema/999999/preview', body)).status).toBe(404);
      expect((await send('POST', `/api/vendor-fee-schema/${s.id}/preview`, body, cat)).status).toBe(403);
    });
  });

  describe('credentials', () => {
    const secretText = 'Sup3r-Secret-Portal-Pa55!';
    let vendorId: number;
    let credId: number;

    beforeAll(async () => {
      vendorId = (await send('POST', '/api/vendor', vendor())).body.data.id;
      const c = await send('POST', '/api/vendor-credential', { vendor_id: vendorId, kind: 'portal', label: 'Dealer portal', username: 'buyer1', secret: secretText, endpoint_url: 'https://portal.example/login' });
      expect(c.status).toBe(201);
      credId = c.body.data.id;
    });

    it('stores only ciphertext under the key id, and never answers the secret in lists, items or CSV', async () => {
      const [row] = await app.sql<{ secret: Uint8Array; key_id: string }>(sql`select secret, key_id from vendor_credentials where id = ${credId}`);
      const stored = Buffer.from(row!.secret);
      expect(stored.includes(Buffer.from(secretText))).toBe(false);
      expect(stored.length).toBe(12 + 16 + Buffer.byteLength(secretText));
      expect(row!.key_id).toBe(secretBoxOf(app.config).keyId);
      const item = await get(`/api/vendor-credential/${credId}`);
      expect(item.body.data).toMatchObject({ has_secret: true, username: 'buyer1', vendor_id: vendorId });
      expect(item.body.data).not.toHaveProperty('secret');
      for (const res of [item, await get('/api/vendor-credential?per_page=100'), await get('/api/vendor-credential?format=csv'), await get(`/api/vendor/${vendorId}`)])
        expect(res.text).not.toContain(secretText);
      const filtered = await get(`/api/vendor-credential?filter[vendor_id]=${vendorId}`);
      expect(filtered.body.data.map((k: { id: number }) => k.id)).toEqual([credId]);
    });

    it('reveals the secret to purchasing and admins, audited without it; refuses the catalogue and analyst roles (403)', async () => {
      const r = await send('POST', `/api/vendor-credential/${credId}/reveal`);
      expect(r.status).toBe(200);
      expect(r.body.data.secret).toBe(secretText);
      expect(r.headers['cache-control']).toBe('no-store');
      expect((await send('POST', `/api/vendor-credential/${credId}/reveal`, undefined, admin)).body.data.secret).toBe(secretText);
      expect((await send('POST', `/api/vendor-credential/${credId}/reveal`, undefined, cat)).status).toBe(403);
      expect((await send('POST', `/api/vendor-credential/${credId}/reveal`, undefined, analyst)).status).toBe(403);
      expect((await send('POST', `/api/vendor-credential/${credId}/reveal`, undefined, orders)).status).toBe(403);
      const reveals = await app.sql<{ after: unknown; actor_id: number }>(sql`select after, actor_id from audit_logs where action = 'reveal' and entity = 'vendor_credential' and entity_id = ${String(credId)}`);
      expect(reveals).toHaveLength(2);
      expect(JSON.stringify(reveals)).not.toContain(secretText);
    });

    it('changes, keeps and clears the secret; audit entries say [changed], never the secret', async () => {
      const cur = (await get(`/api/vendor-credential/${credId}`)).body.data;
      const base = { vendor_id: vendorId, kind: 'portal', label: 'Dealer portal', username: 'buyer1', endpoint_url: 'https://portal.example/login' };
      const kept = await send('PUT', `/api/vendor-credential/${credId}`, { ...base, notes: 'Rotated quarterly', version: cur.version });
      expect(kept.status).toBe(200);
      expect((await send('POST', `/api/vendor-credential/${credId}/reveal`)).body.data.secret).toBe(secretText);
      const changed = await send('PUT', `/api/vendor-credential/${credId}`, { ...base, secret: 'N3w-Secret-Value', version: kept.body.data.version });
      expect(changed.status).toBe(200);
      expect((await send('POST', `/api/vendor-credential/${credId}/reveal`)).body.data.secret).toBe('N3w-Secret-Value');
      const cleared = await send('PUT', `/api/vendor-credential/${credId}`, { ...base, secret: null, version: changed.body.data.version });
      expect(cleared.body.data.has_secret).toBe(false);
      expect((await send('POST', `/api/vendor-credential/${credId}/reveal`)).body.data.secret).toBeNull();
      const entries = await app.sql<{ action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
        sql`select action, before, after from audit_logs where entity = 'vendor_credential' and entity_id = ${String(credId)} order by id`,
      );
      const text = JSON.stringify(entries);
      expect(text).not.toContain(secretText);
      expect(text).not.toContain('N3w-Secret-Value');
      expect(entries.filter((e) => e.action !== 'reveal').map((e) => e.after?.secret ?? null)).toEqual(['[changed]', null, '[changed]', '[changed]']);
      expectRefused(await send('PUT', `/api/vendor-credential/${credId}`, { ...base, version: cur.version }), 409);
    });

    it('validates (400 with fields), needs an existing vendor (422), and only purchasing and admins write', async () => {
      const bad = await send('POST', '/api/vendor-credential', { vendor_id: vendorId, kind: 'telnet', endpoint_url: 'not a url', secret: '' });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.error.fields).sort()).toEqual(['endpoint_url', 'kind', 'secret']);
      const noVendor = await send('POST', '/api/vendor-credential', { vendor_id: 999_999, kind: 'sftp' });
      expect(noVendor.status).toBe(422);
      expect((await send('POST', '/api/vendor-credential', { vendor_id: vendorId, kind: 'sftp' }, cat)).status).toBe(403);
      expect((await send('POST', '/api/vendor-credential', { vendor_id: vendorId, kind: 'sftp' }, analyst)).status).toBe(403);
    });

    it('seeds the demo credentials encrypted under the configured key', async () => {
      const rows = await app.sql<{ n: number; sealed: number }>(sql`select count(*)::int as n, count(*) filter (where key_id = ${secretBoxOf(app.config).keyId})::int as sealed from vendor_credentials where vendor_id <= 15`);
      expect(rows[0]!.n).toBeGreaterThanOrEqual(10);
      expect(rows[0]!.sealed).toBe(rows[0]!.n);
      const [seeded] = await app.sql<{ id: number }>(sql`select id from vendor_credentials where vendor_id <= 15 order by id limit 1`);
      expect((await send('POST', `/api/vendor-credential/${seeded!.id}/reveal`)).body.data.secret).toMatch(/demo/);
    });

    it('refuses to start with a key that cannot open the stored secrets, saying what to do', async () => {
      await expect(checkCredentialsKey(app.db, new SecretBox(crypto.randomBytes(32)))).rejects.toThrow(CredentialKeyError);
      await expect(checkCredentialsKey(app.db, secretBoxOf(app.config))).resolves.toBeUndefined();
      // The same key id but another key: the authentication tag does not match.
      const [row] = await app.sql<{ id: number }>(sql`select id from vendor_credentials where secret is not null order by id limit 1`);
      await app.sql(sql`update vendor_credentials set key_id = 'ffffffffffffffff' where id = ${row!.id}`);
      await expect(checkCredentialsKey(app.db, secretBoxOf(app.config))).rejects.toThrow(/credentials key does not match the stored vendor credentials .*encrypted under key ffffffffffffffff/);
      await app.sql(sql`update vendor_credentials set key_id = ${secretBoxOf(app.config).keyId} where id = ${row!.id}`);
      await expect(startApp(kind, { CREDENTIALS_KEY: crypto.randomBytes(32).toString('hex') })).rejects.toThrow(/credentials key does not match the stored vendor credentials/);
    });
  });
});

describe('the credentials key', () => {
  it('comes from CREDENTIALS_KEY (base64 or hex), is required in production, and is refused when malformed', () => {
    const key = crypto.randomBytes(32);
    expect(loadConfig({ CREDENTIALS_KEY: key.toString('base64') }).credentialsKey).toEqual(key);
    expect(loadConfig({ CREDENTIALS_KEY: key.toString('hex') }).credentialsKey).toEqual(key);
    expect(() => loadConfig({ CREDENTIALS_KEY: 'too-short' })).toThrow(/CREDENTIALS_KEY must be 32 random bytes/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/CREDENTIALS_KEY is required in production/);
    expect(loadConfig({ NODE_ENV: 'production', CREDENTIALS_KEY: key.toString('base64') }).credentialsKey).toEqual(key);
  });

  it('outside production without one: a key file made once under DATA_DIR, readable by its owner only', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-key-'));
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.credentialsKey).toBeUndefined();
    const box = secretBoxOf(config);
    const file = path.join(dir, 'credentials.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(keyFromFile(file)).toEqual(keyFromFile(file));
    const sealed = box.seal('x');
    expect(new SecretBox(keyFromFile(file)).open(sealed.secret, sealed.key_id)).toBe('x');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('seals with a fresh nonce each time, and a changed byte does not open', () => {
    const box = new SecretBox(crypto.randomBytes(32));
    const a = box.seal('same');
    const b = box.seal('same');
    expect(a.secret.equals(b.secret)).toBe(false);
    const tampered = Buffer.from(a.secret);
    tampered[tampered.length - 1]! ^= 1;
    expect(() => box.open(tampered, a.key_id)).toThrow(CredentialKeyError);
  });
});
