/** Short lists the reports' filters choose from, and what several reports share. */
import { sql } from 'drizzle-orm';
import { PO_STATUSES, PURCHASING_ENTITIES } from '../../db/schema/purchasing.js';
import { filter } from '../../reports/kit.js';

export const vendorOptions = sql`select id as value, name as label from vendors order by lower(name)`;
export const locationOptions = sql`select id as value, code || ' — ' || name as label from locations order by upper(code)`;
export const brandOptions = sql`select id as value, name as label from brands order by lower(name)`;
export const userOptions = sql`select id as value, name as label from users order by lower(name)`;

const words = (code: string) => code.charAt(0).toUpperCase() + code.slice(1).replace(/_/g, ' ');

export const poFilters = {
  from: filter.date('Ordered from'),
  to: filter.date('Ordered to'),
  vendor_id: filter.id('Vendor', vendorOptions),
  entity: filter.oneOf('Entity', PURCHASING_ENTITIES),
  status: filter.status('Status', 'purchase-order-status', PO_STATUSES),
  location_id: filter.id('Location', locationOptions),
};

/** Purchase orders whose open quantities are still coming: they count as "on order" and "open". */
export const OPEN_PO_STATUSES = sql.raw(`('submitted', 'confirmed', 'partially_received')`);

export { words };
