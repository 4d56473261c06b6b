import {
  feedUrlSchema,
  type NewsSourceTest,
  type NewsSourceView,
} from '@app/shared/api/news-sources';
import type { Clock } from '../../clock.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { FeedFetcher } from '../../providers/news/feed-fetcher.ts';
import type { RawNewsItem } from '../../providers/news/news-source.ts';
import { itemDate } from '../news/item-date.ts';
import { DEFAULT_FEEDS } from './default-sources.ts';
import type { NewsSourceOrigin } from '../../db/schema.ts';
import type { NewsSourceRow, NewsSourcesRepository } from './news-sources.repository.ts';
import {
  DISABLE_AFTER_FAILURES,
  nextFetchAt,
  sourceNameOf,
  storableText,
} from './news-source-rules.ts';
import { parseOpml, writeOpml } from './opml.ts';
import { readFeed, sourceView } from './news-source-feeds.ts';

/** One managed feed's items of a poll, or why it gave none. */
export type FeedBatch = {
  name: string;
  items: RawNewsItem[];
  /** The feed's first successful read: its items are its back catalogue, not news. */
  firstRead: boolean;
};

/** Feeds fetched at once by one poll (the fetcher spaces requests to one host itself). */
const POLL_CONCURRENCY = 8;
const POLL_LIMIT = 500;

/**
 * The RSS/Atom feeds the product polls, managed by admins (news-sources.routes.ts) and seeded
 * from NEWS_SOURCES: listing with health and counts, a test read that stores nothing, pause,
 * remove, OPML in and out, and the worker's poll, which keeps each feed's validators, back-off
 * and health.
 */
export function createNewsSourcesService(deps: {
  repository: NewsSourcesRepository;
  fetcher: FeedFetcher;
  clock: Clock;
  /** NEWS_SOURCES: its feed URLs and `default` seed the list. */
  seeds: readonly string[];
  /** Admin-added feeds may reach private addresses (NEWS_FEEDS_PRIVATE_ADDRESSES). */
  allowPrivateAddresses: boolean;
  log: { warn(obj: object, msg: string): void };
}) {
  const { repository, clock } = deps;
  let seeded: Promise<void> | undefined;

  /** The operator's own feeds (NEWS_SOURCES, the curated list) are trusted to be internal. */
  const privateAllowed = (origin: NewsSourceRow['origin']) =>
    origin !== 'admin' || deps.allowPrivateAddresses;

  async function seed(): Promise<void> {
    const now = clock.now();
    const rows = deps.seeds.flatMap(
      (entry): { url: string; title: string; origin: NewsSourceOrigin }[] => {
        if (entry === 'default')
          return DEFAULT_FEEDS.map((feed) => ({ ...feed, origin: 'default' }));
        return /^https?:\/\//.test(entry) ? [{ url: entry, title: '', origin: 'env' }] : [];
      },
    );
    await repository.insertMissing(
      rows.map((row) => ({ ...row, name: sourceNameOf(row.url) })),
      now,
    );
  }

  /** Seeds once per process (an insert of what is missing: every process may run it). */
  const ensureSeeded = () =>
    (seeded ??= seed().catch((error: unknown) => {
      seeded = undefined;
      throw error;
    }));

  async function found(id: string): Promise<NewsSourceRow> {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await repository.byId(id) : undefined;
    if (!row || row.state === 'removed') throw notFound('No such news source.');
    return row;
  }

  /** Polls one due feed and records the outcome on its row. */
  async function pollOne(
    row: NewsSourceRow,
    now: Date,
  ): Promise<FeedBatch | { name: string; error: string }> {
    const feed = await readFeed(deps.fetcher, row.url, privateAllowed(row.origin), row);
    const { fetched, title, items, error } = feed;
    const after = clock.now();
    const common = {
      last_fetch_at: after,
      last_http_status: fetched.status,
      updated_at: after,
      ...(fetched.movedTo && { url: fetched.movedTo }),
    };
    if (error !== null) {
      const failures = row.failures + 1;
      await repository.update(row.id, {
        ...common,
        last_error: storableText(error, 1000),
        failures,
        failing_since: row.failing_since ?? after,
        disabled: failures >= DISABLE_AFTER_FAILURES,
        next_fetch_at: nextFetchAt(now, row.interval_seconds, failures, fetched.retryAfterMs),
      });
      return { name: row.name, error: `feed ${row.url}: ${error}` };
    }
    await repository.update(row.id, {
      ...common,
      last_error: null,
      failures: 0,
      failing_since: null,
      etag: fetched.validators.etag,
      last_modified: fetched.validators.lastModified,
      next_fetch_at: nextFetchAt(now, row.interval_seconds, 0),
      ...(fetched.status !== 304 && { last_success_at: after, served_with_errors: feed.recovered }),
      ...(title && !row.title && { title: storableText(title, 300) }),
    });
    // A 304 has no items; a first read that answered 304 cannot happen (no validators yet).
    return { name: row.name, items, firstRead: row.last_success_at === null };
  }

  return {
    ensureSeeded,

    async list(): Promise<NewsSourceView[]> {
      await ensureSeeded();
      return (await repository.list(clock.now())).map(sourceView);
    },

    async add(body: { url: string; title?: string | undefined }): Promise<NewsSourceView> {
      await ensureSeeded();
      const url = new URL(body.url).href;
      const existing = await repository.byUrl(url);
      const now = clock.now();
      if (existing && existing.state !== 'removed') {
        throw conflict('This feed is already listed.');
      }
      const row = existing
        ? await repository.update(existing.id, {
            state: 'active',
            origin: 'admin',
            disabled: false,
            failures: 0,
            failing_since: null,
            next_fetch_at: now,
            updated_at: now,
            ...(body.title && { title: body.title }),
          })
        : (
            await repository.insertMissing(
              [{ name: sourceNameOf(url), url, title: body.title ?? '', origin: 'admin' }],
              now,
            )
          )[0];
      if (!row) throw conflict('This feed is already listed.');
      return sourceView(row);
    },

    /** Reads a feed as the poll would and says what it would store; stores nothing. */
    async test(url: string): Promise<Omit<NewsSourceTest, 'status'>> {
      const { fetched, title, items, error } = await readFeed(
        deps.fetcher,
        new URL(url).href,
        deps.allowPrivateAddresses,
      );
      const firstSeen = clock.now();
      return {
        url: fetched.movedTo ?? new URL(url).href,
        http_status: fetched.status,
        feed_title: title,
        error,
        items: items.slice(0, 50).map((item) => {
          const date = itemDate(item.publishedAt, firstSeen);
          return {
            title: item.title,
            link: item.link,
            publisher: item.publisher,
            date: Math.floor(date.date.getTime() / 1000),
            date_estimated: date.estimated,
          };
        }),
      };
    },

    /** Pauses or resumes a feed; resuming a disabled feed gives it a fresh start. */
    async setState(id: string, state: 'active' | 'paused'): Promise<NewsSourceView> {
      const row = await found(id);
      const now = clock.now();
      const updated = await repository.update(row.id, {
        state,
        updated_at: now,
        ...(state === 'active' && {
          disabled: false,
          failures: 0,
          failing_since: null,
          next_fetch_at: now,
        }),
      });
      if (!updated) throw notFound('No such news source.');
      return sourceView(updated);
    },

    /** Removes a feed from the list (its stored articles stay); seeding never brings it back. */
    async remove(id: string): Promise<void> {
      const row = await found(id);
      await repository.update(row.id, { state: 'removed', updated_at: clock.now() });
    },

    async exportOpml(): Promise<string> {
      await ensureSeeded();
      const rows = await repository.list(clock.now());
      return writeOpml(
        rows.map((row) => ({ url: row.url, title: row.title })),
        clock.now(),
      );
    },

    /** Adds the OPML's feeds not listed yet; invalid or listed ones are skipped. */
    async importOpml(text: string): Promise<{ added: number; skipped: number }> {
      await ensureSeeded();
      let feeds;
      try {
        feeds = parseOpml(text);
      } catch (error) {
        throw badRequest(`The OPML document cannot be read: ${(error as Error).message}`);
      }
      let added = 0;
      for (const feed of feeds) {
        if (!feedUrlSchema.safeParse(feed.url).success) continue;
        try {
          await this.add({ url: feed.url, title: storableText(feed.title, 300) });
          added += 1;
        } catch {
          // Listed already, or not an http(s) URL: skipped.
        }
      }
      return { added, skipped: feeds.length - added };
    },

    /** The worker's poll: every due feed fetched once, its outcome recorded. */
    async poll(): Promise<(FeedBatch | { name: string; error: string })[]> {
      await ensureSeeded();
      const now = clock.now();
      const due = await repository.due(now, POLL_LIMIT);
      const results: (FeedBatch | { name: string; error: string })[] = [];
      const queue = [...due];
      const worker = async () => {
        for (let row = queue.shift(); row; row = queue.shift()) {
          // Held for ten minutes while it is fetched; the outcome sets the real next time.
          if (
            !(await repository.claim(row.id, row.next_fetch_at, new Date(now.getTime() + 600_000)))
          )
            continue;
          try {
            results.push(await pollOne(row, now));
          } catch (error) {
            deps.log.warn({ source: row.name, err: error }, 'news source poll failed');
            results.push({ name: row.name, error: (error as Error).message });
          }
        }
      };
      await Promise.all(Array.from({ length: POLL_CONCURRENCY }, worker));
      return results;
    },
  };
}

export type NewsSourcesService = ReturnType<typeof createNewsSourcesService>;
