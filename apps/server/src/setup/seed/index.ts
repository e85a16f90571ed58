import type { Db } from '../../db/connect.js';
import type { SecretBox } from '../../db/secrets.js';
import { isEmpty, seedDemo } from './demo.js';
import { seedReference } from './reference.js';
import { seedCatalogReference } from './catalog.js';
import { seedResolutionDemo } from './resolution.js';

/** Reference data always; demo data and accounts only into a new database outside production. True: the demo data was written now. */
export async function seed(db: Db, opts: { demo: boolean; secrets?: SecretBox }): Promise<boolean> {
  await seedReference(db);
  await seedCatalogReference(db);
  if (!opts.demo || !(await isEmpty(db))) return false;
  await seedDemo(db, opts.secrets);
  // After the orders and routing demo data (cases are about their orders).
  await seedResolutionDemo(db);
  return true;
}
