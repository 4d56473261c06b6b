import { EARLIEST_DAY } from '@app/shared/api/amounts';
import { TRANSACTIONS_PER_PORTFOLIO_MAX } from '@app/shared/api/portfolio';
import { badRequest, conflict } from '../../http/errors.ts';
import { replayLedger, type LedgerEntry } from './ledger.ts';
import { isoDay } from '@app/shared/dates';

/** The business day (`YYYY-MM-DD`, UTC) of an instant: no entry may be dated after it. */
export const businessDay = (now: Date) => isoDay(now);

/** Why a transaction's date is invalid (in the future, or before EARLIEST_DAY), or null. */
export function dateProblem(date: string, today: string): string | null {
  if (date > today) return `The date ${date} is in the future.`;
  return date < EARLIEST_DAY ? `The date ${date} is before ${EARLIEST_DAY}.` : null;
}

/** The message for a symbol that names no listing. */
export const unknownSymbol = (symbol: string) => `Unknown symbol '${symbol}'.`;

/**
 * Whether a ledger may be stored: replayed in date and entry order, no entry sells or splits
 * more than is held at that point. Throws a 400 naming the first entry that does.
 */
export function assertLedgerValid(entries: readonly LedgerEntry[], context = ''): void {
  const { problem } = replayLedger(entries);
  if (problem) throw badRequest(context ? `${context} ${problem.message}` : problem.message);
}

/** A portfolio holds at most TRANSACTIONS_PER_PORTFOLIO_MAX entries. */
export function assertRoomFor(current: number, adding: number): void {
  if (current + adding > TRANSACTIONS_PER_PORTFOLIO_MAX) {
    throw conflict(
      `A portfolio holds at most ${TRANSACTIONS_PER_PORTFOLIO_MAX.toLocaleString('en-US')} transactions.`,
    );
  }
}
