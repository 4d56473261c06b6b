import { sql, type Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { sitemapPagesOf } from '../../db/sitemap-pages.ts';
import type { CompanyPromptTable } from '../../db/schema.ts';
import { analysisQuery, type AnalysisQueryAst } from './analysis-query.ts';
import { readerNewsSql, visibleTo } from '../../db/article-visibility.ts';
import { firstValue } from '../../db/row-values.ts';

/** What the API reads of an analysis (dates still as Date). */
export const ANALYSIS_COLUMNS = [
  'id',
  'company_id',
  'ai_summary',
  'ai_upload_date',
  'last_visited_date',
  'sentiment_score',
  'provider',
  'citations',
] as const;

export type AnalysisRow = {
  id: string;
  company_id: string;
  ai_summary: string;
  ai_upload_date: Date;
  last_visited_date: Date | null;
  sentiment_score: number;
  provider: string;
  citations: string[];
};

/** A processed article of a company's window, as the analyst reads it. */
export type CompanyNewsRow = {
  id: string;
  title: string;
  ai_summary: string | null;
  description: string;
  AI: unknown;
  interest_score: number | null;
  creation_date: Date;
  publisher: string;
  related_exchange_tickers: string[];
  /** The story's first article (news-stories.ts); null for that article itself. */
  story_id: string | null;
};

/** Visible, processed articles: what feeds show and what the analyst may cite. */
const visibleProcessed = sql<boolean>`n.status = 'PROCESSED' and ${readerNewsSql('n')}
  and n."AI" is not null`;

/** SQL of company analyses (spec §3 Company prompt/review) and of the analyst's inputs. */
export function createAnalysisRepository(db: Database) {
  return {
    /** Company analyses by the query language, of one company when `companyId` is given. */
    query: (ast: AnalysisQueryAst, companyId?: string) => {
      const query = analysisQuery.apply(
        db.selectFrom('company_prompts').select([...ANALYSIS_COLUMNS]),
        ast,
      );
      return (
        companyId === undefined ? query : query.where('company_id', '=', companyId)
      ).execute();
    },

    /** Companies with processed news since `since`, busiest first. */
    busyCompanies: async (since: Date, limit: number) =>
      (
        await sql<{ company_id: string; news_count: number }>`
          select s.company_id, count(distinct n.id)::int as news_count
          from news n
          cross join lateral unnest(n.related_exchange_tickers) as t(ticker)
          join securities s on s.exchange_ticker = t.ticker
          where ${visibleProcessed} and n.creation_date >= ${since}
          group by s.company_id
          order by news_count desc, s.company_id
          limit ${limit}`.execute(db)
      ).rows,

    /**
     * What a link preview of `/analysis/{symbol}` shows: the listing's company and its latest
     * analysis (if any), in one indexed read.
     */
    previewOf: async (symbol: string) =>
      (
        await sql<{
          company_id: string;
          company_name: string;
          exchange_tickers: string[];
          ai_summary: string | null;
          ai_upload_date: Date | null;
        }>`
          select c.id as company_id, c.company_name, c.exchange_tickers,
                 p.ai_summary, p.ai_upload_date
          from securities s
          join companies c on c.id = s.company_id
          left join lateral (
            select ai_summary, ai_upload_date from company_prompts
            where company_id = c.id
            order by ai_upload_date desc, id desc limit 1
          ) p on true
          where s.exchange_ticker = ${symbol}`.execute(db)
      ).rows[0],

    /**
     * The sitemap's pages of analysed companies in id order: each page's first company id, size
     * and newest analysis.
     */
    sitemapPages: (size: number) =>
      sitemapPagesOf(
        db,
        sql`select company_id as id, lastmod, row_number() over (order by company_id) - 1 as rn
            from (select company_id, max(ai_upload_date) as lastmod from company_prompts
                  group by company_id) analysed`,
        size,
      ),

    /** Up to `size` analysed companies from `fromId` on: primary listing and newest analysis. */
    sitemapEntries: async (fromId: string, size: number) =>
      (
        await sql<{ exchange_tickers: string[]; lastmod: Date }>`
          select c.exchange_tickers, a.lastmod
          from (select company_id, max(ai_upload_date) as lastmod from company_prompts
                where company_id >= ${fromId}::uuid
                group by company_id order by company_id limit ${size}) a
          join companies c on c.id = a.company_id
          where cardinality(c.exchange_tickers) > 0
          order by c.id`.execute(db)
      ).rows,

    company: (id: string) =>
      db
        .selectFrom('companies')
        .select([
          'id',
          'company_name',
          'exchange_tickers',
          'gics_sector',
          'gics_sub_industry',
          'ai_summary',
          'long_business_summary',
        ])
        .where('id', '=', id)
        .executeTakeFirst(),

    /** The company's processed articles since `since`, newest first. */
    companyNews: async (tickers: string[], since: Date, limit: number) =>
      (
        await sql<CompanyNewsRow>`
          select n.id, n.title, n.ai_summary, n.description, n."AI", n.interest_score,
                 n.creation_date, n.publisher, n.related_exchange_tickers, n.story_id
          from news n
          where n.related_exchange_tickers && ${tickers}::text[] and ${visibleProcessed}
            and n.creation_date >= ${since}
          order by n.creation_date desc, n.id desc
          limit ${limit}`.execute(db)
      ).rows,

    /** A listing's latest quote snapshot. */
    quote: (exchangeTicker: string) =>
      db
        .selectFrom('quote_snapshots')
        .select([
          'exchange_ticker',
          'price',
          'currency',
          'change_pct_1',
          'change_pct_8',
          'change_pct_31',
          'change_pct_365',
        ])
        .where('exchange_ticker', '=', exchangeTicker)
        .executeTakeFirst(),

    /** Lowest and highest daily close of the 365 days before `day` (`YYYY-MM-DD`). */
    closeRange: async (exchangeTicker: string, day: string) =>
      (
        await sql<{ low: number | null; high: number | null }>`
          select min(u.close) as low, max(u.close) as high
          from price_series ps
          cross join lateral unnest(ps.days, ps.close) as u(day, close)
          where ps.exchange_ticker = ${exchangeTicker}
            and ps.month >= date_trunc('month', ${day}::date - 365)::date
            and u.day > ${day}::date - 365 and u.day <= ${day}::date`.execute(db)
      ).rows[0] ?? { low: null, high: null },

    /** The fingerprint of each company's newest analysis. */
    lastFingerprints: async (companyIds: string[]) => {
      if (companyIds.length === 0) return new Map<string, string>();
      const rows = await sql<{ company_id: string; inputs_fingerprint: string }>`
        select c.id as company_id, last.inputs_fingerprint
        from unnest(${companyIds}::uuid[]) as c(id)
        cross join lateral (
          select p.inputs_fingerprint from company_prompts p
          where p.company_id = c.id
          order by p.ai_upload_date desc, p.id desc
          limit 1
        ) as last`.execute(db);
      return new Map(rows.rows.map((row) => [row.company_id, row.inputs_fingerprint]));
    },

    insert: (row: Insertable<CompanyPromptTable>) =>
      db.insertInto('company_prompts').values(row).returning('id').executeTakeFirstOrThrow(),

    /** Keeps a company's `keep` newest analyses. */
    prune: (companyId: string, keep: number) =>
      sql`delete from company_prompts where company_id = ${companyId} and id not in (
            select id from company_prompts where company_id = ${companyId}
            order by ai_upload_date desc, id desc limit ${keep})`.execute(db),

    /** Each company's newest analysis, newest first (spec §7 `/company/latest_prompts`). */
    latestPage: (skip: number, limit: number) =>
      db
        .selectFrom('company_prompts as p')
        .select(ANALYSIS_COLUMNS.map((column) => `p.${column}` as const))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('company_prompts as newer')
                .select(sql`1`.as('one'))
                .whereRef('newer.company_id', '=', 'p.company_id')
                .where(sql<boolean>`(newer.ai_upload_date, newer.id) > (p.ai_upload_date, p.id)`),
            ),
          ),
        )
        .orderBy('p.ai_upload_date', 'desc')
        .orderBy('p.id', 'desc')
        .offset(skip)
        .limit(limit)
        .execute(),

    /** The cited articles that still exist. */
    citedNews: (ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('news')
            .select(['id', 'title', 'link', 'publisher', 'creation_date'])
            .where('id', 'in', ids)
            .where(visibleTo(null))
            .execute(),

    companiesByIds: (ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db.selectFrom('companies').selectAll().where('id', 'in', ids).execute(),

    /** The company that has the listing `exchangeTicker`. */
    companyIdBySymbol: (exchangeTicker: string) =>
      firstValue(
        db
          .selectFrom('securities')
          .select('company_id')
          .where('exchange_ticker', '=', exchangeTicker),
      ),

    /** Each company's newest analysis (one query over company_prompts_company). */
    latestOf: async (companyIds: readonly string[]) =>
      companyIds.length === 0
        ? []
        : (
            await sql<{
              company_id: string;
              ai_summary: string;
              sentiment_score: number;
              ai_upload_date: Date;
            }>`
              select c.id as company_id, last.ai_summary, last.sentiment_score, last.ai_upload_date
              from unnest(${[...companyIds]}::uuid[]) as c(id)
              cross join lateral (
                select p.ai_summary, p.sentiment_score, p.ai_upload_date from company_prompts p
                where p.company_id = c.id
                order by p.ai_upload_date desc, p.id desc
                limit 1
              ) as last`.execute(db)
          ).rows,
  };
}

export type AnalysisRepository = ReturnType<typeof createAnalysisRepository>;
