/**
 * Time zones and the calendar for `feed-dates.ts`: the zone names, letters and offsets feeds
 * write, the US daylight-saving rule, and exact UTC instants from date fields (null for a field
 * out of range, never rolled over).
 */

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
export type Zone = { offset: number } | { us: [number, number] };

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
export function readZone(token: string): Zone | undefined {
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

export const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysIn = (year: number, month: number) =>
  [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;

/** Milliseconds of a UTC wall-clock time; years below 100 are not shifted to the 1900s. */
export function utcMillis(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number {
  const date = new Date(Date.UTC(2000, mo - 1, d));
  date.setUTCFullYear(y);
  return date.getTime() + ((h * 60 + mi) * 60 + s) * 1000 + ms;
}

/** Day of the week (0 = Sunday) of a date. */
export const weekday = (y: number, mo: number, d: number) =>
  new Date(utcMillis(y, mo, d)).getUTCDay();
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
export function instant(fields: Fields): Date | null {
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

export const UTC: Zone = { offset: 0 };
