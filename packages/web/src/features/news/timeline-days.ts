import type { NewsArticle } from '@app/shared/api/news';

/** One day of a news timeline: its local calendar day and its articles, newest first. */
export interface TimelineDay {
  /** `YYYY-MM-DD` in the reader's time zone. */
  day: string;
  /** e.g. 'Sunday, November 22, 2026'. */
  label: string;
  articles: NewsArticle[];
}

const DAY_LABEL_OPTIONS: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
};
const TIME_LABEL_OPTIONS: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
/** 'en-CA' writes a day as YYYY-MM-DD. */
const DAY_KEY_OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
};

const formats = new Map<string, Intl.DateTimeFormat>();

/** A cached format; `timeZone` undefined: the reader's own zone. */
function formatIn(
  locale: string,
  options: Intl.DateTimeFormatOptions,
  timeZone: string | undefined,
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}|${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, ...(timeZone ? { timeZone } : {}) });
    formats.set(key, format);
  }
  return format;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * The calendar day of an epoch-seconds date, as `YYYY-MM-DD`, in the reader's time zone or in
 * `timeZone` (the server's first screen and its hydration: lib/hydration.ts).
 */
export function localDay(epochSeconds: number, timeZone?: string): string {
  const date = new Date(epochSeconds * 1000);
  if (timeZone) return formatIn('en-CA', DAY_KEY_OPTIONS, timeZone).format(date);
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The time of day of an epoch-seconds date, e.g. '09:05 AM'. */
export function timeOfDay(epochSeconds: number, timeZone?: string): string {
  return formatIn('en-US', TIME_LABEL_OPTIONS, timeZone).format(new Date(epochSeconds * 1000));
}

/** Articles grouped by local day (or `timeZone`'s), days and articles newest first (spec §2 news timeline). */
export function timelineDays(articles: readonly NewsArticle[], timeZone?: string): TimelineDay[] {
  const sorted = [...articles].sort((a, b) => b.creation_date - a.creation_date);
  const days: TimelineDay[] = [];
  for (const article of sorted) {
    const day = localDay(article.creation_date, timeZone);
    const last = days.at(-1);
    if (last?.day === day) {
      last.articles.push(article);
    } else {
      days.push({
        day,
        label: formatIn('en-US', DAY_LABEL_OPTIONS, timeZone).format(
          new Date(article.creation_date * 1000),
        ),
        articles: [article],
      });
    }
  }
  return days;
}
