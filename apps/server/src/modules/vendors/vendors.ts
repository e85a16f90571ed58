/** Vendors: the list, the vendor with its contacts, writes in one transaction, delete only when unused. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AuditEntry, dataResponse, IdParams, listResponse, Vendor, VENDOR_LIST, VendorCreate, VendorUpdate } from '@qm/contracts';
import { query, queryOne, type Db } from '../../db/connect.js';
import { action } from '../../http/kit.js';
import { auditedCreate, auditedDelete, auditedUpdate, inTx, loadOneOr404, lockRow, registerList, registerResource, type UniqueRule } from '../../http/crud.js';
import { insertRow, updateRow } from '../../db/write.js';
import { ruleViolated } from '../../http/errors.js';
import { columns, filters, lowered, type ListSpec } from '../../http/list.js';
import { vendorContacts, vendors } from '../../db/schema/index.js';
import { activitySql } from '../audit/routes.js';
import type { Actor } from '../../db/audit.js';
import { plural } from '../catalog/common.js';
import { VENDORS } from './common.js';

export const vendorList: ListSpec<Vendor> = {
  from: sql`vendors v`,
  select: sql`v.id, v.name, v.code, v.is_active, v.can_drop_ship, v.min_order_cents, v.shipping_model, v.shipping_cents,
              v.free_shipping_above_cents, v.shipping_tiers, v.handling_days, v.order_channel, v.fee_schema_id,
              (select s.name from vendor_fee_schemas s where s.id = v.fee_schema_id) as fee_schema_name,
              v.website, v.notes,
              coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'email', c.email, 'phone', c.phone, 'role', c.role) order by c.sort_order, c.id)
                          from vendor_contacts c where c.vendor_id = v.id), '[]'::json) as contacts,
              (select count(*)::int from vendor_credentials k where k.vendor_id = v.id) as credential_count,
              v.created_at, v.updated_at, v.version`,
  sort: { ...columns('v', 'id', 'handling_days', 'min_order_cents', 'created_at', 'updated_at'), ...lowered('v', 'name', 'code') } satisfies Record<
    (typeof VENDOR_LIST.sort)[number],
    unknown
  >,
  defaultSort: 'name',
  key: sql`v.id`,
  filters: {
    ...filters.ints('v', 'id', 'fee_schema_id'),
    is_active: filters.bool(sql`v.is_active`, 'is_active'),
    can_drop_ship: filters.bool(sql`v.can_drop_ship`, 'can_drop_ship'),
  } satisfies Record<(typeof VENDOR_LIST.filter)[number], unknown>,
  search: filters.ilike(sql`v.name`, sql`v.code`),
  csv: [
    { key: 'id', header: 'ID' },
    { key: 'name', header: 'Name' },
    { key: 'code', header: 'Code' },
    { key: 'is_active', header: 'Active', value: (v) => (v.is_active ? 'yes' : 'no') },
    { key: 'can_drop_ship', header: 'Drop-ship', value: (v) => (v.can_drop_ship ? 'yes' : 'no') },
    { key: 'min_order_cents', header: 'Minimum order', value: (v) => dollars(v.min_order_cents) },
    { key: 'shipping_model', header: 'Shipping model' },
    { key: 'shipping_cents', header: 'Shipping', value: (v) => dollars(v.shipping_cents) },
    { key: 'free_shipping_above_cents', header: 'Free shipping from', value: (v) => dollars(v.free_shipping_above_cents) },
    { key: 'handling_days', header: 'Handling days' },
    { key: 'fee_schema_name', header: 'Fee schema' },
    { key: 'website', header: 'Website' },
    { key: 'contacts', header: 'Contacts', value: (v) => v.contacts.map((c) => [c.name, c.role, c.email, c.phone].filter(Boolean).join(' · ')).join('; ') },
  ],
};

const dollars = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));

const UNIQUE: UniqueRule[] = [
  { constraint: 'vendors_name_key', field: 'name', message: 'A vendor with this name already exists' },
  { constraint: 'vendors_code_key', field: 'code', message: 'A vendor with this code already exists' },
];

type Body = VendorCreate | VendorUpdate;

const rowOf = (b: Body) => ({
  name: b.name,
  code: b.code,
  is_active: b.is_active,
  can_drop_ship: b.can_drop_ship,
  min_order_cents: b.min_order_cents,
  shipping_model: b.shipping_model,
  shipping_cents: b.shipping_cents,
  free_shipping_above_cents: b.free_shipping_above_cents,
  shipping_tiers: [...b.shipping_tiers].sort((x, y) => x.from_cents - y.from_cents),
  handling_days: b.handling_days,
  order_channel: b.order_channel,
  fee_schema_id: b.fee_schema_id,
  website: b.website,
  notes: b.notes,
});

async function checkFeeSchema(t: Db, id: number | null) {
  if (id === null) return;
  const found = await queryOne(t, sql`select 1 as x from vendor_fee_schemas where id = ${id}`);
  if (!found) throw ruleViolated(`Unknown fee schema ${id}`, { fee_schema_id: 'No such fee schema' });
}

/** Replaces the vendor's contacts with those sent: kept by id (the vendor's own), the rest new, the missing ones removed. */
async function writeContacts(t: Db, vendorId: number, contacts: Body['contacts']) {
  const existing = new Set((await query<{ id: number }>(t, sql`select id from vendor_contacts where vendor_id = ${vendorId}`)).map((r) => r.id));
  const kept = new Set<number>();
  for (const [i, c] of contacts.entries()) {
    if (c.id !== undefined && !existing.has(c.id))
      throw ruleViolated(`Contact ${c.id} is not a contact of this vendor`, { [`contacts.${i}.id`]: 'Not a contact of this vendor' });
    if (c.id !== undefined && kept.has(c.id)) throw ruleViolated(`Contact ${c.id} is listed twice`, { [`contacts.${i}.id`]: 'Listed twice' });
  }
  for (const [i, c] of contacts.entries()) {
    const row = { name: c.name, email: c.email, phone: c.phone, role: c.role, sort_order: i };
    if (c.id !== undefined) {
      kept.add(c.id);
      await t.execute(sql`update vendor_contacts set name = ${row.name}, email = ${row.email}, phone = ${row.phone}, role = ${row.role}, sort_order = ${i}
                           where id = ${c.id} and vendor_id = ${vendorId}`);
    } else await insertRow(t, vendorContacts, { vendor_id: vendorId, ...row });
  }
  const gone = [...existing].filter((id) => !kept.has(id));
  if (gone.length) await t.execute(sql`delete from vendor_contacts where vendor_id = ${vendorId} and id = any(${`{${gone.join(',')}}`}::int[])`);
}

export const loadVendor = (t: Db, id: number) => loadOneOr404(t, vendorList, id, 'vendor');

export async function createVendor(db: Db, actor: Actor, body: VendorCreate): Promise<Vendor> {
  return inTx(
    db,
    async (t) => {
      await checkFeeSchema(t, body.fee_schema_id);
      const id = await insertRow(t, vendors, rowOf(body));
      await writeContacts(t, id, body.contacts);
      return auditedCreate(t, actor, 'vendor', id, () => loadVendor(t, id));
    },
    UNIQUE,
  );
}

export async function updateVendor(db: Db, actor: Actor, id: number, body: VendorUpdate): Promise<Vendor> {
  return inTx(
    db,
    (t) =>
      auditedUpdate(t, actor, {
        entity: 'vendor',
        id,
        noun: 'vendor',
        version: body.version,
        lock: () => lockRow(t, 'vendors', id, 'vendor'),
        load: () => loadVendor(t, id),
        write: async () => {
          await checkFeeSchema(t, body.fee_schema_id);
          const { shipping_tiers, ...row } = rowOf(body);
          const ok = await updateRow(t, vendors, id, body.version, row);
          if (ok) {
            // JSON arrays are written as jsonb here: updateRow writes a JavaScript array as a PostgreSQL array.
            await t.execute(sql`update vendors set shipping_tiers = ${JSON.stringify(shipping_tiers)}::jsonb where id = ${id}`);
            await writeContacts(t, id, body.contacts);
          }
          return ok;
        },
      }),
    UNIQUE,
  );
}

export async function deleteVendor(db: Db, actor: Actor, id: number): Promise<void> {
  await inTx(db, (t) =>
    auditedDelete(t, actor, {
      entity: 'vendor',
      id,
      lock: () => lockRow(t, 'vendors', id, 'vendor'),
      load: () => loadVendor(t, id),
      remove: async (v) => {
        const n = (await queryOne<{ po: number; vp: number }>(
          t,
          sql`select (select count(*)::int from purchase_orders where vendor_id = ${id}) as po,
                     (select count(*)::int from vendor_products where vendor_id = ${id}) as vp`,
        ))!;
        if (n.po || n.vp) {
          const uses = [n.po ? plural(n.po, 'purchase order') : null, n.vp ? plural(n.vp, 'catalogue product') : null].filter(Boolean).join(' and ');
          throw ruleViolated(`${v.name} has ${uses}, so it cannot be deleted. Deactivate it instead: it then takes no new orders and its history stays.`);
        }
        await t.execute(sql`delete from vendors where id = ${id}`);
      },
    }),
  );
}

export function vendorRoutes(app: FastifyInstance, db: Db) {
  registerList(app, db, { url: '/api/vendor', permission: VENDORS.read, tags: VENDORS.tags, summary: 'List vendors', response: listResponse(Vendor), fields: VENDOR_LIST, spec: vendorList, filename: 'vendors' });
  registerResource(app, {
    resource: 'vendor',
    tags: VENDORS.tags,
    read: VENDORS.read,
    write: VENDORS.write,
    item: Vendor,
    get: { summary: 'Get one vendor with its contacts', load: (id) => loadVendor(db, id) },
    create: { summary: 'Create a vendor (with its contacts)', body: VendorCreate, run: (actor, body) => createVendor(db, actor, body) },
    update: { summary: 'Update a vendor (its contacts are replaced by those sent)', body: VendorUpdate, run: (actor, id, body) => updateVendor(db, actor, id, body) },
    remove: { summary: 'Delete a vendor no purchase order or catalogue product refers to', run: (actor, id) => deleteVendor(db, actor, id) },
  });

  action(app, {
    method: 'GET',
    url: '/api/vendor/:id/activity',
    access: VENDORS.read,
    tags: VENDORS.tags,
    summary: "The vendor's audit entries and its credentials', newest first (at most 200)",
    params: IdParams,
    response: { 200: dataResponse(z.array(AuditEntry)) },
    handler: async (req) => {
      const id = req.params.id;
      await loadVendor(db, id);
      const rows = await query<AuditEntry>(db, activitySql('vendor', id, { entities: ['vendor_credential'], ownerKey: 'vendor_id' }));
      return { data: rows };
    },
  });
}
