/**
 * The market a store variant's price is measured against — one rule, `marketSql`: per caliber (lower
 * case) and round group, the cheapest offer per round among the offers in stock, with a caliber, seen
 * within `REPRICE_OFFER_MAX_AGE_HOURS`, from a competitor not on the blacklist; its competitor; how
 * many offers compare.
 *
 * Kept in `competitor_market` (a few hundred rows) and computed again, before a read, when the offers
 * or the blacklist changed since (their table revisions, migration 0017) or `MARKET_MAX_AGE_MS` passed
 * (the window moves with time); rewritten only when the answer differs. Computed in each statement instead, the aggregate over the recent
 * offers cost ~100 ms at 300,000 offers, and PostgreSQL could rescan it for each row of a count.
 */
import { sql } from 'drizzle-orm';
import { REPRICE_OFFER_MAX_AGE_HOURS, ROUND_GROUP_MAX_ROUNDS, ROUND_GROUPS } from '@qm/contracts';
import { queryOne, type Db } from '../../db/connect.js';
import { sqlStateOf, transaction } from '../../db/write.js';
import type { SQL } from 'drizzle-orm';

/** How old the kept market may be before a read rebuilds it. */
export const MARKET_MAX_AGE_MS = 60_000;

/** The round group of a number of rounds (contracts' `roundGroupOf`, from the same bounds). */
export const roundGroupSql = (rounds: SQL) =>
  sql`(case ${sql.join(ROUND_GROUP_MAX_ROUNDS.map((max, i) => sql`when ${rounds} <= ${sql.raw(String(max))} then ${sql.raw(`'${ROUND_GROUPS[i]}'`)}`), sql` `)} else ${sql.raw(`'${ROUND_GROUPS[ROUND_GROUPS.length - 1]}'`)} end)`;

/** The market computed from the offers (columns of `competitor_market`). */
export const marketSql = sql`select lower(o.caliber) as caliber, ${roundGroupSql(sql`o.rounds`)} as round_group,
       min(round(o.price_cents::numeric / o.rounds, 2)) as cpr,
       (array_agg(o.competitor order by o.price_cents::numeric / o.rounds, o.id))[1] as competitor,
       count(*)::int as n
  from competitor_offers o
 where o.in_stock and o.caliber is not null and o.seen_at > now() - make_interval(hours => ${sql.raw(String(REPRICE_OFFER_MAX_AGE_HOURS))})
   and not exists (select 1 from competitor_blacklist b where lower(b.competitor) = lower(o.competitor))
 group by 1, 2`;

const revision = sql`(select coalesce(sum(r.n), 0)::text from qm_table_revisions r where r.tbl in ('competitor_offers', 'competitor_blacklist'))`;
const fresh = sql`select s.revision = ${revision} and s.built_at > now() - make_interval(secs => ${sql.raw(String(MARKET_MAX_AGE_MS / 1000))}) as fresh from competitor_market_state s`;

/**
 * Computes the kept market again when it is stale (see the file's comment), one process at a time.
 * While one does, the others answer from the market kept — a few hundred milliseconds old — instead
 * of queuing behind it (every price list of the process would stall); only a market never computed
 * is waited for.
 */
export async function freshMarket(db: Db): Promise<void> {
  const state = await queryOne<{ fresh: boolean }>(db, fresh);
  if (state?.fresh) return;
  try {
    await transaction(db, async (t) => {
      await t.execute(state ? sql`lock table competitor_market_state in exclusive mode nowait` : sql`lock table competitor_market_state in exclusive mode`);
      if ((await queryOne<{ fresh: boolean }>(t, fresh))?.fresh) return;
      // rewritten only when it differs: a rewrite moves the table's revision, and the totals of every
      // price list joined to it are counted again (the window's moving alone mostly changes nothing)
      await t.execute(sql`create temporary table qm_market_now on commit drop as ${marketSql}`);
      const kept = sql`select caliber, round_group, cpr, competitor, n from competitor_market`;
      const now = sql`select caliber, round_group, cpr, competitor, n from qm_market_now`;
      const same = (await queryOne<{ same: boolean }>(t, sql`select not exists (${now} except ${kept}) and not exists (${kept} except ${now}) as same`))!.same;
      if (!same) {
        await t.execute(sql`delete from competitor_market`);
        await t.execute(sql`insert into competitor_market (caliber, round_group, cpr, competitor, n) ${now}`);
      }
      await t.execute(sql`insert into competitor_market_state (id, revision, built_at) values (1, ${revision}, now())
                          on conflict (id) do update set revision = excluded.revision, built_at = excluded.built_at`);
    });
  } catch (e) {
    // lock_not_available: another process is computing it
    if (sqlStateOf(e) !== '55P03') throw e;
  }
}
