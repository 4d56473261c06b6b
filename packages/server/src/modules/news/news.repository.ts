import {
  sql,
  type ExpressionBuilder,
  type Insertable,
  type RawBuilder,
  type Selectable,
  type Updateable,
} from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB, NewsTable } from '../../db/schema.ts';
import { createPreparedRunner } from './news-prepared.ts';
import { newsQuery, type NewsQueryAst } from './news-query.ts';
import type { LinkerCompany } from './ticker-linker.ts';

/** Who is reading: admins see hidden articles, everyone else does not. */
export type NewsViewer = { is_admin: boolean } | null | undefined;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can be an article id at all (anything else is simply not found). */
export const isArticleId = (id: string) => UUID.test(id);

/**
 * The same rule in raw SQL for a visitor, for queries written in SQL over `news` as `alias`
 * (the companies' co-mentions, the analyst's inputs): neither hidden nor an experiment.
 */
export const publicNewsSql = (alias: string) =>
  sql<boolean>`not ${sql.ref(`${alias}.is_blocked`)} and ${sql.ref(`${alias}.experiment`)} is null`;

/** The public articles' condition in Kysely: neither hidden nor an experiment. */
export const publicNews = (eb: ExpressionBuilder<DB, 'news'>) =>
  eb.and([visibleTo(null)(eb), eb('news.experiment', 'is', null)]);

/**
 * The one visibility rule for articles: a hidden (`is_blocked`) article exists only for admins.
 * Every query that loads articles for a caller goes through it.
 */
export const visibleTo = (viewer: NewsViewer) => (eb: ExpressionBuilder<DB, 'news'>) =>
  viewer?.is_admin ? eb.lit(true) : eb('news.is_blocked', '=', false);

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
                 is_blocked as member_blocked, experiment as member_experiment
          from news) as m
    where (m.member_story = coalesce(story_id, id) or m.member_id = story_id)
      and m.member_id <> id and not m.member_blocked and m.member_experiment is null
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
  const names = only === null ? Object.keys(FIELDS) : ['id', ...new Set(only)];
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

const INSERT_BATCH = 200;

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

/** SQL for news articles; no decisions. */
export function createNewsRepository(db: Database) {
  const prepared = createPreparedRunner(db);
  /** Told of every write to articles through this repository (the read caches clear). */
  const writeListeners = new Set<() => void>();
  const wrote = () => {
    for (const listener of writeListeners) listener();
  };
  /** The visibility rule of {@link visibleTo} in raw SQL over `news`. */
  const visibleSql = (viewer: NewsViewer) =>
    viewer?.is_admin ? sql<boolean>`true` : sql<boolean>`not news.is_blocked`;
  /** Articles of the public feeds: no experiments, nothing the viewer may not see. */
  const visible = (viewer: NewsViewer) =>
    db.selectFrom('news').where('experiment', 'is', null).where(visibleTo(viewer));
  /** Feeds list a story once, by its first article (news-stories.ts). */
  const storyLeads = (eb: ExpressionBuilder<DB, 'news'>) => eb('news.story_id', 'is', null);

  return {
    /** Calls `listener` after every write to articles made through this repository. */
    onWrite: (listener: () => void) => {
      writeListeners.add(listener);
    },

    /**
     * Articles by the query language. Experiments stay out unless the query filters on them
     * (spec §7: experiment defaults to NULL).
     */
    query: (ast: NewsQueryAst, viewer: NewsViewer): Promise<ArticleJson[]> => {
      let query = newsQuery.apply(
        db.selectFrom('news').select(['id', apiNewsJson(ast.only).as('article')]),
        ast,
      );
      if (!ast.filters.some((filter) => filter.field === 'experiment')) {
        query = query.where('experiment', 'is', null);
      }
      // `id` compares as text (a malformed value matches nothing), which no index serves: at a
      // million articles `/news/query?id=` read the whole table (3.5–7.5 s). The same ids as
      // uuids (the well-formed ones) let the primary key find the rows; the text comparison still
      // decides.
      for (const filter of ast.filters) {
        if (filter.field !== 'id' || (filter.op !== 'eq' && filter.op !== 'in')) continue;
        const values = (Array.isArray(filter.value) ? filter.value : [filter.value]).filter(
          (value): value is string => typeof value === 'string' && isArticleId(value),
        );
        query = query.where(sql<boolean>`id = any(${values.map((v) => v.toLowerCase())}::uuid[])`);
      }
      for (const condition of feedIndexConditions(ast.filters)) query = query.where(condition);
      return prepared(query.where(visibleTo(viewer)).where(storyLeads).compile());
    },

    /**
     * The newest visible articles linked to any of `symbols` (a watchlist): the array's overlap,
     * which PostgreSQL answers by walking the visible articles newest first (a watchlist's
     * listings together are common) or through the GIN index. Per listing through `news_tickers`
     * (one index range each, then merged) was measured 3× slower at a million articles: 400 links
     * each checked for visibility by primary key (bench/README, 2026-11-26).
     */
    mentioningAny: (
      symbols: readonly string[],
      viewer: NewsViewer,
      page: NewsPage,
    ): Promise<ArticleJson[]> =>
      prepared(
        visible(viewer)
          .select(['id', apiNewsJson().as('article')])
          .where(sql<boolean>`related_exchange_tickers && ${[...symbols]}::text[]`)
          .where(storyLeads)
          .orderBy('creation_date', 'desc')
          .orderBy('id', 'desc')
          .offset(page.skip)
          .limit(page.limit)
          .compile(),
      ),

    /**
     * The newest visible articles linked to `symbol`, through the `news_tickers` link table (one
     * backward index range, then the articles by primary key): the GIN index on the array had to
     * fetch and sort all 1,200–1,500 articles of a listing at a million articles (0.02× the
     * reference SELECT in issue 18). Its columns are renamed so the article expressions' bare
     * names (`id`, `creation_date`) stay the article's.
     */
    mentioning: (symbol: string, viewer: NewsViewer, page: NewsPage): Promise<ArticleJson[]> =>
      prepared(
        sql<ArticleJson>`select news.id, ${apiNewsJson()} as article
          from (select news_id as link_id, creation_date as link_date
                from news_tickers where symbol = ${symbol}) as links
          join news on news.id = links.link_id
          where ${visibleSql(viewer)} and news.experiment is null and news.story_id is null
          order by links.link_date desc, links.link_id desc
          offset ${page.skip} limit ${page.limit}`.compile(db),
      ),

    /**
     * Full-text search: the newest `window` matches, best match first. Ranking every match of a
     * common word in a million articles takes seconds; readers want recent articles anyway.
     */
    search: async (
      text: string,
      viewer: NewsViewer,
      window: number,
      page: NewsPage,
    ): Promise<ArticleJson[]> => {
      const query = sql`websearch_to_tsquery('english', ${text})`;
      // The window carries ids, dates and ranks only; the page's 20 articles are read by primary
      // key afterwards (their JSON is stored: `api_json`). The hits' columns are renamed so the
      // article expressions' bare names stay the article's.
      const hits = visible(viewer)
        .select([
          'id as hit_id',
          'creation_date as hit_date',
          sql<number>`ts_rank_cd(search_vector, ${query})`.as('hit_rank'),
        ])
        .where(sql<boolean>`search_vector @@ ${query}`)
        .where(storyLeads)
        .orderBy('creation_date', 'desc')
        .limit(window);
      // Not a prepared statement: a generic plan of this query (no search text known) reads
      // every match through the GIN index and sorts them (10 s for a word in every article),
      // where the plan for the actual text walks the date index. Repeats come from the read cache.
      const { rows } = await sql<ArticleJson>`select news.id, ${apiNewsJson()} as article
        from (${hits}) as hits
        join news on news.id = hits.hit_id
        order by hits.hit_rank desc, hits.hit_date desc
        offset ${page.skip} limit ${page.limit}`.execute(db);
      return rows;
    },

    /** Hides or shows an article; false when there is no such article. */
    setBlocked: async (id: string, blocked: boolean, now: Date): Promise<boolean> => {
      if (!isArticleId(id)) return false;
      const result = await db
        .updateTable('news')
        .set({ is_blocked: blocked, updated_at: now })
        .where('id', '=', id)
        .executeTakeFirst();
      wrote();
      return Number(result.numUpdatedRows) > 0;
    },

    /** What the analyst reads of one article. */
    forAnalysis: (id: string) =>
      db
        .selectFrom('news')
        .select([
          'id',
          'title',
          'description',
          'articles',
          'publisher',
          'related_exchange_tickers',
          'sentiment_hint',
          'status',
          'enrich_inputs',
        ])
        .where('id', '=', id)
        .executeTakeFirst(),

    /** Stores the analyst's result: the AI object and the columns the feeds filter on. */
    storeAnalysis: async (id: string, values: Updateable<NewsTable>) => {
      await db.updateTable('news').set(values).where('id', '=', id).execute();
      wrote();
    },

    /** Ids of articles waiting for the analyst, newest first. */
    waitingIds: async (limit: number): Promise<string[]> =>
      (
        await db
          .selectFrom('news')
          .select('id')
          .where('status', '=', 'WAITING_INDEX')
          .orderBy('creation_date', 'desc')
          .limit(limit)
          .execute()
      ).map((row) => row.id),

    /**
     * Inserts articles; one whose link or guid is already stored is skipped (`ON CONFLICT DO
     * NOTHING`), so ingesting a feed twice stores each article once. Returns the new ids.
     */
    insertMany: async (articles: readonly NewNewsArticle[]): Promise<string[]> => {
      const ids: string[] = [];
      for (let start = 0; start < articles.length; start += INSERT_BATCH) {
        const rows = await db
          .insertInto('news')
          .values(articles.slice(start, start + INSERT_BATCH))
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .execute();
        ids.push(...rows.map((row) => row.id));
      }
      if (ids.length > 0) wrote();
      return ids;
    },

    /**
     * Articles since `since` sharing a MinHash band key with `bands`: the candidates of the
     * story clustering (news-stories.ts), found through the GIN index on `story_bands`.
     */
    storyCandidates: (bands: readonly number[], since: Date) =>
      bands.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('news')
            .select([
              'id',
              'story_id',
              'story_minhash',
              'story_bands',
              'related_exchange_tickers',
              'creation_date',
            ])
            .where(sql<boolean>`story_bands && ${[...bands]}::integer[]`)
            .where('creation_date', '>=', since)
            .orderBy('creation_date')
            .limit(5_000)
            .execute(),

    /** Counts new reports of stories on their first articles (`story_reports`). */
    countStoryReports: async (leads: ReadonlyMap<string, number>): Promise<void> => {
      if (leads.size === 0) return;
      const ids = [...leads.keys()];
      const counts = ids.map((id) => leads.get(id) ?? 0);
      await sql`update news set story_reports = story_reports + c.n
        from unnest(${ids}::uuid[], ${counts}::integer[]) as c(id, n)
        where news.id = c.id`.execute(db);
      wrote();
    },

    /** Which of these links and guids are already stored (`link:` / `guid:` prefixed). */
    storedKeys: async (
      links: readonly string[],
      guids: readonly string[],
    ): Promise<Set<string>> => {
      if (links.length === 0 && guids.length === 0) return new Set();
      const { rows } = await sql<{ key: string }>`
        select 'link:' || link as key from news where link = any(${[...links]}::text[])
        union all
        select 'guid:' || guid from news where guid = any(${[...guids]}::text[])`.execute(db);
      return new Set(rows.map((row) => row.key));
    },

    /** One article as the API shows it, when it exists and the viewer may see it. */
    findVisibleArticle: async (
      id: string,
      viewer: NewsViewer,
    ): Promise<ArticleJson | undefined> => {
      if (!isArticleId(id)) return undefined;
      const [row] = await prepared(
        db
          .selectFrom('news')
          .select(['id', apiNewsJson().as('article')])
          .where('id', '=', id)
          .where(visibleTo(viewer))
          .compile(),
      );
      return row;
    },

    /**
     * The newest processed articles about each group of listings (a company's), at most `limit`
     * a group, in one query; `key` says which group a row belongs to.
     */
    recentProcessed: async (
      groups: readonly { key: string; tickers: readonly string[] }[],
      limit: number,
      viewer: NewsViewer,
      before: Date,
    ): Promise<(ArticleFactRow & { key: string })[]> => {
      if (groups.length === 0) return [];
      const hidden = viewer?.is_admin ? sql<boolean>`true` : sql<boolean>`not n.is_blocked`;
      const result = await sql<ArticleFactRow & { key: string }>`
        select g.key, n.id, n.title, n.ai_summary, n.description, n."AI", n.interest_score,
               n.creation_date, n.publisher, n.related_exchange_tickers
        from jsonb_to_recordset(${JSON.stringify(groups)}::jsonb) as g(key text, tickers text[])
        cross join lateral (
          select * from news n
          where n.related_exchange_tickers && g.tickers and n.status = 'PROCESSED'
            and n."AI" is not null and n.experiment is null and ${hidden}
            and n.creation_date <= ${before}
          order by n.creation_date desc, n.id desc
          limit ${limit}
        ) as n`.execute(db);
      return result.rows;
    },

    /** One article the viewer may see, with its full text (the Q&A panel's context). */
    findVisibleFact: (id: string, viewer: NewsViewer) =>
      isArticleId(id)
        ? db
            .selectFrom('news')
            .select([
              'id',
              'title',
              'ai_summary',
              'description',
              'AI',
              'interest_score',
              'creation_date',
              'publisher',
              'related_exchange_tickers',
              'articles',
            ])
            .where('id', '=', id)
            .where(visibleTo(viewer))
            .executeTakeFirst()
        : Promise.resolve(undefined),

    /** The titles (the analyst's, else the source's) of the articles the viewer may see. */
    titlesVisibleTo: async (ids: string[], viewer: NewsViewer): Promise<Map<string, string>> => {
      const valid = [...new Set(ids)].filter(isArticleId);
      if (valid.length === 0) return new Map();
      const rows = await db
        .selectFrom('news')
        .select(['id', sql<string>`coalesce(nullif("AI" ->> 'title', ''), title)`.as('title')])
        .where('id', 'in', valid)
        .where(visibleTo(viewer))
        .execute();
      return new Map(rows.map((row) => [row.id, row.title]));
    },

    /** The texts the linker reads of one article the viewer may see (a prepared statement). */
    findVisibleTexts: async (id: string, viewer: NewsViewer) =>
      isArticleId(id)
        ? (
            await prepared(
              db
                .selectFrom('news')
                .select(['id', 'title', 'description', 'articles'])
                .where('id', '=', id)
                .where(visibleTo(viewer))
                .compile(),
            )
          )[0]
        : undefined,

    /** What a link preview shows of one article a visitor may see (the SEO head, the OG image). */
    previewOf: (id: string) =>
      isArticleId(id)
        ? db
            .selectFrom('news')
            .select([
              'id',
              'title',
              'ai_summary',
              'description',
              'publisher',
              'creation_date',
              'updated_at',
              'related_exchange_tickers',
            ])
            .where('id', '=', id)
            .where(visibleTo(null))
            .executeTakeFirst()
        : Promise.resolve(undefined),

    /**
     * The sitemap's pages of public articles in (creation_date, id) order: each page's first id,
     * size and newest change, in one pass over the visible articles' index (no OFFSET).
     */
    sitemapPages: async (size: number) =>
      (
        await sql<{ first_id: string; count: number; lastmod: Date }>`
          with numbered as (
            select id, updated_at,
                   row_number() over (order by creation_date, id) - 1 as rn
            from news where not is_blocked and experiment is null),
          ranked as (select *, rn / ${size} as page from numbered)
          select (array_agg(id) filter (where rn % ${size} = 0))[1] as first_id,
                 count(*)::int as count, max(updated_at) as lastmod
          from ranked group by page order by page`.execute(db)
      ).rows,

    /** Up to `size` public articles from the one with id `fromId` on, in (creation_date, id) order. */
    sitemapEntries: async (fromId: string, size: number) =>
      isArticleId(fromId)
        ? (
            await sql<{ id: string; updated_at: Date }>`
              select n.id, n.updated_at
              from news n, (select creation_date, id from news where id = ${fromId}) start
              where (n.creation_date, n.id) >= (start.creation_date, start.id)
                and not n.is_blocked and n.experiment is null
              order by n.creation_date, n.id
              limit ${size}`.execute(db)
          ).rows
        : [],

    findByLink: (link: string) =>
      db.selectFrom('news').selectAll().where('link', '=', link).executeTakeFirst(),

    /**
     * Every company's name and listings, for the ticker linker. Read here rather than through
     * the companies module because the linker needs the whole table in one query.
     */
    linkerCompanies: (): Promise<LinkerCompany[]> =>
      db.selectFrom('companies').select(['company_name', 'exchange_tickers']).execute(),

    /** Changes whenever companies are added, removed or renamed; keys the cached linker. */
    companiesFingerprint: async (): Promise<string> => {
      const rows = await prepared(
        sql<{ fingerprint: string }>`
          select concat_ws(':', count(*), extract(epoch from max(created_at)),
            sum(length(company_name) + cardinality(exchange_tickers))) as fingerprint
          from companies`.compile(db),
      );
      return rows[0]?.fingerprint ?? '';
    },
  };
}

export type NewsRepository = ReturnType<typeof createNewsRepository>;
