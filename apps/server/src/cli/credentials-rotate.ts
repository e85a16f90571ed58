/**
 * Re-encrypts every vendor credential's secret under a new key, in one transaction (all or none).
 *
 *   npm run credentials:rotate                      # a new random key
 *   npm run credentials:rotate -- --new-key KEY     # this key (32 bytes, base64 or hex)
 *
 * The current key is the configured one (`CREDENTIALS_KEY`, or the data directory's key file outside
 * production). With `CREDENTIALS_KEY` the new key is printed (when generated) and must replace it in
 * the environment before the next start; with the key file, the file is replaced (the new key is
 * written beside it as `credentials.key.new` first, so it is never lost). Stop the servers first:
 * one that still holds the old key refuses to start again with it, and cannot read the new secrets.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig, parseCredentialsKey } from '../config.js';
import { connect, query } from '../db/connect.js';
import { audit, SYSTEM_ACTOR } from '../db/audit.js';
import { newCredentialsKey, SecretBox, secretBoxOf } from '../db/secrets.js';

async function main() {
  const { values } = parseArgs({ options: { 'new-key': { type: 'string' } } });
  const config = loadConfig();
  const current = secretBoxOf(config);
  const newKeyText = values['new-key'] ?? newCredentialsKey();
  const next = new SecretBox(parseCredentialsKey(newKeyText, '--new-key'));
  if (next.keyId === current.keyId) throw new Error('The new key is the current key.');
  const fileMode = !config.credentialsKey;
  const pending = `${config.credentialsKeyFile}.new`;
  if (fileMode) fs.writeFileSync(pending, `${newKeyText}\n`, { mode: 0o600 });

  const database = await connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let n = 0;
  try {
    await database.db.transaction(async (tx) => {
      const rows = await query<{ id: number; secret: Uint8Array; key_id: string | null }>(
        tx as never,
        sql`select id, secret, key_id from vendor_credentials where secret is not null order by id for update`,
      );
      for (const row of rows) {
        // A run stopped half-way left nothing (one transaction); rows already under the new key are skipped all the same.
        if (row.key_id === next.keyId) continue;
        const sealed = next.seal(current.open(row.secret, row.key_id));
        await tx.execute(sql`update vendor_credentials set secret = ${sealed.secret}, key_id = ${sealed.key_id} where id = ${row.id}`);
        n++;
      }
      await audit(tx as never, SYSTEM_ACTOR, { action: 'update', entity: 'credentials_key', entityId: next.keyId, before: { key_id: current.keyId }, after: { key_id: next.keyId, secrets: n } });
    });
  } finally {
    await database.close();
  }
  console.log(`Re-encrypted ${n} secret${n === 1 ? '' : 's'} from key ${current.keyId} to key ${next.keyId}.`);
  if (fileMode) {
    fs.renameSync(pending, config.credentialsKeyFile);
    console.log(`The key file ${config.credentialsKeyFile} now holds the new key.`);
  } else {
    console.log('Set CREDENTIALS_KEY to the new key before starting the servers again' + (values['new-key'] ? '.' : ':'));
    if (!values['new-key']) console.log(newKeyText);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
