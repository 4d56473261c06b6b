import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { BriefMarket } from '../../providers/news/market-briefs/brief-market.ts';
import type { BriefQuote } from '../../providers/news/market-briefs/brief-writer.ts';
import { isoDay } from '@app/shared/dates';

type Row = {
  day: string;
  closes_at: Date;
  exchange_ticker: string;
  company_name: string;
  gics_sector: string;
  price: number;
  change_pct: number;
  currency: string;
  day_high: number;
  day_low: number;
  high52: number | null;
  low52: number | null;
  first_day: string | null;
  volumes: string[] | null;
  volume_days: string[] | null;
  companies: string;
};

/** Bars needed for the day's volume and the 50 sessions before it. */
const VOLUME_BARS = 51;

/**
 * Reads the quotes of the latest New York trading day from `quote_snapshots` (one listing per
 * company), each with the prior 52 weeks' range and recent volumes from `price_series`. Null
 * before the first quote refresh. A listing without loaded history simply lacks those figures.
 */
export function createBriefMarketRepository(db: Database) {
  return { read: () => readBriefMarket(db) };
}

export type BriefMarketRepository = ReturnType<typeof createBriefMarketRepository>;

async function readBriefMarket(db: Database): Promise<BriefMarket | null> {
  const { rows } = await sql<Row>`
    with latest as (
      select max((as_of at time zone 'America/New_York')::date) as day from quote_snapshots
    ),
    quotes as (
      select distinct on (s.company_id)
        q.exchange_ticker, c.company_name, c.gics_sector, q.price, q.change_pct, q.currency,
        q.day_high, q.day_low, latest.day
      from quote_snapshots q
      join securities s on s.exchange_ticker = q.exchange_ticker
      join companies c on c.id = s.company_id
      cross join latest
      where (q.as_of at time zone 'America/New_York')::date = latest.day and q.previous_close > 0
      order by s.company_id, q.exchange_ticker
    )
    select to_char(q.day, 'YYYY-MM-DD') as day,
      (q.day + time '16:00') at time zone 'America/New_York' as closes_at,
      q.exchange_ticker, q.company_name, q.gics_sector, q.price, q.change_pct, q.currency,
      q.day_high, q.day_low, h.high52, h.low52, to_char(h.first_day, 'YYYY-MM-DD') as first_day,
      v.volumes, v.volume_days,
      (select count(distinct company_id) from securities) as companies
    from quotes q
    left join lateral (
      select max(u.high) as high52, min(u.low) as low52, min(u.d) as first_day
      from price_series p
      cross join lateral unnest(p.days, p.high, p.low) as u(d, high, low)
      where p.exchange_ticker = q.exchange_ticker
        and p.month >= date_trunc('month', q.day - 365)::date
        and u.d >= q.day - 365 and u.d < q.day
    ) h on true
    left join lateral (
      select array_agg(b.volume order by b.d desc) as volumes,
        array_agg(to_char(b.d, 'YYYY-MM-DD') order by b.d desc) as volume_days
      from (
        select u.d, u.volume
        from price_series p
        cross join lateral unnest(p.days, p.volume) as u(d, volume)
        where p.exchange_ticker = q.exchange_ticker
          and p.month >= date_trunc('month', q.day - 120)::date
          and u.d <= q.day
        order by u.d desc
        limit ${VOLUME_BARS}
      ) b
    ) v on true
    order by q.exchange_ticker`.execute(db);
  const first = rows[0];
  if (!first) return null;
  return {
    day: first.day,
    closesAt: new Date(first.closes_at),
    quotes: rows.map((row) => toBriefQuote(row)),
    companies: Number(first.companies),
  };
}

function toBriefQuote(row: Row): BriefQuote {
  // A 52-week range needs about a year of history, not the few weeks a new listing has.
  const yearAgo = new Date(`${row.day}T00:00:00Z`);
  yearAgo.setUTCDate(yearAgo.getUTCDate() - 350);
  const fullYear = row.first_day !== null && row.first_day <= isoDay(yearAgo);
  // Volume counts only when the day's own bar is stored (not during the session).
  const volumes = (row.volumes ?? []).map(Number);
  const hasDay = row.volume_days?.[0] === row.day && volumes.length === VOLUME_BARS;
  const previous = volumes.slice(1);
  return {
    symbol: row.exchange_ticker,
    company: row.company_name,
    sector: row.gics_sector,
    price: row.price,
    changePct: row.change_pct,
    currency: row.currency,
    dayHigh: row.day_high,
    dayLow: row.day_low,
    high52: fullYear ? row.high52 : null,
    low52: fullYear ? row.low52 : null,
    volume: hasDay ? (volumes[0] ?? null) : null,
    avgVolume50: hasDay ? previous.reduce((a, b) => a + b, 0) / previous.length : null,
  };
}
