import type { ColumnType } from 'kysely';
import type { TimestampDefault } from './columns.ts';

/* Tables of the market calendar: listings' corporate events and users' private feed links. */

/** A numeric column: read as a number (the pool's parser), null when the source gave none. */
type Figure = ColumnType<number | null, number | null | undefined, number | null>;
/** A nullable date column, `YYYY-MM-DD`. */
type Day = ColumnType<string | null, string | null | undefined, string | null>;

/** An earnings, dividend or split event of a listing. */
export type MarketEventTable = {
  symbol: string;
  kind: 'earnings' | 'dividend' | 'split';
  date: string;
  timing: ColumnType<
    'before-open' | 'after-close' | 'unknown',
    'before-open' | 'after-close' | 'unknown' | undefined,
    'before-open' | 'after-close' | 'unknown'
  >;
  fiscal_quarter: ColumnType<string | null, string | null | undefined, string | null>;
  eps_estimate: Figure;
  eps_reported: Figure;
  revenue_estimate: Figure;
  revenue_reported: Figure;
  declared_date: Day;
  ex_date: Day;
  record_date: Day;
  pay_date: Day;
  amount: Figure;
  split_ratio: ColumnType<string | null, string | null | undefined, string | null>;
  source: string;
  updated_at: TimestampDefault;
};

/** A user's private iCalendar link (the token's SHA-256 only). */
export type CalendarFeedTable = {
  user_id: string;
  token_hash: string;
  created_at: TimestampDefault;
};
