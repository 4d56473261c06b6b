import {
  sql,
  type ExpressionBuilder,
  type Insertable,
  type RawBuilder,
  type Selectable,
} from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB, NewsTable } from '../../db/schema.ts';
import type { createPreparedRunner } from '../../db/prepared.ts';
import type { NewsQueryAst } from './news-query.ts';
import { readerNews, readerNewsSql, type NewsViewer } from '../../db/article-visibility.ts';

export type { NewsViewer } from '../../db/article-visibility.ts';
export { visibleTo } from '../../db/article-visibility.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can be an article id at all (anything else is simply not found). */
export const isArticleId = (id: string) => UUID.test(id);

/**
 * Spec §3 News article as the API shows it, one SQL expression per field. PostgreSQL builds each
 * article's JSON itself (`json_build_object`), so a feed call costs Node one short string per
 * article instead of parsing arrays, timestamps and JSONB and serialising them again: that was
 * most of a feed call's time in bench/news. Every name here is a fixed literal of ours; the shape
 * is checked against the shared zod schema (`newsArticleSchema`) by the integration tests.
 *
 * The expressions name bare columns (`id`, `story_id`), so queries that join `news` with a
 * subquery rename the subquery's columns.
 */
const FIELDS = {
  id: sql`id`,
  title: sql`title`,
  source_title: sql`source_title`,
  no_bullshit: sql`no_bullshit`,
  link: sql`link`,
  publisher: sql`publisher`,
  creation_date: sql`floor(extract(epoch from creation_date))::bigint`,
  date_estimated: sql`date_estimated`,
  summary: sql`summary`,
  ai_summary: sql`ai_summary`,
  articles: sql`articles`,
  sentiment_score: sql`sentiment_score`,
  interest_score: sql`interest_score`,
  related_exchange_tickers: sql`related_exchange_tickers`,
  NER: sql`"NER"`,
  // The derived map ticker → the name it was first found under (spec §3 named_exchange_tickers).
  named_exchange_tickers: sql`(
    select coalesce(json_object_agg(ticker, name), '{}'::json)
    from (
      select distinct on (ticker) ticker, entity.value ->> 'name' as name
      from jsonb_array_elements("NER") with ordinality as entity(value, position),
           jsonb_array_elements_text(entity.value -> 'tickers') as ticker
      order by ticker, entity.position
    ) as first_names
  )`,
  // The comments module keeps this counter in the same transaction as every comment write
  // (comment.repository.ts): one primary-key lookup per article, never a count over its comments.
  no_comments: sql`coalesce((select comment_counts.visible from comment_counts where comment_counts.article_id = id), 0)`,
  is_blocked: sql`is_blocked`,
  experiment: sql`experiment`,
  // Stored only after the analyst's output passed `newsAiSchema` (news-enrich.service.ts).
  AI: sql`"AI"`,
  // One card per story (news-stories.ts): the story's first article, NULL for that one itself.
  story_id: sql`story_id`,
  // The story's other public reports, oldest first; most articles have none, which the lead's
  // `story_reports` counter says without a lookup. The members are read through a subquery
  // whose columns are renamed, so the bare `id` and `story_id` here are the outer article's; a
  // lead finds its members by the partial index on `story_id`, a member its lead by primary key.
  also_reported_by: sql`case when story_id is null and story_reports = 0 then '[]'::json else (
    select coalesce(json_agg(json_build_object('id', m.member_id, 'publisher', m.member_publisher,
             'link', m.member_link, 'title', m.member_title) order by m.member_date, m.member_id),
           '[]'::json)
    from (select id as member_id, story_id as member_story, publisher as member_publisher,
                 link as member_link, title as member_title, creation_date as member_date,
                 is_blocked, experiment
          from news) as m
    where (m.member_story = coalesce(story_id, id) or m.member_id = story_id)
      and m.member_id <> id and ${readerNewsSql('m', null)}
  ) end`,
} as const;

export type ApiNewsField = keyof typeof FIELDS;

/**
 * Every field of an article: the row's own fields as the trigger of migration
 * 2026-11-28T1500-news-article-json stored them in `api_json` when the article was last written
 * (the same expressions as {@link FIELDS}, checked equal by test/news-article-json.test.ts), and
 * the two that change without a write to the article appended: `no_comments` and
 * `also_reported_by`. Building each article's JSON on every read was most of an uncached feed
 * page's time in PostgreSQL at a million articles (bench/news).
 */
const STORED_ARTICLE = sql<string>`(left(api_json, -1) || ', "no_comments" : ' || ${FIELDS.no_comments}
  || ', "also_reported_by" : ' || ${FIELDS.also_reported_by} || '}')`;

const isField = (name: string): name is ApiNewsField => Object.hasOwn(FIELDS, name);

/**
 * One article as JSON text, every field, or `id` plus the `only` fields (top-level names of the
 * query spec's projectable fields; anything else is a programming error). The query fragment
 * other repositories select when they answer with articles (company.repository.ts). Every field
 * reads the stored JSON ({@link STORED_ARTICLE}); a projection builds its few fields.
 */
export function apiNewsJson(only: readonly string[] | null = null): RawBuilder<string> {
  return only === null ? STORED_ARTICLE : builtNewsJson(only);
}

/** The same JSON built from the columns by {@link FIELDS} on every read (what `api_json` stores). */
export function builtNewsJson(only: readonly string[] | null = null): RawBuilder<string> {
  // `id` always leads, once, even when `only` names it too (a JSON object repeats no key).
  const names = only === null ? Object.keys(FIELDS) : [...new Set(['id', ...only])];
  const pairs = names.map((name) => {
    if (!isField(name)) throw new Error(`news: '${name}' is not an API field`);
    return sql`${sql.lit(name)}, ${FIELDS[name]}`;
  });
  return sql<string>`json_build_object(${sql.join(pairs)})::text`;
}

/** The defcon level as the query language reads it (query-source.ts), over `news`. */
const DEFCON_LEVEL = sql`(case when jsonb_typeof(news."AI" -> 'defcon_level') = 'number'
  then (news."AI" -> 'defcon_level')::numeric end)`;

const numberOf = (value: unknown) =>
  typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;

/**
 * The conditions of the public feeds' partial indexes (migration 2026-11-28T1500-news-article-
 * json) that a query's filters imply, written as the indexes' own literals. The filters bind
 * their values as parameters, and a prepared statement's generic plan cannot prove that
 * `sentiment_first >= $1` implies an index's `sentiment_first >= 7`; with the literal condition
 * beside it, every plan may read the feed's index (its first entries are the page). Each added
 * condition follows from a filter (`sentiment_score__gte=8` implies `>= 7`), so it never changes
 * the answer.
 */
export function feedIndexConditions(filters: NewsQueryAst['filters']): RawBuilder<boolean>[] {
  const conditions: RawBuilder<boolean>[] = [];
  for (const filter of filters) {
    if (filter.field === 'related_exchange_tickers') {
      if (filter.op === 'not__size' && filter.value === 0) {
        conditions.push(sql`coalesce(cardinality(news.related_exchange_tickers), 0) <> 0`);
      }
    } else if (filter.field === 'sentiment_score') {
      const value = numberOf(filter.value);
      if ((filter.op === 'gte' || filter.op === 'gt') && value >= 7) {
        conditions.push(sql`news.sentiment_first >= 7`);
      } else if ((filter.op === 'lte' || filter.op === 'lt') && value <= -5) {
        conditions.push(sql`news.sentiment_first <= -5`);
      }
    } else if (filter.field === 'AI__defcon_level') {
      const values: readonly unknown[] =
        filter.op === 'in' ? filter.value : filter.op === 'eq' ? [filter.value] : [];
      const atMostTwo =
        filter.op === 'lte' || filter.op === 'lt'
          ? numberOf(filter.value) <= 2
          : values.length > 0 && values.every((value) => value !== null && numberOf(value) <= 2);
      if (atMostTwo) conditions.push(sql`${DEFCON_LEVEL} <= 2`);
    }
  }
  return conditions;
}

export type NewsRow = Selectable<NewsTable>;
export type NewNewsArticle = Insertable<NewsTable>;

/** An article as PostgreSQL serialised it (see {@link apiNewsJson}), with its id. */
export type ArticleJson = { id: string; article: string };

export type NewsPage = { skip: number; limit: number };

/** What the assistant reads of an article. */
export type ArticleFactRow = {
  id: string;
  title: string;
  ai_summary: string | null;
  description: string;
  AI: unknown;
  interest_score: number | null;
  creation_date: Date;
  publisher: string;
  related_exchange_tickers: string[];
};

/** Articles of the public feeds: no experiments, nothing the viewer may not see. */
export const visibleArticles = (db: Database, viewer: NewsViewer) =>
  db.selectFrom('news').where(readerNews(viewer));

/** Feeds list a story once, by its first article (news-stories.ts). */
export const storyLeads = (eb: ExpressionBuilder<DB, 'news'>) => eb('news.story_id', 'is', null);

/** What each part of the news repository is built from (news.repository.ts). */
export type NewsSqlContext = {
  db: Database;
  /** Runs a compiled query as a named prepared statement (db/prepared.ts). */
  prepared: ReturnType<typeof createPreparedRunner>;
  /** Tells the write listeners (the read caches) that articles changed. */
  wrote: () => void;
};
