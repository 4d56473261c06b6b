import type { DailyBar } from '../../providers/market-data/market-data-provider.ts';
import { DAY_MS } from '@app/shared/dates';

/**
 * PostgreSQL's binary COPY format for price_series rows. Formatting 9 million doubles as text cost
 * more than everything else in a ten-year backfill of the market (bench/market), so the bulk path
 * writes the binary representation directly.
 */

/** One calendar month of a listing's bars, ordered by day. */
export type MonthSeries = { month: string; bars: DailyBar[] };

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const DATE_OID = 1082;
const FLOAT8_OID = 701;
const INT8_OID = 20;
const FIELDS = 8;
/** 1970-01-01 to 2000-01-01, PostgreSQL's date epoch. */
const PG_EPOCH_DAYS = 10_957;

/** Days since 2000-01-01 of a `YYYY-MM-DD` day. */
export function pgDay(day: string): number {
  const ms = Date.UTC(
    Number(day.slice(0, 4)),
    Number(day.slice(5, 7)) - 1,
    Number(day.slice(8, 10)),
  );
  if (!Number.isFinite(ms) || day.length !== 10)
    throw new RangeError(`not a YYYY-MM-DD day: '${day}'`);
  return ms / DAY_MS - PG_EPOCH_DAYS;
}

function checkBar(bar: DailyBar): void {
  for (const value of [bar.open, bar.high, bar.low, bar.close]) {
    if (!Number.isFinite(value))
      throw new RangeError(`bar ${bar.date}: price ${value} is not finite`);
  }
  if (!Number.isSafeInteger(bar.volume) || bar.volume < 0) {
    throw new RangeError(`bar ${bar.date}: volume ${bar.volume} is not a whole number of shares`);
  }
}

/** Bytes of one month row: 8 fields, 5 arrays of `n` elements and a date array. */
function rowSize(symbolBytes: number, n: number): number {
  const arrayHeader = 20;
  return (
    2 +
    (4 + symbolBytes) +
    (4 + 4) +
    (4 + arrayHeader + n * 8) + // days: 4-byte length + 4-byte value each
    5 * (4 + arrayHeader + n * 12) // open, high, low, close (float8), volume (int8)
  );
}

/** The whole COPY stream (header, rows, trailer) for the months of one symbol. */
export function encodeMonthsBinary(symbol: string, months: readonly MonthSeries[]): Buffer {
  const symbolBytes = Buffer.byteLength(symbol);
  let size = SIGNATURE.length + 8 + 2;
  for (const { bars } of months) size += rowSize(symbolBytes, bars.length);
  const buffer = Buffer.allocUnsafe(size);
  let at = SIGNATURE.copy(buffer, 0);
  at = buffer.writeInt32BE(0, at); // flags
  at = buffer.writeInt32BE(0, at); // header extension length

  const arrayHeader = (oid: number, n: number, elementSize: number) => {
    at = buffer.writeInt32BE(20 + n * (4 + elementSize), at);
    at = buffer.writeInt32BE(1, at); // dimensions
    at = buffer.writeInt32BE(0, at); // no nulls
    at = buffer.writeInt32BE(oid, at);
    at = buffer.writeInt32BE(n, at);
    at = buffer.writeInt32BE(1, at); // lower bound
  };
  const floats = (bars: readonly DailyBar[], pick: (bar: DailyBar) => number) => {
    arrayHeader(FLOAT8_OID, bars.length, 8);
    for (const bar of bars) {
      at = buffer.writeInt32BE(8, at);
      at = buffer.writeDoubleBE(pick(bar), at);
    }
  };

  for (const { month, bars } of months) {
    for (const bar of bars) checkBar(bar);
    at = buffer.writeInt16BE(FIELDS, at);
    at = buffer.writeInt32BE(symbolBytes, at);
    at += buffer.write(symbol, at);
    at = buffer.writeInt32BE(4, at);
    at = buffer.writeInt32BE(pgDay(month), at);
    arrayHeader(DATE_OID, bars.length, 4);
    for (const bar of bars) {
      at = buffer.writeInt32BE(4, at);
      at = buffer.writeInt32BE(pgDay(bar.date), at);
    }
    floats(bars, (bar) => bar.open);
    floats(bars, (bar) => bar.high);
    floats(bars, (bar) => bar.low);
    floats(bars, (bar) => bar.close);
    arrayHeader(INT8_OID, bars.length, 8);
    for (const bar of bars) {
      at = buffer.writeInt32BE(8, at);
      at = buffer.writeBigInt64BE(BigInt(bar.volume), at);
    }
  }
  at = buffer.writeInt16BE(-1, at);
  if (at !== size) throw new Error(`binary COPY size mismatch: wrote ${at} of ${size} bytes`);
  return buffer;
}
