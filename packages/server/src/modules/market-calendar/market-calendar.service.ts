import type { CalendarScope, MarketEvent, MarketWeekQuery } from '@app/shared/api/market-calendar';
import { addIsoDays, isoDay } from '@app/shared/dates';
import type { Clock } from '../../clock.ts';
import { notFound, unauthorized } from '../../http/errors.ts';
import type { MarketCalendarSource } from '../../providers/market-calendar/market-calendar-source.ts';
import type {
  CorporateEvent,
  ListingEvent,
} from '../../providers/market-data/market-data-provider.ts';
import { hashToken, newToken } from '../security/secrets.ts';
import { calendarFeedAnswer } from './market-calendar-feed.ts';
import type { KeptEvents, KeptFeed, MarketCalendarCache } from './market-calendar-cache.ts';
import { createEventPresenter, type Story } from './market-calendar-present.ts';
import type { MarketCalendarRepository } from './market-calendar.repository.ts';
import {
  LAST_RESULTS,
  mondayOf,
  PERSONAL_SYMBOLS_MAX,
  refreshWindow,
  WEEK_EVENTS_MAX,
  weekDays,
} from './market-calendar-rules.ts';

const DETAIL: Record<ListingEvent['timing'], string> = {
  'before-open': 'Results before the open',
  'after-close': 'Results after the close',
  unknown: 'Results (time of day not known)',
};

/**
 * The market calendar: earnings, dividends and splits of every listing, stored by a daily
 * refresh from the source and read from the database (never from the source per request).
 */
export function createMarketCalendarService(deps: {
  repository: MarketCalendarRepository;
  source: MarketCalendarSource;
  /** Every listing the product knows (`EXCHANGE:TICKER`). */
  listings: () => Promise<string[]>;
  heldSymbols: (userId: string) => Promise<string[]>;
  watchedSymbols: (userId: string) => Promise<string[]>;
  stories: (symbols: readonly string[], from: Date, to: Date, limit: number) => Promise<Story[]>;
  clock: Clock;
  /** The product's public address, for links inside the feed. */
  publicUrl: string;
  /** The whole market's ranges and the public answers, kept until the refresh (absent: none). */
  cache?: MarketCalendarCache;
}) {
  const { repository, source, clock, cache } = deps;
  const today = () => isoDay(clock.now());
  const present = createEventPresenter({ stories: deps.stories, today });

  /** The whole market's events of `kinds` from `from` to `to`, kept when there is a cache. */
  function marketRange(kinds: ListingEvent['kind'][], from: string, to: string) {
    const load = async (): Promise<KeptEvents> => {
      const rows = await repository.between({ kinds, from, to, limit: WEEK_EVENTS_MAX });
      const shown = await present(rows);
      return { events: shown.events, complete: shown.complete && rows.length < WEEK_EVENTS_MAX };
    };
    return cache ? cache.range(`${kinds.join(',')} ${from} ${to}`, load) : load();
  }

  /**
   * Events of `kinds` from `from` to `to` (at most WEEK_EVENTS_MAX), of `symbols` when given: with
   * a cache, a user's are picked from the whole market's kept range when nothing of it was cut.
   */
  async function eventsBetween(
    kinds: ListingEvent['kind'][],
    from: string,
    to: string,
    symbols: readonly string[] | undefined,
  ): Promise<readonly MarketEvent[]> {
    if (symbols?.length === 0) return [];
    if (!symbols || cache) {
      const market = await marketRange(kinds, from, to);
      if (!symbols) return market.events;
      if (market.complete) {
        const wanted = new Set(symbols);
        return market.events.filter((event) => wanted.has(event.symbol));
      }
    }
    const rows = await repository.between({ kinds, from, to, symbols, limit: WEEK_EVENTS_MAX });
    return (await present(rows)).events;
  }

  /** The listings of a user's scope: undefined for the whole market. */
  async function scopeSymbols(scope: CalendarScope, userId: string | undefined) {
    if (scope === 'all') return undefined;
    if (!userId) throw unauthorized(`Log in to see the calendar of your ${scope}.`);
    const symbols =
      scope === 'holdings' ? await deps.heldSymbols(userId) : await deps.watchedSymbols(userId);
    return symbols.slice(0, PERSONAL_SYMBOLS_MAX);
  }

  async function personalSymbols(userId: string) {
    const [held, watched] = await Promise.all([
      deps.heldSymbols(userId),
      deps.watchedSymbols(userId),
    ]);
    return [...new Set([...held, ...watched])].slice(0, PERSONAL_SYMBOLS_MAX);
  }

  /** One week (Monday–Friday) of earnings or dividends, for the whole market or a user's scope. */
  async function week(
    query: MarketWeekQuery & { scope: CalendarScope },
    userId: string | undefined,
  ) {
    const monday = mondayOf(query.week ?? today());
    const days = weekDays(monday);
    const symbols = await scopeSymbols(query.scope, userId);
    const kinds: ListingEvent['kind'][] =
      query.kind === 'earnings' ? ['earnings'] : ['dividend', 'split'];
    const events = await eventsBetween(kinds, monday, days.at(-1) ?? monday, symbols);
    // The dividends week lists ex-dates: a dividend not declared yet has none to list.
    const listed = events.filter((r) => r.kind !== 'dividend' || r.ex_date !== null);
    const sectors = [...new Set(listed.flatMap((r) => (r.sector ? [r.sector] : [])))].sort();
    const shown = query.sector ? listed.filter((r) => r.sector === query.sector) : listed;
    return { week: monday, days, events: shown, sectors, source: source.name };
  }

  /** A company's next results, next ex-dividend date and last four reported results. */
  async function company(symbol: string) {
    const rows = await repository.ofSymbol(symbol);
    const day = today();
    const nextEarnings =
      rows.find((r) => r.kind === 'earnings' && r.date >= day && r.eps_reported === null) ?? null;
    const nextEx =
      rows.find((r) => r.kind === 'dividend' && r.ex_date !== null && r.ex_date >= day) ?? null;
    const reported = rows
      .filter((r) => r.kind === 'earnings' && r.eps_reported !== null)
      .reverse()
      .slice(0, LAST_RESULTS);
    const { events: shown } = await present([
      ...(nextEarnings ? [nextEarnings] : []),
      ...(nextEx ? [nextEx] : []),
      ...reported,
    ]);
    // `present` keeps the order: the next dates come first when they exist.
    let at = 0;
    const next_earnings = nextEarnings ? (shown[at++] ?? null) : null;
    const next_ex_dividend = nextEx ? (shown[at++] ?? null) : null;
    return {
      symbol,
      next_earnings,
      next_ex_dividend,
      last_results: shown.slice(at),
      source: source.name,
    };
  }

  return {
    sourceName: source.name,

    /** Stops listening for the refresh's notices. */
    closeCache: async () => cache?.close(),

    /** Starts listening for the notices that drop what is kept, and waits for it (tests). */
    cacheReady: async () => cache?.ready(),

    /** The kept ranges' and answers' state (undefined without a cache); for tests. */
    cacheStats: () => cache?.stats(),

    /** Stores the source's events of the refresh window (see the repository's storeRefresh). */
    async refresh(): Promise<{ stored: number }> {
      const now = clock.now();
      const { from, to } = refreshWindow(isoDay(now));
      const events = await source.events(await deps.listings(), from, to, now);
      return { stored: await repository.storeRefresh(source.name, isoDay(now), events, now) };
    },

    week,

    /** `week`'s view, the whole market's kept per week, kind and sector (one object while kept). */
    async keptWeek(query: MarketWeekQuery & { scope: CalendarScope }, userId: string | undefined) {
      const build = () => week(query, userId);
      if (query.scope !== 'all' || !cache) return build();
      const monday = mondayOf(query.week ?? today());
      return cache.answer(`week ${query.kind} ${monday} ${query.sector ?? ''}`, build);
    },

    company,

    /** `company`'s dates, kept per listing and day (one object while kept). */
    keptCompany(symbol: string) {
      const build = () => company(symbol);
      return cache ? cache.answer(`company ${symbol} ${today()}`, build) : build();
    },

    /** This week's events (Monday–Sunday) of the user's holdings, for the dashboard. */
    async holdingsWeek(userId: string) {
      const monday = mondayOf(today());
      const held = (await deps.heldSymbols(userId)).slice(0, PERSONAL_SYMBOLS_MAX);
      const kinds: ListingEvent['kind'][] = ['earnings', 'dividend', 'split'];
      return {
        week: monday,
        events: await eventsBetween(kinds, monday, addIsoDays(monday, 6), held),
      };
    },

    /** Stored results and dividend dates of `symbols` as the personal calendar lists them. */
    async corporateEvents(
      symbols: readonly string[],
      from: string,
      to: string,
    ): Promise<CorporateEvent[]> {
      const rows = await repository.between({
        kinds: ['earnings', 'dividend'],
        from,
        to,
        symbols,
        limit: WEEK_EVENTS_MAX,
      });
      return rows.map((row) => ({
        symbol: row.symbol,
        kind: row.kind === 'earnings' ? 'earnings' : 'dividend',
        date: row.date,
        detail:
          row.kind === 'earnings'
            ? DETAIL[row.timing]
            : row.ex_date
              ? `Ex-dividend${row.amount === null ? '' : ` (${row.amount.toFixed(2)} a share)`}`
              : 'Dividend declaration expected',
      }));
    },

    /** Whether the user has a private feed link, and since when (epoch seconds). */
    async feedState(userId: string) {
      const read = async () => ({ created_at: (await repository.feedOf(userId)) ?? null });
      const { created_at: at } = cache ? await cache.feedState(userId, read) : await read();
      return { active: at !== null, created_at: at ? Math.floor(at.getTime() / 1000) : null };
    },

    /** A new private feed link for the user (the old one stops working); shown once. */
    async createFeed(userId: string) {
      const token = newToken();
      const now = clock.now();
      await repository.setFeed(userId, hashToken(token).toString('hex'), now);
      // The old link's kept feed goes everywhere before the new link is shown.
      await cache?.feedChanged(userId);
      return {
        path: `/api/market-calendar/feed/${token}.ics`,
        created_at: Math.floor(now.getTime() / 1000),
      };
    },

    /** Revokes the user's feed link. */
    async revokeFeed(userId: string) {
      await repository.removeFeed(userId);
      // Every process dropped the link's kept feed before this answers: it is 404 everywhere.
      await cache?.feedChanged(userId);
      return { active: false, created_at: null };
    },

    /**
     * The iCalendar feed of a feed token's owner (their holdings' and watchlists' events from a
     * month ago to four months ahead), kept per token and business day when there is a cache.
     */
    async feed(token: string): Promise<KeptFeed> {
      const missing = () => notFound('This calendar link does not exist or was revoked.');
      if (!/^[0-9a-f]{64}$/.test(token)) throw missing();
      const hash = hashToken(token).toString('hex');
      const day = today();
      const build = async (): Promise<KeptFeed | undefined> => {
        const owner = await repository.feedOwner(hash);
        if (!owner) return undefined;
        const symbols = await personalSymbols(owner);
        const rows =
          symbols.length === 0
            ? []
            : await repository.between({
                kinds: ['earnings', 'dividend', 'split'],
                from: addIsoDays(day, -31),
                to: addIsoDays(day, 120),
                symbols,
                limit: WEEK_EVENTS_MAX,
              });
        const answer = calendarFeedAnswer(rows, { publicUrl: deps.publicUrl, now: clock.now() });
        return { owner, day, ...answer };
      };
      const feed = cache ? await cache.feed(hash, day, build) : await build();
      if (!feed) throw missing();
      return feed;
    },
  };
}

export type MarketCalendarService = ReturnType<typeof createMarketCalendarService>;
