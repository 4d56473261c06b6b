import type { MarketEvent } from '@app/shared/api/market-calendar';
import { createAnswerCache } from '../../cache/answer-cache.ts';
import type { NoticeHub } from '../../db/notice-hub.ts';

/** Where the calendar's refresh announces that it rewrote `market_events` (its commit). */
export const MARKET_CALENDAR_CHANNEL = 'stockpulse_market_calendar';
/** The refresh's notice. */
export const MARKET_EVENTS_REFRESHED = 'events';
/** Where the database announces a changed feed link with its user's id (migration 2026-12-01T6400-calendar-feeds-notify). */
export const CALENDAR_FEEDS_CHANNEL = 'stockpulse_calendar_feeds';
/** Where it announces a changed watchlist with its user's id (migration 2026-11-30T1300-watchlist-notify). */
const WATCHLISTS_CHANNEL = 'stockpulse_watchlists';
/**
 * Where it announces portfolio changes (migration 2026-11-28T1000-portfolio-notify): `u:` user ids
 * (a portfolio row changed; every ledger write bumps its row), `s:` listings whose company facts
 * changed, `*`.
 */
const PORTFOLIO_CHANNEL = 'stockpulse_portfolio';

/**
 * Bytes of feeds kept at most (the oldest goes first); a feed lists at most WEEK_EVENTS_MAX
 * events, under a megabyte.
 */
const FEED_BYTES_KEPT = 32 * 1024 * 1024;
/**
 * A safety net only: every change a feed is built from is announced, so an entry is normally
 * dropped long before.
 */
const FEED_MAX_AGE_MS = 5 * 60_000;
/** Users whose feed link's state is kept at most (the oldest goes first); an entry is a few bytes. */
const FEED_STATES_KEPT = 50_000;

/** Whether a user has a feed link and when it was made (null: none). */
export type FeedState = { created_at: Date | null };

/** A private feed's answer, as its route sends it. */
export type KeptFeed = {
  /** The feed link's owner. */
  owner: string;
  /** The business day the feed was built for (its range starts from it). */
  day: string;
  body: Buffer;
  etag: string;
};

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
 * their routes write once per kept answer; and the private feeds (`createFeedStore`). All of it
 * is dropped, in one step, on the refresh's notice (NOTIFYed in its transaction), a feed also on
 * its owner's changes; nothing is served from memory while the process does not listen (a notice
 * could be missed).
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
  const feeds = createFeedStore(deps.hub);
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

    feed: feeds.get,
    feedState: feeds.state,
    feedChanged: feeds.changed,

    /** Starts listening and waits for it (tests, start-up). */
    ready: async () => {
      await listener.ready();
      await feeds.ready();
    },

    /** How many ranges, answers and feeds are kept, and whether the process listens (tests). */
    stats: () => ({
      ranges: ranges.size,
      bodies: answers.size,
      feeds: feeds.size(),
      feedStates: feeds.states(),
      listening: listener.isListening(),
      feedsListening: feeds.listening(),
    }),

    close: async () => {
      await listener.close();
      await feeds.close();
    },
  };
}

export type MarketCalendarCache = ReturnType<typeof createMarketCalendarCache>;

/**
 * The private feeds kept in each API process by their token's hash (a calendar app polls its
 * link; reading the owner, the holdings, the watchlists and the events each time ran at 0.22×
 * the reference), and each user's feed link state (the account page asks it on every visit; one
 * SELECT per request ran at 0.49×). An entry is dropped when anything it was built from may have changed: the
 * calendar's refresh (everything), the owner's feed link, holdings or watchlists (the owner's
 * entries), a listing's company facts (everything, they are rare). Nothing is served while the
 * process does not listen; a build during which any notice (or a reconnect) arrived is not
 * kept. A feed link's change through the service waits (`changed`) until every listening
 * process dropped the owner's entries, so a revoked link answers 404 everywhere at once.
 */
function createFeedStore(hub: NoticeHub) {
  /** By token hash, oldest first. */
  const entries = new Map<string, KeptFeed & { keptAt: number }>();
  const byOwner = new Map<string, Set<string>>();
  /** Feed link states by user, oldest first. */
  const states = new Map<string, FeedState>();
  let bytes = 0;

  const listener = hub.listen({
    channel: CALENDAR_FEEDS_CHANNEL,
    extraChannels: [MARKET_CALENDAR_CHANNEL, WATCHLISTS_CHANNEL, PORTFOLIO_CHANNEL],
    label: 'market calendar feeds',
    onNotice: (payload, channel) => {
      if (channel === MARKET_CALENDAR_CHANNEL || payload === '*') return dropAll();
      if (channel === PORTFOLIO_CHANNEL) {
        if (payload.startsWith('u:')) for (const id of payload.slice(2).split(',')) dropOwner(id);
        else if (payload.startsWith('s:')) dropAll();
        // Quotes (`q:`), history (`h:`) and ledgers (`p:`, announced with `u:`) are not in a feed.
        return;
      }
      dropOwner(payload);
    },
    // A feed link changed through a service: its owner's entries go before this acknowledges.
    onConfirmRequest: (subject) => {
      for (const id of subject.split(',')) dropOwner(id);
    },
    onReset: () => clear(),
  });

  function clear() {
    entries.clear();
    byOwner.clear();
    states.clear();
    bytes = 0;
  }

  function drop(hash: string) {
    const entry = entries.get(hash);
    if (!entry) return;
    entries.delete(hash);
    bytes -= entry.body.length;
    const hashes = byOwner.get(entry.owner);
    hashes?.delete(hash);
    if (hashes?.size === 0) byOwner.delete(entry.owner);
  }

  function dropAll() {
    listener.bump();
    clear();
  }

  function dropOwner(owner: string) {
    listener.bump();
    states.delete(owner);
    for (const hash of [...(byOwner.get(owner) ?? [])]) drop(hash);
  }

  function keep(hash: string, feed: KeptFeed) {
    drop(hash);
    if (feed.body.length > FEED_BYTES_KEPT) return;
    for (const oldest of entries.keys()) {
      if (bytes + feed.body.length <= FEED_BYTES_KEPT) break;
      drop(oldest);
    }
    entries.set(hash, { ...feed, keptAt: performance.now() });
    bytes += feed.body.length;
    let hashes = byOwner.get(feed.owner);
    if (!hashes) byOwner.set(feed.owner, (hashes = new Set()));
    hashes.add(hash);
  }

  return {
    /**
     * The feed of the token hashing to `hash` on `day` from memory, else `build()`'s (undefined:
     * no such link, never kept). Starts listening on first use; until it listens every call builds.
     */
    get: async (
      hash: string,
      day: string,
      build: () => Promise<KeptFeed | undefined>,
    ): Promise<KeptFeed | undefined> => {
      if (!listener.listens()) return build();
      const entry = entries.get(hash);
      if (entry && entry.day === day && performance.now() - entry.keptAt <= FEED_MAX_AGE_MS) {
        return entry;
      }
      const mark = listener.generation();
      const feed = await build();
      if (feed && feed.day === day && listener.isListening() && mark === listener.generation())
        keep(hash, feed);
      return feed;
    },

    /**
     * `owner`'s feed link state from memory, else `build()`'s, kept unless a notice (or a
     * reconnect) arrived during the build. Until the process listens every call builds.
     */
    state: async (owner: string, build: () => Promise<FeedState>): Promise<FeedState> => {
      if (!listener.listens()) return build();
      const kept = states.get(owner);
      if (kept) return kept;
      const mark = listener.generation();
      const state = await build();
      if (listener.isListening() && mark === listener.generation()) {
        if (states.size >= FEED_STATES_KEPT) {
          const oldest = states.keys().next().value;
          if (oldest !== undefined) states.delete(oldest);
        }
        states.set(owner, state);
      }
      return state;
    },

    /**
     * After a change of `owner`'s feed link committed: drops the owner's feeds here, then asks
     * every listening process to drop them and waits until each one (by backend pid) did. A
     * process that does not answer within two seconds (it died) is not waited for.
     */
    changed: async (owner: string): Promise<void> => {
      dropOwner(owner);
      await listener.confirmEverywhere(owner);
    },

    ready: listener.ready,
    listening: () => listener.isListening(),
    size: () => entries.size,
    states: () => states.size,
    close: listener.close,
  };
}
