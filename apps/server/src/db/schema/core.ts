import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A timestamptz column read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** A text[] column that is never null, empty by default (roles, attribute options). */
export const textList = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);
/** created_at, updated_at and the optimistic-concurrency version of every mutable table. */
export const stamps = () => ({
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    roles: textList('roles'),
    is_active: boolean('is_active').notNull().default(true),
    last_login_at: ts('last_login_at'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_roles_idx').using('gin', t.roles),
    index('users_name_idx').on(sql`lower(${t.name})`, t.id),
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_created_idx').on(t.created_at),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    token_hash: text('token_hash').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    impersonator_id: integer('impersonator_id').references(() => users.id),
    /** An impersonation's: the impersonator's session it was started from; it ends with it. */
    parent_session_id: integer('parent_session_id').references((): AnyPgColumn => sessions.id),
    created_at: ts('created_at').notNull().defaultNow(),
    expires_at: ts('expires_at').notNull(),
    /** Last request seen (moved at most once a minute): the idle timeout counts from it. */
    last_seen_at: ts('last_seen_at').notNull().defaultNow(),
    revoked_at: ts('revoked_at'),
    ip: text('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.token_hash),
    index('sessions_user_idx').on(t.user_id),
    index('sessions_parent_idx').on(t.parent_session_id).where(sql`${t.parent_session_id} is not null`),
  ],
);

/**
 * Sign-in attempts per email and client address (the email as typed, lower-cased, whether or not an
 * account has it): the lockout of auth/login. Counted before the password is checked, in one
 * statement, so parallel guesses cannot slip past it; a row is forgotten on a success and cleared
 * once idle (see modules/auth/lockout.ts).
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    attempts: integer('attempts').notNull(),
    last_at: ts('last_at').notNull().defaultNow(),
    locked_until: ts('locked_until'),
  },
  (t) => [primaryKey({ columns: [t.email, t.ip] }), index('login_attempts_last_at_idx').on(t.last_at)],
);

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    actor_id: integer('actor_id').references(() => users.id),
    impersonator_id: integer('impersonator_id').references(() => users.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entity_id: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    request_id: text('request_id'),
  },
  (t) => [
    index('audit_logs_at_idx').on(t.at),
    index('audit_logs_entity_idx').on(t.entity, t.entity_id),
    index('audit_logs_actor_idx').on(t.actor_id, t.id),
    index('audit_logs_action_idx').on(t.action, t.id),
    index('audit_logs_entity_action_idx').on(t.entity, t.action, t.id),
    // an order's Activity: the entries of its routes and vendor orders, by the order they name
    index('audit_logs_order_idx')
      .on(sql`(coalesce(${t.after} ->> 'order_id', ${t.before} ->> 'order_id'))`, t.id)
      .where(sql`${t.entity} in ('order_route', 'vendor_order')`),
  ],
);

export const clientErrors = pgTable(
  'client_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    user_id: integer('user_id').references(() => users.id),
    level: text('level').notNull(),
    message: text('message').notNull(),
    url: text('url'),
    environment: text('environment'),
    payload: jsonb('payload').notNull(),
  },
  (t) => [index('client_errors_at_idx').on(t.at)],
);

export const userPreferences = pgTable(
  'user_preferences',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.key] })],
);

/** A table of names unique whatever their case (`<table>_name_key`), e.g. brands, internal statuses. */
export const namedTable = <T extends string>(table: T) =>
  pgTable(
    table,
    {
      id: serial('id').primaryKey(),
      name: text('name').notNull(),
      ...stamps(),
    },
    (t) => [uniqueIndex(`${table}_name_key`).on(sql`lower(${t.name})`)],
  );

export const internalStatuses = namedTable('internal_statuses');

/** Read-only lookup lists: order, vendor-order, purchase-order, invoice, customer-service, order-route statuses and use cases. */
export const statuses = pgTable(
  'statuses',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sort_order: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('statuses_kind_code_key').on(t.kind, t.code)],
);
