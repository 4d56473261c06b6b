/**
 * The contract every AI analyst implements (offline NLP, OpenAI-compatible LLM). It fills the
 * spec's `AI` object of a news article (product spec §3, architecture §7).
 */

/** The fixed list of article categories the analyst may assign. */
export const ARTICLE_CLASSIFICATIONS = [
  'Company Results',
  'Earnings Preview',
  'Mergers and Acquisitions',
  'Analyst Recommendation',
  'Lawsuit',
  'Regulatory Update',
  'Central Bank Policy',
  'Dividend News',
  'IPO News',
  'Insider Trading Report',
  'Market News',
  'Sector Analysis',
  'Economic Report',
  'Opinion/Editorial',
  'Other',
] as const;

/** One of {@link ARTICLE_CLASSIFICATIONS}. */
export type ArticleClassification = (typeof ARTICLE_CLASSIFICATIONS)[number];

/** The three sentiment labels, bearish to bullish. */
export const SENTIMENTS = ['bearish', 'neutral', 'bullish'] as const;

/** One of {@link SENTIMENTS}. */
export type Sentiment = (typeof SENTIMENTS)[number];

/** 1 = could move the price now (bankruptcy, fraud, halt) … 5 = noise. */
export type DefconLevel = 1 | 2 | 3 | 4 | 5;

/** Whether the material news is good or bad for holders. */
export type DefconOutcome = 'positive' | 'negative';

/** A sentence of the article that an AI text drew on, so the UI can cite it. */
export interface SourceSentence {
  /** 0-based index of the sentence among the sentences of the article's `text`. */
  index: number;
  /** The sentence as it appears in the article. */
  text: string;
}

/** The article text handed to the analyst. */
export interface AiArticleInput {
  title: string;
  text: string;
  publisher?: string;
  tickers?: string[];
  /**
   * A sentiment score (−10 … 10) the article's writer computed from the figures it reports (our
   * market briefs): the analysis's sentiment follows it, whatever the words say.
   */
  sentimentHint?: number;
}

/** The spec's `AI` object of a news article. */
export interface AiAnalysis {
  /** The article's title, cleaned up. */
  title: string;
  /** A punchier variant of the title. */
  title_clickbait: string;
  /** One or two sentences. */
  summary: string;
  /** A longer extractive paragraph. */
  paragraph: string;
  classification: ArticleClassification;
  sentiment: Sentiment;
  /** Integer, −10 (very bearish) … +10 (very bullish). */
  sentiment_score: number;
  /**
   * Probability (0 … 1) that `sentiment` is right, from the offline analyst's calibration; null
   * (or absent) when unknown: an LLM's call, or a call that follows the writer's own figures.
   */
  sentiment_confidence?: number | null;
  /** Integer, 0 (dull) … 10 (must read). */
  interest_score: number;
  defcon_level: DefconLevel;
  defcon_outcome: DefconOutcome;
  /** The plain-English one-liner. */
  no_bullshit: string;
  gif_keywords: string[];
  /** A short icon name (e.g. `trending-up`). */
  article_icon: string;
  /** The sentences `summary` and `paragraph` were drawn from, in article order. */
  sources: SourceSentence[];
  /**
   * Who actually wrote the analysis when it is not the provider's plain name: the model, or the
   * offline analyst standing in after an LLM failure (`offline (openai failed: <reason>)`).
   */
  provider?: string;
}

/** The AI texts of an article that {@link AiProvider.translate} turns into another language. */
export interface AiTranslatable {
  title: string;
  summary: string;
  paragraph: string;
}

/** One processed article about the company, as handed to the company analyst. */
export interface CompanyNewsInput {
  /** The article's id (`news.id`, a uuid): what {@link CompanyAnalysis.citations} refer to. */
  id: string;
  title: string;
  /** The article's AI summary (or its description when it has none). */
  summary: string;
  /** Integer, −10 (very bearish) … +10 (very bullish). */
  sentiment_score: number;
  /** Integer, 0 (dull) … 10 (must read); null when unknown. */
  interest_score: number | null;
  defcon_level: DefconLevel;
  classification: ArticleClassification;
  /** When it was published. */
  date: Date;
  publisher: string;
  /**
   * How central the company is to the article, 0 … 1 (1: it is what the article is about; less
   * when it is one of several companies named); absent means 1.
   */
  centrality?: number;
}

/** The company's recent price action; null fields are not known (history too short). */
export interface CompanyPriceAction {
  /** The listing the figures are about, `EXCHANGE:TICKER`. */
  exchange_ticker: string;
  price: number;
  currency: string;
  /** Percent change over 1, 8, 31 and 365 sessions (5 → 5 %). */
  change_pct_1: number | null;
  change_pct_8: number | null;
  change_pct_31: number | null;
  change_pct_365: number | null;
  /** Lowest and highest daily close of the last 52 weeks. */
  low_52w: number | null;
  high_52w: number | null;
}

/** What the company analyst writes from: the company, its price action and its recent news. */
export interface CompanyAnalysisInput {
  company_name: string;
  /** The main listing, `EXCHANGE:TICKER`. */
  exchange_ticker: string;
  gics_sector: string | null;
  gics_sub_industry: string | null;
  /** The company's business summary (ours or the provider's); may be empty. */
  summary: string | null;
  /** Null when no quote is stored yet. */
  price: CompanyPriceAction | null;
  /** Processed articles of the window, newest first. */
  news: CompanyNewsInput[];
  /** The moment the analysis is written for (business time, from the clock). */
  now: Date;
}

/**
 * A company analysis (spec §3 Company prompt/review). `markdown` uses `##` headings (level 2 and
 * below, never `#`) and cites articles with numbered markers: `[1]` is `citations[0]`, `[2]` is
 * `citations[1]` … Every marker in the text has its citation; every citation is used.
 */
export interface CompanyAnalysis {
  markdown: string;
  /** Integer, −10 (very bearish) … +10 (very bullish): the analyst's overall view. */
  sentiment_score: number;
  /** The cited articles' ids ({@link CompanyNewsInput.id}), in marker order. */
  citations: string[];
  /**
   * Who actually wrote it when it is not the provider's plain name (the model, or the offline
   * analyst standing in after an LLM failure), as in {@link AiAnalysis.provider}.
   */
  provider?: string;
}

/** An AI analyst that enriches one article at a time and writes company analyses. */
export interface AiProvider {
  /** Provider id, e.g. `offline`. */
  readonly name: string;
  /** Fills the `AI` object for one article. */
  analyze(article: AiArticleInput): Promise<AiAnalysis>;
  /**
   * Translates an article's AI title, summary and paragraph into `language` (a tag such as
   * `es-ES`). Throws `AiCapabilityError` when the analyst cannot translate (the offline one).
   */
  translate(texts: AiTranslatable, language: string): Promise<AiTranslatable>;
  /** Writes a company analysis from its price action and recent processed news. */
  analyzeCompany(input: CompanyAnalysisInput): Promise<CompanyAnalysis>;
}
