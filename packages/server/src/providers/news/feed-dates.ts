/**
 * Feed dates as instants. `parseFeedDate` reads every form real feeds carry (RFC 822/1123/2822
 * and their common deviations, W3C-DTF and ISO 8601, asctime, Unix seconds) and answers null for
 * anything it cannot read exactly: a date is right or unknown, never rolled over (hour 25, day 99)
 * and never replaced by the current time.
 *
 * Choices where the text alone does not decide:
 * - No zone at all (`2026-11-22T14:05`, `22 Nov 2026 14:05`): UTC, as feed readers do.
 * - `ET`, `CT`, `MT`, `PT`, `AT`, `AKT`: the US zone's standard or daylight offset by the US
 *   daylight-saving rule of that year at that wall-clock time (what the writer's clock showed);
 *   before 1967, standard time. `HT`/`HST` have no daylight time.
 * - `IST`: India (+05:30), the most common meaning in news feeds; Irish Summer Time (+01:00) and
 *   Israel (+02:00) share the letters. `BST`: British Summer Time (+01:00), not Bangladesh.
 * - Military letters: their real meaning (`A` = +01:00 … `M` = +12:00, `N` = −01:00 …
 *   `Y` = −12:00, `Z` = UTC), not RFC 822's inverted table.
 * - `Etc/GMT+5` is five hours behind UTC: the POSIX sign is inverted.
 * - A weekday that does not match the date is ignored (the numbers are more often right).
 * - `01/02/2004` (day or month first) is ambiguous: null.
 * - 2-digit years: 00–49 → 2000s, 50–99 → 1900s (RFC 2822); 3-digit years + 1900.
 */
import type { Zone } from './feed-date-zones.ts';
import { readZone, isLeap, utcMillis, weekday, instant, UTC } from './feed-date-zones.ts';

const MONTHS: Record<string, number> = {
  jan: 1, january: 1, feb: 2, february: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5,
  jun: 6, june: 6, jul: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9,
  oct: 10, october: 10, nov: 11, november: 11, dec: 12, december: 12,
}; // prettier-ignore

const WEEKDAYS = new Set([
  'mon', 'monday', 'tue', 'tues', 'tuesday', 'wed', 'wednesday', 'thu', 'thur', 'thurs',
  'thursday', 'fri', 'friday', 'sat', 'saturday', 'sun', 'sunday',
]); // prettier-ignore

/** Milliseconds of a decimal fraction (`.5` of a unit of `unitMs`). */
const fractionMs = (digits: string | undefined, unitMs: number) =>
  digits ? Math.floor(Number(`0.${digits}`) * unitMs) : 0;

const ISO_DATE: [RegExp, (m: string[]) => [number, number, number] | null][] = [
  // Calendar, extended (a 3-digit month such as `-012-` is a zero-padded month).
  [/^(\d{4})-(0?\d{2})-(\d{2})/, (m) => [Number(m[1]), Number(m[2]), Number(m[3])]],
  [/^(\d{4})-W(\d{2})(?:-(\d))?/, (m) => weekDate(Number(m[1]), Number(m[2]), Number(m[3] || 1))],
  [/^(\d{4})-(\d{3})/, (m) => ordinalDate(Number(m[1]), Number(m[2]))],
  [/^(\d{4})-(\d{2})/, (m) => [Number(m[1]), Number(m[2]), 1]],
  [/^(\d{4})W(\d{2})(\d)?/, (m) => weekDate(Number(m[1]), Number(m[2]), Number(m[3] || 1))],
  [/^(\d{4})(\d{2})(\d{2})(?!\d)/, (m) => [Number(m[1]), Number(m[2]), Number(m[3])]],
  [/^(\d{4})(\d{3})(?!\d)/, (m) => ordinalDate(Number(m[1]), Number(m[2]))],
  [/^(\d{4})\/(\d{1,2})\/(\d{1,2})/, (m) => [Number(m[1]), Number(m[2]), Number(m[3])]],
  [/^(\d{4})(?![\d/])/, (m) => [Number(m[1]), 1, 1]],
];

function ordinalDate(year: number, dayOfYear: number): [number, number, number] | null {
  if (dayOfYear < 1 || dayOfYear > (isLeap(year) ? 366 : 365)) return null;
  const date = new Date(utcMillis(year, 1, 1) + (dayOfYear - 1) * 86_400_000);
  return [year, date.getUTCMonth() + 1, date.getUTCDate()];
}

function weekDate(year: number, week: number, day: number): [number, number, number] | null {
  const jan1 = weekday(year, 1, 1);
  const weeks = jan1 === 4 || (isLeap(year) && jan1 === 3) ? 53 : 52;
  if (week < 1 || week > weeks || day < 1 || day > 7) return null;
  // Week 1 is the week with the year's first Thursday (the one holding 4 January).
  const jan4 = utcMillis(year, 1, 4);
  const monday1 = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * 86_400_000;
  const date = new Date(monday1 + ((week - 1) * 7 + day - 1) * 86_400_000);
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
}

const ISO_TIME = /^(\d{2})(?::?(\d{2})(?::?(\d{2}))?)?(?:[.,](\d{1,9}))?(?:\s*(\S+))?$/;

/** W3C-DTF and ISO 8601: calendar, week and ordinal dates, basic or extended, partial or full. */
function parseIso(text: string): Date | null {
  for (const [pattern, toDate] of ISO_DATE) {
    const match = pattern.exec(text);
    if (!match) continue;
    // Groups that did not take part are undefined at run time, whatever the type says.
    const date = toDate(Array.from(match, (group: string | undefined) => group ?? ''));
    if (!date) return null;
    const [year, month, day] = date;
    const rest = text.slice(match[0].length);
    if (rest === '' || /^\s*z$/i.test(rest)) {
      return instant({ year, month, day, hour: 0, minute: 0, second: 0, millis: 0, zone: UTC });
    }
    const time = /^[T ]\s*/i.exec(rest) ? ISO_TIME.exec(rest.replace(/^[T ]\s*/i, '')) : null;
    if (!time) return null;
    const [, hh = '', mm, ss, fraction, zoneText] = time;
    const zone = zoneText === undefined ? UTC : readZone(zoneText);
    if (!zone) return null;
    // A fraction belongs to the smallest unit written (`10:14.5` is half a minute).
    const unit = ss !== undefined ? 1000 : mm !== undefined ? 60_000 : 3_600_000;
    const extra = fractionMs(fraction, unit);
    const found = instant({
      year,
      month,
      day,
      hour: Number(hh),
      minute: Number(mm ?? 0),
      second: Number(ss ?? 0),
      millis: 0,
      zone,
    });
    return found && new Date(found.getTime() + extra);
  }
  return null;
}

const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?$/;

/**
 * RFC 822/1123/2822 and their relatives: `[Weekday,] D Month Y [time] [zone]` in any order of
 * day and month (`Jan 26, 2004 4:31 PM ET`), asctime (`Sun Nov  6 08:49:37 1994`), an extra comma,
 * full or short month names, 2- or 4-digit years, with or without seconds or time.
 */
function parseRfc(text: string): Date | null {
  const tokens = text
    .replace(/\s*\([^)]*\)\s*$/, '')
    .replace(/,/g, ' ')
    .replace(/(\d)(am|pm)\b/gi, '$1 $2')
    .replace(/\b(\d{1,2})(?:st|nd|rd|th)\b/gi, '$1')
    .split(/\s+/)
    .filter((token) => token.length > 0);
  let month: number | undefined;
  const numbers: string[] = [];
  let time: RegExpExecArray | undefined;
  let meridiem: string | undefined;
  let zone: Zone | undefined;
  for (const [index, token] of tokens.entries()) {
    const lower = token.toLowerCase().replace(/\.$/, '');
    if (index === 0 && WEEKDAYS.has(lower)) continue;
    const asMonth = MONTHS[lower];
    if (asMonth !== undefined && month === undefined) {
      month = asMonth;
      continue;
    }
    if (/^\d{1,4}$/.test(token) && numbers.length < 2 && !time) {
      numbers.push(token);
      continue;
    }
    if (/^\d{1,4}$/.test(token) && time && numbers.length === 1) {
      numbers.push(token); // asctime: the year after the time.
      continue;
    }
    // A time may carry its zone (`16:31:00Z`, `16:31+0100`).
    const glued = /^(\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)([a-z]+|[+-]\d{2}:?\d{2})$/i.exec(token);
    const timeText = glued?.[1] ?? token;
    const timeMatch = !time ? TIME.exec(timeText) : null;
    if (timeMatch) {
      time = timeMatch;
      if (glued?.[2]) {
        zone = readZone(glued[2]);
        if (!zone) return null;
      }
      continue;
    }
    if (/^(am|pm|a\.m\.|p\.m\.)$/i.test(token) && time && !meridiem) {
      meridiem = token[0]?.toLowerCase();
      continue;
    }
    const asZone = readZone(token);
    if (asZone && time) {
      // `GMT -0500`: a name then the offset it qualifies.
      if (zone && 'offset' in zone && zone.offset === 0 && /^[+-]/.test(token)) {
        zone = asZone;
        continue;
      }
      if (!zone) {
        zone = asZone;
        continue;
      }
    }
    return null;
  }
  if (month === undefined || numbers.length !== 2) return null;
  let [dayText = '', yearText = ''] = numbers;
  if (dayText.length >= 3 && yearText.length <= 2) [dayText, yearText] = [yearText, dayText];
  if (dayText.length > 2) return null;
  let year = Number(yearText);
  if (yearText.length <= 2) year += year < 50 ? 2000 : 1900;
  else if (yearText.length === 3) year += 1900;
  let hour = Number(time?.[1] ?? 0);
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === 'p' ? 12 : 0);
  }
  const found = instant({
    year,
    month,
    day: Number(dayText),
    hour,
    minute: Number(time?.[2] ?? 0),
    second: Number(time?.[3] ?? 0),
    millis: 0,
    zone: zone ?? UTC,
  });
  return found && new Date(found.getTime() + fractionMs(time?.[4], 1000));
}

/**
 * A feed's date string as an instant, or null when it is missing, invalid or in a form we cannot
 * read exactly. Never throws.
 */
export function parseFeedDate(raw: string): Date | null {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (text.length === 0 || text.length > 100) return null;
  // Unix time: 9–11 digits are seconds, 12–13 milliseconds (8 digits are a basic ISO date).
  const unix = /^(\d{9,13})(?:\.(\d{1,9}))?$/.exec(text);
  if (unix) {
    const [, whole = '', fraction] = unix;
    if (whole.length >= 12) return fraction ? null : new Date(Number(whole));
    return new Date(Number(whole) * 1000 + fractionMs(fraction, 1000));
  }
  if (/^\d{4}(?:[-W/]|\d{3}|$)/i.test(text)) return parseIso(text);
  return parseRfc(text);
}
