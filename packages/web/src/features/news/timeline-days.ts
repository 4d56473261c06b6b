import type { NewsArticle } from '@app/shared/api/news';

/** One day of a news timeline: its local calendar day and its articles, newest first. */
export interface TimelineDay {
  /** `YYYY-MM-DD` in the reader's time zone. */
  day: string;
  /** e.g. 'Sunday, November 22, 2026'. */
  label: string;
  articles: NewsArticle[];
}

const DAY_LABEL = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

const TIME_LABEL = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit' });

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The reader's local calendar day of an epoch-seconds date, as `YYYY-MM-DD`. */
export function localDay(epochSeconds: number): string {
  const date = new Date(epochSeconds * 1000);
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The time of day of an epoch-seconds date, e.g. '09:05 AM'. */
export function timeOfDay(epochSeconds: number): string {
  return TIME_LABEL.format(new Date(epochSeconds * 1000));
}

/** Articles grouped by local day, days and articles newest first (spec §2 news timeline). */
export function timelineDays(articles: readonly NewsArticle[]): TimelineDay[] {
  const sorted = [...articles].sort((a, b) => b.creation_date - a.creation_date);
  const days: TimelineDay[] = [];
  for (const article of sorted) {
    const day = localDay(article.creation_date);
    const last = days.at(-1);
    if (last?.day === day) {
      last.articles.push(article);
    } else {
      days.push({
        day,
        label: DAY_LABEL.format(new Date(article.creation_date * 1000)),
        articles: [article],
      });
    }
  }
  return days;
}
