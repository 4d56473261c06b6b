/**
 * Calendar days as `YYYY-MM-DD` strings (the API's dates), computed in the reader's own zone: a
 * transaction or an event happens on a day, not at an instant.
 */

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The local calendar day of `date`. */
export function isoDay(date: Date): string {
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today in the reader's zone (the latest day a transaction may have). */
export function todayIso(): string {
  return isoDay(new Date());
}

/** Noon of a day, so adding days never trips over a daylight-saving change. */
export function parseDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1, 12);
}

export function addDays(day: string, days: number): string {
  const date = parseDay(day);
  date.setDate(date.getDate() + days);
  return isoDay(date);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((parseDay(to).getTime() - parseDay(from).getTime()) / 86_400_000);
}

/** `YYYY-MM` of a day. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

export function isMonth(value: string | null): value is string {
  return value !== null && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

/** The month `offset` months after `month` (`YYYY-MM`). */
export function shiftMonth(month: string, offset: number): string {
  const date = parseDay(`${month}-01`);
  date.setDate(1);
  date.setMonth(date.getMonth() + offset);
  return isoDay(date).slice(0, 7);
}

/** First and last day of a month. */
export function monthSpan(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  return { from, to: addDays(`${shiftMonth(month, 1)}-01`, -1) };
}

/**
 * The days a month grid shows: whole weeks from the Monday on or before the 1st to the Sunday on
 * or after the last day.
 */
export function monthGridDays(month: string): string[] {
  const { from, to } = monthSpan(month);
  const startOffset = (parseDay(from).getDay() + 6) % 7;
  const endOffset = (7 - parseDay(to).getDay()) % 7;
  const first = addDays(from, -startOffset);
  const count = daysBetween(first, addDays(to, endOffset)) + 1;
  return Array.from({ length: count }, (_, index) => addDays(first, index));
}

/** The UTC calendar day of an epoch-seconds trading-day timestamp (price bars). */
export function barDay(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().slice(0, 10);
}
