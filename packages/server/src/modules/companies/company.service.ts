import type { Company } from '@app/shared/api/companies';
import { newsArticleSchema, type NewsArticle } from '@app/shared/api/news';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { CompanyQueryAst } from './company-query.ts';
import { toApiCompany } from './company.mapper.ts';
import type { CompanyRepository } from './company.repository.ts';

/** Suggestions one search box asks for. */
const SUGGESTION_LIMIT = 10;
/** Articles on a company page. */
const COMPANY_PAGE_NEWS = 20;

/** The companies, their listings and what the company page and other modules read of them. */
export function createCompanyService(deps: {
  repository: CompanyRepository;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const { repository, clock, log } = deps;

  return {
    /** Companies by the query language (`/company/query`). */
    query: async (ast: CompanyQueryAst): Promise<Company[]> =>
      (await repository.query(ast)).map(toApiCompany),

    /** The company behind a listing, or undefined. */
    companyOf: async (symbol: string): Promise<Company | undefined> => {
      const row = await repository.companyOf(symbol);
      return row && toApiCompany(row);
    },

    /** The company of `symbol` and its related companies; undefined for an unknown symbol. */
    async related(symbol: string, limit: number) {
      const company = await repository.companyOf(symbol);
      if (!company) return undefined;
      const related = await repository.related(company, limit, clock.now());
      return { company: toApiCompany(company), related: related.map(toApiCompany) };
    },

    /**
     * The company of `symbol` with its newest (or oldest) articles; undefined for an unknown
     * symbol. A stored article the API schema rejects is left out and logged, never the page.
     */
    async withNews(symbol: string, direction: 'asc' | 'desc') {
      const company = await repository.companyOf(symbol);
      if (!company) return undefined;
      const news: NewsArticle[] = [];
      for (const text of await repository.newsOf(company.id, direction, COMPANY_PAGE_NEWS)) {
        const article = newsArticleSchema.safeParse(JSON.parse(text));
        if (article.success) news.push(article.data);
        else log.warn({ symbol, issues: article.error.issues }, 'malformed article skipped');
      }
      return { company: toApiCompany(company), news };
    },

    /** GICS sectors with counts, or the sub-industries of one sector. */
    categories: (group: 'gics_sector' | 'gics_sub_industry', sector?: string) =>
      repository.categories(group, sector),

    /** Ranked suggestions for a search box's text (none for blank text). */
    suggest: async (query: string) => {
      const text = query.trim();
      return text.length === 0 ? [] : repository.suggest(text, SUGGESTION_LIMIT);
    },

    /** The listings among `symbols` with their companies. */
    bySymbols: (symbols: readonly string[]) => repository.bySymbols(symbols),

    /** Of `symbols`, the listings that exist. */
    knownSymbols: async (symbols: readonly string[]) =>
      new Set((await repository.bySymbols(symbols)).map((row) => row.exchange_ticker)),

    /** Company names by listing. */
    namesOf: async (symbols: readonly string[]) =>
      new Map(
        (await repository.bySymbols(symbols)).map((row) => [row.exchange_ticker, row.company_name]),
      ),

    /** A company's link preview (seo). */
    previewOf: (filter: Parameters<CompanyRepository['previewOf']>[0]) =>
      repository.previewOf(filter),

    /** The sitemap's pages of companies and their entries (seo). */
    sitemapPages: (size: number) => repository.sitemapPages(size),
    sitemapEntries: (fromId: string, size: number) => repository.sitemapEntries(fromId, size),
  };
}

export type CompanyService = ReturnType<typeof createCompanyService>;
