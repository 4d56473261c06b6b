import type { NewsArticle } from '@app/shared/api/news';
import { calendarDay, formatLongDate } from '@app/shared/display/dates';

/** One day of a news timeline: its local calendar day and its articles, newest first. */
export interface TimelineDay {
  /** `YYYY-MM-DD` in the reader's time zone. */
  day: string;
  /** e.g. 'Sunday, 22 November 2026'. */
  label: string;
  articles: NewsArticle[];
}

/** Articles grouped by local day (or `timeZone`'s), days and articles newest first (spec §2 news timeline). */
export function timelineDays(articles: readonly NewsArticle[], timeZone?: string): TimelineDay[] {
  const sorted = [...articles].sort((a, b) => b.creation_date - a.creation_date);
  const days: TimelineDay[] = [];
  for (const article of sorted) {
    const day = calendarDay(article.creation_date, timeZone);
    const last = days.at(-1);
    if (last?.day === day) {
      last.articles.push(article);
    } else {
      days.push({
        day,
        label: formatLongDate(article.creation_date, timeZone),
        articles: [article],
      });
    }
  }
  return days;
}
