/**
 * MAP holidays (contracts' MapHoliday): the days a manufacturer lifts its MAP, on every store or one.
 * A resource of the CRUD kit; what a holiday changes is read where MAP is (catalog/map-holidays.ts:
 * the price flags and repricing here, the feeds' advertised price).
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MAP_HOLIDAY_LIST, MAP_HOLIDAY_STATUSES, MapHoliday, MapHolidayCreate, MapHolidayUpdate, type Permission } from '@qm/contracts';
import { query, queryOne, type Db } from '../../db/connect.js';
import { mapHolidays } from '../../db/schema/index.js';
import { registerCrud } from '../../http/crud.js';
import { ruleViolated } from '../../http/errors.js';
import type { Kit } from '../../http/kit.js';
import { assertStoreExists } from '../catalog/common.js';
import { columns, filters, type ListSpec } from '../../http/list.js';

type Body = z.infer<typeof MapHolidayCreate>;

/** On (today between its days), upcoming or over — by `qm_today()`, so a total kept is kept for the day. */
const status = sql`case when h.ends_on < qm_today() then 'over' when h.starts_on > qm_today() then 'upcoming' else 'on' end`;

const list: ListSpec<MapHoliday> = {
  from: sql`map_holidays h join brands b on b.id = h.brand_id left join stores s on s.id = h.store_id`,
  select: sql`h.id, h.brand_id, b.name as brand_name, h.store_id, s.name as store_name, h.starts_on::text as starts_on, h.ends_on::text as ends_on,
              h.note, ${status} as status, h.created_at, h.updated_at, h.version`,
  sort: {
    ...columns('h', 'id', 'starts_on', 'ends_on', 'created_at'),
    brand_name: sql`lower(b.name)`,
    store_name: sql`lower(coalesce(s.name, ''))`,
  } satisfies Record<(typeof MAP_HOLIDAY_LIST.sort)[number], unknown>,
  defaultSort: '-starts_on',
  key: sql`h.id`,
  filters: {
    ...filters.ints('h', 'id', 'brand_id', 'store_id'),
    status: filters.eqOneOf(status, 'status', MAP_HOLIDAY_STATUSES),
  },
  search: filters.ilike(sql`b.name`, sql`h.note`),
};

/** The holidays on today, soonest to end first (the Pricing Dashboard's "MAP lifted today"). */
export const holidaysOnToday = (db: Db) =>
  query<MapHoliday>(db, sql`select ${list.select} from ${list.from} where ${status} = 'on' order by h.ends_on, lower(b.name), h.id`);

const day = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * The brand and store exist (422 on the field), and no other holiday of the brand covers one of its
 * days on a store it covers (422): one holiday per brand, store and day, so each says why MAP is off.
 * The brand's row is locked first (for no key update: products may still name it), so two writes for
 * one brand check one after the other.
 */
async function check(t: Db, b: Body, id: number | undefined) {
  if (!(await queryOne(t, sql`select 1 from brands where id = ${b.brand_id} for no key update`))) throw ruleViolated(`Brand ${b.brand_id} does not exist`, { brand_id: 'No such brand' });
  await assertStoreExists(t, b.store_id);
  const [other] = await query<{ id: number; starts_on: string; ends_on: string; store_name: string | null }>(
    t,
    sql`select h.id, h.starts_on::text as starts_on, h.ends_on::text as ends_on, s.name as store_name
          from map_holidays h left join stores s on s.id = h.store_id
         where h.brand_id = ${b.brand_id} and h.id <> ${id ?? 0}
           and h.starts_on <= ${b.ends_on}::date and h.ends_on >= ${b.starts_on}::date
           and (h.store_id is null or ${b.store_id}::int is null or h.store_id = ${b.store_id}::int)
         order by h.starts_on, h.id limit 1`,
  );
  if (other) {
    const message = `Overlaps MAP holiday #${other.id} of this brand (${day(other.starts_on)} – ${day(other.ends_on)}, ${other.store_name ?? 'every store'}): change that one instead`;
    throw ruleViolated(message, { starts_on: message });
  }
}

export function mapHolidayRoutes({ app, db }: Kit) {
  registerCrud(app, db, {
    resource: 'map-holiday',
    entity: 'map_holiday',
    noun: 'MAP holiday',
    table: mapHolidays,
    read: 'pricing.read' as Permission,
    write: 'pricing.write' as Permission,
    tags: ['pricing'],
    item: MapHoliday,
    create: MapHolidayCreate,
    update: MapHolidayUpdate,
    list,
    fields: MAP_HOLIDAY_LIST,
    beforeWrite: (t, body, existing) => check(t, body as Body, existing?.id),
    toRow: (body) => {
      const b = body as Body;
      return { brand_id: b.brand_id, store_id: b.store_id, starts_on: b.starts_on, ends_on: b.ends_on, note: b.note };
    },
  });
}
