import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, TimestampDefault } from './columns.ts';

/* Tables of the dashboard: portfolios and their ledgers, calendar events and widgets. */

/** A user's named portfolio ('default' is created on first use). */
export type PortfolioTable = {
  id: Generated<string>;
  user_id: string;
  name: string;
  created_at: TimestampDefault;
  /** Bumped by every write to the portfolio's ledger (the snapshot cache's key). */
  ledger_version: ColumnType<number, never, number>;
};

/** One ledger entry of a portfolio; numeric columns come back as numbers. */
export type PortfolioTransactionTable = {
  id: Generated<string>;
  portfolio_id: string;
  /** Entry order (identity): the entries of one day apply in this order. */
  seq: ColumnType<number, never, never>;
  type: 'buy' | 'sell' | 'dividend' | 'fee' | 'split';
  symbol: string;
  trade_date: string;
  quantity: number;
  price: number;
  fees: number;
  currency: string;
  note: string;
  created_at: Timestamp;
};

/** A user's own calendar event (`date` is a calendar day, `YYYY-MM-DD`). */
export type CalendarEventTable = {
  id: Generated<string>;
  user_id: string;
  title: string;
  date: string;
  note: Generated<string>;
  symbol: string | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
};

/** A user's dashboard widgets in their order (`[{ id, visible }]`). */
export type UserWidgetsTable = {
  user_id: string;
  widgets: ColumnType<unknown, string, string>;
  updated_at: TimestampDefault;
};
