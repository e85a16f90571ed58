import { sql } from 'drizzle-orm';
import { query, type Db } from '../../db/connect.js';
import { hashPassword } from '../../modules/auth/service.js';
import { audit, SYSTEM_ACTOR } from '../../db/audit.js';
import { insertRow, transaction } from '../../db/write.js';
import { seedCatalogDemo } from './catalog.js';
import { seedVendorsDemo } from './vendors.js';
import { seedVendorCatalogDemo } from './vendor-catalog.js';
import { seedPurchasingDemo } from './purchasing.js';
import { seedComplianceDemo } from './compliance.js';
import { seedOrdersDemo } from './orders.js';
import { seedRoutingDemo } from './routing.js';
import { seedPricingDemo } from './pricing.js';
import { seedMerchandisingDemo } from './merchandising.js';
import { internalStatuses, users } from '../../db/schema/index.js';
import type { SecretBox } from '../../db/secrets.js';

/** Demo accounts (README): the password of each is its role code. */
export const DEMO_USERS = [
  { email: 'admin@example.com', password: 'admin', name: 'Morgan Hale', roles: ['admin'] },
  { email: 'catalog@example.com', password: 'catalog', name: 'Casey Lin', roles: ['catalog'] },
  { email: 'orders@example.com', password: 'orders', name: 'Jordan Reyes', roles: ['orders'] },
  { email: 'purchasing@example.com', password: 'purchasing', name: 'Taylor Brooks', roles: ['purchasing'] },
  { email: 'pricing@example.com', password: 'pricing', name: 'Riley Chen', roles: ['pricing'] },
  { email: 'compliance@example.com', password: 'compliance', name: 'Sam Patel', roles: ['compliance'] },
  { email: 'merchandising@example.com', password: 'merchandising', name: 'Jamie Ortiz', roles: ['merchandising'] },
  { email: 'analyst@example.com', password: 'analyst', name: 'Quinn Foster', roles: ['analyst'] },
] as const;

const INTERNAL_STATUSES = [
  'Awaiting FFL Confirmation',
  'Verify Buyer Age',
  'Address Mismatch',
  'Fraud Review',
  'Restricted Destination Hold',
  'Backorder - Customer Notified',
  'Split Shipment Approved',
  'Vendor Out of Stock',
];

export async function seedDemo(db: Db, secrets?: SecretBox) {
  const hashes = await Promise.all(DEMO_USERS.map((u) => hashPassword(u.password)));
  await transaction(db, async (t) => {
    for (const [i, u] of DEMO_USERS.entries()) {
      const id = await insertRow(t, users, { name: u.name, email: u.email, password_hash: hashes[i], roles: [...u.roles] });
      await audit(t, SYSTEM_ACTOR, { action: 'create', entity: 'user', entityId: id, after: { name: u.name, email: u.email, roles: u.roles } });
    }
    const inactive = await insertRow(t, users, {
      name: 'Drew Collins',
      email: 'drew.collins@example.com',
      password_hash: hashes[2],
      roles: ['orders'],
      is_active: false,
    });
    await audit(t, SYSTEM_ACTOR, { action: 'create', entity: 'user', entityId: inactive, after: { name: 'Drew Collins', is_active: false } });
    for (const name of INTERNAL_STATUSES) {
      const id = await insertRow(t, internalStatuses, { name });
      await audit(t, SYSTEM_ACTOR, { action: 'create', entity: 'internal_status', entityId: id, after: { name } });
    }
  });
  await seedCatalogDemo(db);
  await seedVendorsDemo(db, secrets);
  await seedVendorCatalogDemo(db);
  await seedPurchasingDemo(db);
  await seedComplianceDemo(db);
  await seedOrdersDemo(db);
  await seedRoutingDemo(db);
  await seedPricingDemo(db);
  await seedMerchandisingDemo(db);
}

export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await query<{ n: number }>(db, sql`select count(*)::int as n from users`);
  return rows[0]!.n === 0;
}
