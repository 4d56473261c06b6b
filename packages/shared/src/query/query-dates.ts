const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Fixed unit lengths (a month is 30 days, a year 365), as the display's timeago counts them. */
const UNIT_MS: Readonly<Record<string, number>> = {
  second: SECOND_MS,
  minute: MINUTE_MS,
  hour: HOUR_MS,
  day: DAY_MS,
  week: 7 * DAY_MS,
  month: 30 * DAY_MS,
  year: 365 * DAY_MS,
};

const RELATIVE = /^(\d{1,9})\s*(second|minute|hour|day|week|month|year)s?(?:\s+ago)?$/i;
const EPOCH_SECONDS = /^-?\d{1,15}(?:\.\d{1,6})?$/;
const ISO_8601 =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+ -]\d{2}:?\d{2})?)?$/i;

/** Years 1 to 9999: what both JavaScript and PostgreSQL's timestamptz hold without surprises. */
const MIN_MS = -62_135_596_800_000;
const MAX_MS = 253_402_300_799_999;

/** What a date value may look like, for error messages. */
export const DATE_FORMATS =
  "a date (ISO 8601, epoch seconds, or a time ago such as '7 days' or '1 hour')";

/**
 * Reads a date filter value: a time ago (`7 days`, `1 hour ago`) relative to `now`, epoch
 * seconds, or ISO 8601 (UTC when no offset is given, so results never depend on the server's
 * time zone). Returns null for anything else or for dates outside years 1 to 9999.
 */
export function parseQueryDate(raw: string, now: Date): Date | null {
  const text = raw.trim();
  const relative = RELATIVE.exec(text);
  if (relative) {
    const unit = UNIT_MS[(relative[2] ?? '').toLowerCase()] ?? 0;
    return inRange(now.getTime() - Number(relative[1]) * unit);
  }
  if (EPOCH_SECONDS.test(text)) return inRange(Math.round(Number(text) * SECOND_MS));
  const iso = ISO_8601.exec(text);
  return iso ? parseIso(iso) : null;
}

function inRange(ms: number): Date | null {
  return Number.isFinite(ms) && ms >= MIN_MS && ms <= MAX_MS ? new Date(ms) : null;
}

/** Builds the instant from checked parts: Date.parse would roll 2024-02-30 over to March. */
function parseIso(match: RegExpExecArray): Date | null {
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) =>
    Number(match[i] ?? 0),
  ) as [number, number, number, number, number, number];
  const fraction = Number(`0.${match[7] ?? '0'}`);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const offset = parseOffset(match[8]);
  if (offset === null) return null;
  const local = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC maps years 0..99 to 1900..1999; setUTCFullYear puts them back.
  const date = new Date(local);
  date.setUTCFullYear(year);
  return inRange(date.getTime() + Math.round(fraction * SECOND_MS) - offset);
}

function daysInMonth(year: number, month: number): number {
  const date = new Date(Date.UTC(2000, month, 0));
  date.setUTCFullYear(year, month, 0);
  return date.getUTCDate();
}

/**
 * Offset in milliseconds east of UTC; none or `Z` is UTC; null when out of range. A space
 * stands for `+`, because an unencoded `+` in a query string arrives as a space.
 */
function parseOffset(text: string | undefined): number | null {
  if (text === undefined || text.toUpperCase() === 'Z') return 0;
  const digits = text.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2));
  if (hours > 23 || minutes > 59) return null;
  const sign = text.startsWith('-') ? -1 : 1;
  return sign * (hours * HOUR_MS + minutes * MINUTE_MS);
}
