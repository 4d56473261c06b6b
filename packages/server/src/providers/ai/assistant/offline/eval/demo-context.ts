/**
 * Assistant contexts built from the demo data the product runs on: the demo companies, their
 * quotes and change fields from the deterministic demo prices (computed as the quote snapshots
 * compute them), the demo newsroom's stories enriched by the offline analyst, and the offline
 * company analyses. Pure: the same `now` gives the same contexts.
 */
import { createHash } from 'node:crypto';
import { loadDemoCompanies, type DemoCompany } from '../../../../../demo/companies.ts';
import { anchorPrice } from '../../../../market-data/demo/demo-market-data-provider.ts';
import {
  lastCompletedTradingDay,
  synthesizeDailyBars,
} from '../../../../market-data/demo/price-synthesis.ts';
import { dayNumber, isoDate } from '../../../../market-data/demo/trading-calendar.ts';
import {
  createDemoNewsroom,
  NEWSROOM_PUBLISHER,
} from '../../../../news/demo-newsroom/demo-newsroom-source.ts';
import type { CompanyNewsInput } from '../../../ai-provider.ts';
import { writeCompanyAnalysis } from '../../../offline/company-analysis.ts';
import { analyzeArticle } from '../../../offline/offline-ai-provider.ts';
import { loadShippedSentimentModel } from '../../../offline/sentiment-model.ts';
import type {
  AssistantContext,
  CompanyContext,
  NewsFact,
  QuoteFact,
} from '../../assistant-provider.ts';
import { DAY_MS } from '@app/shared/dates';

export type Article = NewsFact & { text: string };

export interface DemoData {
  now: Date;
  /** Every company of the universe with its quote, news and analysis, by `EXCHANGE:TICKER`. */
  companies: Map<string, CompanyContext>;
  /** Every article, by id. */
  articles: Map<string, Article>;
}

/** Sessions of demo news behind the contexts (a demo that has run for about a month). */
const NEWS_SESSIONS = 20;
const NEWS_PER_COMPANY = 10;

/** A stable uuid-shaped id for a story. */
function storyId(key: string): string {
  const h = createHash('sha1').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The quote and change fields at the last completed session, as the snapshot computes them. */
export function demoQuote(company: DemoCompany, now: Date): QuoteFact | null {
  const last = lastCompletedTradingDay(now);
  const bars = synthesizeDailyBars({
    symbol: company.symbol,
    referencePrice: anchorPrice(company),
    sector: company.sector,
    from: isoDate(dayNumber(last) - 400),
    to: last,
  });
  const bar = bars.at(-1);
  const previous = bars.at(-2);
  if (!bar || !previous) return null;
  const price = bar.close;
  const change = (from: number | undefined) =>
    from === undefined ? null : ((price - from) / from) * 100;
  const closeOnOrBefore = (days: number) => {
    const day = isoDate(dayNumber(bar.date) - days);
    return bars.filter((b) => b.date <= day).at(-1)?.close;
  };
  const yearStart = isoDate(dayNumber(bar.date) - 365);
  const year = bars.filter((b) => b.date > yearStart).map((b) => b.close);
  return {
    exchange_ticker: company.symbol,
    price,
    currency: 'USD',
    change_pct_1: change(previous.close),
    change_pct_8: change(closeOnOrBefore(8)),
    change_pct_31: change(closeOnOrBefore(31)),
    change_pct_365: change(closeOnOrBefore(365)),
    low_52w: Math.min(...year),
    high_52w: Math.max(...year),
    as_of: new Date(`${bar.date}T21:00:00Z`),
  };
}

/** The demo data at `now` for the companies `symbols` (the newsroom writes about all of them). */
export function buildDemoData(now: Date, symbols: readonly string[]): DemoData {
  const universe = loadDemoCompanies();
  const wanted = new Set(symbols);
  const model = loadShippedSentimentModel();
  const stories = createDemoNewsroom({ days: NEWS_SESSIONS }).storiesAt(now);
  const articles = new Map<string, Article>();
  const bySymbol = new Map<string, Article[]>();
  for (const story of stories) {
    if (!wanted.has(story.symbol)) continue;
    const text = `${story.description}\n\n${story.content}`;
    const ai = analyzeArticle(model, { title: story.title, text, tickers: [story.symbol] });
    const article: Article = {
      id: storyId(`${story.kind}:${story.symbol}:${story.day}`),
      title: story.title,
      summary: ai.summary,
      publisher: NEWSROOM_PUBLISHER,
      date: story.publishedAt,
      tickers: [story.symbol],
      sentiment_score: ai.sentiment_score,
      interest_score: ai.interest_score,
      defcon_level: ai.defcon_level,
      classification: ai.classification,
      text,
    };
    articles.set(article.id, article);
    bySymbol.set(story.symbol, [...(bySymbol.get(story.symbol) ?? []), article]);
  }

  const companies = new Map<string, CompanyContext>();
  for (const demo of universe) {
    if (!wanted.has(demo.symbol)) continue;
    const quote = demoQuote(demo, now);
    const news = (bySymbol.get(demo.symbol) ?? [])
      .sort((a, b) => b.date.getTime() - a.date.getTime())
      .slice(0, NEWS_PER_COMPANY)
      .map(({ text: _text, ...fact }) => fact);
    const week = news.filter((n) => now.getTime() - n.date.getTime() <= 7 * DAY_MS);
    const analysis = writeCompanyAnalysis({
      company_name: demo.name,
      exchange_ticker: demo.symbol,
      gics_sector: demo.sector,
      gics_sub_industry: demo.sub_industry,
      summary: demo.summary,
      price: quote,
      news: week.map((n): CompanyNewsInput => ({
        id: n.id,
        title: n.title,
        summary: n.summary,
        sentiment_score: n.sentiment_score ?? 0,
        interest_score: n.interest_score,
        defcon_level: (n.defcon_level ?? 5) as CompanyNewsInput['defcon_level'],
        classification: (n.classification ?? 'Other') as CompanyNewsInput['classification'],
        date: n.date,
        publisher: n.publisher,
      })),
      now,
    });
    companies.set(demo.symbol, {
      company_id: storyId(`company:${demo.symbol}`),
      company_name: demo.name,
      exchange_ticker: demo.symbol,
      gics_sector: demo.sector,
      gics_sub_industry: demo.sub_industry,
      summary: demo.summary,
      quote,
      news,
      analysis: {
        company_id: storyId(`company:${demo.symbol}`),
        markdown: analysis.markdown,
        sentiment_score: analysis.sentiment_score,
        date: now,
      },
    });
  }
  return { now, companies, articles };
}

/** The context of a question: the selected companies in order, and the article if any. */
export function demoContext(
  data: DemoData,
  selection: 'PORTFOLIO' | 'TICKERS',
  symbols: readonly string[],
  article: Article | null = null,
): AssistantContext {
  const companies = symbols
    .map((s) => data.companies.get(s))
    .filter((c): c is CompanyContext => c !== undefined);
  return { now: data.now, selection, companies, article };
}
