/**
 * The demo newsroom: company news written from the demo prices as it happens on the business
 * clock, so a demo started on any date has fresh results, ratings, dividends and events.
 */
import { loadDemoCompanies, type DemoCompany } from '../../../demo/companies.ts';
import { lastCompletedTradingDay } from '../../market-data/demo/price-synthesis.ts';
import {
  dayNumber,
  isoDate,
  isTradingDayNumber,
  newYorkTime,
} from '../../market-data/demo/trading-calendar.ts';
import type { NewsSource, RawNewsItem } from '../news-source.ts';
import { newsroomCompanies, type NewsroomCompany } from './company-figures.ts';
import { storiesOfDay } from './newsroom-day.ts';
import { loadPriceWindow, windowPosition } from './newsroom-prices.ts';
import type { Story } from './story-text.ts';

export const NEWSROOM_PUBLISHER = 'StockPulse Demo Wire';
/** Closed sessions written on each run: a fresh start has two weeks of history. */
export const NEWSROOM_DAYS = 10;

function nextTradingDay(day: string): string {
  let d = dayNumber(day) + 1;
  while (!isTradingDayNumber(d)) d++;
  return isoDate(d);
}

/** The last `count` trading days through `last`, oldest first. */
function sessionsThrough(last: string, count: number): string[] {
  const days: string[] = [];
  for (let d = dayNumber(last); days.length < count; d--) {
    if (isTradingDayNumber(d)) days.unshift(isoDate(d));
  }
  return days;
}

export type DemoNewsroom = {
  /**
   * The stories of the last `NEWSROOM_DAYS` sessions that have closed at `now`, and the pre-open
   * stories of a session under way, never dated after `now`; oldest first.
   */
  storiesAt(now: Date): Story[];
};

/**
 * The newsroom over the demo companies. A day's stories are computed once and kept while the day
 * is in the window, so a run every 10 minutes costs a lookup until a new session starts.
 */
export function createDemoNewsroom(
  options: { companies?: readonly DemoCompany[]; days?: number } = {},
): DemoNewsroom {
  const companies: NewsroomCompany[] = newsroomCompanies(options.companies ?? loadDemoCompanies());
  const count = options.days ?? NEWSROOM_DAYS;
  const byDay = new Map<string, Story[]>();

  function write(days: readonly string[]): void {
    const missing = days.filter((day) => !byDay.has(day));
    const first = missing[0];
    const last = missing.at(-1);
    if (!first || !last) return;
    // One synthesis per company for the missing days, the sessions around them and a year before.
    const window = loadPriceWindow(companies, first, nextTradingDay(last));
    for (const day of missing)
      byDay.set(day, storiesOfDay(window, companies, windowPosition(window, day)));
  }

  return {
    storiesAt(now) {
      const closed = sessionsThrough(lastCompletedTradingDay(now), count);
      const { day: todayNumber } = newYorkTime(now);
      const today = isoDate(todayNumber);
      const underWay = isTradingDayNumber(todayNumber) && today > (closed.at(-1) ?? today);
      const days = underWay ? [...closed, today] : closed;
      for (const day of byDay.keys()) if (!days.includes(day)) byDay.delete(day);
      write(days);
      return days.flatMap((day) =>
        (byDay.get(day) ?? []).filter(
          (story) => story.publishedAt <= now && (day !== today || !underWay || story.preOpen),
        ),
      );
    },
  };
}

/** A story as a news item: a guid per (company, kind, day), a link to our own ticker page. */
export function newsroomItem(story: Story, publicUrl: string): RawNewsItem {
  return {
    guid: `demo-newsroom:${story.kind}:${story.symbol}:${story.day}`,
    link: `${publicUrl}/ticker/${story.symbol}?story=${encodeURIComponent(`${story.kind}-${story.day}`)}`,
    title: story.title,
    description: story.description,
    content: story.content,
    publisher: NEWSROOM_PUBLISHER,
    publishedAt: story.publishedAt,
    sourceTitle: 'StockPulse Demo Newsroom',
  };
}

/** The demo newsroom as a news source (`NEWS_SOURCES=demo`), on the business clock. */
export function createDemoNewsroomSource(options: {
  publicUrl: string;
  now: () => Date;
  companies?: readonly DemoCompany[];
}): NewsSource {
  const newsroom = createDemoNewsroom(options.companies ? { companies: options.companies } : {});
  return {
    name: 'demo-newsroom',
    // Our own pages: nothing to extract.
    fullText: false,
    fetch: () =>
      Promise.resolve(
        newsroom.storiesAt(options.now()).map((story) => newsroomItem(story, options.publicUrl)),
      ),
  };
}
