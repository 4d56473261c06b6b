import type { NewsSource, RawNewsItem } from '../news-source.ts';
import { writeBriefs, type Brief } from './brief-writer.ts';
import type { BriefMarket } from './brief-market.ts';

export const BRIEF_PUBLISHER = 'Market Brief';

/**
 * A brief as a news item. The guid is stable per (kind, trading day), so the first run of a day
 * stores it and later runs skip it; the link is a page of our own site, unique per brief (the
 * store is idempotent on link too). Dated at the session close, or now while it is open.
 */
export function briefItem(
  brief: Brief,
  market: Pick<BriefMarket, 'day' | 'closesAt'>,
  publicUrl: string,
  now: Date,
): RawNewsItem {
  const guid = `market-brief:${brief.key}:${market.day}`;
  const ref = encodeURIComponent(`${brief.key.split(':')[0] ?? brief.key}-${market.day}`);
  const link = brief.symbol
    ? `${publicUrl}/ticker/${brief.symbol}?brief=${ref}`
    : `${publicUrl}/company/explore?brief=${ref}`;
  return {
    guid,
    link,
    title: brief.title,
    description: brief.description,
    content: brief.content,
    publisher: BRIEF_PUBLISHER,
    publishedAt: market.closesAt < now ? market.closesAt : now,
    sourceTitle: 'StockPulse Market Brief',
    sentimentHint: brief.sentiment,
  };
}

/**
 * Data-driven market briefs written from the quotes in our database (movers, sector moves,
 * 52-week highs and lows, unusual volume). Nothing until at least half the companies are quoted.
 */
export function createMarketBriefSource(options: {
  /** The latest trading day's quotes with their 52-week and volume figures (null before any). */
  readMarket: () => Promise<BriefMarket | null>;
  publicUrl: string;
  /** Business time: briefs are dated at the session close, or now while it is open. */
  now: () => Date;
}): NewsSource {
  const { now } = options;
  return {
    name: 'market-brief',
    // Our own pages: nothing to extract.
    fullText: false,
    fetch: async () => {
      const market = await options.readMarket();
      // Before the first refresh, or while it is under way (a few watched symbols, or part of
      // the universe), the day's figures would speak for a sliver of the market: wait.
      if (!market || market.quotes.length * 2 < market.companies) return [];
      const at = now();
      return writeBriefs(market.day, market.quotes).map((brief) =>
        briefItem(brief, market, options.publicUrl, at),
      );
    },
  };
}
