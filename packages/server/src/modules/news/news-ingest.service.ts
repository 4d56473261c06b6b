import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { NewsSource, RawNewsItem } from '../../providers/news/news-source.ts';
import { itemDate } from './item-date.ts';
import type { LinkerCache } from './linker-cache.ts';
import type { NewNewsArticle, NewsRepository } from './news.repository.ts';
import { readFullTexts, type FullTextReader } from './news-full-text.ts';
import {
  bandKeys,
  minhash,
  sameStory,
  similarity,
  STORY_WINDOW_DAYS,
  storyText,
  type StoryArticle,
} from './news-stories.ts';
import { isWebLink, toArticle, type ItemStanding } from './news-item-row.ts';

export type IngestResult = {
  /** Items the sources delivered (after dropping unusable ones). */
  fetched: number;
  /** Articles stored for the first time. */
  stored: number;
  /** Sources that failed, with the reason; the others were still ingested. */
  failed: { source: string; error: string }[];
  /** New articles stored with the full text read from their page. */
  fullText: number;
  /** Stored articles whose text changed under the same guid (sent to the analyst again). */
  updated: number;
};

/** A managed feed's items of one poll (news-sources module), or why it gave none. */
export type FeedPollResult =
  { name: string; items: RawNewsItem[]; firstRead: boolean } | { name: string; error: string };

/** Reads article pages for new articles that came without their text (off when absent). */
export type IngestFullText = {
  read: FullTextReader;
  maxPages?: number;
  concurrency?: number;
};

/** The source of a managed feed's items: its stored name; feed links lead to readable pages. */
const feedSource = (name: string): NewsSource => ({
  name,
  fullText: true,
  fetch: () => Promise.resolve([]),
});

/**
 * Fetch every source and due managed feed → normalise → date (first seen when the feed has no
 * usable date) → link tickers → read the full text of new articles that lack it → store new
 * articles (idempotent on link/guid), update those whose text changed under the same guid.
 * Reading before storing means the analyst, which takes waiting articles every minute, never
 * sees an article before its text.
 */
export function createNewsIngestService(deps: {
  repository: NewsRepository;
  linkers: LinkerCache;
  sources: readonly NewsSource[];
  /** The managed feeds due now (news-sources module); absent where there are none. */
  feeds?: { poll(): Promise<FeedPollResult[]> } | undefined;
  log: FastifyBaseLogger;
  fullText?: IngestFullText | undefined;
  /** Business time: when an item is first seen. */
  now: () => Date;
}) {
  const { repository } = deps;

  /** Items of sources with readable pages, not stored yet, that came without content. */
  async function wantingText(
    collected: readonly Collected[],
  ): Promise<{ link: string; publishedAt: Date }[]> {
    const candidates = collected.filter((c) => c.source.fullText && !c.item.content);
    const stored = await repository.storedKeys(
      candidates.map((c) => c.article.link),
      candidates.map((c) => c.article.guid),
    );
    return candidates
      .filter((c) => !stored.has(`link:${c.article.link}`) && !stored.has(`guid:${c.article.guid}`))
      .map((c) => ({ link: c.item.link, publishedAt: c.standing.date }));
  }

  /**
   * Gives each new article its MinHash signature and, when it reports a story already stored or
   * earlier in this run, that story's id (oldest article first, so a story's first report leads
   * it). Candidates come from one lookup of the band keys (GIN index); see news-stories.ts.
   */
  async function clusterStories(collected: readonly Collected[]): Promise<void> {
    const stored = await repository.storedKeys(
      collected.map((c) => c.article.link),
      collected.map((c) => c.article.guid),
    );
    const fresh = collected
      .filter((c) => !stored.has(`link:${c.article.link}`) && !stored.has(`guid:${c.article.guid}`))
      .sort((a, b) => a.standing.date.getTime() - b.standing.date.getTime());
    if (fresh.length === 0) return;
    const signed = fresh.map((c) => {
      const signature = minhash(storyText({ ...c.item, content: c.article.articles?.[0] ?? '' }));
      return { c, signature, bands: bandKeys(signature) };
    });
    const oldest = fresh[0]?.standing.date ?? deps.now();
    const since = new Date(oldest.getTime() - STORY_WINDOW_DAYS * 86_400_000);
    const rows = await repository.storyCandidates(
      [...new Set(signed.flatMap((s) => s.bands))],
      since,
    );
    const known: { storyId: string; bands: Set<number>; story: StoryArticle }[] = rows.map(
      (row) => ({
        storyId: row.story_id ?? row.id,
        bands: new Set(row.story_bands ?? []),
        story: {
          signature: row.story_minhash ?? [],
          tickers: row.related_exchange_tickers,
          date: row.creation_date,
        },
      }),
    );
    for (const { c, signature, bands } of signed) {
      const me: StoryArticle = {
        signature,
        tickers: c.article.related_exchange_tickers ?? [],
        date: c.standing.date,
      };
      let best: (typeof known)[number] | undefined;
      for (const other of known) {
        if (![...other.bands].some((band) => bands.includes(band))) continue;
        if (!sameStory(me, other.story)) continue;
        if (
          !best ||
          similarity(signature, other.story.signature) > similarity(signature, best.story.signature)
        ) {
          best = other;
        }
      }
      const id = randomUUID();
      c.article = {
        ...c.article,
        id,
        story_id: best?.storyId ?? null,
        story_minhash: signature,
        story_bands: bands,
      };
      known.push({ storyId: best?.storyId ?? id, bands: new Set(bands), story: me });
    }
  }

  /**
   * Items of a managed feed already stored under the same guid whose text changed: the stored
   * article takes the new text (linked again) and waits for the analyst again. Its date stays.
   */
  async function updateChanged(changed: readonly Collected[]): Promise<number> {
    const feedItems = changed.filter((c) => c.managed);
    if (feedItems.length === 0) return 0;
    const stored = await repository.storedByGuid(feedItems.map((c) => c.article.guid));
    let updated = 0;
    for (const c of feedItems) {
      const row = stored.get(c.article.guid);
      if (!row || row.source !== c.article.source) continue;
      const articles = c.article.articles ?? [];
      const same =
        row.title === c.article.title &&
        row.description === (c.article.description ?? '') &&
        (row.articles[0] ?? '') === (articles[0] ?? '');
      if (same) continue;
      await repository.updateText(row.id, {
        title: c.article.title,
        description: c.article.description ?? '',
        articles,
        related_exchange_tickers: c.article.related_exchange_tickers ?? [],
        NER: c.article.NER ?? '[]',
        named_exchange_tickers: c.article.named_exchange_tickers ?? [],
        updated_at: deps.now(),
      });
      updated += 1;
    }
    return updated;
  }

  return {
    /** With `feedsOnly`, only the managed feeds due now (the minute poll). */
    async ingest(options: { feedsOnly?: boolean } = {}): Promise<IngestResult> {
      const linker = await deps.linkers.current();
      const result: IngestResult = { fetched: 0, stored: 0, failed: [], fullText: 0, updated: 0 };
      const seen = new Set<string>();
      const collected: Collected[] = [];
      const firstSeen = deps.now();
      let attempted = 0;
      const collect = (
        source: NewsSource,
        items: readonly RawNewsItem[],
        backCatalogue: boolean,
        managed: boolean,
      ) => {
        for (const item of items) {
          if (!isWebLink(item.link) || seen.has(item.link) || seen.has(`guid:${item.guid}`))
            continue;
          seen.add(item.link);
          seen.add(`guid:${item.guid}`);
          const standing = { ...itemDate(item.publishedAt, firstSeen), backCatalogue };
          collected.push({
            source,
            item,
            standing,
            managed,
            article: toArticle(item, source.name, linker, standing),
          });
        }
      };
      const failed = (source: string, error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        deps.log.warn({ source, err: error }, 'news source failed');
        result.failed.push({ source, error: message });
      };
      for (const source of options.feedsOnly ? [] : deps.sources) {
        attempted += 1;
        try {
          collect(source, await source.fetch(), false, false);
        } catch (error) {
          failed(source.name, error);
        }
      }
      for (const polled of deps.feeds ? await deps.feeds.poll() : []) {
        attempted += 1;
        if ('error' in polled) failed(polled.name, new Error(polled.error));
        else collect(feedSource(polled.name), polled.items, polled.firstRead, true);
      }
      result.fetched = collected.length;
      if (attempted > 0 && result.failed.length === attempted && !options.feedsOnly) {
        throw new Error(
          `every news source failed: ${result.failed.map((f) => f.error).join('; ')}`,
        );
      }
      if (deps.fullText) {
        const { read, ...limits } = deps.fullText;
        const texts = await readFullTexts(await wantingText(collected), read, deps.log, limits);
        for (const entry of collected) {
          const content = texts.get(entry.item.link);
          if (!content) continue;
          // Linked again: the body names companies the headline does not.
          entry.article = toArticle(
            { ...entry.item, content },
            entry.source.name,
            linker,
            entry.standing,
          );
        }
        result.fullText = texts.size;
      }
      await clusterStories(collected);
      const stored = new Set(await repository.insertMany(collected.map((c) => c.article)));
      result.stored = stored.size;
      result.updated = await updateChanged(
        collected.filter((c) => !c.article.id || !stored.has(c.article.id)),
      );
      // The first articles of the stories that stored reports joined count them.
      const reports = new Map<string, number>();
      for (const { article } of collected) {
        if (article.story_id && article.id && stored.has(article.id)) {
          reports.set(article.story_id, (reports.get(article.story_id) ?? 0) + 1);
        }
      }
      await repository.countStoryReports(reports);
      return result;
    },
  };
}

type Collected = {
  source: NewsSource;
  item: RawNewsItem;
  standing: ItemStanding;
  /** From a managed feed: a changed text under a stored guid updates the article. */
  managed: boolean;
  article: NewNewsArticle;
};
