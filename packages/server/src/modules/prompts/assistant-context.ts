import type { Clock } from '../../clock.ts';
import type {
  AssistantContext,
  CompanyContext,
  QuoteFact,
} from '../../providers/ai/assistant/assistant-provider.ts';
import type { AnalysisService } from '../analysis/analysis.service.ts';
import type { CompanyService } from '../companies/company.service.ts';
import type { NewsViewer } from '../news/news.repository.ts';
import type { NewsService } from '../news/news.service.ts';
import type { PortfolioService } from '../portfolio/portfolio.service.ts';
import type { QuoteService } from '../quotes/quote.service.ts';
import type { WatchlistService } from '../watchlists/watchlist.service.ts';
import { PermanentPromptError, SELECTION_MAX, type SelectionKind } from './prompt-rules.ts';

/** Recent articles handed to the assistant per company. */
export const NEWS_PER_COMPANY = 10;
/** Market-wide articles handed to the assistant (a question about the market). */
export const MARKET_NEWS = 6;

export type AssistantContextDeps = {
  clock: Clock;
  watchlists: Pick<WatchlistService, 'symbolsOf'>;
  /** The listings held in the default portfolio; absent: the watchlist alone. */
  holdings?: Pick<PortfolioService, 'heldSymbols'>;
  /** The companies module's lookups. */
  companies: Pick<CompanyService, 'bySymbols'>;
  quotes: Pick<QuoteService, 'financials' | 'yearRanges'>;
  news: Pick<NewsService, 'recentFacts' | 'articleFact' | 'marketFacts'>;
  analysis: Pick<AnalysisService, 'latestOf'>;
};

export type ContextRequest = {
  userId: string;
  viewer: NewsViewer;
  selection: SelectionKind;
  articleId: string | null;
};

/**
 * Gathers the user's own data an answer may use (spec §1): the selected companies
 * (PORTFOLIO = the default watchlist and the default portfolio's holdings; or the chosen tickers), each with its latest quote and
 * 52-week range, its newest processed articles and its latest analysis, and for the Q&A panel the
 * article with its text. At most SELECTION_MAX companies, and a fixed number of queries whatever
 * their count: one per kind of fact, never one per company.
 */
export function createAssistantContextBuilder(deps: AssistantContextDeps) {
  return async function buildContext(request: ContextRequest): Promise<AssistantContext> {
    const now = deps.clock.now();
    const article = request.articleId
      ? await deps.news.articleFact(request.articleId, request.viewer)
      : null;
    if (request.articleId && !article) {
      throw new PermanentPromptError('the article is no longer available');
    }

    let symbols: readonly string[];
    const { selection } = request;
    if (selection.kind === 'PORTFOLIO' || selection.kind === 'EMAIL') {
      // Watched companies first (the user's order), then positions that are not on the list.
      const [watched, held] = await Promise.all([
        deps.watchlists.symbolsOf(request.userId),
        deps.holdings?.heldSymbols(request.userId) ?? [],
      ]);
      symbols = [...watched, ...held];
    } else if (selection.kind === 'TICKERS') {
      symbols = selection.symbols;
    } else {
      // A question about an article without a selection is about the article's companies.
      symbols = article?.tickers ?? [];
    }
    const companies = await companiesOf(symbols);
    const listings = companies.map((c) => c.exchange_ticker);
    // Quotes first: a listing never quoted gets its history loaded there, which the range reads.
    const financials = await deps.quotes.financials(listings);
    const [ranges, news, analyses, market] = await Promise.all([
      deps.quotes.yearRanges(listings),
      deps.news.recentFacts(
        companies.map((c) => ({ key: c.company_id, tickers: [c.exchange_ticker] })),
        NEWS_PER_COMPANY,
        request.viewer,
      ),
      deps.analysis.latestOf(companies.map((c) => c.company_id)),
      deps.news.marketFacts(MARKET_NEWS, request.viewer),
    ]);
    const analysisOf = new Map(analyses.map((a) => [a.company_id, a]));

    const context: CompanyContext[] = companies.map((company) => {
      const f = financials.financials[company.exchange_ticker];
      const range = ranges.get(company.exchange_ticker);
      const quote: QuoteFact | null = f
        ? {
            exchange_ticker: company.exchange_ticker,
            price: f.price,
            currency: f.currency,
            change_pct_1: f.change_pct_1,
            change_pct_8: f.change_pct_8,
            change_pct_31: f.change_pct_31,
            change_pct_365: f.change_pct_365,
            low_52w: range?.low ?? null,
            high_52w: range?.high ?? null,
            as_of: new Date(f.as_of * 1000),
          }
        : null;
      return {
        company_id: company.company_id,
        company_name: company.company_name,
        exchange_ticker: company.exchange_ticker,
        gics_sector: company.gics_sector || null,
        gics_sub_industry: company.gics_sub_industry || null,
        summary: company.ai_summary ?? (company.long_business_summary || null),
        quote,
        news: news.get(company.company_id) ?? [],
        analysis: analysisOf.get(company.company_id) ?? null,
      };
    });

    return {
      now,
      selection:
        selection.kind === 'PORTFOLIO' || selection.kind === 'EMAIL'
          ? 'PORTFOLIO'
          : selection.kind === 'TICKERS'
            ? 'TICKERS'
            : 'NONE',
      companies: context,
      article: article ?? null,
      market,
    };
  };

  /** The known companies of `symbols` in the user's order, one listing each, at most SELECTION_MAX. */
  async function companiesOf(symbols: readonly string[]) {
    const wanted = [...new Set(symbols)];
    const rows = await deps.companies.bySymbols(wanted);
    const bySymbol = new Map(rows.map((row) => [row.exchange_ticker, row]));
    const seen = new Set<string>();
    const result = [];
    for (const symbol of wanted) {
      const row = bySymbol.get(symbol);
      if (!row || seen.has(row.company_id)) continue;
      seen.add(row.company_id);
      result.push(row);
      if (result.length >= SELECTION_MAX) break;
    }
    return result;
  }
}

export type AssistantContextBuilder = ReturnType<typeof createAssistantContextBuilder>;
