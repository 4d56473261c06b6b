import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { NewsSource, RawNewsItem } from '../../providers/news/news-source.ts';
import {
  createNewsRepository,
  type NewNewsArticle,
  type NewsRepository,
} from './news.repository.ts';
import { createTickerLinker, type TickerLinker } from './ticker-linker.ts';

export type IngestResult = {
  /** Items the sources delivered (after dropping unusable ones). */
  fetched: number;
  /** Articles stored for the first time. */
  stored: number;
  /** Sources that failed, with the reason; the others were still ingested. */
  failed: { source: string; error: string }[];
};

const cachedLinkers = new WeakMap<Database, { fingerprint: string; linker: TickerLinker }>();

/** The linker for the current companies table: compiled once per database, rebuilt when companies change. */
export async function currentLinker(
  db: Database,
  repository: NewsRepository,
): Promise<TickerLinker> {
  const fingerprint = await repository.companiesFingerprint();
  const cached = cachedLinkers.get(db);
  if (cached?.fingerprint === fingerprint) return cached.linker;
  const linker = createTickerLinker(await repository.linkerCompanies());
  cachedLinkers.set(db, { fingerprint, linker });
  return linker;
}

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
export function toArticle(item: RawNewsItem, source: string, linker: TickerLinker): NewNewsArticle {
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
  };
}

/** Fetch every source → normalise → link tickers → store new articles (idempotent on link/guid). */
export function createNewsIngestService(deps: {
  db: Database;
  sources: readonly NewsSource[];
  log: FastifyBaseLogger;
}) {
  const repository = createNewsRepository(deps.db);
  return {
    async ingest(): Promise<IngestResult> {
      const linker = await currentLinker(deps.db, repository);
      const result: IngestResult = { fetched: 0, stored: 0, failed: [] };
      const seen = new Set<string>();
      const articles: NewNewsArticle[] = [];
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
        for (const item of items) {
          if (!isWebLink(item.link) || seen.has(item.link) || seen.has(`guid:${item.guid}`))
            continue;
          seen.add(item.link);
          seen.add(`guid:${item.guid}`);
          articles.push(toArticle(item, source.name, linker));
        }
      }
      result.fetched = articles.length;
      if (deps.sources.length > 0 && result.failed.length === deps.sources.length) {
        throw new Error(
          `every news source failed: ${result.failed.map((f) => f.error).join('; ')}`,
        );
      }
      result.stored = (await repository.insertMany(articles)).length;
      return result;
    },
  };
}
