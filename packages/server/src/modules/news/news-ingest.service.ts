import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock } from '../../clock.ts';
import type { NewsSource, RawNewsItem } from '../../providers/news/news-source.ts';
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
import type { TickerLinker } from './ticker-linker.ts';

export type IngestResult = {
  /** Items the sources delivered (after dropping unusable ones). */
  fetched: number;
  /** Articles stored for the first time. */
  stored: number;
  /** Sources that failed, with the reason; the others were still ingested. */
  failed: { source: string; error: string }[];
  /** New articles stored with the full text read from their page. */
  fullText: number;
};

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function isWebLink(link: string): boolean {
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A source item as a row: clipped fields, linked tickers, waiting for the analyst. */
export function toArticle(item: DatedItem, source: string, linker: TickerLinker): NewNewsArticle {
  const title = clip(item.title, 500);
  const description = clip(item.description, 5_000);
  const content = clip(item.content, 100_000);
  const links = linker.link([title, description, content].join('\n\n'));
  return {
    link: clip(item.link, 2_000),
    guid: clip(item.guid, 2_000),
    title,
    description,
    articles: content ? [content] : [],
    publisher: item.publisher,
    source_title: clip(item.sourceTitle, 300),
    creation_date: item.publishedAt,
    related_exchange_tickers: links.related_exchange_tickers,
    NER: JSON.stringify(links.NER),
    named_exchange_tickers: links.named_exchange_tickers,
    source: clip(source, 300),
    status: 'WAITING_INDEX',
    ...(item.sentimentHint !== undefined && { sentiment_hint: item.sentimentHint }),
  };
}

/** Reads article pages for new articles that came without their text (off when absent). */
export type IngestFullText = {
  read: FullTextReader;
  maxPages?: number;
  concurrency?: number;
};

/**
 * Fetch every source → normalise → link tickers → read the full text of new articles that lack
 * it → store new articles (idempotent on link/guid). Reading before storing means the analyst,
 * which takes waiting articles every minute, never sees an article before its text.
 */
export function createNewsIngestService(deps: {
  repository: NewsRepository;
  linkers: LinkerCache;
  sources: readonly NewsSource[];
  log: FastifyBaseLogger;
  fullText?: IngestFullText | undefined;
  /** Dates the items a source gives undated (they are read now). */
  clock?: Clock;
}) {
  const { repository } = deps;

  /** Items of sources with readable pages, not stored yet, that came without content. */
  async function wantingText(collected: readonly Collected[]): Promise<DatedItem[]> {
    const candidates = collected.filter((c) => c.source.fullText && !c.item.content);
    const stored = await repository.storedKeys(
      candidates.map((c) => c.article.link),
      candidates.map((c) => c.article.guid),
    );
    return candidates
      .filter((c) => !stored.has(`link:${c.article.link}`) && !stored.has(`guid:${c.article.guid}`))
      .map((c) => c.item);
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
      .sort((a, b) => a.item.publishedAt.getTime() - b.item.publishedAt.getTime());
    if (fresh.length === 0) return;
    const signed = fresh.map((c) => {
      const signature = minhash(storyText({ ...c.item, content: c.article.articles?.[0] ?? '' }));
      return { c, signature, bands: bandKeys(signature) };
    });
    const oldest = fresh[0]?.item.publishedAt ?? new Date();
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
        date: c.item.publishedAt,
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

  return {
    async ingest(): Promise<IngestResult> {
      const linker = await deps.linkers.current();
      const result: IngestResult = { fetched: 0, stored: 0, failed: [], fullText: 0 };
      const seen = new Set<string>();
      const collected: Collected[] = [];
      const readAt = (deps.clock ?? systemClock).now();
      for (const source of deps.sources) {
        let items: RawNewsItem[];
        try {
          items = await source.fetch();
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          deps.log.warn({ source: source.name, err: error }, 'news source failed');
          result.failed.push({ source: source.name, error: message });
          continue;
        }
        for (const raw of items) {
          // An undated item is dated when it is read, a future one no later than that.
          const dated = raw.publishedAt && raw.publishedAt <= readAt ? raw.publishedAt : readAt;
          const item = { ...raw, publishedAt: dated };
          if (!isWebLink(item.link) || seen.has(item.link) || seen.has(`guid:${item.guid}`))
            continue;
          seen.add(item.link);
          seen.add(`guid:${item.guid}`);
          collected.push({ source, item, article: toArticle(item, source.name, linker) });
        }
      }
      result.fetched = collected.length;
      if (deps.sources.length > 0 && result.failed.length === deps.sources.length) {
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
          entry.article = toArticle({ ...entry.item, content }, entry.source.name, linker);
        }
        result.fullText = texts.size;
      }
      await clusterStories(collected);
      const stored = new Set(await repository.insertMany(collected.map((c) => c.article)));
      result.stored = stored.size;
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

/** An item with a date: the source's, or the time it was read. */
type DatedItem = RawNewsItem & { publishedAt: Date };

type Collected = { source: NewsSource; item: DatedItem; article: NewNewsArticle };
