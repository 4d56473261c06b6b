import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { createPreparedRunner } from '../../db/prepared.ts';
import type { ListingEvent } from '../../providers/market-data/market-data-provider.ts';
import { MARKET_CALENDAR_CHANNEL, MARKET_EVENTS_REFRESHED } from './market-calendar-cache.ts';
import { deletedAny, firstValue } from '../../db/row-values.ts';

/** A stored event with its listing's company name and sector (null when the listing is unknown). */
export type MarketEventRow = ListingEvent & {
  source: string;
  company_name: string | null;
  sector: string | null;
};

const eventColumns = [
  'e.symbol',
  'e.kind',
  'e.date',
  'e.timing',
  'e.fiscal_quarter',
  'e.eps_estimate',
  'e.eps_reported',
  'e.revenue_estimate',
  'e.revenue_reported',
  'e.declared_date',
  'e.ex_date',
  'e.record_date',
  'e.pay_date',
  'e.amount',
  'e.split_ratio',
  'e.source',
] as const;

/** Rows written per INSERT statement. */
const INSERT_BATCH = 1_000;

/** SQL for the market calendar's stored events and users' private feed links. */
export function createMarketCalendarRepository(db: Database) {
  const prepared = createPreparedRunner(db, 'market_calendar');
  const withCompany = () =>
    db
      .selectFrom('market_events as e')
      .leftJoin('securities as s', 's.exchange_ticker', 'e.symbol')
      .leftJoin('companies as c', 'c.id', 's.company_id')
      .select([
        ...eventColumns,
        'c.company_name',
        sql<string | null>`nullif(c.gics_sector, '')`.as('sector'),
      ]);

  return {
    /**
     * Stores a refresh of `source` in one transaction, so readers see the old set or the new one:
     * its events from `today` on are replaced (a date that moved leaves no stale row), earlier
     * ones are updated or added and otherwise kept (a source that only announces the next dates
     * still leaves a history as the days pass). The same transaction NOTIFYs
     * `stockpulse_market_calendar`, so every API process drops its kept answers once the new set
     * is visible.
     */
    storeRefresh: (source: string, today: string, events: readonly ListingEvent[], now: Date) =>
      db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('market_events')
          .where('source', '=', source)
          .where('date', '>=', today)
          .execute();
        for (let i = 0; i < events.length; i += INSERT_BATCH) {
          const batch = events.slice(i, i + INSERT_BATCH);
          await trx
            .insertInto('market_events')
            .values(batch.map((event) => ({ ...event, source, updated_at: now })))
            .onConflict((oc) =>
              oc.columns(['symbol', 'kind', 'date']).doUpdateSet((eb) => ({
                timing: eb.ref('excluded.timing'),
                fiscal_quarter: eb.ref('excluded.fiscal_quarter'),
                eps_estimate: eb.ref('excluded.eps_estimate'),
                eps_reported: eb.ref('excluded.eps_reported'),
                revenue_estimate: eb.ref('excluded.revenue_estimate'),
                revenue_reported: eb.ref('excluded.revenue_reported'),
                declared_date: eb.ref('excluded.declared_date'),
                ex_date: eb.ref('excluded.ex_date'),
                record_date: eb.ref('excluded.record_date'),
                pay_date: eb.ref('excluded.pay_date'),
                amount: eb.ref('excluded.amount'),
                split_ratio: eb.ref('excluded.split_ratio'),
                source: eb.ref('excluded.source'),
                updated_at: eb.ref('excluded.updated_at'),
              })),
            )
            .execute();
        }
        await sql`select pg_notify(${MARKET_CALENDAR_CHANNEL}, ${MARKET_EVENTS_REFRESHED})`.execute(
          trx,
        );
        return events.length;
      }),

    /**
     * Events of `kinds` with `from <= date <= to`, by date then symbol; only `symbols` when given,
     * only `sector` when given; at most `limit`.
     */
    between: (query: {
      kinds: readonly ListingEvent['kind'][];
      from: string;
      to: string;
      symbols?: readonly string[];
      sector?: string;
      limit: number;
    }): Promise<MarketEventRow[]> => {
      let q = withCompany()
        .where('e.kind', 'in', [...query.kinds])
        .where('e.date', '>=', query.from)
        .where('e.date', '<=', query.to);
      if (query.symbols) q = q.where('e.symbol', '=', sql<string>`any(${[...query.symbols]})`);
      if (query.sector !== undefined) q = q.where('c.gics_sector', '=', query.sector);
      return prepared(q.orderBy('e.date').orderBy('e.symbol').limit(query.limit).compile());
    },

    /** Every stored event of one listing, by date (a company page reads it). */
    ofSymbol: (symbol: string): Promise<MarketEventRow[]> =>
      prepared(withCompany().where('e.symbol', '=', symbol).orderBy('e.date').compile()),

    /** When the events of `source` were last written, or null. */
    lastRefresh: async (source: string): Promise<Date | null> =>
      (
        await db
          .selectFrom('market_events')
          .select((eb) => eb.fn.max('updated_at').as('at'))
          .where('source', '=', source)
          .executeTakeFirst()
      )?.at ?? null,

    /** The user whose private feed token hashes to `hash`, or undefined. */
    feedOwner: (hash: string): Promise<string | undefined> =>
      firstValue(db.selectFrom('calendar_feeds').select('user_id').where('token_hash', '=', hash)),

    /** The user's feed link's creation time, or undefined without one. */
    feedOf: (userId: string): Promise<Date | undefined> =>
      firstValue(
        db.selectFrom('calendar_feeds').select('created_at').where('user_id', '=', userId),
      ),

    /** Stores the user's one feed link (replacing an older one). */
    setFeed: (userId: string, hash: string, now: Date) =>
      db
        .insertInto('calendar_feeds')
        .values({ user_id: userId, token_hash: hash, created_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: hash, created_at: now }))
        .execute(),

    /** Revokes the user's feed link; false when there was none. */
    removeFeed: (userId: string): Promise<boolean> =>
      deletedAny(db.deleteFrom('calendar_feeds').where('user_id', '=', userId)),
  };
}

export type MarketCalendarRepository = ReturnType<typeof createMarketCalendarRepository>;
