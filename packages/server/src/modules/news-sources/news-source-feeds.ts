import type { NewsSourceView } from '@app/shared/api/news-sources';
import type { FeedFetcher, FeedFetchResult } from '../../providers/news/feed-fetcher.ts';
import { parseFeed } from '../../providers/news/feed-parser.ts';
import { decodeFeed } from '../../providers/news/feed-encoding.ts';
import type { RawNewsItem } from '../../providers/news/news-source.ts';
import type { NewsSourceRow } from './news-sources.repository.ts';
import { healthOf } from './news-source-rules.ts';

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

/** A read feed: its items, or the reason it could not be read. */
export type FeedRead = {
  fetched: FeedFetchResult;
  title: string;
  items: RawNewsItem[];
  /** The document was not well-formed and was read after repairs (served with errors). */
  recovered: boolean;
  error: string | null;
};

/** A feed fetched (with its stored validators when `row` is given), decoded and parsed. */
export async function readFeed(
  fetcher: FeedFetcher,
  url: string,
  allowPrivate: boolean,
  row?: NewsSourceRow,
): Promise<FeedRead> {
  const fetched = await fetcher.fetch({
    url,
    allowPrivateAddresses: allowPrivate,
    ...(row && { validators: { etag: row.etag, lastModified: row.last_modified } }),
  });
  if (fetched.error || !fetched.body) {
    return { fetched, title: '', items: [], recovered: false, error: fetched.error ?? null };
  }
  try {
    const { items, recovered } = parseFeed(decodeFeed(fetched.body, fetched.contentType ?? null), {
      url: fetched.movedTo ?? url,
    });
    return { fetched, title: items[0]?.sourceTitle ?? '', items, recovered, error: null };
  } catch (error) {
    return { fetched, title: '', items: [], recovered: false, error: (error as Error).message };
  }
}

/** A source's row as the admin page shows it. */
export function sourceView(
  row: NewsSourceRow & { items_day?: number | null; items_week?: number | null },
): NewsSourceView {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    title: row.title,
    origin: row.origin,
    state: row.state === 'paused' ? 'paused' : 'active',
    health: healthOf(row),
    last_fetch: seconds(row.last_fetch_at),
    failing_since: seconds(row.failing_since),
    next_fetch: row.state === 'active' && !row.disabled ? seconds(row.next_fetch_at) : null,
    last_http_status: row.last_http_status,
    last_error: row.last_error,
    served_with_errors: row.served_with_errors,
    failures: row.failures,
    interval_seconds: row.interval_seconds,
    items_day: row.items_day ?? 0,
    items_week: row.items_week ?? 0,
  };
}
