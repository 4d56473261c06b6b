import { sql } from 'kysely';
import { dailyReturns } from '../../db/daily-returns.ts';
import type { Database } from '../../db/database.ts';
import { readerNewsSql } from '../../db/article-visibility.ts';

/** A processed article with a bullish or bearish score and the companies it is linked to. */
export type CallArticleRow = {
  id: string;
  /** Publication time in epoch microseconds (exact in a float8 until the year 2255). */
  published_us: number;
  score: number;
  classification: string;
  /** The linked listings, comma-separated. */
  symbols: string;
};

export type SeriesRow = { exchange_ticker: string; days: string[]; close: number[] };

export type StoredTrackRecordRow = {
  computed_at: Date;
  inputs: string;
  result: unknown;
};

/** SQL of the track record: the calls, the stored bars and the stored results; no decisions. */
export function createTrackRecordRepository(db: Database) {
  return {
    /**
     * One page of the calls, oldest first, after the keyset `after` (creation date, id): visible,
     * processed articles with a non-zero score linked to at least one company, published by `now`.
     */
    callArticles: async (
      now: Date,
      after: { us: number; id: string } | null,
      limit: number,
    ): Promise<CallArticleRow[]> => {
      const afterClause = after
        ? sql`and (n.creation_date, n.id) >
            ('epoch'::timestamptz + ${after.us}::bigint * interval '1 microsecond', ${after.id}::uuid)`
        : sql``;
      const result = await sql<CallArticleRow>`
        select n.id, (extract(epoch from n.creation_date) * 1000000)::float8 as published_us,
               n.sentiment_first as score,
               coalesce(n."AI"->>'classification', 'Other') as classification,
               array_to_string(n.related_exchange_tickers, ',') as symbols
        from news n
        where n.status = 'PROCESSED' and ${readerNewsSql('n')}
          and n.sentiment_first <> 0
          and cardinality(n.related_exchange_tickers) > 0
          and n.creation_date <= ${now}
          ${afterClause}
        order by n.creation_date, n.id
        limit ${limit}`.execute(db);
      return result.rows;
    },

    /** The publication date of the oldest call (where the bars need to start). */
    firstCallDate: async (now: Date): Promise<Date | null> => {
      const result = await sql<{ first: Date | null }>`
        select min(n.creation_date) as first
        from news n
        where n.status = 'PROCESSED' and ${readerNewsSql('n')} and n.sentiment_first <> 0
          and cardinality(n.related_exchange_tickers) > 0 and n.creation_date <= ${now}`.execute(
        db,
      );
      return result.rows[0]?.first ?? null;
    },

    /** Every listing's stored closes from the month of `from` on, months in order. */
    series: async (from: string, symbols?: readonly string[]): Promise<SeriesRow[]> => {
      const only = symbols ? sql`and p.exchange_ticker = any(${[...symbols]}::text[])` : sql``;
      const result = await sql<SeriesRow>`
        select p.exchange_ticker, p.days::text[] as days, p.close
        from price_series p
        where p.month >= date_trunc('month', ${from}::date)::date ${only}
        order by p.exchange_ticker, p.month`.execute(db);
      return result.rows;
    },

    /** The equal-weighted universe from `from`: each day's mean close-to-close return. */
    universeDailyReturns: async (from: string): Promise<{ day: string; r: number }[]> => {
      const result = await sql<{ day: string; r: number }>`
        select day::text as day, avg(r)::float8 as r
        from (${dailyReturns(
          sql`p.month >= (date_trunc('month', ${from}::date) - interval '1 month')::date`,
        )}) x
        where r is not null and day >= ${from}::date
        group by day
        order by day`.execute(db);
      return result.rows;
    },

    /** Titles and company names for the best and worst calls. */
    callDetails: async (ids: readonly string[], symbols: readonly string[]) => {
      const [titles, names] = await Promise.all([
        sql<{ id: string; title: string }>`
          select n.id, coalesce(nullif(n."AI"->>'title', ''), n.title) as title
          from news n where n.id = any(${[...ids]}::uuid[])`.execute(db),
        sql<{ exchange_ticker: string; company_name: string }>`
          select s.exchange_ticker, c.company_name
          from securities s join companies c on c.id = s.company_id
          where s.exchange_ticker = any(${[...symbols]}::text[])`.execute(db),
      ]);
      return {
        titles: new Map(titles.rows.map((row) => [row.id, row.title])),
        names: new Map(names.rows.map((row) => [row.exchange_ticker, row.company_name])),
      };
    },

    /**
     * What a record is computed from, as one string: the processed articles (count and last
     * change) and the stored bars (listings and last day). Equal strings: nothing new to score.
     */
    inputs: async (): Promise<string> => {
      const result = await sql<{ articles: number; changed: Date | null; last_day: string | null }>`
        select
          (select count(*)::int from news where status = 'PROCESSED') as articles,
          (select max(updated_at) from news where status = 'PROCESSED') as changed,
          (select count(*)::text || ':' || coalesce(max(last_day)::text, '')
             from price_history_status) as last_day`.execute(db);
      const row = result.rows[0];
      return `${row?.articles ?? 0}|${row?.changed?.toISOString() ?? ''}|${row?.last_day ?? ''}`;
    },

    latest: async (): Promise<StoredTrackRecordRow | undefined> => {
      const result = await sql<StoredTrackRecordRow>`
        select computed_at, inputs, result
        from track_records order by computed_at desc, id desc limit 1`.execute(db);
      return result.rows[0];
    },

    /** Stores a run's result and keeps the newest `keep` runs. */
    insert: async (
      row: {
        computed_at: Date;
        as_of: string | null;
        inputs: string;
        calls: number;
        duration_ms: number;
        result: unknown;
      },
      keep: number,
    ): Promise<void> => {
      await db.transaction().execute(async (trx) => {
        await sql`
          insert into track_records (computed_at, as_of, inputs, calls, duration_ms, result)
          values (${row.computed_at}, ${row.as_of}::date, ${row.inputs}, ${row.calls},
                  ${row.duration_ms}, ${JSON.stringify(row.result)}::jsonb)`.execute(trx);
        await sql`
          delete from track_records where id not in (
            select id from track_records order by computed_at desc, id desc limit ${keep})`.execute(
          trx,
        );
      });
    },
  };
}

export type TrackRecordRepository = ReturnType<typeof createTrackRecordRepository>;
