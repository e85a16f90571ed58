/** Short lists the reports' filters choose from, and what several reports share. */
import { sql } from 'drizzle-orm';
import { PO_STATUSES, PURCHASING_ENTITIES } from '../../db/schema/purchasing.js';
import { OPEN_PO_STATUSES as OPEN_PO_STATUS_CODES } from '@qm/contracts';
import { filter } from '../../reports/kit.js';

export const vendorOptions = sql`select id as value, name as label from vendors order by lower(name)`;
export const locationOptions = sql`select id as value, code || ' — ' || name as label from locations order by upper(code)`;
export const brandOptions = sql`select id as value, name as label from brands order by lower(name)`;
export const userOptions = sql`select id as value, name as label from users order by lower(name)`;

/** The product `p`'s title, or what the console calls a product still without one ("Untitled product #62"). */
export const PRODUCT_TITLE = sql`coalesce(p.title, 'Untitled product #' || p.id)`;

const words = (code: string) => code.charAt(0).toUpperCase() + code.slice(1).replace(/_/g, ' ');

export const poFilters = {
  from: filter.date('Ordered from'),
  to: filter.date('Ordered to'),
  vendor_id: filter.id('Vendor', vendorOptions),
  entity: filter.oneOf('Entity', PURCHASING_ENTITIES),
  status: filter.status('Status', 'purchase-order-status', PO_STATUSES),
  location_id: filter.id('Location', locationOptions),
};

/** `(…)` of the open purchase-order statuses (contracts' OPEN_PO_STATUSES), for `po.status in …`. */
export const OPEN_PO_STATUSES = sql.raw(`(${OPEN_PO_STATUS_CODES.map((s) => `'${s}'`).join(', ')})`);

export { words };
