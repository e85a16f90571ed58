/** Our warehouses (`GET /api/location` for pickers; create, edit and delete for inventory writers). */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Location, LOCATION_LIST, LocationCreate, LocationUpdate } from '@qm/contracts';
import { queryOne, type Db } from '../../db/connect.js';
import { locations } from '../../db/schema/index.js';
import { registerCrud } from '../../http/crud.js';
import { ruleViolated } from '../../http/errors.js';
import { columns, filters, lowered, type ListSpec } from '../../http/list.js';

export const locationList: ListSpec<Location> = {
  from: sql`locations l`,
  select: sql`l.id, l.code, l.name, l.city, l.state, l.zip, l.is_active, l.ships_orders, l.shipping_cents, l.handling_days,
              l.created_at, l.updated_at, l.version`,
  sort: { ...columns('l', 'id', 'code', 'created_at'), ...lowered('l', 'name') } satisfies Record<(typeof LOCATION_LIST.sort)[number], unknown>,
  defaultSort: 'code',
  key: sql`l.id`,
  filters: { ...filters.ints('l', 'id'), is_active: filters.bool(sql`l.is_active`, 'is_active') } satisfies Record<(typeof LOCATION_LIST.filter)[number], unknown>,
  search: filters.ilike(sql`l.code`, sql`l.name`, sql`l.city`),
};

export function locationRoutes(app: FastifyInstance, db: Db) {
  registerCrud(app, db, {
    resource: 'location',
    entity: 'location',
    noun: 'location',
    table: locations,
    read: 'inventory.read',
    write: 'inventory.write',
    tags: ['inventory'],
    item: Location,
    create: LocationCreate,
    update: LocationUpdate,
    list: locationList,
    fields: LOCATION_LIST,
    unique: [{ constraint: 'locations_code_key', field: 'code', message: 'A location with this code already exists' }],
    toRow: (b) => {
      return {
        code: b.code,
        name: b.name,
        city: b.city ?? null,
        state: b.state ?? null,
        zip: b.zip ?? null,
        is_active: b.is_active,
        ships_orders: b.ships_orders,
        shipping_cents: b.shipping_cents,
        handling_days: b.handling_days,
      };
    },
    beforeDelete: async (t, existing) => {
      const n = await queryOne<{ items: number; pos: number }>(
        t,
        sql`select (select count(*)::int from inventory_items where location_id = ${existing.id}) as items,
                   (select count(*)::int from purchase_orders where location_id = ${existing.id}) as pos`,
      );
      if (n!.items || n!.pos)
        throw ruleViolated(`${existing.code} holds stock records or receives purchase orders: deactivate it instead of deleting it.`);
    },
  });
}
