/**
 * Vendor credentials' secrets at rest: AES-256-GCM (node:crypto) under one key. A stored secret is
 * `nonce (12 bytes) ‖ tag (16) ‖ ciphertext`; `key_id` beside it names the key (the first 16 hex
 * digits of the key's SHA-256 — a fingerprint, never the key). The key is `CREDENTIALS_KEY`; outside
 * production without one, a random key is made once in `DATA_DIR/credentials.key` (mode 0600).
 * `npm run credentials:rotate` re-encrypts every secret under a new key (cli/credentials-rotate.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import { parseCredentialsKey } from '../config.js';
import { queryOne, type Db } from './connect.js';

const NONCE = 12;
const TAG = 16;
/** Binds the ciphertext to its use: a blob made for anything else does not open here. */
const AAD = Buffer.from('quartermaster:vendor_credentials.secret:v1');

/** A secret that cannot be opened with the key at hand (another key, or a damaged blob). */
export class CredentialKeyError extends Error {}

export function keyIdOf(key: Buffer): string {
  return crypto.createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/** Seals and opens secrets under one key. */
export class SecretBox {
  readonly keyId: string;
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('The credentials key must be 32 bytes');
    this.#key = Buffer.from(key);
    this.keyId = keyIdOf(key);
  }

  seal(plain: string): { secret: Buffer; key_id: string } {
    const nonce = crypto.randomBytes(NONCE);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.#key, nonce);
    cipher.setAAD(AAD);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return { secret: Buffer.concat([nonce, cipher.getAuthTag(), body]), key_id: this.keyId };
  }

  /** The plain secret; CredentialKeyError when it was sealed under another key or was changed. */
  open(secret: Buffer | Uint8Array, keyId: string | null): string {
    const blob = Buffer.from(secret);
    if (keyId !== null && keyId !== this.keyId)
      throw new CredentialKeyError(`This secret was encrypted under key ${keyId}; the configured key is ${this.keyId}`);
    if (blob.length < NONCE + TAG) throw new CredentialKeyError('A stored secret is damaged (too short)');
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.#key, blob.subarray(0, NONCE));
      decipher.setAAD(AAD);
      decipher.setAuthTag(blob.subarray(NONCE, NONCE + TAG));
      return Buffer.concat([decipher.update(blob.subarray(NONCE + TAG)), decipher.final()]).toString('utf8');
    } catch {
      throw new CredentialKeyError('A stored secret does not open with the configured key (its authentication tag does not match)');
    }
  }
}

/** A new random key as base64. */
export const newCredentialsKey = () => crypto.randomBytes(32).toString('base64');

/** The key file's key, made (mode 0600) when there is none yet. */
export function keyFromFile(file: string): Buffer {
  try {
    return parseCredentialsKey(fs.readFileSync(file, 'utf8'), file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, `${newCredentialsKey()}\n`, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    // Another process made it first: use theirs.
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  return parseCredentialsKey(fs.readFileSync(file, 'utf8'), file);
}

const boxes = new Map<string, SecretBox>();

/** The configured key's box: `CREDENTIALS_KEY`, else (never in production, see config.ts) the key file. */
export function secretBoxOf(config: Pick<Config, 'credentialsKey' | 'credentialsKeyFile' | 'env'>): SecretBox {
  if (config.credentialsKey) return new SecretBox(config.credentialsKey);
  if (config.env === 'production') throw new Error('CREDENTIALS_KEY is required in production');
  let box = boxes.get(config.credentialsKeyFile);
  if (!box) boxes.set(config.credentialsKeyFile, (box = new SecretBox(keyFromFile(config.credentialsKeyFile))));
  return box;
}

/**
 * At start: the stored secrets open with the configured key. One secret is tried (its key id, then
 * its authentication tag); a mismatch stops the start with what to do.
 */
export async function checkCredentialsKey(db: Db, box: SecretBox): Promise<void> {
  const row = await queryOne<{ id: number; secret: Buffer | Uint8Array; key_id: string | null }>(
    db,
    sql`select id, secret, key_id from vendor_credentials where secret is not null order by (key_id is distinct from ${box.keyId}) desc, id limit 1`,
  );
  if (!row) return;
  try {
    box.open(row.secret, row.key_id);
  } catch (e) {
    throw new CredentialKeyError(
      `The credentials key does not match the stored vendor credentials (credential #${row.id}): ${(e as Error).message}. ` +
        'Start with the CREDENTIALS_KEY they were encrypted under (or the data directory\'s credentials.key), ' +
        'or, to move to a new key, run `npm run credentials:rotate` with the old key configured.',
    );
  }
}
