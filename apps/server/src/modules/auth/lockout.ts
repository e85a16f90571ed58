import { sql } from 'drizzle-orm';
import { query, type Db } from '../../db/connect.js';

/**
 * Sign-in lockout, per email and client address (the pair).
 *
 * - An attempt is counted BEFORE the password is checked, in one statement (an upsert, which takes
 *   the row's lock): twenty parallel guesses get the numbers 1…20, and those past `maxFailures` are
 *   refused without a check, so the lockout holds however the guesses arrive.
 * - The Nth failure locks the pair for `lockMinutes`; a success forgets the pair. Failures are
 *   forgotten after `lockMinutes` without an attempt.
 * - Keyed by the email as typed, whether or not an account has it: an unknown email locks exactly
 *   like a real one, so the lockout tells nobody which accounts exist.
 * - Keyed by the pair, not the account: guesses from one address cannot lock the account's owner out
 *   from another. There is deliberately no per-account backstop across addresses — any such lock
 *   is one an attacker can trigger from elsewhere; guessing stays bounded per address by the pair
 *   lockout and the per-address rate limit of auth/login, and argon2's cost (see docs/security.md).
 */
export interface LockoutPolicy {
  maxFailures: number;
  lockMinutes: number;
}

export interface Attempt {
  /** This attempt's number in the current round (1 = first since the last success, lock or quiet spell). */
  number: number;
  /** Set when the attempt is refused: the pair is locked until then. */
  lockedUntil: string | null;
}

/** Counts one attempt of the pair and says whether it may go on to the password check. */
export async function countAttempt(db: Db, email: string, ip: string, policy: LockoutPolicy): Promise<Attempt> {
  const lock = sql`make_interval(mins => ${policy.lockMinutes})`;
  const [row] = await query<{ attempts: number; locked_until: string | null }>(
    db,
    sql`insert into login_attempts as a (email, ip, attempts, last_at, locked_until)
        values (${email}, ${ip}, 1, now(), null)
        on conflict (email, ip) do update set
          attempts = case
            when a.locked_until > now() then a.attempts
            when a.locked_until is not null or a.last_at <= now() - ${lock} then 1
            else a.attempts + 1 end,
          locked_until = case
            when a.locked_until > now() then a.locked_until
            when a.locked_until is null and a.last_at > now() - ${lock} and a.attempts + 1 > ${policy.maxFailures} then now() + ${lock}
            else null end,
          last_at = case when a.locked_until > now() then a.last_at else now() end
        returning attempts, case when locked_until > now() then locked_until end as locked_until`,
  );
  return { number: row!.attempts, lockedUntil: row!.locked_until };
}

/**
 * Records a failed check of the pair's attempt; locks the pair when it was the last one allowed.
 * Also clears pairs idle for longer than the lock lasts (so guesses at made-up emails leave nothing).
 */
export async function failAttempt(db: Db, email: string, ip: string, attempt: Attempt, policy: LockoutPolicy): Promise<{ locked: boolean }> {
  const lock = sql`make_interval(mins => ${policy.lockMinutes})`;
  const locked = attempt.number >= policy.maxFailures;
  if (locked) await db.execute(sql`update login_attempts set locked_until = now() + ${lock} where email = ${email} and ip = ${ip}`);
  await db.execute(sql`delete from login_attempts where last_at < now() - ${lock} and (locked_until is null or locked_until < now())`);
  return { locked };
}

/** A success: the pair starts afresh. */
export async function succeedAttempt(db: Db, email: string, ip: string) {
  await db.execute(sql`delete from login_attempts where email = ${email} and ip = ${ip}`);
}

/** Every pair of an email (a password reset by an administrator opens the account at once). */
export async function forgetAttempts(db: Db, email: string) {
  await db.execute(sql`delete from login_attempts where email = ${email.toLowerCase()}`);
}
