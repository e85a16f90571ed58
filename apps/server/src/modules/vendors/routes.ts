import type { Kit } from '../../http/kit.js';
import { credentialRoutes } from './credentials.js';
import { feeSchemaRoutes } from './fee-schemas.js';
import { checkCredentialsKey, secretBoxOf } from '../../db/secrets.js';
import { vendorRoutes as vendorEndpoints } from './vendors.js';

/**
 * Vendors, their fee schemas (fees.ts computes fees) and credentials (db/secrets.ts encrypts them). The
 * start stops with a clear message when the configured key cannot open the stored secrets.
 */
export function vendorRoutes({ app, db, config }: Kit) {
  const box = secretBoxOf(config);
  app.addHook('onReady', () => checkCredentialsKey(db, box));
  vendorEndpoints(app, db);
  feeSchemaRoutes(app, db);
  credentialRoutes(app, db, box);
}
