import type { CalendarEvent, CalendarEventInput } from '@app/shared/api/portfolio';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../clock.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type {
  CorporateEvent,
  MarketDataProvider,
} from '../../providers/market-data/market-data-provider.ts';
import type { CalendarCache } from './calendar-cache.ts';
import type { CalendarEventRow, CalendarRepository } from './calendar.repository.ts';
import {
  CALENDAR_DEFAULT_DAYS,
  CALENDAR_EVENTS_PER_USER_MAX,
  checkRange,
  companiesOfInterest,
  sortEvents,
} from './calendar-rules.ts';
import { addIsoDays, isoDay } from '@app/shared/dates';

/** How long a set of listings' corporate events and names are reused. */
const CORPORATE_TTL_MS = 60_000;
/** Listing sets kept at most (the oldest go first). */
const CORPORATE_KEPT = 5_000;

const own = (row: Readonly<CalendarEventRow>): CalendarEvent => ({
  id: row.id,
  kind: 'user',
  date: row.date,
  title: row.title,
  note: row.note,
  symbol: row.symbol,
  reason: 'own',
  source: 'user',
});

/** The values stored for an event a user sends (already validated by the shared schema). */
function values(input: CalendarEventInput) {
  const symbol = input.symbol?.trim().toUpperCase() ?? '';
  return {
    title: input.title.trim(),
    date: input.date,
    note: input.note ?? '',
    symbol: symbol === '' ? null : symbol,
  };
}

/**
 * The dashboard calendar: earnings and dividend dates of the user's holdings and watched
 * companies (from the market-data provider's corporate calendar) and the user's own events.
 */
export function createCalendarService(deps: {
  repository: CalendarRepository;
  marketData: Pick<MarketDataProvider, 'name' | 'calendar'>;
  /** The symbols the user holds (the portfolio's open positions). */
  heldSymbols: (userId: string) => Promise<string[]>;
  /** The symbols the user watches (their default watchlist). */
  watchedSymbols: (userId: string) => Promise<string[]>;
  /** Company names of listings, for event titles. */
  companyNames: (symbols: readonly string[]) => Promise<Map<string, string>>;
  clock: Clock;
  /** Users' own events kept in this process (CALENDAR_CACHE); absent: every read goes to the database. */
  cache?: CalendarCache;
}) {
  const { repository, marketData, cache } = deps;
  /** The user's own events of the range, from the cache when there is one. */
  const ownBetween = (userId: string, from: string, to: string) => {
    const load = () => repository.between(userId, from, to);
    return cache ? cache.between(userId, from, to, load) : load();
  };
  /** Runs a write of `userId`'s events; it answers once every process dropped their kept ranges. */
  async function writing<T>(userId: string, write: () => Promise<T>): Promise<T> {
    await cache?.ready();
    try {
      return await write();
    } finally {
      await cache?.changed(userId);
    }
  }
  const source = marketData.name === 'yahoo' ? 'yahoo' : 'demo';
  const missing = () => notFound('Calendar event not found.');

  /**
   * The corporate events of a set of listings over a range, with the companies' names: the same
   * for every user who holds or watches them, and the provider's data (not the user's), so kept
   * CORPORATE_TTL_MS (the dashboard asks on every visit).
   */
  const corporateReads = new LRUCache<
    string,
    { events: readonly CorporateEvent[]; names: ReadonlyMap<string, string> }
  >({ max: CORPORATE_KEPT, ttl: CORPORATE_TTL_MS });
  async function corporateFacts(symbols: readonly string[], from: string, to: string) {
    const key = `${from} ${to} ${symbols.join(',')}`;
    const kept = corporateReads.get(key);
    if (kept) return kept;
    const [events, names] = await Promise.all([
      marketData.calendar ? marketData.calendar(symbols, from, to) : [],
      deps.companyNames(symbols),
    ]);
    const read = { events, names };
    corporateReads.set(key, read);
    return read;
  }

  async function corporateEvents(userId: string, from: string, to: string) {
    if (!marketData.calendar) return [];
    const [held, watched] = await Promise.all([
      deps.heldSymbols(userId),
      deps.watchedSymbols(userId),
    ]);
    const reasons = companiesOfInterest(held, watched);
    if (reasons.size === 0) return [];
    const { events, names } = await corporateFacts([...reasons.keys()], from, to);
    return events.map((event): CalendarEvent => ({
      id: null,
      kind: event.kind,
      date: event.date,
      title: `${names.get(event.symbol) ?? event.symbol}: ${event.kind === 'earnings' ? 'quarterly results' : 'dividend'}`,
      note: event.detail,
      symbol: event.symbol,
      reason: reasons.get(event.symbol) ?? 'watchlist',
      source,
    }));
  }

  return {
    /** The calendar cache's state (undefined when CALENDAR_CACHE is off); for tests. */
    cacheStats: () => cache?.stats(),
    /** Stops the calendar cache's listener. */
    closeCache: async () => {
      await cache?.close();
    },

    /** The user's calendar of `from`–`to` (defaults: today and the 31 days from it). */
    async events(userId: string, range: { from?: string; to?: string }): Promise<CalendarEvent[]> {
      const from = range.from ?? isoDay(deps.clock.now());
      const to = range.to ?? addIsoDays(from, CALENDAR_DEFAULT_DAYS - 1);
      checkRange(from, to);
      const [corporate, mine] = await Promise.all([
        corporateEvents(userId, from, to),
        ownBetween(userId, from, to),
      ]);
      return sortEvents([...corporate, ...mine.map(own)]);
    },

    async create(userId: string, input: CalendarEventInput): Promise<CalendarEvent> {
      if ((await repository.count(userId)) >= CALENDAR_EVENTS_PER_USER_MAX) {
        throw conflict(`You can keep at most ${CALENDAR_EVENTS_PER_USER_MAX} calendar events.`);
      }
      return own(await writing(userId, () => repository.insert(userId, values(input))));
    },

    /** Updates one of the user's own events (another user's is not found). */
    async update(userId: string, id: string, input: CalendarEventInput): Promise<CalendarEvent> {
      const row = await writing(userId, () =>
        repository.update(userId, id, values(input), deps.clock.now()),
      );
      if (!row) throw missing();
      return own(row);
    },

    /** Removes one of the user's own events (another user's is not found). */
    async remove(userId: string, id: string): Promise<void> {
      if (!(await writing(userId, () => repository.remove(userId, id)))) throw missing();
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
