import { sql } from 'drizzle-orm';
import { hashPassword } from '../../apps/server/src/modules/auth/service.js';
import { oneOf, pick, rows, unit, weighted, type Generator } from './types.js';

/** Sizes of the core data set. */
export const CORE_SIZES = { users: 10_000, auditLogs: 200_000, clientErrors: 20_000, internalStatuses: 50 } as const;

const FIRST = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara',
  'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Christopher', 'Lisa', 'Daniel', 'Nancy',
  'Matthew', 'Betty', 'Anthony', 'Margaret', 'Mark', 'Sandra', 'Donald', 'Ashley', 'Steven', 'Kimberly', 'Paul', 'Emily',
  'Andrew', 'Donna', 'Joshua', 'Michelle', 'Kenneth', 'Carol', 'Kevin', 'Amanda', 'Brian', 'Dorothy', 'George', 'Melissa',
  'Timothy', 'Deborah', 'Ronald', 'Stephanie', 'Jason', 'Rebecca', 'Edward', 'Sharon', 'Jeffrey', 'Laura', 'Ryan', 'Cynthia',
  'Jacob', 'Kathleen', 'Gary', 'Amy', 'Nicholas', 'Angela', 'Eric', 'Shirley', 'Jonathan', 'Anna', 'Stephen', 'Brenda',
];
const LAST = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez',
  'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White',
  'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott',
  'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell',
  'Carter', 'Roberts', 'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes',
  'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', "O'Brien", 'Morgan', 'Peterson', 'Cooper', 'Reed', 'Bailey',
];
const DOMAINS = ['quartermaster.example.com', 'staff.example.com', 'warehouse.example.com', 'contractors.example.net'];
/** Non-admin roles, weighted by how many staff hold each job. */
const ROLE_WEIGHTS = [
  ['orders', 30],
  ['catalog', 15],
  ['purchasing', 12],
  ['pricing', 10],
  ['compliance', 10],
  ['merchandising', 10],
  ['analyst', 13],
] as const;

const ENTITY_WEIGHTS = [
  ['user', 22],
  ['product', 22],
  ['variant', 18],
  ['order', 16],
  ['purchase_order', 7],
  ['vendor', 5],
  ['price_rule', 6],
  ['internal_status', 4],
] as const;
const USER_ACTIONS = [
  ['login', 40],
  ['logout', 18],
  ['update', 15],
  ['login_failed', 10],
  ['create', 6],
  ['password_reset', 4],
  ['deactivate', 3],
  ['impersonate', 3],
  ['lock', 1],
] as const;
const OTHER_ACTIONS = [
  ['update', 65],
  ['create', 25],
  ['delete', 10],
] as const;
const FIELDS = ['name', 'price', 'status', 'is_active', 'quantity', 'notes'];

const LEVELS = [
  ['error', 70],
  ['warning', 20],
  ['critical', 5],
  ['info', 5],
] as const;
const ERROR_CLASSES = ['TypeError', 'TypeError', 'TypeError', 'ReferenceError', 'RangeError', 'Error', 'ChunkLoadError', 'AbortError'];
const ERROR_MESSAGES = [
  "Cannot read properties of undefined (reading 'id')",
  "Cannot read properties of null (reading 'map')",
  'Failed to fetch',
  'NetworkError when attempting to fetch resource.',
  'Loading chunk 42 failed.',
  'ResizeObserver loop completed with undelivered notifications.',
  'Maximum call stack size exceeded',
  'The operation was aborted.',
  'x is not a function',
  'Invalid time value',
  'Request failed with status code 500',
  'Minified React error #185',
];
const PATHS = ['/', '/users', '/users/12', '/audit-log', '/internal-statuses', '/products', '/products/118', '/orders', '/orders/5531', '/vendors', '/reports/sales', '/login'];

const STATUS_VERBS = ['Awaiting', 'Pending', 'Hold for', 'Review', 'Escalated', 'Blocked by', 'Waiting on', 'Check', 'Confirm', 'Resolve'];
const STATUS_NOUNS = ['Carrier Pickup', 'Payment Capture', 'Hazmat Paperwork', 'State Permit', 'Customer Callback', 'Warehouse Count', 'Vendor ETA', 'Price Match', 'Signature', 'Age Check', 'Serial Number', 'Refund Approval'];

export const coreGenerator: Generator = {
  name: 'core',
  async run({ db, log }) {
    // One argon2 hash for every generated account (computing 10,000 would take minutes).
    const hash = await hashPassword('bench-password');

    // ---- users ----
    const N = CORE_SIZES.users;
    await db.execute(sql`
      with s as (
        select g,
               ${oneOf(FIRST, 'g', 1)} as first,
               ${oneOf(LAST, 'g', 2)} as last,
               ${oneOf(DOMAINS, 'g', 3)} as domain,
               ${pick('g', 4, 1000)} as r,
               ${weighted(ROLE_WEIGHTS, 'g', 5)} as role1,
               ${weighted(ROLE_WEIGHTS, 'g', 6)} as role2,
               now() - interval '1095 days' + (g::float8 / ${N}) * interval '1090 days' as created
        from generate_series(1, ${N}) g
      )
      insert into users (name, email, password_hash, roles, is_active, last_login_at, created_at, updated_at, version)
      select first || ' ' || last,
             lower(replace(first || '.' || last, '''', '')) || '.' || g || '@' || domain,
             ${hash},
             case when r < 15 then array['admin']
                  when r < 130 and role2 <> role1 then array[role1, role2]
                  else array[role1] end,
             r % 100 >= 8,
             case when r % 10 = 0 then null else now() - ${unit('g', 7)} * interval '120 days' end,
             created,
             created + ${unit('g', 8)} * (now() - created),
             1 + r % 5
      from s`);
    const [range] = await rows<{ min: number; max: number; first_generated: number }>(
      db,
      sql`select min(id)::int as min, max(id)::int as max, (max(id) - ${N} + 1)::int as first_generated from users`,
    );
    const { max: maxUser, first_generated: firstGen } = range!;
    log(`users: ${N} (ids ${firstGen}..${maxUser})`);

    // ---- internal statuses ----
    const names: string[] = [];
    for (let i = 0; names.length < CORE_SIZES.internalStatuses; i++) {
      const name = `${STATUS_VERBS[i % STATUS_VERBS.length]} ${STATUS_NOUNS[(i * 7) % STATUS_NOUNS.length]}${i >= 120 ? ` ${i}` : ''}`;
      if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
    }
    const st = await rows<{ id: number }>(
      db,
      sql`insert into internal_statuses (name, created_at, updated_at)
          select n, now() - (ord * interval '5 days'), now() - (ord * interval '2 days')
          from unnest(${sql.raw(`array[${names.map((n) => `'${n.replace(/'/g, "''")}'`).join(',')}]::text[]`)}) with ordinality as t(n, ord)
          on conflict do nothing returning id`,
    );
    log(`internal_statuses: ${st.length}`);

    // ---- audit logs: 12 months, ids ascending with time ----
    // Actors: 5% system (null), 30% the 8 demo accounts, 60% a core team of 200 staff, 5% anyone.
    const A = CORE_SIZES.auditLogs;
    await db.execute(sql`
      with s as (
        select g,
               now() - interval '365 days' + ((g - 1)::float8 / ${A}) * interval '365 days' + ${unit('g', 11)} * interval '40 seconds' as at,
               ${pick('g', 12, 100)} as ra,
               ${pick('g', 13, 1000000)} as rb,
               ${weighted(ENTITY_WEIGHTS, 'g', 14)} as entity,
               ${weighted(USER_ACTIONS, 'g', 15)} as user_action,
               ${weighted(OTHER_ACTIONS, 'g', 16)} as other_action,
               ${oneOf(FIELDS, 'g', 17)} as field,
               ${pick('g', 18, 100000)} as eid,
               ${pick('g', 19, 20)} as v
        from generate_series(1, ${A}) g
      ), t as (
        select s.*, case when entity = 'user' then user_action else other_action end as action,
               case when ra < 5 then null
                    when ra < 35 then 1 + rb % 8
                    when ra < 95 then ${firstGen} + rb % 200
                    else 1 + rb % ${maxUser} end as actor_id
        from s
      )
      insert into audit_logs (at, actor_id, impersonator_id, action, entity, entity_id, before, after, request_id)
      select at, actor_id,
             case when ra in (35, 36) then 1 else null end,
             action, entity,
             case when entity = 'user' then (case when action in ('login', 'logout', 'login_failed', 'lock') and actor_id is not null
                                                   then actor_id else 1 + eid % ${maxUser} end)::text
                  when entity = 'internal_status' then (1 + eid % 58)::text
                  else (1 + eid)::text end,
             case when action = 'update' then jsonb_build_object(field, 'value ' || (eid % 997), 'version', v + 1)
                  when action in ('delete', 'deactivate') then jsonb_build_object('name', initcap(entity) || ' ' || eid, 'is_active', true, 'version', v + 1)
                  else null end,
             case when action = 'update' then jsonb_build_object(field, 'value ' || ((eid + 1) % 997), 'version', v + 2)
                  when action = 'create' then jsonb_build_object('name', initcap(entity) || ' ' || eid, 'version', 1)
                  when action = 'deactivate' then jsonb_build_object('is_active', false, 'version', v + 2)
                  when action in ('login_failed', 'lock') then jsonb_build_object('failed_logins', 1 + v % 5, 'ip', '10.0.' || (v * 7 % 255) || '.' || (eid % 255))
                  when action = 'impersonate' then jsonb_build_object('impersonator', 'admin@example.com', 'impersonated', 'user' || eid || '@staff.example.com')
                  else null end,
             md5(g::text)
      from t`);
    log(`audit_logs: ${A}`);

    // ---- client errors ----
    const C = CORE_SIZES.clientErrors;
    await db.execute(sql`
      with s as (
        select g,
               now() - interval '365 days' + ((g - 1)::float8 / ${C}) * interval '365 days' as at,
               ${pick('g', 21, 100)} as ru,
               ${pick('g', 22, 1000000)} as rb,
               ${weighted(LEVELS, 'g', 23)} as level,
               ${oneOf(ERROR_CLASSES, 'g', 24)} as cls,
               ${oneOf(ERROR_MESSAGES, 'g', 25)} as msg,
               'https://admin.example.com' || ${oneOf(PATHS, 'g', 26)} as url
        from generate_series(1, ${C}) g
      )
      insert into client_errors (at, user_id, level, message, url, environment, payload)
      select at,
             case when ru < 10 then null when ru < 60 then ${firstGen} + rb % 200 else 1 + rb % ${maxUser} end,
             level, cls || ': ' || msg, url, 'production',
             jsonb_build_object('level', level, 'environment', 'production',
                                'body', jsonb_build_object('trace', jsonb_build_object(
                                   'exception', jsonb_build_object('class', cls, 'message', msg),
                                   'frames', jsonb_build_array(jsonb_build_object('filename', '/assets/index-Bx81.js', 'lineno', 1 + rb % 900, 'colno', 1 + rb % 120)))),
                                'request', jsonb_build_object('url', url))
      from s`);
    log(`client_errors: ${C}`);

    return { users: N, internal_statuses: st.length, audit_logs: A, client_errors: C };
  },
};
