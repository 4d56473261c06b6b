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
import { calendarFeed } from './market-calendar-feed.ts';
import type { MarketCalendarRepository, MarketEventRow } from './market-calendar.repository.ts';
import {
  LAST_RESULTS,
  mondayOf,
  PERSONAL_SYMBOLS_MAX,
  refreshWindow,
  storyWindow,
  surprisePct,
  WEEK_EVENTS_MAX,
  weekDays,
} from './market-calendar-rules.ts';

type Story = { id: string; title: string; tickers: string[]; published: Date };

/** The stories of an event: about its listing, published around its day (results or declaration). */
function storiesOf(row: MarketEventRow, stories: readonly Story[]): MarketEvent['stories'] {
  const day =
    row.kind === 'dividend' ? row.declared_date : row.kind === 'earnings' ? row.date : null;
  if (day === null) return [];
  const window = storyWindow(day);
  return stories
    .filter(
      (s) =>
        s.tickers.includes(row.symbol) && s.published >= window.from && s.published <= window.to,
    )
    .reverse()
    .slice(0, 5)
    .map(({ id, title }) => ({ id, title }));
}

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
}) {
  const { repository, source, clock } = deps;
  const today = () => isoDay(clock.now());

  /** Rows as the API shows them, with their surprises and stories. */
  async function present(rows: readonly MarketEventRow[]): Promise<MarketEvent[]> {
    const storyDays = rows.flatMap((r) =>
      r.kind === 'earnings' && r.eps_reported !== null
        ? [r.date]
        : r.kind === 'dividend' && r.declared_date
          ? [r.declared_date]
          : [],
    );
    let stories: Story[] = [];
    if (storyDays.length > 0) {
      const sorted = [...storyDays].sort();
      const symbols = [...new Set(rows.map((r) => r.symbol))];
      stories = await deps.stories(
        symbols,
        storyWindow(sorted[0] ?? today()).from,
        storyWindow(sorted.at(-1) ?? today()).to,
        500,
      );
    }
    return rows.map((row) => ({
      ...row,
      source: row.source === 'yahoo' ? 'yahoo' : 'demo',
      eps_surprise_pct: surprisePct(row.eps_reported, row.eps_estimate),
      revenue_surprise_pct: surprisePct(row.revenue_reported, row.revenue_estimate),
      stories: storiesOf(row, stories),
    }));
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

  return {
    sourceName: source.name,

    /** Stores the source's events of the refresh window (see the repository's storeRefresh). */
    async refresh(): Promise<{ stored: number }> {
      const now = clock.now();
      const { from, to } = refreshWindow(isoDay(now));
      const events = await source.events(await deps.listings(), from, to, now);
      return { stored: await repository.storeRefresh(source.name, isoDay(now), events, now) };
    },

    /** One week (Monday–Friday) of earnings or dividends, for the whole market or a user's scope. */
    async week(query: MarketWeekQuery & { scope: CalendarScope }, userId: string | undefined) {
      const monday = mondayOf(query.week ?? today());
      const days = weekDays(monday);
      const symbols = await scopeSymbols(query.scope, userId);
      const kinds: ListingEvent['kind'][] =
        query.kind === 'earnings' ? ['earnings'] : ['dividend', 'split'];
      const rows =
        symbols?.length === 0
          ? []
          : await repository.between({
              kinds,
              from: monday,
              to: days.at(-1) ?? monday,
              ...(symbols && { symbols }),
              limit: WEEK_EVENTS_MAX,
            });
      // The dividends week lists ex-dates: a dividend not declared yet has none to list.
      const listed = rows.filter((r) => r.kind !== 'dividend' || r.ex_date !== null);
      const sectors = [...new Set(listed.flatMap((r) => (r.sector ? [r.sector] : [])))].sort();
      const shown = query.sector ? listed.filter((r) => r.sector === query.sector) : listed;
      return { week: monday, days, events: await present(shown), sectors, source: source.name };
    },

    /** A company's next results, next ex-dividend date and last four reported results. */
    async company(symbol: string) {
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
      const shown = await present([
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
    },

    /** This week's events (Monday–Sunday) of the user's holdings, for the dashboard. */
    async holdingsWeek(userId: string) {
      const monday = mondayOf(today());
      const held = (await deps.heldSymbols(userId)).slice(0, PERSONAL_SYMBOLS_MAX);
      const rows =
        held.length === 0
          ? []
          : await repository.between({
              kinds: ['earnings', 'dividend', 'split'],
              from: monday,
              to: addIsoDays(monday, 6),
              symbols: held,
              limit: WEEK_EVENTS_MAX,
            });
      return { week: monday, events: await present(rows) };
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
      const at = await repository.feedOf(userId);
      return { active: at !== undefined, created_at: at ? Math.floor(at.getTime() / 1000) : null };
    },

    /** A new private feed link for the user (the old one stops working); shown once. */
    async createFeed(userId: string) {
      const token = newToken();
      const now = clock.now();
      await repository.setFeed(userId, hashToken(token).toString('hex'), now);
      return {
        path: `/api/market-calendar/feed/${token}.ics`,
        created_at: Math.floor(now.getTime() / 1000),
      };
    },

    /** Revokes the user's feed link. */
    async revokeFeed(userId: string) {
      await repository.removeFeed(userId);
      return { active: false, created_at: null };
    },

    /** The iCalendar text of a feed token's owner: their holdings' and watchlists' events. */
    async feed(token: string): Promise<string> {
      const owner = /^[0-9a-f]{64}$/.test(token)
        ? await repository.feedOwner(hashToken(token).toString('hex'))
        : undefined;
      if (!owner) throw notFound('This calendar link does not exist or was revoked.');
      const symbols = await personalSymbols(owner);
      const day = today();
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
      return calendarFeed(rows, { publicUrl: deps.publicUrl, now: clock.now() });
    },
  };
}

export type MarketCalendarService = ReturnType<typeof createMarketCalendarService>;
