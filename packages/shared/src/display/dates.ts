import { DAY_MS, dayNumber, isoDay } from '../dates.ts';
import { NOT_AVAILABLE } from './format.ts';

/**
 * Every date the product shows reads one way, for every reader and wherever it is drawn: the day
 * before the month, the month's English name, a 24-hour clock — '17 Nov 2026, 15:30'. Only the
 * time zone is the reader's. Intl supplies the names and the zone arithmetic; the strings are
 * put together here from its parts, so the server's first screen and the browser's hydrating
 * render agree to the character whatever ICU version each one ships (ICU's own en-GB writes
 * 'Tue, 17 Nov 2026' but 'Tue 17 Nov', and such details move between versions).
 */
interface DateParts {
  weekday: string;
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
  second: string;
}

const formats = new Map<string, { short: Intl.DateTimeFormat; long: Intl.DateTimeFormat }>();

function formatsIn(timeZone: string | undefined) {
  const key = timeZone ?? '';
  let pair = formats.get(key);
  if (!pair) {
    const zone = timeZone ? { timeZone } : {};
    const common = {
      day: 'numeric',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      ...zone,
    } as const;
    pair = {
      short: new Intl.DateTimeFormat('en-GB', { ...common, weekday: 'short', month: 'short' }),
      long: new Intl.DateTimeFormat('en-GB', { ...common, weekday: 'long', month: 'long' }),
    };
    formats.set(key, pair);
  }
  return pair;
}

function partsOf(format: Intl.DateTimeFormat, ms: number): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(ms)) parts[part.type] = part.value;
  return parts;
}

/**
 * The named parts of an instant in `timeZone` (default: the reader's own), the weekday's and the
 * month's names short ('Tue', 'Nov') or with `long` written out; null when invalid.
 */
function dateParts(date: Date | number, timeZone?: string, long = false): DateParts | null {
  const ms = typeof date === 'number' ? date * 1000 : date.getTime();
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return null;
  const pair = formatsIn(timeZone);
  const s = partsOf(long ? pair.long : pair.short, ms);
  return {
    weekday: s.weekday ?? '',
    day: s.day ?? '',
    month: s.month ?? '',
    year: s.year ?? '',
    hour: s.hour ?? '',
    minute: s.minute ?? '',
    second: s.second ?? '',
  };
}

/** A calendar day `YYYY-MM-DD` as the instant of its UTC midnight; null when it is not a day. */
function dayInstant(day: string): Date | null {
  const days = dayNumber(day);
  if (!Number.isFinite(days)) return null;
  const date = new Date(days * DAY_MS);
  // dayNumber reads 30 February as 2 March: only a day that comes back the same is one.
  return isoDay(date) === day ? date : null;
}

/**
 * A moment as '17 Nov 2026, 15:30' (a number is epoch seconds, like every API date), in
 * `timeZone` (default: the reader's own zone); invalid input → '—'.
 */
export function formatDateTime(date: Date | number, timeZone?: string): string {
  const p = dateParts(date, timeZone);
  return p ? `${p.day} ${p.month} ${p.year}, ${p.hour}:${p.minute}` : NOT_AVAILABLE;
}

/** The day of a moment, '17 Nov 2026', in `timeZone` (default: the reader's); invalid → '—'. */
export function formatDate(date: Date | number, timeZone?: string): string {
  const p = dateParts(date, timeZone);
  return p ? `${p.day} ${p.month} ${p.year}` : NOT_AVAILABLE;
}

/** The time of a moment, '15:30' ('15:30:05' with seconds), in `timeZone`; invalid → '—'. */
export function formatTime(date: Date | number, timeZone?: string, seconds = false): string {
  const p = dateParts(date, timeZone);
  if (!p) return NOT_AVAILABLE;
  return seconds ? `${p.hour}:${p.minute}:${p.second}` : `${p.hour}:${p.minute}`;
}

/** The day of a moment written out, 'Tuesday, 17 November 2026', in `timeZone`; invalid → '—'. */
export function formatLongDate(date: Date | number, timeZone?: string): string {
  const p = dateParts(date, timeZone, true);
  return p ? `${p.weekday}, ${p.day} ${p.month} ${p.year}` : NOT_AVAILABLE;
}

const dayKeyFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day `YYYY-MM-DD` a moment falls on in `timeZone` (default: the reader's own), to
 * group by; invalid input → '—'.
 */
export function calendarDay(date: Date | number, timeZone?: string): string {
  const ms = typeof date === 'number' ? date * 1000 : date.getTime();
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return NOT_AVAILABLE;
  const key = timeZone ?? '';
  let format = dayKeyFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(timeZone ? { timeZone } : {}),
    });
    dayKeyFormats.set(key, format);
  }
  const p = partsOf(format, ms);
  return `${p.year ?? ''}-${p.month ?? ''}-${p.day ?? ''}`;
}

/**
 * A calendar day `YYYY-MM-DD` (no time zone: the day itself) as '17 Nov 2026', with `weekday`
 * 'Tue 17 Nov 2026', without `year` '17 Nov'; not a day → '—'.
 */
export function formatDay(
  day: string,
  { weekday = false, year = true }: { weekday?: boolean; year?: boolean } = {},
): string {
  const instant = dayInstant(day);
  const p = instant && dateParts(instant, 'UTC');
  if (!p) return NOT_AVAILABLE;
  const text = `${p.day} ${p.month}${year ? ` ${p.year}` : ''}`;
  return weekday ? `${p.weekday} ${text}` : text;
}

/** A month `YYYY-MM` as 'November 2026'; not a month → '—'. */
export function formatMonth(month: string): string {
  const instant = dayInstant(`${month}-01`);
  const p = instant && dateParts(instant, 'UTC', true);
  return p ? `${p.month} ${p.year}` : NOT_AVAILABLE;
}

/**
 * Two calendar days as one span: '16–20 Nov 2026', '30 Nov – 4 Dec 2026',
 * '28 Dec 2026 – 1 Jan 2027'; either not a day → '—'.
 */
export function formatDayRange(start: string, end: string): string {
  const [a, b] = [start, end].map((day) => {
    const instant = dayInstant(day);
    return instant && dateParts(instant, 'UTC');
  });
  if (!a || !b) return NOT_AVAILABLE;
  if (a.year !== b.year) {
    return `${a.day} ${a.month} ${a.year} – ${b.day} ${b.month} ${b.year}`;
  }
  if (a.month !== b.month) return `${a.day} ${a.month} – ${b.day} ${b.month} ${b.year}`;
  if (a.day === b.day) return `${a.day} ${a.month} ${a.year}`;
  return `${a.day}–${b.day} ${b.month} ${b.year}`;
}
