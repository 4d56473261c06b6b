import type { BlogPost, BlogPostSummary } from '@app/shared/api/site';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import { notFound } from '../../http/errors.ts';
import type { MarketDataProvider } from '../../providers/market-data/market-data-provider.ts';
import type { BlogRepository, BlogPostRow } from './blog.repository.ts';
import {
  completedWeeks,
  publicationTime,
  writeRecap,
  type RecapWeek,
  type WeekMove,
} from './blog-recap.ts';
import { DAY_MS } from '@app/shared/dates';

/** Listings a recap follows: the week's newsmakers first, then the rest of the universe. */
const LISTINGS_PER_RECAP = 60;
const STORIES_PER_RECAP = 12;
const POSTS_PER_PAGE = 52;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function toSummary(row: Omit<BlogPostRow, 'body' | 'citations'>): BlogPostSummary {
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    week_start: row.week_start,
    week_end: row.week_end,
    published_at: seconds(row.published_at),
  };
}

const toPost = (row: BlogPostRow): BlogPost => ({
  ...toSummary(row),
  body: row.body,
  citations: row.citations,
});

/** The blog: the analyst's weekly market recaps, written by a job, one per week. */
export function createBlogService(deps: {
  repository: BlogRepository;
  marketData: MarketDataProvider;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const { repository, marketData, clock, log } = deps;

  /** The week's move of each listing: last close before the week → last close in the week. */
  async function weekMoves(week: RecapWeek, preferred: string[]): Promise<WeekMove[]> {
    const listings = await repository.listings(preferred, LISTINGS_PER_RECAP);
    const from = new Date(Date.parse(`${week.start}T00:00:00Z`) - 10 * DAY_MS)
      .toISOString()
      .slice(0, 10);
    const moves: WeekMove[] = [];
    for (const listing of listings) {
      try {
        const bars = await marketData.getDailyHistory(listing.exchange_ticker, from, week.end);
        const before = bars.filter((bar) => bar.date < week.start).at(-1);
        const after = bars.filter((bar) => bar.date >= week.start).at(-1);
        if (!before || !after) continue;
        moves.push({
          symbol: listing.exchange_ticker,
          company: listing.company_name,
          sector: listing.gics_sector,
          before: before.close,
          after: after.close,
        });
      } catch (error) {
        log.warn({ err: error, symbol: listing.exchange_ticker }, 'blog: no history for a listing');
      }
    }
    return moves;
  }

  return {
    /**
     * Writes the recap of each of the last `weeks` complete weeks that has none yet. A recap
     * written before the week's news was analysed (a fresh start) is completed once stories
     * exist; a recap that cites stories is final. Running it again (or twice at once) changes
     * nothing.
     */
    async writeRecaps(weeks: number): Promise<{ written: string[] }> {
      const now = clock.now();
      const due = completedWeeks(now, weeks);
      const existing = await repository.existingWeeks(due.map((week) => week.start));
      const written: string[] = [];
      for (const week of due.filter((w) => (existing.get(w.start) ?? 0) === 0)) {
        const start = new Date(`${week.start}T00:00:00Z`);
        const end = new Date(Date.parse(`${week.end}T00:00:00Z`) + DAY_MS);
        const news = await repository.weekNews(start, end, STORIES_PER_RECAP);
        const rewrite = existing.has(week.start);
        if (rewrite && news.length === 0) continue;
        const stories = news.map((row) => ({
          id: row.id,
          title: row.ai_title ?? row.title,
          sentiment: row.sentiment_first,
          tickers: row.related_exchange_tickers,
        }));
        const newsmakers = [...new Set(stories.flatMap((story) => story.tickers))];
        const recap = writeRecap(week, await weekMoves(week, newsmakers), stories, {
          demoPrices: marketData.name === 'demo',
        });
        if (!recap) continue;
        const stored = rewrite
          ? await repository.completeUncited({ ...recap, week_start: week.start })
          : await repository.insert({
              ...recap,
              week_start: week.start,
              week_end: week.end,
              published_at: publicationTime(week, now),
            });
        if (stored) written.push(recap.slug);
      }
      return { written };
    },

    async list(): Promise<BlogPostSummary[]> {
      return (await repository.list(clock.now(), POSTS_PER_PAGE)).map(toSummary);
    },

    /** The newest published recap, if any (the weekly insights mail). */
    async latestPost(): Promise<BlogPost | undefined> {
      const now = clock.now();
      const [newest] = await repository.list(now, 1);
      const row = newest && (await repository.bySlug(newest.slug, now));
      return row ? toPost(row) : undefined;
    },

    async post(slug: string): Promise<BlogPost> {
      const row = await repository.bySlug(slug, clock.now());
      if (!row) throw notFound('Blog post not found.');
      return toPost(row);
    },
  };
}

export type BlogService = ReturnType<typeof createBlogService>;
