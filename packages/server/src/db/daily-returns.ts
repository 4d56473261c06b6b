import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * A subquery of each listing's close-to-close returns: `day` and `r` (null on its first day),
 * over the rows of `price_series` (alias `p`) that `where` keeps, for the caller to aggregate by
 * day.
 */
export function dailyReturns(where: RawBuilder<SqlBool>): RawBuilder<unknown> {
  return sql`
    select u.day,
      u.close / nullif(lag(u.close) over (partition by p.exchange_ticker order by u.day), 0)
        - 1 as r
    from price_series p
    cross join lateral unnest(p.days, p.close) as u(day, close)
    where ${where}`;
}
