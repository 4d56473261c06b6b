import type { MarketEvent } from '@app/shared/api/market-calendar';
import { createAnswerCache } from '../../cache/answer-cache.ts';
import type { NoticeHub } from '../../db/notice-hub.ts';

/** Where the calendar's refresh announces that it rewrote `market_events` (its commit). */
export const MARKET_CALENDAR_CHANNEL = 'stockpulse_market_calendar';
/** The refresh's notice. */
export const MARKET_EVENTS_REFRESHED = 'events';

/**
 * How long an answer is kept at most: the events change only with the daily refresh, whose notice
 * drops every answer, but each answer also lists the stories about its events, and a story about
 * a result just published should show within a minute.
 */
const ANSWER_TTL_MS = 60_000;

/** The whole market's events of a range, as the API shows them. */
export type KeptEvents = {
  events: readonly MarketEvent[];
  /**
   * Whether nothing was cut (fewer events and stories than their limits): only then does a
   * user's subset of these events equal what the same query limited to the user's listings reads.
   */
  complete: boolean;
};

/**
 * What each API process keeps of the market calendar (MARKET_CALENDAR_CACHE): the whole market's
 * events of each range asked (a week view, the holdings' week), from which a user's view is the
 * events of the user's listings; and the public answers (the week views, a company's dates), which
 * their routes write once per kept answer. All of it is dropped, in one step, on the
 * refresh's notice (NOTIFYed in its transaction); nothing is served from memory while the process
 * does not listen (a notice could be missed).
 */
export function createMarketCalendarCache(deps: { hub: NoticeHub }) {
  const ranges = createAnswerCache<KeptEvents>({ ttlMs: ANSWER_TTL_MS, maxEntries: 200 });
  const answers = createAnswerCache<object>({ ttlMs: ANSWER_TTL_MS, maxEntries: 2_000 });
  const forget = () => {
    ranges.clear();
    answers.clear();
  };
  const listener = deps.hub.keptWhileListening({
    channel: MARKET_CALENDAR_CHANNEL,
    label: 'market calendar cache',
    forget,
  });
  const listening = listener.listens;
  return {
    /** The whole market's events of `key` (kinds and days), kept while the process listens. */
    range: (key: string, build: () => Promise<KeptEvents>): Promise<KeptEvents> =>
      listening() ? ranges.get(key, async () => ({ body: await build() })) : build(),

    /**
     * A public answer's value, kept while the process listens (its route writes it once per
     * kept object). A key is always built by the same call, so its kept value is that build's.
     */
    answer: <T extends object>(key: string, build: () => Promise<T>): Promise<T> =>
      listening()
        ? (answers.get(key, async () => ({ body: await build() })) as Promise<T>)
        : build(),

    /** Starts listening and waits for it (tests, start-up). */
    ready: () => listener.ready(),

    /** How many ranges and answers are kept, and whether the process listens (tests). */
    stats: () => ({ ranges: ranges.size, bodies: answers.size, listening: listener.isListening() }),

    close: () => listener.close(),
  };
}

export type MarketCalendarCache = ReturnType<typeof createMarketCalendarCache>;
