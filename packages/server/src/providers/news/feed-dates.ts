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

const MONTHS: Record<string, number> = {
  jan: 1, january: 1, feb: 2, february: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5,
  jun: 6, june: 6, jul: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9,
  oct: 10, october: 10, nov: 11, november: 11, dec: 12, december: 12,
}; // prettier-ignore

const WEEKDAYS = new Set([
  'mon', 'monday', 'tue', 'tues', 'tuesday', 'wed', 'wednesday', 'thu', 'thur', 'thurs',
  'thursday', 'fri', 'friday', 'sat', 'saturday', 'sun', 'sunday',
]); // prettier-ignore

/** Fixed offsets in minutes east of UTC. */
const FIXED_ZONES: Record<string, number> = {
  z: 0, ut: 0, utc: 0, gmt: 0, uct: 0, zulu: 0,
  est: -300, edt: -240, cst: -360, cdt: -300, mst: -420, mdt: -360, pst: -480, pdt: -420,
  ast: -240, adt: -180, akst: -540, akdt: -480, hst: -600, hdt: -540, ht: -600,
  nst: -210, ndt: -150,
  wet: 0, west: 60, cet: 60, cest: 120, met: 60, mest: 120, mez: 60, mesz: 120,
  eet: 120, eest: 180, bst: 60, ist: 330, msk: 180,
  jst: 540, kst: 540, hkt: 480, sgt: 480, awst: 480, acst: 570, acdt: 630,
  aest: 600, aedt: 660, nzst: 720, nzdt: 780, sast: 120, cat: 120, eat: 180, wat: 60,
}; // prettier-ignore

/** US zones named without saying standard or daylight: [standard, daylight] offsets. */
const US_GENERIC_ZONES: Record<string, [number, number]> = {
  et: [-300, -240],
  ct: [-360, -300],
  mt: [-420, -360],
  pt: [-480, -420],
  at: [-240, -180],
  akt: [-540, -480],
};

/** A zone: a fixed offset, or a US zone whose offset depends on the wall-clock date. */
type Zone = { offset: number } | { us: [number, number] };

const militaryOffset = (letter: string): number | undefined => {
  const code = letter.charCodeAt(0) - 96; // a = 1
  if (letter === 'z') return 0;
  if (letter === 'j' || code < 1 || code > 25) return undefined;
  if (code <= 9) return code * 60; // A–I: +1 … +9
  if (code <= 13) return (code - 1) * 60; // K–M: +10 … +12
  return -(code - 13) * 60; // N–Y: −1 … −12
};

/** `+0500`, `-05:00`, `+05`, `+5` as minutes east of UTC; undefined when out of range. */
function numericOffset(sign: string, hours: string, minutes = '0'): number | undefined {
  const h = Number(hours);
  const m = Number(minutes);
  if (h > 14 || m > 59) return undefined;
  return (sign === '-' ? -1 : 1) * (h * 60 + m);
}

const OFFSET = /^([+-])(\d{1,2})(?::?(\d{2}))?$/;
const GMT_OFFSET = /^(?:gmt|utc|ut)([+-])(\d{1,2})(?::?(\d{2}))?$/;
const ETC_ZONE = /^etc\/(?:(gmt|utc|uct|zulu|universal|greenwich)(?:([+-])(\d{1,2}))?)$/;

/** A zone token (`-0500`, `GMT-01:01`, `EST`, `ET`, `Z`, `Etc/GMT+5`), or undefined. */
function readZone(token: string): Zone | undefined {
  const text = token.toLowerCase();
  const fixed = FIXED_ZONES[text];
  if (fixed !== undefined) return { offset: fixed };
  const us = US_GENERIC_ZONES[text];
  if (us) return { us };
  // `+0500`, `+05:00`, `+05`; a bare `+500` is not an offset.
  let match = OFFSET.exec(text);
  if (match && match[2]?.length === 1 && match[3] !== undefined && !text.includes(':')) {
    return undefined;
  }
  match ??= GMT_OFFSET.exec(text);
  if (match) {
    const [, sign = '+', hours = '0', minutes] = match;
    const offset = numericOffset(sign, hours, minutes);
    return offset === undefined ? undefined : { offset };
  }
  match = ETC_ZONE.exec(text);
  if (match) {
    const [, name = '', sign, hours = '0'] = match;
    if (sign === undefined) return { offset: 0 };
    if (name !== 'gmt' || Number(hours) > 14) return undefined;
    return { offset: (sign === '+' ? -1 : 1) * Number(hours) * 60 };
  }
  if (text.length === 1) {
    const offset = militaryOffset(text);
    return offset === undefined ? undefined : { offset };
  }
  return undefined;
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysIn = (year: number, month: number) =>
  [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;

/** Milliseconds of a UTC wall-clock time; years below 100 are not shifted to the 1900s. */
function utcMillis(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number {
  const date = new Date(Date.UTC(2000, mo - 1, d));
  date.setUTCFullYear(y);
  return date.getTime() + ((h * 60 + mi) * 60 + s) * 1000 + ms;
}

/** Day of the week (0 = Sunday) of a date. */
const weekday = (y: number, mo: number, d: number) => new Date(utcMillis(y, mo, d)).getUTCDay();
/** The day of the month of the n-th (1-based; -1 = last) Sunday of a month. */
function nthSunday(year: number, month: number, n: number): number {
  if (n > 0) return 1 + ((7 - weekday(year, month, 1)) % 7) + (n - 1) * 7;
  const last = daysIn(year, month);
  return last - weekday(year, month, last);
}

/** Whether a US wall-clock time falls in daylight-saving time under that year's federal rule. */
function usDaylight(y: number, mo: number, d: number, h: number, mi: number): boolean {
  let start: [number, number];
  let end: [number, number];
  if (y >= 2007) {
    start = [3, nthSunday(y, 3, 2)];
    end = [11, nthSunday(y, 11, 1)];
  } else if (y >= 1987) {
    start = [4, nthSunday(y, 4, 1)];
    end = [10, nthSunday(y, 10, -1)];
  } else if (y >= 1967) {
    start = [4, nthSunday(y, 4, -1)];
    end = [10, nthSunday(y, 10, -1)];
  } else {
    return false;
  }
  // Both switches happen at 02:00 local time; minutes of the year compare wall-clock times.
  const at = (month: number, day: number, hour: number, minute: number) =>
    ((month * 32 + day) * 24 + hour) * 60 + minute;
  const now = at(mo, d, h, mi);
  return now >= at(start[0], start[1], 2, 0) && now < at(end[0], end[1], 2, 0);
}

type Fields = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millis: number;
  zone: Zone;
};

/** The instant of checked fields, or null when any is out of range (never rolled over). */
function instant(fields: Fields): Date | null {
  const { year, month, day, hour, minute, second, millis, zone } = fields;
  if (!Number.isInteger(year) || year < 1 || year > 9999) return null;
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  // 24:00:00 is the end of the day (ISO 8601); a leap second (:60) counts as the next second.
  const endOfDay = hour === 24 && minute === 0 && second === 0 && millis === 0;
  if ((hour > 23 && !endOfDay) || minute > 59 || second > 60) return null;
  const offset =
    'offset' in zone
      ? zone.offset
      : usDaylight(year, month, day, hour, minute)
        ? zone.us[1]
        : zone.us[0];
  const time = utcMillis(year, month, day, hour, minute, second, millis) - offset * 60_000;
  return Number.isFinite(time) && Math.abs(time) <= 8.64e15 ? new Date(time) : null;
}

const UTC: Zone = { offset: 0 };

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
