import { splitSymbol } from '@app/shared/symbols';
import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { sitemapPagesOf } from '../../db/sitemap-pages.ts';
import type { CompanyTable } from '../../db/schema.ts';
import { companyQuery, type CompanyQueryAst } from './company-query.ts';
import { suggestCompanies } from './company-suggest.repository.ts';

export { wordPrefixQuery, type SuggestionRow } from './company-suggest.repository.ts';
import { LIST_COMPANIES } from '../news/mention-centrality.ts';
import { apiNewsJson } from '../news/news.repository.ts';
import { readerNewsSql } from '../../db/article-visibility.ts';
import { countRows } from '../../db/row-values.ts';

export type CompanyRow = Selectable<CompanyTable>;
export type NewCompany = Insertable<CompanyTable>;

/** SQL for companies and their listings; no decisions. */
export function createCompanyRepository(db: Database) {
  return {
    suggest: (text: string, limit: number) => suggestCompanies(db, text, limit),
    /** Companies by the query language. */
    query: (ast: CompanyQueryAst) =>
      companyQuery.apply(db.selectFrom('companies').selectAll(), ast).execute(),

    count: () => countRows(db.selectFrom('companies')),

    /** Inserts companies with one listing per exchange ticker, in one transaction. */
    insertWithSecurities: (companies: readonly (NewCompany & { currency?: string })[]) =>
      db.transaction().execute(async (trx) => {
        for (let start = 0; start < companies.length; start += 500) {
          const batch = companies.slice(start, start + 500);
          const rows = await trx
            .insertInto('companies')
            .values(batch.map(({ currency: _currency, ...company }) => company))
            .returning(['id', 'exchange_tickers', 'quote_type'])
            .execute();
          const securities = rows.flatMap((row, i) =>
            row.exchange_tickers.map((exchangeTicker) => {
              const { exchange, ticker } = splitSymbol(exchangeTicker);
              return {
                exchange_ticker: exchangeTicker,
                exchange,
                ticker,
                company_id: row.id,
                currency: batch[i]?.currency ?? 'USD',
                quote_type: row.quote_type,
              };
            }),
          );
          if (securities.length > 0)
            await trx.insertInto('securities').values(securities).execute();
        }
      }),

    /** The companies of some listings, one row per known listing (the assistant's context). */
    bySymbols: (symbols: readonly string[]) =>
      symbols.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('securities as s')
            .innerJoin('companies as c', 'c.id', 's.company_id')
            .select([
              's.exchange_ticker',
              'c.id as company_id',
              'c.company_name',
              'c.gics_sector',
              'c.gics_sub_industry',
              'c.ai_summary',
              'c.long_business_summary',
            ])
            .where('s.exchange_ticker', 'in', [...symbols])
            .execute(),

    /**
     * What a link preview shows of a company (the SEO head, the OG image), found as the company
     * page finds it: by listing, id or exact name (case-insensitive), in one indexed read.
     */
    previewOf: (filter: { symbol: string } | { id: string } | { name: string }) => {
      const query = db
        .selectFrom('companies')
        .select([
          'id',
          'company_name',
          'exchange_tickers',
          'gics_sector',
          'gics_sub_industry',
          'ai_summary',
          'long_business_summary',
          'created_at',
        ]);
      if ('symbol' in filter) {
        return query
          .where('id', '=', (eb) =>
            eb
              .selectFrom('securities')
              .select('company_id')
              .where('exchange_ticker', '=', filter.symbol),
          )
          .executeTakeFirst();
      }
      if ('id' in filter) {
        return /^[0-9a-f-]{36}$/i.test(filter.id)
          ? query.where('id', '=', filter.id).executeTakeFirst()
          : Promise.resolve(undefined);
      }
      return query
        .where(sql<string>`upper(company_name)`, '=', filter.name.toUpperCase())
        .executeTakeFirst();
    },

    /** The sitemap's pages of companies in id order: each page's first id, size and newest change. */
    sitemapPages: (size: number) =>
      sitemapPagesOf(
        db,
        sql`select id, created_at as lastmod, row_number() over (order by id) - 1 as rn
            from companies where cardinality(exchange_tickers) > 0`,
        size,
      ),

    /** Up to `size` listed companies from the one with id `fromId` on, in id order. */
    sitemapEntries: (fromId: string, size: number) =>
      db
        .selectFrom('companies')
        .select(['id', 'exchange_tickers', 'created_at'])
        .where('id', '>=', fromId)
        .where(sql<boolean>`cardinality(exchange_tickers) > 0`)
        .orderBy('id')
        .limit(size)
        .execute(),

    companyOf: (exchangeTicker: string) =>
      db
        .selectFrom('securities')
        .innerJoin('companies', 'companies.id', 'securities.company_id')
        .selectAll('companies')
        .where('securities.exchange_ticker', '=', exchangeTicker)
        .executeTakeFirst(),

    /**
     * The newest (or oldest) public articles mentioning any listing of the company, as PostgreSQL
     * serialised them (spec §7 `/company/query_symbol/{symbol}?order_by=-creation_date`); the
     * caller checks each against the API schema.
     */
    newsOf: async (companyId: string, direction: 'asc' | 'desc', limit: number) => {
      // Per listing, one index range of the `news_tickers` link table (symbol, creation_date,
      // id) read in the asked direction up to `limit` public articles; then the listings'
      // articles merged. The GIN index on the array fetched and sorted every article of the
      // listing instead (1,200–1,500 at a million articles). The links' columns are renamed so
      // the article expressions' bare names (`id`, `creation_date`) stay the article's.
      const order = sql.raw(direction);
      const { rows } = await sql<{ article: string }>`
        select ${apiNewsJson()} as article
        from (
          select distinct l.link_id, l.link_date
          from securities s
          cross join lateral (
            select t.news_id as link_id, t.creation_date as link_date
            from news_tickers t
            join news p on p.id = t.news_id
            where t.symbol = s.exchange_ticker and ${readerNewsSql('p')}
            order by t.creation_date ${order}, t.news_id ${order}
            limit ${limit}
          ) l
          where s.company_id = ${companyId}
        ) links
        join news on news.id = links.link_id
        order by links.link_date ${order}, links.link_id ${order}
        limit ${limit}`.execute(db);
      return rows.map((row) => row.article);
    },

    /**
     * Related companies, never the company itself: first the companies the news mentions together
     * with it (in the last 90 days, among its newest 2,000 mentions, so a heavily covered name
     * stays cheap; each story once, an article of n listings weighing 1/(n−1), and list articles
     * of more than ${LIST_COMPANIES} listings, such as the day's movers, nothing), then companies
     * of the same sub-industry, then of the same sector, by name.
     */
    related: async (company: CompanyRow, limit: number, now: Date): Promise<CompanyRow[]> => {
      const since = new Date(now.getTime() - 90 * 86_400_000);
      const coMentioned = await sql<CompanyRow>`
        with mentions as (
          select m.related_exchange_tickers, m.story
          from securities s
          cross join lateral (
            select n.related_exchange_tickers, coalesce(n.story_id, n.id) as story,
                   t.creation_date
            from news_tickers t
            join news n on n.id = t.news_id
            where t.symbol = s.exchange_ticker and t.creation_date > ${since}
              and ${readerNewsSql('n')}
            order by t.creation_date desc
            limit 2000
          ) m
          where s.company_id = ${company.id}
          order by m.creation_date desc
          limit 2000
        ),
        stories as (
          select distinct on (story) related_exchange_tickers from mentions
          where cardinality(related_exchange_tickers) between 2 and ${LIST_COMPANIES}
          order by story
        ),
        counts as (
          select s.company_id,
                 sum(1.0 / (cardinality(m.related_exchange_tickers) - 1)) as shared
          from stories m
          cross join lateral unnest(m.related_exchange_tickers) as t(symbol)
          join securities s on s.exchange_ticker = t.symbol
          where s.company_id <> ${company.id}
          group by s.company_id
        )
        select c.* from counts
        join companies c on c.id = counts.company_id
        order by counts.shared desc, c.company_name
        limit ${limit}`.execute(db);
      const found = coMentioned.rows;
      if (found.length >= limit) return found;
      const peers = await db
        .selectFrom('companies')
        .selectAll()
        .where('id', 'not in', [company.id, ...found.map((row) => row.id)])
        .where((eb) =>
          eb.or([
            eb('gics_sub_industry', '=', company.gics_sub_industry),
            eb('gics_sector', '=', company.gics_sector),
          ]),
        )
        .orderBy(sql`gics_sub_industry = ${company.gics_sub_industry}`, 'desc')
        .orderBy('company_name')
        .limit(limit - found.length)
        .execute();
      return [...found, ...peers];
    },

    /** Sector (or, within a sector, sub-industry) counts, by name. */
    categories: (group: 'gics_sector' | 'gics_sub_industry', sector?: string) => {
      let query = db
        .selectFrom('companies')
        .select([sql.ref<string>(group).as('_id'), (eb) => eb.fn.countAll<number>().as('count')])
        .where(group, '<>', '')
        .groupBy(group)
        .orderBy(group);
      if (sector !== undefined) query = query.where('gics_sector', '=', sector);
      return query.execute();
    },
  };
}

export type CompanyRepository = ReturnType<typeof createCompanyRepository>;
