/** A small hand-built context for the assistant's unit tests (no database needed). */
import type {
  AssistantContext,
  AssistantRequest,
  CompanyContext,
  NewsFact,
} from '../assistant-provider.ts';

export const NOW = new Date('2026-12-02T22:00:00Z');
const AS_OF = new Date('2026-12-02T21:00:00Z');
const day = (d: number) => new Date(NOW.getTime() - d * 86_400_000);

function article(id: string, ticker: string, over: Partial<NewsFact>): NewsFact {
  return {
    id: `00000000-0000-4000-8000-${id.padStart(12, '0')}`,
    title: 'Untitled',
    summary: '',
    publisher: 'Test Wire',
    date: day(1),
    tickers: [ticker],
    sentiment_score: 0,
    interest_score: 5,
    defcon_level: 4,
    classification: 'Other',
    ...over,
  };
}

export const ACME: CompanyContext = {
  company_id: 'c-acme',
  company_name: 'Acme Corporation',
  exchange_ticker: 'NYSE:ACME',
  gics_sector: 'Information Technology',
  gics_sub_industry: 'Systems Software',
  summary: 'Sells cloud software to businesses of every size.',
  quote: {
    exchange_ticker: 'NYSE:ACME',
    price: 123.45,
    currency: 'USD',
    change_pct_1: 4.321,
    change_pct_8: 6.5,
    change_pct_31: -3.25,
    change_pct_365: 42.1,
    low_52w: 80.5,
    high_52w: 130.2,
    as_of: AS_OF,
  },
  news: [
    article('1', 'NYSE:ACME', {
      title: 'Acme beats estimates as revenue rises 18% to $4.2 billion',
      summary: 'Acme reported revenue of $4.2 billion, up 18%, and raised its outlook.',
      sentiment_score: 7,
      interest_score: 8,
      defcon_level: 2,
      classification: 'Company Results',
      date: day(0.2),
    }),
    article('2', 'NYSE:ACME', {
      title: 'Regulator opens probe into Acme cloud contracts',
      summary: 'The regulator said it would review contracts worth $310 million.',
      sentiment_score: -5,
      interest_score: 7,
      defcon_level: 2,
      classification: 'Regulatory Update',
      date: day(3),
    }),
  ],
  analysis: {
    company_id: 'c-acme',
    markdown:
      '## Bullish view\n\nAcme Corporation: 2 recent articles read mildly positive overall.',
    sentiment_score: 4,
    date: day(0.1),
  },
};

export const BETA: CompanyContext = {
  company_id: 'c-beta',
  company_name: 'Beta Bancorp Inc.',
  exchange_ticker: 'NASDAQ:BETA',
  gics_sector: 'Financials',
  gics_sub_industry: 'Regional Banks',
  summary: 'A regional bank in the Midwest.',
  quote: {
    exchange_ticker: 'NASDAQ:BETA',
    price: 45.6,
    currency: 'USD',
    change_pct_1: -2.75,
    change_pct_8: -1.1,
    change_pct_31: -12.4,
    change_pct_365: -8.8,
    low_52w: 44.9,
    high_52w: 61.3,
    as_of: AS_OF,
  },
  news: [
    article('3', 'NASDAQ:BETA', {
      title: 'Beta Bancorp cuts dividend by 25%',
      summary: 'The bank cut its quarterly dividend to $0.30 a share.',
      sentiment_score: -6,
      interest_score: 6,
      defcon_level: 3,
      classification: 'Dividend News',
      date: day(1),
    }),
  ],
  analysis: null,
};

export const GAMMA: CompanyContext = {
  company_id: 'c-gamma',
  company_name: 'Gamma Devices',
  exchange_ticker: 'NASDAQ:GAMD',
  gics_sector: 'Information Technology',
  gics_sub_industry: 'Semiconductors',
  summary: 'Designs chips for data centers.',
  quote: {
    exchange_ticker: 'NASDAQ:GAMD',
    price: 310.0,
    currency: 'USD',
    change_pct_1: 0.5,
    change_pct_8: 2.2,
    change_pct_31: 9.9,
    change_pct_365: 15.5,
    low_52w: 200.0,
    high_52w: 312.5,
    as_of: AS_OF,
  },
  news: [],
  analysis: null,
};

/** A market-wide wrap (no company), for questions about the market. */
export const MARKET_WRAP: NewsFact = {
  ...article('9', 'NYSE:ACME', {
    title: 'Stocks end mixed as Treasury yields edge higher',
    summary: 'The S&P 500 slipped 0.1% while the Dow rose 0.2%.',
    classification: 'Market News',
    sentiment_score: 1,
    date: day(0.5),
  }),
  tickers: [],
};

export const ARTICLE = {
  ...(ACME.news[0] as NewsFact),
  text:
    'Acme reported revenue of $4.2 billion for the quarter, up 18% from a year earlier. ' +
    'Earnings per share came in at $1.10, above the $0.95 analysts expected. ' +
    'The company raised its full-year outlook, citing demand for its cloud products. ' +
    'Chief executive Jane Roe said the backlog reached a record.',
};

export function context(over: Partial<AssistantContext> = {}): AssistantContext {
  return {
    now: NOW,
    selection: 'PORTFOLIO',
    companies: [ACME, BETA, GAMMA],
    article: null,
    market: [MARKET_WRAP],
    ...over,
  };
}

export function request(question: string, over: Partial<AssistantRequest> = {}): AssistantRequest {
  return {
    type: 'CHAT',
    question,
    persona: null,
    history: [],
    context: context(),
    useMarkdown: true,
    maxTokens: 800,
    ...over,
  };
}
