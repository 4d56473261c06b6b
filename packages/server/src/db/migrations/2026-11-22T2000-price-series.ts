import { sql, type Kysely } from 'kysely';

/**
 * Daily bars packed by calendar month: one row holds a listing's month as parallel arrays (about
 * 21 trading days, ~1 KB, stored inline without TOAST). Ingest writes one row per month instead of
 * one per day and one index entry per month instead of per day; a one-year chart reads 12 rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table price_series (
      exchange_ticker text not null,
      month date not null,
      days date[] not null,
      open float8[] not null,
      high float8[] not null,
      low float8[] not null,
      close float8[] not null,
      volume bigint[] not null,
      primary key (exchange_ticker, month),
      check (month = date_trunc('month', month)::date),
      check (cardinality(days) = cardinality(close))
    )`.execute(db);
  await sql`
    insert into price_series
    select exchange_ticker, date_trunc('month', day)::date,
           array_agg(day order by day), array_agg(open::float8 order by day),
           array_agg(high::float8 order by day), array_agg(low::float8 order by day),
           array_agg(close::float8 order by day), array_agg(volume order by day)
    from price_bars
    group by 1, 2`.execute(db);
  await sql`drop table price_bars`.execute(db);
  // The change fields' reference close: the last close on or before a day, looking back at most
  // to the start of the previous month (a listing trades more often than that).
  await sql`
    create function close_on_or_before(symbol text, day date) returns float8
    language sql stable parallel safe as $$
      select u.close
      from price_series p
      cross join lateral unnest(p.days, p.close) as u(d, close)
      where p.exchange_ticker = symbol
        and p.month <= day
        and p.month >= date_trunc('month', day - 45)::date
        and u.d <= day
      order by u.d desc
      limit 1
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function close_on_or_before(text, date)`.execute(db);
  await sql`
    create table price_bars (
      exchange_ticker text not null, day date not null, open numeric not null,
      high numeric not null, low numeric not null, close numeric not null, volume bigint not null,
      primary key (exchange_ticker, day)
    )`.execute(db);
  await sql`
    insert into price_bars
    select p.exchange_ticker, u.day, u.open, u.high, u.low, u.close, u.volume
    from price_series p,
         unnest(p.days, p.open, p.high, p.low, p.close, p.volume) as u(day, open, high, low, close, volume)`.execute(
    db,
  );
  await sql`drop table price_series`.execute(db);
}
