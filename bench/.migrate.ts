import { connect } from '../apps/server/src/db/connect.js';
import { prepareDatabase } from '../apps/server/src/setup/prepare.js';
const db = await connect({ databaseUrl: process.env.DATABASE_URL! });
const t0 = Date.now();
await prepareDatabase(db, false, {});
console.log('migrated in', Date.now() - t0, 'ms');
process.exit(0);
