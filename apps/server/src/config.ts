import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Config {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  /** PostgreSQL server; absent → embedded PGlite under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** Seed demo data and demo accounts into a new database (never in production). */
  seedDemo: boolean;
  logLevel: string;
  /** Built SPA served at / (apps/web/dist). */
  webDist: string;
  dbPoolSize: number;
  /** false (DB_PREPARED_STATEMENTS=off): no named prepared statements, for a transaction-mode connection pooler. */
  dbPreparedStatements: boolean;
  /** Sign-in lockout: failures before the account locks, and for how long. */
  loginMaxFailures: number;
  loginLockMinutes: number;
  /** Requests to auth/login per IP per minute. */
  loginRateLimitPerMinute: number;
  /** A session unused for this long ends (its 14-day lifetime aside). */
  sessionIdleMinutes: number;
  trustProxy: boolean;
  /** Background jobs this process runs at once (0: it runs none; others do). */
  jobConcurrency: number;
  /** How often an idle job worker looks for work, in seconds. */
  jobPollSeconds: number;
  /** Exported files are kept this many days for downloading again. */
  exportKeepDays: number;
  /** Largest file accepted for import, in bytes. */
  uploadMaxBytes: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const int = (name: string, def: number) => {
    const v = env[name];
    if (v === undefined || v === '') return def;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${v}"`);
    return n;
  };
  return {
    env: nodeEnv,
    port: int('PORT', 3000),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR || path.join(ROOT_DIR, 'data')),
    seedDemo: nodeEnv !== 'production' && env.SEED_DEMO !== 'false',
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    webDist: path.resolve(env.WEB_DIST || path.join(ROOT_DIR, 'apps/web/dist')),
    dbPoolSize: int('DB_POOL_SIZE', 10),
    dbPreparedStatements: env.DB_PREPARED_STATEMENTS !== 'off',
    loginMaxFailures: int('LOGIN_MAX_FAILURES', 5),
    loginLockMinutes: int('LOGIN_LOCK_MINUTES', 15),
    loginRateLimitPerMinute: int('LOGIN_RATE_LIMIT', 20),
    sessionIdleMinutes: Math.max(1, int('SESSION_IDLE_MINUTES', 120)),
    trustProxy: env.TRUST_PROXY === 'true',
    jobConcurrency: int('JOB_CONCURRENCY', 1),
    jobPollSeconds: Math.max(0.5, Number(env.JOB_POLL_SECONDS || 2) || 2),
    exportKeepDays: int('EXPORT_KEEP_DAYS', 30),
    uploadMaxBytes: int('UPLOAD_MAX_MB', 64) * 1024 * 1024,
  };
}
