/**
 * Files kept in PostgreSQL (uploads to import, exports to download): any API process can serve any
 * file, and a file is written in chunks of CHUNK_BYTES so neither writing nor reading holds it whole
 * in memory.
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { query, queryOne, type Db } from '../db/connect.js';

export const CHUNK_BYTES = 1024 * 1024;

export interface StoredFile {
  id: number;
  name: string;
  content_type: string;
  size: number;
  sha256: string | null;
  purpose: 'upload' | 'export';
  permission: string | null;
  created_by: number | null;
  created_at: string;
  expires_at: string;
}

export interface NewFile {
  name: string;
  contentType: string;
  purpose: StoredFile['purpose'];
  createdBy: number | null;
  /** Whoever holds this permission may download it again (the creator always may). */
  permission?: string | null;
  /** Kept this long, then deleted by the clean-up. */
  keepMs: number;
}

/** Too large for what it is: the caller turns it into a 413 naming the limit. */
export class FileTooLarge extends Error {
  constructor(public readonly limit: number) {
    super(`The file is larger than ${Math.round(limit / 1024 / 1024)} MB`);
  }
}

/**
 * Writes a file from a stream of bytes, in chunks, and returns it. Each chunk is its own statement:
 * a large file does not hold a transaction open. A file that fails half-way is deleted.
 */
export async function storeFile(db: Db, file: NewFile, bytes: AsyncIterable<Buffer | string>, maxBytes = Infinity): Promise<StoredFile> {
  const row = await queryOne<{ id: number }>(
    db,
    sql`insert into stored_files (name, content_type, purpose, permission, created_by, expires_at)
        values (${file.name.slice(0, 255)}, ${file.contentType}, ${file.purpose}, ${file.permission ?? null}, ${file.createdBy},
                now() + ${`${Math.ceil(file.keepMs / 1000)} seconds`}::interval)
        returning id`,
  );
  const id = row!.id;
  const hash = crypto.createHash('sha256');
  let size = 0;
  let seq = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  /** Writes whole chunks of CHUNK_BYTES (and, at the end, the rest). */
  const flush = async (all: boolean) => {
    if (!pendingBytes) return;
    let data = Buffer.concat(pending, pendingBytes);
    while (data.length >= CHUNK_BYTES || (all && data.length)) {
      const chunk = data.subarray(0, CHUNK_BYTES);
      data = data.subarray(chunk.length);
      await db.execute(sql`insert into stored_file_chunks (file_id, seq, data) values (${id}, ${seq++}, ${chunk})`);
    }
    pending = data.length ? [data] : [];
    pendingBytes = data.length;
  };
  try {
    for await (const part of bytes) {
      const buf = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
      size += buf.length;
      if (size > maxBytes) throw new FileTooLarge(maxBytes);
      hash.update(buf);
      pending.push(buf);
      pendingBytes += buf.length;
      if (pendingBytes >= CHUNK_BYTES) await flush(false);
    }
    await flush(true);
    await db.execute(sql`update stored_files set size = ${size}, sha256 = ${hash.digest('hex')} where id = ${id}`);
  } catch (err) {
    await db.execute(sql`delete from stored_files where id = ${id}`).catch(() => {});
    throw err;
  }
  return (await fileById(db, id))!;
}

export const fileById = (db: Db, id: number) =>
  queryOne<StoredFile>(
    db,
    sql`select id, name, content_type, size, sha256, purpose, permission, created_by, created_at, expires_at
          from stored_files where id = ${id} and expires_at > now()`,
  );

/** The bytes of a file, chunk by chunk (one query each). */
export function readFile(db: Db, id: number): Readable {
  async function* chunks() {
    for (let seq = 0; ; seq++) {
      const rows = await query<{ data: Buffer | Uint8Array }>(db, sql`select data from stored_file_chunks where file_id = ${id} and seq = ${seq}`);
      if (!rows.length) return;
      const data = rows[0]!.data;
      yield Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    }
  }
  return Readable.from(chunks());
}

/** Deletes files past their time (their chunks go with them); returns how many. */
export async function deleteExpiredFiles(db: Db): Promise<number> {
  const rows = await query<{ id: number }>(db, sql`delete from stored_files where expires_at <= now() returning id`);
  return rows.length;
}
