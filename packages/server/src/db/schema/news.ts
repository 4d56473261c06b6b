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
