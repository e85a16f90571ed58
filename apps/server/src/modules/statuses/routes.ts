import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { InternalStatus, InternalStatusCreate, InternalStatusUpdate, Status, STATUS_KINDS, INTERNAL_STATUS_LIST } from '@qm/contracts';
import { query } from '../../db/connect.js';
import { action, type Kit } from '../../http/kit.js';
import { registerCrud } from '../../http/crud.js';
import { columns, filters, lowered } from '../../http/list.js';
import { internalStatuses } from '../../db/schema/index.js';

export function statusRoutes({ app, db }: Kit) {

  registerCrud(app, db, {
    resource: 'internal-status',
    entity: 'internal_status',
    noun: 'internal status',
    table: internalStatuses,
    read: 'statuses.read',
    write: 'statuses.write',
    item: InternalStatus,
    create: InternalStatusCreate,
    update: InternalStatusUpdate,
    fields: INTERNAL_STATUS_LIST,
    list: {
      from: sql`internal_statuses s`,
      select: sql`s.id, s.name, s.created_at, s.updated_at, s.version`,
      sort: { ...columns('s', 'id', 'created_at'), ...lowered('s', 'name') },
      defaultSort: 'name',
      key: sql`s.id`,
      search: filters.ilike(sql`s.name`),
    },
    unique: [{ constraint: 'internal_statuses_name_key', field: 'name', message: 'An internal status with this name already exists' }],
    toRow: (b) => ({ name: b.name }),
  });

  for (const kind of STATUS_KINDS) {
    action(app, {
      method: 'GET',
      url: `/api/${kind}`,
      access: 'statuses.read',
      tags: ['statuses'],
      summary: `Lookup list: ${kind}`,
      response: { 200: z.object({ data: z.array(Status) }) },
      handler: async () => ({
        data: await query<Status>(db, sql`select id, code, name, sort_order from statuses where kind = ${kind} order by sort_order, id`),
      }),
    });
  }
}
