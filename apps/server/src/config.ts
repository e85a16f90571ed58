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
  /**
   * The key vendor credentials' secrets are encrypted under (AES-256-GCM): `CREDENTIALS_KEY`, 32 bytes
   * as base64 or hex. Absent outside production: a key file (`credentialsKeyFile`) made on first start.
   */
  credentialsKey?: Buffer;
  credentialsKeyFile: string;
  /** Longest an order's routing may spend proving its best option with the mixed-integer program (ms; 0: never). */
  routingProofMs: number;
  /** Sign-in through the company's identity provider (`POST auth/social`); absent: passwords only. */
  oauth?: OAuthConfig;
}

/** An OAuth 2.0 / OpenID Connect provider: the authorization code flow with PKCE, the user matched by the email its userinfo gives. */
export interface OAuthConfig {
  name: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  clientSecret: string;
  /** The console's login page as registered with the provider. */
  redirectUri: string;
  scopes: string;
}

const OAUTH_REQUIRED = ['OAUTH_AUTHORIZE_URL', 'OAUTH_TOKEN_URL', 'OAUTH_USERINFO_URL', 'OAUTH_CLIENT_ID', 'OAUTH_CLIENT_SECRET', 'OAUTH_REDIRECT_URI'] as const;

/** The provider when any OAUTH_ variable is set: then all of them, each address an http(s) URL. */
export function oauthOf(env: NodeJS.ProcessEnv): OAuthConfig | undefined {
  if (!OAUTH_REQUIRED.some((k) => env[k])) return undefined;
  const missing = OAUTH_REQUIRED.filter((k) => !env[k]);
  if (missing.length) throw new Error(`Signing in through a provider needs ${missing.join(', ')} as well (or none of the OAUTH_ variables)`);
  for (const k of ['OAUTH_AUTHORIZE_URL', 'OAUTH_TOKEN_URL', 'OAUTH_USERINFO_URL', 'OAUTH_REDIRECT_URI'] as const) {
    let url: URL | null = null;
    try {
      url = new URL(env[k]!);
    } catch {
      // refused below
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new Error(`${k} must be an http(s) address, got "${env[k]}"`);
  }
  return {
    name: env.OAUTH_PROVIDER_NAME?.trim() || 'your company account',
    authorizeUrl: env.OAUTH_AUTHORIZE_URL!,
    tokenUrl: env.OAUTH_TOKEN_URL!,
    userinfoUrl: env.OAUTH_USERINFO_URL!,
    clientId: env.OAUTH_CLIENT_ID!,
    clientSecret: env.OAUTH_CLIENT_SECRET!,
    redirectUri: env.OAUTH_REDIRECT_URI!,
    scopes: env.OAUTH_SCOPES?.trim() || 'openid email profile',
  };
}

/** `CREDENTIALS_KEY` as 32 bytes: 64 hex digits, or base64 / base64url of 32 bytes. */
export function parseCredentialsKey(text: string, name = 'CREDENTIALS_KEY'): Buffer {
  const v = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(v) ? Buffer.from(v, 'hex') : /^[A-Za-z0-9+/_-]{43}=?$/.test(v) ? Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64') : null;
  if (!key || key.length !== 32)
    throw new Error(`${name} must be 32 random bytes written as base64 (44 characters) or hex (64 characters); make one with: openssl rand -base64 32`);
  return key;
}

function credentialsKeyOf(env: NodeJS.ProcessEnv, nodeEnv: Config['env']): Buffer | undefined {
  if (env.CREDENTIALS_KEY) return parseCredentialsKey(env.CREDENTIALS_KEY);
  if (nodeEnv === 'production')
    throw new Error(
      'CREDENTIALS_KEY is required in production: vendor credentials are encrypted under it. Set it to 32 random bytes as base64 or hex (openssl rand -base64 32) and keep it with your other secrets; losing it loses every stored secret.',
    );
  return undefined;
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
    credentialsKey: credentialsKeyOf(env, nodeEnv),
    routingProofMs: int('ROUTING_PROOF_MS', 2000),
    oauth: oauthOf(env),
    credentialsKeyFile: path.join(path.resolve(env.DATA_DIR || path.join(ROOT_DIR, 'data')), 'credentials.key'),
  };
}
