/**
 * Creates a staff account from the command line — how the first administrator of a production
 * installation is made (production has no demo accounts and no default passwords).
 *
 *   npm run user:create -- --email boss@shop.example --name "Pat Boss" --role admin [--password '…']
 *
 * Without --password a strong one is generated and printed once. Uses DATABASE_URL, or DATA_DIR.
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { UserCreate } from '@qm/contracts';
import { loadConfig } from '../config.js';
import { connect } from '../db/connect.js';
import { prepareDatabase } from '../setup/prepare.js';
import { createUser } from '../modules/users/service.js';
import { SYSTEM_ACTOR } from '../db/audit.js';
import { AppError } from '../http/errors.js';
import { secretBoxOf } from '../db/secrets.js';

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', multiple: true },
      password: { type: 'string' },
    },
  });
  const generated = !values.password;
  const password = values.password ?? crypto.randomBytes(15).toString('base64url');
  const parsed = UserCreate.safeParse({
    email: values.email,
    name: values.name,
    roles: values.role?.flatMap((r) => r.split(',')) ?? ['admin'],
    password,
    is_active: true,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`--${issue.path.join('.') || 'input'}: ${issue.message}`);
    console.error('Usage: npm run user:create -- --email EMAIL --name NAME [--role admin] [--password PASSWORD]');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareDatabase(database, config.seedDemo, { secrets: secretBoxOf(config) });
    const user = await createUser(database.db, SYSTEM_ACTOR, parsed.data);
    console.log(`Created user #${user.id} ${user.email} with roles ${user.roles.join(', ')}.`);
    if (generated) console.log(`Password (shown once): ${password}`);
  } catch (err) {
    if (err instanceof AppError) {
      console.error(err.message);
      process.exitCode = 1;
    } else throw err;
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
