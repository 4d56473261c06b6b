import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { AuthUser } from '../../http/access.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { RATE_RULES, type RateLimiter } from '../security/rate-limiter.ts';
import { createArticleCheck } from './article-check.ts';
import { createSeenFeedQueries, feedCacheKey, type FeedCache } from './feed-cache.ts';
import type { LinkerCache } from './linker-cache.ts';
import type { NewsEnrichService } from './news-enrich.service.ts';
import { createNewsFacts } from './news-facts.ts';
import { newsEnvelope } from './news.mapper.ts';
import { createNewsReadCache, NEWS_REFRESH_AHEAD_MS } from './news-read-cache.ts';
import { newsQuery } from './news-query.ts';
import type { ArticleJson, NewsPage, NewsRepository, NewsViewer } from './news.repository.ts';

/** Newest matches a search ranks. */
export const NEWS_SEARCH_WINDOW = 1_000;

/** Shortest text `/news/search/{query}` searches; shorter answers an empty list. */
export const NEWS_SEARCH_MIN = 3;

/** Symbol-like tokens of a text (`$NVDA`, `NASDAQ:NVDA`), upper-cased, first mention first. */
export function symbolMentions(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(
    /\$([A-Za-z]{1,6})\b|\b([A-Z]{2,15}:[A-Z0-9][A-Z0-9.-]{0,14})\b/g,
  )) {
    found.add((match[1] ?? match[2] ?? '').toUpperCase());
  }
  return [...found].filter(Boolean);
}

export type { ArticleFact } from './news-facts.ts';
export type { ArticleJson } from './news.repository.ts';

export type NewsServiceDeps = {
  repository: NewsRepository;
  feedCache: FeedCache;
  linkers: LinkerCache;
  enrich: NewsEnrichService;
  limiter: RateLimiter;
  clock: Clock;
  /** The symbols of a user's default watchlist (the watchlists module's service). */
  watchedSymbols: (userId: string) => Promise<readonly string[]>;
  /** Whether a user turned on the debug interface (the users module's service). */
  hasDebugInterface: (userId: string) => Promise<boolean>;
  /** Where a malformed stored article left out of an answer is reported. */
  log?: FastifyBaseLogger;
  /** The read cache's clock (ms, monotonic; `performance.now` unless a test sets it). */
  monotonicNow?: () => number;
};

/** The debug menu's reindex: the article, and whether the analyst ran. */
export type ReindexResult = { article: ArticleJson; reindexed: boolean };

/** The news a caller may read: feeds with their cache, one article, search, and the debug tools. */
export function createNewsService(deps: NewsServiceDeps) {
  const { repository, feedCache, clock } = deps;
  const keepValid = createArticleCheck(deps.log);
  const { cached, forget, shared, refreshAhead, writes } = createNewsReadCache({
    repository,
    feedCache,
    keepValid: (rows) => keepValid(rows),
    log: deps.log,
    monotonicNow: deps.monotonicNow,
  });
  const audience = (viewer: NewsViewer) => (viewer?.is_admin ? 'admin' : 'public');
  const seenQueries = createSeenFeedQueries();

  /** Debug views and tools: admins, and users who turned on my_debug_interface. */
  const requireDebugOrAdmin = async (caller: AuthUser, message: string) => {
    if (caller.is_admin) return;
    if (!(await deps.hasDebugInterface(caller.id))) throw forbidden(message);
  };

  /** One article the viewer may see (404 otherwise, and for a malformed stored one). */
  const visibleArticle = async (
    id: string,
    viewer: NewsViewer,
    fresh = false,
  ): Promise<ArticleJson> => {
    const key = `id:${audience(viewer)}:${id.toLowerCase()}`;
    if (fresh) forget(key);
    const [article] = await cached(key, async () => {
      const row = await repository.findVisibleArticle(id, viewer);
      return row ? [row] : [];
    });
    if (!article) throw notFound('News article not found.');
    return article;
  };

  return {
    /** One public article's link preview (seo). */
    previewOf: (id: string) => repository.previewOf(id),

    /** The sitemap's pages of public articles and their entries (seo). */
    sitemapPages: (size: number) => repository.sitemapPages(size),
    sitemapEntries: (fromId: string, size: number) => repository.sitemapEntries(fromId, size),

    /**
     * `/news/query`: the answer as the bytes to send. Every visitor of a feed asks the same
     * question, so repeats come from the feed cache for a few seconds (`noCache` skips it).
     */
    async feed(
      query: unknown,
      viewer: NewsViewer,
      rawQuery?: string,
    ): Promise<{ body: Buffer; cache: 'hit' | 'miss' }> {
      const admin = viewer?.is_admin === true;
      const seenAs =
        rawQuery === undefined ? undefined : `${admin ? 'admin' : 'public'}?${rawQuery}`;
      const seen = seenAs === undefined ? undefined : seenQueries.get(seenAs);
      if (seen && !seen.noCache && feedCache.remainingMs(seen.key) > NEWS_REFRESH_AHEAD_MS) {
        const cached = feedCache.get(seen.key);
        if (cached) return { body: cached, cache: 'hit' };
      }
      const ast = newsQuery.parse(query, { now: clock.now() });
      const key = feedCacheKey(admin, query as Record<string, unknown>);
      if (seenAs !== undefined) seenQueries.set(seenAs, { key, noCache: ast.extras.no_cache });
      const reload = () =>
        shared(`feed:${key}`, async () => {
          const before = writes();
          const rows = await repository.query(ast, viewer);
          const built = newsEnvelope(keepValid(rows, ast.only === null ? 'complete' : 'partial'));
          // The same bytes as the kept answer: keep its Buffer (its ETag and compressed bytes
          // are kept by it), as `cached` keeps an unchanged list.
          const current = feedCache.get(key);
          const answer = current?.equals(built) ? current : built;
          if (writes() === before) feedCache.set(key, answer);
          return answer;
        });
      if (!ast.extras.no_cache) {
        const cached = feedCache.get(key);
        if (cached) {
          if (feedCache.remainingMs(key) <= NEWS_REFRESH_AHEAD_MS) {
            refreshAhead(`feed:${key}`, reload);
          }
          return { body: cached, cache: 'hit' };
        }
      }
      return { body: await reload(), cache: 'miss' };
    },

    /** News about the symbols of the caller's default watchlist. */
    async myPortfolio(user: AuthUser, page: NewsPage): Promise<ArticleJson[]> {
      const symbols = [...new Set(await deps.watchedSymbols(user.id))].sort();
      if (symbols.length === 0) return [];
      // Keyed by the listings, not the user: everyone watching the same list shares the answer.
      return cached(
        `portfolio:${audience(user)}:${page.skip}:${page.limit}:${symbols.join(',')}`,
        () => repository.mentioningAny(symbols, user, page),
      );
    },

    company: (symbol: string, viewer: NewsViewer, page: NewsPage) =>
      cached(`company:${audience(viewer)}:${symbol}:${page.skip}:${page.limit}`, () =>
        repository.mentioning(symbol, viewer, page),
      ),

    async search(text: string, viewer: NewsViewer, page: NewsPage): Promise<ArticleJson[]> {
      const trimmed = text.trim();
      if (trimmed.length < NEWS_SEARCH_MIN) return [];
      return cached(
        `search:${audience(viewer)}:${page.skip}:${page.limit}:${trimmed.toLowerCase()}`,
        () => repository.search(trimmed, viewer, NEWS_SEARCH_WINDOW, page),
      );
    },

    // The assistant's reads (news-facts.ts).
    ...createNewsFacts({ repository, clock }),

    /** Titles of the articles the viewer may see, by id (others are absent). */
    titlesVisibleTo: (ids: string[], viewer: NewsViewer) => repository.titlesVisibleTo(ids, viewer),
    /** Public stories about results or dividends of the symbols published `from`–`to`. */
    eventStories: (symbols: readonly string[], from: Date, to: Date, limit: number) =>
      repository.eventStories(symbols, from, to, limit),

    byId: (id: string, viewer: NewsViewer): Promise<ArticleJson> => visibleArticle(id, viewer),

    /**
     * The debug menu's 'reindex' and 'force reindex': `force` always runs the analyst
     * on the article again; otherwise it runs only when what the analyst reads changed since the
     * stored analysis (its inputs fingerprint), and answers that nothing changed. Each run may be
     * a paid model call, so both count against the same limit.
     */
    async reindex(
      id: string,
      caller: AuthUser,
      options: { force: boolean } = { force: true },
    ): Promise<ReindexResult> {
      await requireDebugOrAdmin(caller, 'Only admins and debug users can reindex.');
      await visibleArticle(id, caller, true);
      if (!caller.is_admin) await deps.limiter.hit(RATE_RULES.reindexPerUser, caller.id);
      const outcome = await deps.enrich.enrichOne(id, { onlyIfChanged: !options.force });
      return {
        article: await visibleArticle(id, caller, true),
        reindexed: outcome !== 'UNCHANGED',
      };
    },

    /** What the ticker linker makes of one article, and the symbol-like tokens it did not link. */
    async linkerReport(id: string, caller: AuthUser) {
      await requireDebugOrAdmin(caller, 'Only admins and debug users can test the linker.');
      const row = await repository.findVisibleTexts(id, caller);
      if (!row) throw notFound('News article not found.');
      const text = [row.title, row.description, ...row.articles].join('\n');
      const links = (await deps.linkers.current()).link(text);
      const validated = links.related_exchange_tickers;
      const unvalidated = symbolMentions(text).filter(
        (candidate) =>
          !validated.some((symbol) => symbol === candidate || symbol.endsWith(`:${candidate}`)),
      );
      return { links, validated, unvalidated };
    },

    /**
     * `POST /news/set/{id}/is_blocked` (spec §6: an admin's 'Hide' checkbox). Nothing else of an
     * article is settable, and only by admins.
     */
    async setProperty(caller: AuthUser, id: string, property: string, value: unknown) {
      if (property !== 'is_blocked') throw badRequest(`News property '${property}' cannot be set.`);
      if (!caller.is_admin) throw forbidden('Only admins can hide articles.');
      if (typeof value !== 'boolean') throw badRequest("'value' must be true or false.");
      if (!(await repository.setBlocked(id, value, clock.now())))
        throw notFound('News article not found.');
      // A hidden article leaves the cached feeds and pages now (the repository's write listener
      // clears both), not when their entries expire.
    },
  };
}

export type NewsService = ReturnType<typeof createNewsService>;
