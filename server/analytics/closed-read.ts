/**
 * The analytics read over closed periods (decision 155): a closed day's sums per company come
 * from usage_closed_days, a closed month's per (company, user, agent) from usage_closed_months
 * (and so the current month's closed days), and only what is not closed — the last two days, and
 * the days of a range's first partial month — from the daily roll-up.
 *
 * The closed tables are filled by `usage_fill_closed_periods` (migration 0026) the first time a
 * read needs a period, and emptied for a day by triggers when a row of that day changes, so
 * their sums always equal the daily rows'. The read checks, in its own snapshot, that every
 * period it takes from them is there; if not, it fills them and reads again.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/connect.js";
import {
  columnsOf,
  firstPassFloat,
  floatColumnsOf,
  groupedFromDaysAndPairs,
  rowsOf,
  sumsOf,
  toAggregateRow,
  type AggregateRow,
  type AnalyticsFilter,
} from "./queries.js";

/**
 * The range cut where the closed tables take over, from the database's clock (the triggers'):
 * closed days [lo, cached_hi] (two days after they end), open days [open_lo, hi]. For the pairs,
 * whole closed months [m_lo, m_hi] and, when the range holds its start, the month of cached_hi
 * through that day (has_prefix, p_month); the pairs' other days are [lo, a_hi] and [b_lo, hi].
 */
const bounds = (f: AnalyticsFilter) => sql`bounds as materialized (
      select c.*,
        case when c.m_lo <= c.m_hi then c.m_lo - 1 when c.has_prefix then c.p_month - 1 else c.hi end as a_hi,
        case when c.has_prefix then c.cached_hi + 1
          when c.m_lo <= c.m_hi then (c.m_hi + interval '1 month')::date else c.hi + 1 end as b_lo
      from (
        select b.*, b.p_month >= b.lo and b.cached_hi + 1 <> (b.p_month + interval '1 month')::date as has_prefix
        from (
          select t.lo, t.hi, t.cached_hi, greatest(t.lo, t.today - 1) as open_lo,
            (date_trunc('month', (t.lo - 1)::timestamp) + interval '1 month')::date as m_lo,
            (date_trunc('month', (t.cached_hi + 1)::timestamp) - interval '1 month')::date as m_hi,
            date_trunc('month', t.cached_hi::timestamp)::date as p_month
          from (
            select ${f.from}::date as lo, ${f.to}::date as hi, (now() at time zone 'UTC')::date as today,
              least(${f.to}::date, (now() at time zone 'UTC')::date - 2) as cached_hi
          ) t
        ) b
      ) c
    )`;

/** Whether every closed day and month the read takes from the closed tables is in them. */
const complete = sql`(select
      (select count(*) from usage_closed_periods p where p.period = 'day' and p.start between bounds.lo and bounds.cached_hi)
        = greatest(bounds.cached_hi - bounds.lo + 1, 0)
      and (select count(*) from usage_closed_periods p where p.period = 'month' and p.start between bounds.m_lo and bounds.m_hi)
        = (select count(*) from generate_series(bounds.m_lo::timestamp, bounds.m_hi::timestamp, interval '1 month'))
      and (not bounds.has_prefix
        or exists (select 1 from usage_closed_periods p where p.period = 'prefix' and p.start = bounds.cached_hi))
    from bounds) as complete`;

export function readClosed(f: AnalyticsFilter): SQL {
  const company = (alias: string) =>
    f.companyId ? sql` and ${sql.identifier(alias)}.company_id = ${f.companyId}` : sql``;
  const openPairs = (lo: SQL, hi: SQL) => sql`
        select d.company_id, d.user_id, d.agent_id, max(d.agent_name) as agent_name, ${firstPassFloat}
        from bounds b join usage_daily d on d.day between ${lo} and ${hi}${company("d")}
        group by d.company_id, d.user_id, d.agent_id`;
  // A company's active users that day are the day's when one company is asked for; across
  // companies they are counted apart (a user moved between companies would count twice in a
  // sum). Joined, not a subquery per day: a correlated count's estimate alone woke the JIT.
  const dayActiveUsers = f.companyId ? sql`g.company_active_users` : sql`coalesce(cp.active_users, ou.n, 0)`;
  // Unreferenced with a company, open_day_users is never run.
  const dayActiveJoins = f.companyId
    ? sql``
    : sql`left join usage_closed_periods cp on cp.period = 'day' and cp.start = g.day
      left join open_day_users ou on ou.day = g.day`;
  return sql`
    with ${bounds(f)},
    day_company as (
      select x.day, x.active_users, ${floatColumnsOf("x")}
      from bounds b join usage_closed_days x on x.day between b.lo and b.cached_hi${company("x")}
      union all
      select d.day, count(distinct d.user_id)::int, ${firstPassFloat}
      from bounds b join usage_daily d on d.day between b.open_lo and b.hi${company("d")}
      group by d.day, d.company_id
    ),
    open_day_users as (
      select d.day, count(distinct d.user_id)::int as n
      from bounds b join usage_daily d on d.day between b.open_lo and b.hi
      group by d.day
    ),
    days as (
      select g.day, ${dayActiveUsers} as active_users, ${columnsOf("g")}
      from (select dc.day, sum(dc.active_users)::int as company_active_users, ${sumsOf("dc")} from day_company dc group by dc.day) g
      ${dayActiveJoins}
    ),
    pairs as materialized (
      select q.company_id, q.user_id, q.agent_id, max(q.agent_name) as agent_name, ${sumsOf("q")}
      from (
        select cm.company_id, cm.user_id, cm.agent_id, cm.agent_name, ${floatColumnsOf("cm")}
        from bounds b join usage_closed_months cm
          on (cm.month between b.m_lo and b.m_hi and cm.through = (cm.month + interval '1 month' - interval '1 day')::date
            or b.has_prefix and cm.month = b.p_month and cm.through = b.cached_hi)${company("cm")}
        union all ${openPairs(sql`b.lo`, sql`b.a_hi`)}
        union all ${openPairs(sql`b.b_lo`, sql`b.hi`)}
      ) q
      group by q.company_id, q.user_id, q.agent_id
    ),
    ${groupedFromDaysAndPairs(sql`, ${complete}`)}`;
}

/**
 * The five groupings over closed periods and open days, or null when the closed tables still
 * lack a period after filling them (a change forgot it meanwhile): the caller reads the daily rows.
 */
export async function aggregateClosedPeriods(db: Db, f: AnalyticsFilter): Promise<AggregateRow[] | null> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const rows = rowsOf(await db.execute(readClosed(f)));
    // Every row carries the same flag; the total's row is always there.
    if (rows[0]?.complete !== false) return rows.map(toAggregateRow);
    // One statement, so the fill's advisory lock lasts until it commits.
    await db.execute(sql`select usage_fill_closed_periods(${f.from}::date, ${f.to}::date)`);
  }
  return null;
}
