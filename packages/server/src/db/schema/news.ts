import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, TimestampDefault } from './columns.ts';

/* Tables of the news: the articles the analyst reads and enriches. */

export type NewsStatus = 'WAITING_INDEX' | 'PROCESSED' | 'FAILED';

/** A company named in an article, with its listings. */
export type NewsEntity = { name: string; tickers: string[] };

/** A news article (§3); `AI` is filled by the analyst, `search_vector` by the database. */
export type NewsTable = {
  id: Generated<string>;
  link: string;
  guid: string;
  title: string;
  source_title: Generated<string>;
  description: Generated<string>;
  summary: string | null;
  ai_summary: string | null;
  no_bullshit: string | null;
  publisher: Generated<string>;
  creation_date: Timestamp;
  /** No usable date in the feed: `creation_date` is when the item was first seen. */
  date_estimated: Generated<boolean>;
  /** Came with the first read of its feed (its back catalogue): not news. */
  back_catalogue: Generated<boolean>;
  articles: ColumnType<string[], string[] | undefined, string[]>;
  sentiment_score: ColumnType<number[], number[] | undefined, number[]>;
  interest_score: number | null;
  AI: ColumnType<unknown, string | null | undefined, string | null>;
  related_exchange_tickers: ColumnType<string[], string[] | undefined, string[]>;
  NER: ColumnType<NewsEntity[], string | undefined, string>;
  named_exchange_tickers: ColumnType<string[], string[] | undefined, string[]>;
  is_blocked: Generated<boolean>;
  experiment: string | null;
  status: Generated<NewsStatus>;
  status_reason: string | null;
  source: string;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
  search_vector: ColumnType<string, never, never>;
  /** Generated: `sentiment_score[1]`. */
  sentiment_first: ColumnType<number | null, never, never>;
  /** The first article of its story (a near-duplicate cluster); NULL for that first article. */
  story_id: string | null;
  /** MinHash signature and LSH band keys of the article's text (news-stories.ts). */
  story_minhash: number[] | null;
  story_bands: number[] | null;
  /** On a story's first article: how many other reports joined its story. */
  story_reports: Generated<number>;
  /** A sentiment score its writer computed from its own figures (market briefs). */
  sentiment_hint: number | null;
  /** Fingerprint of the analyst's inputs when it last enriched the article ('reindex'). */
  enrich_inputs: string | null;
  /** The article's own fields as the API's JSON, kept by a trigger on every write (migration 2026-11-28T1500). */
  api_json: ColumnType<string, never, never>;
};

export type NewsSourceOrigin = 'env' | 'default' | 'admin';
export type NewsSourceState = 'active' | 'paused' | 'removed';

/** An RSS/Atom feed the worker polls, with the polite fetcher's state (migration 2026-12-01T1100). */
export type NewsSourceTable = {
  id: Generated<string>;
  /** What the feed's articles store as `source` (`rss:<first url>`); kept across redirects. */
  name: string;
  url: string;
  title: Generated<string>;
  origin: NewsSourceOrigin;
  state: Generated<NewsSourceState>;
  interval_seconds: Generated<number>;
  etag: string | null;
  last_modified: string | null;
  last_fetch_at: Timestamp | null;
  last_success_at: Timestamp | null;
  last_http_status: number | null;
  last_error: string | null;
  served_with_errors: Generated<boolean>;
  failures: Generated<number>;
  failing_since: Timestamp | null;
  disabled: Generated<boolean>;
  next_fetch_at: TimestampDefault;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
};
