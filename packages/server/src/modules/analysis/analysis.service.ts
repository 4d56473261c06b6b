import { createHash } from 'node:crypto';
import type { CompanyAnalysis as ApiCompanyAnalysis } from '@app/shared/api/analysis';
import type { FastifyBaseLogger } from 'fastify';
import type {
  AiProvider,
  ArticleClassification,
  CompanyAnalysisInput,
  CompanyNewsInput,
  DefconLevel,
} from '../../providers/ai/ai-provider.ts';
import type { AnalysisRepository, AnalysisRow, CompanyNewsRow } from './analysis.repository.ts';
import type { Clock } from '../../clock.ts';
import type { Company } from '@app/shared/api/companies';
import type { AnalysisQueryAst } from './analysis-query.ts';
import { toApiCompany } from '../companies/company.mapper.ts';
import { DAY_MS, isoDay } from '@app/shared/dates';

/** Analyses with the companies they are about, as the analyses API lists them. */
export type AnalysesPage = { analyses: ApiCompanyAnalysis[]; companies: Company[] };
import { mentionCentrality, MIN_CENTRALITY } from '../news/mention-centrality.ts';

/** Days of news an analysis is written from. */
export const ANALYSIS_WINDOW_DAYS = 7;
/** Analyses written per run at most (busiest companies first). */
export const ANALYSES_PER_RUN = 25;
/** Companies whose inputs are checked per run. */
const CANDIDATES_PER_RUN = 200;
/** Articles handed to the analyst per company. */
const NEWS_PER_COMPANY = 30;
/** Analyses kept per company. */
const KEEP_PER_COMPANY = 30;

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

type StoredAi = {
  summary?: unknown;
  sentiment_score?: unknown;
  defcon_level?: unknown;
  classification?: unknown;
};

function toNewsInput(row: CompanyNewsRow, centrality: number): CompanyNewsInput {
  const ai = (typeof row.AI === 'object' && row.AI !== null ? row.AI : {}) as StoredAi;
  const defcon = Number(ai.defcon_level);
  return {
    id: row.id,
    centrality,
    title: row.title,
    summary: row.ai_summary ?? (typeof ai.summary === 'string' ? ai.summary : row.description),
    sentiment_score: Number(ai.sentiment_score) || 0,
    interest_score: row.interest_score,
    defcon_level: (defcon >= 1 && defcon <= 5 ? Math.round(defcon) : 5) as DefconLevel,
    classification: (typeof ai.classification === 'string'
      ? ai.classification
      : 'Other') as ArticleClassification,
    date: row.creation_date,
    publisher: row.publisher,
  };
}

/**
 * The articles a company's analysis is written from: each weighted by how central the company is
 * to it (list articles that merely name it are left out), and each story once, by its most
 * central report (the newest of equals), newest first.
 */
export function analysisNews(
  rows: readonly CompanyNewsRow[],
  company: { company_name: string; exchange_tickers: readonly string[] },
  limit: number,
): CompanyNewsInput[] {
  const byStory = new Map<string, { row: CompanyNewsRow; centrality: number }>();
  for (const row of rows) {
    const centrality = mentionCentrality({
      title: row.title,
      related: row.related_exchange_tickers,
      companyName: company.company_name,
      companyTickers: company.exchange_tickers,
    });
    if (centrality < MIN_CENTRALITY) continue;
    const story = row.story_id ?? row.id;
    const kept = byStory.get(story);
    if (!kept || centrality > kept.centrality) byStory.set(story, { row, centrality });
  }
  return [...byStory.values()]
    .sort(
      (a, b) =>
        b.row.creation_date.getTime() - a.row.creation_date.getTime() ||
        b.row.id.localeCompare(a.row.id),
    )
    .slice(0, limit)
    .map(({ row, centrality }) => toNewsInput(row, centrality));
}

/**
 * What the analysis depends on: the articles (and their scores), the price moves rounded to whole
 * percents (a few cents of drift is no reason to write again) and the analyst.
 */
export function inputsFingerprint(input: CompanyAnalysisInput, provider: string): string {
  const round = (n: number | null | undefined) => (n == null ? null : Math.round(n));
  const data = {
    provider,
    news: input.news
      .map((n) => [n.id, n.sentiment_score, n.defcon_level, n.interest_score])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    price: input.price && [
      input.price.exchange_ticker,
      round(input.price.change_pct_1),
      round(input.price.change_pct_8),
      round(input.price.change_pct_31),
    ],
  };
  return createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 32);
}

export type AnalysisServiceDeps = {
  repository: AnalysisRepository;
  ai: AiProvider;
  log: FastifyBaseLogger;
  clock: Clock;
};

/** Writes company analyses and shapes them for the API. */
export function createAnalysisService({ repository, ai, log, clock }: AnalysisServiceDeps) {
  /** The analyst's input for one company, or null when the company is gone. */
  const buildInput = async (companyId: string, now: Date): Promise<CompanyAnalysisInput | null> => {
    const company = await repository.company(companyId);
    if (!company) return null;
    const since = new Date(now.getTime() - ANALYSIS_WINDOW_DAYS * DAY_MS);
    // More rows than are used: list articles and repeated stories are dropped.
    const rows = await repository.companyNews(
      company.exchange_tickers,
      since,
      NEWS_PER_COMPANY * 3,
    );
    const news = analysisNews(rows, company, NEWS_PER_COMPANY);
    const main = company.exchange_tickers[0];
    const quote = main ? await repository.quote(main) : undefined;
    const range = quote ? await repository.closeRange(quote.exchange_ticker, isoDay(now)) : null;
    return {
      company_name: company.company_name,
      exchange_ticker: main ?? '',
      gics_sector: company.gics_sector || null,
      gics_sub_industry: company.gics_sub_industry || null,
      summary: company.ai_summary ?? (company.long_business_summary || null),
      price: quote
        ? { ...quote, low_52w: range?.low ?? null, high_52w: range?.high ?? null }
        : null,
      news,
      now,
    };
  };

  /** API items, citations resolved to the articles' titles and links (in marker order). */
  async function toApi(rows: AnalysisRow[]): Promise<ApiCompanyAnalysis[]> {
    const ids = [...new Set(rows.flatMap((row) => row.citations))];
    const news = new Map((await repository.citedNews(ids)).map((n) => [n.id, n]));
    return rows.map((row) => ({
      id: row.id,
      company_id: row.company_id,
      ai_summary: row.ai_summary,
      ai_upload_date: epochSeconds(row.ai_upload_date),
      last_visited_date: row.last_visited_date ? epochSeconds(row.last_visited_date) : null,
      sentiment_score: row.sentiment_score,
      provider: row.provider,
      citations: row.citations.map((id) => {
        const article = news.get(id);
        return {
          id,
          title: article?.title ?? null,
          link: article?.link ?? null,
          publisher: article?.publisher ?? null,
          creation_date: article ? epochSeconds(article.creation_date) : null,
        };
      }),
    }));
  }

  /** The analyses and the companies they are about (`first` first, then in order of appearance). */
  async function withCompanies(rows: AnalysisRow[], first?: string): Promise<AnalysesPage> {
    const ids = [...new Set([...(first ? [first] : []), ...rows.map((row) => row.company_id)])];
    const [companyRows, analyses] = await Promise.all([
      repository.companiesByIds(ids),
      toApi(rows),
    ]);
    const companies = new Map(companyRows.map((row) => [row.id, toApiCompany(row)]));
    return { analyses, companies: ids.flatMap((id) => companies.get(id) ?? []) };
  }

  return {
    buildInput,
    toApi,

    /** A page of each company's latest analysis, newest first, with the companies. */
    latestPage: async (skip: number, limit: number) =>
      withCompanies(await repository.latestPage(skip, limit)),

    /**
     * Analyses by the query language, with the companies; `undefined` when its `symbol=` names
     * no company.
     */
    async query(ast: AnalysisQueryAst): Promise<AnalysesPage | undefined> {
      let companyId: string | undefined;
      if (ast.extras.symbol !== undefined) {
        companyId = await repository.companyIdBySymbol(ast.extras.symbol);
        if (companyId === undefined) return undefined;
      }
      return withCompanies(await repository.query(ast, companyId), companyId);
    },

    /** A company's latest analysis for link previews (seo). */
    previewOf: (symbol: string) => repository.previewOf(symbol),

    /** The sitemap's pages of analyses and their entries (seo). */
    sitemapPages: (size: number) => repository.sitemapPages(size),
    sitemapEntries: (fromId: string, size: number) => repository.sitemapEntries(fromId, size),

    /** The newest analysis of each company that has one (the assistant's context). */
    async latestOf(companyIds: readonly string[]) {
      return (await repository.latestOf(companyIds)).map((row) => ({
        company_id: row.company_id,
        markdown: row.ai_summary,
        sentiment_score: row.sentiment_score,
        date: row.ai_upload_date,
      }));
    },

    /**
     * Writes analyses of the busiest companies with news in the window whose inputs changed since
     * their last analysis, at most `max`; one failing company is logged and skipped.
     */
    async analyzeChanged(options: { now?: Date; max?: number } = {}) {
      const now = options.now ?? clock.now();
      const max = options.max ?? ANALYSES_PER_RUN;
      const since = new Date(now.getTime() - ANALYSIS_WINDOW_DAYS * DAY_MS);
      const candidates = await repository.busyCompanies(since, CANDIDATES_PER_RUN);
      const last = await repository.lastFingerprints(candidates.map((c) => c.company_id));
      let written = 0;
      let failed = 0;
      for (const { company_id } of candidates) {
        if (written >= max) break;
        try {
          const input = await buildInput(company_id, now);
          if (!input || input.news.length === 0) continue;
          const fingerprint = inputsFingerprint(input, ai.name);
          if (last.get(company_id) === fingerprint) continue;
          const analysis = await ai.analyzeCompany(input);
          const known = new Set(input.news.map((n) => n.id));
          // Markers are positions in `citations`: one unknown id would shift every claim.
          const unknown = analysis.citations.find((id) => !known.has(id));
          if (unknown !== undefined)
            throw new Error(`cited an article it was not given: ${unknown}`);
          await repository.insert({
            company_id,
            ai_summary: analysis.markdown,
            citations: analysis.citations,
            sentiment_score: analysis.sentiment_score,
            provider: analysis.provider ?? ai.name,
            inputs_fingerprint: fingerprint,
            news_count: input.news.length,
            ai_upload_date: now,
          });
          await repository.prune(company_id, KEEP_PER_COMPANY);
          written += 1;
        } catch (error) {
          failed += 1;
          log.warn({ err: error, company_id }, 'company analysis failed');
        }
      }
      return { candidates: candidates.length, written, failed };
    },
  };
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;
