import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BACKENDS, useTestApp, expectRefused } from './harness.js';

describe.each(BACKENDS)('audit log and browser errors on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  beforeAll(async () => void (admin = await t.login('admin@example.com')));

  it('filters the audit log by user, entity, action and date range', async () => {
    const s = await t.req('POST', '/api/internal-status', { token: admin, body: { name: 'Audit Probe' } });
    const [me] = await t.sql<{ id: number }>(sql`select id from users where email = 'admin@example.com'`);
    const mine = await t.req('GET', `/api/audit-log?filter[actor_id]=${me!.id}&filter[entity]=internal_status&filter[action]=create`, { token: admin });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject({ actor_name: 'Morgan Hale', entity_id: String(s.body.data.id), after: { name: 'Audit Probe' } });
    expect(mine.body.data[0].at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const today = new Date().toISOString().slice(0, 10);
    const inRange = await t.req('GET', `/api/audit-log?filter[from]=${today}&filter[to]=${today}&per_page=500`, { token: admin });
    expect(inRange.body.meta.total).toBeGreaterThan(10);
    const past = await t.req('GET', '/api/audit-log?filter[from]=2000-01-01&filter[to]=2000-01-02', { token: admin });
    expect(past.body.meta.total).toBe(0);
    expectRefused(await t.req('GET', '/api/audit-log?filter[from]=yesterday', { token: admin }), 400, 'filter.from');
    expectRefused(await t.req('GET', '/api/audit-log?filter[actor_id]=abc', { token: admin }), 400, 'filter.actor_id');
    const one = await t.req('GET', `/api/audit-log/${mine.body.data[0].id}`, { token: admin });
    expect(one.body.data.id).toBe(mine.body.data[0].id);
  });

  it('is readable only with audit.read', async () => {
    const catalog = await t.login('catalog@example.com');
    expect((await t.req('GET', '/api/audit-log', { token: catalog })).status).toBe(403);
    expect((await t.req('GET', '/api/audit-log/actors', { token: catalog })).status).toBe(403);
    const analyst = await t.login('analyst@example.com');
    expect((await t.req('GET', '/api/audit-log', { token: analyst })).status).toBe(200);
    // The "User" filter's options, for auditors who may not manage users.
    const actors = await t.req('GET', '/api/audit-log/actors', { token: analyst });
    expect(actors.status).toBe(200);
    expect(actors.body.data.map((u: { name: string }) => u.name)).toContain('Morgan Hale');
    expect(actors.body.data[0]).toEqual({ id: expect.any(Number), name: expect.any(String), email: expect.any(String) });
  });

  it('stores browser error reports scrubbed, from guests and users alike', async () => {
    const report = {
      access_token: 'quartermaster',
      data: {
        level: 'error',
        environment: 'production',
        body: { trace: { exception: { class: 'TypeError', message: 'x is undefined' }, frames: [] } },
        request: { url: 'http://localhost/user' },
        custom: { password: 'hunter2', form: { card_number: '4111111111111111', cvv: '123', cardholder: 'J Doe', expiration_date: '12/30', note: 'kept' } },
      },
    };
    const res = await t.req('POST', '/api/client-error/item/', { body: report });
    expect(res.status).toBe(200);
    expect(res.body.err).toBe(0);
    const list = await t.req('GET', '/api/client-error', { token: admin });
    expect(list.body.data[0]).toMatchObject({ level: 'error', message: 'TypeError: x is undefined', url: 'http://localhost/user', environment: 'production' });
    expect(list.body.data[0].payload).toBeUndefined();
    const one = await t.req('GET', `/api/client-error/${list.body.data[0].id}`, { token: admin });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: list.body.data[0].id, message: 'TypeError: x is undefined' });
    expect((await t.req('GET', '/api/client-error/999999', { token: admin })).status).toBe(404);
    const text = JSON.stringify(one.body.data.payload);
    for (const secret of ['hunter2', '4111111111111111', '"123"', 'J Doe', '12/30']) expect(text).not.toContain(secret);
    expect(text).toContain('********');
    expect(text).toContain('kept');
    expectRefused(await t.req('POST', '/api/client-error/item/', { body: { nothing: true } }), 400);
  });

  it('shows the dashboard: all recent activity for auditors, own activity for others', async () => {
    const dash = await t.req('GET', '/api/dashboard', { token: admin });
    expect(dash.body.data.recent_scope).toBe('all');
    expect(dash.body.data.recent_activity.length).toBe(10);
    expect(dash.body.data.counts).toMatchObject({ users_active: 8, audit_today: expect.any(Number), client_errors_today: expect.any(Number) });
    // "today" is the UTC day, as everywhere else
    const midnight = new Date();
    midnight.setUTCHours(0, 0, 0, 0);
    const [since] = await t.sql<{ n: number }>(sql`select count(*)::int as n from audit_logs where at >= ${midnight.toISOString()}::timestamptz`);
    expect(dash.body.data.counts.audit_today).toBe(since!.n);
    const catalog = await t.login('catalog@example.com');
    const own = await t.req('GET', '/api/dashboard', { token: catalog });
    expect(own.body.data.recent_scope).toBe('own');
    expect(own.body.data.counts).toEqual({});
    const [me] = await t.sql<{ id: number }>(sql`select id from users where email = 'catalog@example.com'`);
    expect(own.body.data.recent_activity.every((e: { actor_id: number }) => e.actor_id === me!.id)).toBe(true);
  });

  it("shows each area's figure to those who read it, equal to the filtered list it opens, and follows a change", async () => {
    const day = new Date().toISOString().slice(0, 10);
    const total = async (path: string) => {
      const res = await t.req('GET', path, { token: admin });
      expect(res.status, res.text).toBe(200);
      return res.body.meta.total as number;
    };
    const lists = {
      po_open: await total('/api/purchase-order?filter[status]=submitted&filter[status]=confirmed&filter[status]=partially_received&per_page=1'),
      stock_below_reorder: await total('/api/report/inventory-item?filter[stock]=below_reorder&per_page=1'),
      restrictions_in_force: await total(`/api/compliance-restriction?filter[in_force_on]=${day}&per_page=1`),
      use_cases_low: await total('/api/merchandising-use-case?filter[is_low]=true&per_page=1'),
    };
    const { use_cases_low: _low, ...others } = lists;
    expect(Object.values(others).every((n) => n > 0), JSON.stringify(lists)).toBe(true);
    expect((await t.req('GET', '/api/dashboard', { token: admin })).body.data.counts).toMatchObject(lists);

    // per role: what each reads, no more
    const figures = async (email: string) => Object.keys((await t.req('GET', '/api/dashboard', { token: await t.login(email) })).body.data.counts).sort();
    expect(await figures('purchasing@example.com')).toEqual(['po_open', 'stock_below_reorder']);
    expect(await figures('compliance@example.com')).toEqual(['restrictions_in_force']);
    expect(await figures('orders@example.com')).toEqual(['restrictions_in_force', 'stock_below_reorder']);
    expect(await figures('catalog@example.com')).toEqual([]);
    expect(await figures('merchandising@example.com')).toEqual(['use_cases_low']);

    // a kept count follows the table: one more item at its reorder point
    const [item] = await t.sql<{ id: number }>(sql`select id from inventory_items where reorder_point is null or on_hand > reorder_point order by id limit 1`);
    await t.sql(sql`update inventory_items set reorder_point = on_hand where id = ${item!.id}`);
    expect((await t.req('GET', '/api/dashboard', { token: admin })).body.data.counts.stock_below_reorder).toBe(lists.stock_below_reorder + 1);
    // and one more use case short of its target
    const fine = await t.req('GET', '/api/merchandising-use-case?filter[is_low]=false&filter[is_active]=true&per_page=1', { token: admin });
    await t.sql(sql`update merchandising_use_cases set min_in_stock = 1000 where id = ${fine.body.data[0].id}`);
    expect((await t.req('GET', '/api/dashboard', { token: admin })).body.data.counts.use_cases_low).toBe(lists.use_cases_low + 1);
  });
});
