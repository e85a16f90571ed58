import { loadConfig } from './config.js';
import { connect, DataDirLockedError, type Database } from './db/connect.js';
import { prepareDatabase } from './setup/prepare.js';
import { buildApp } from './app.js';
import { secretBoxOf } from './db/secrets.js';

async function main() {
  const config = loadConfig();
  let database: Database;
  try {
    database = await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize, preparedStatements: config.dbPreparedStatements });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const started = Date.now();
  await prepareDatabase(database, config.seedDemo, { secrets: secretBoxOf(config) });
  const { app } = await buildApp(config, database);
  app.log.info({ database: database.kind, ms: Date.now() - started }, 'database ready');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (config.logLevel === 'silent') console.log(`Quartermaster listening on http://${config.host}:${config.port}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
