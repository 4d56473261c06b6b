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
}

/** An AI analyst that enriches one article at a time. */
export interface AiProvider {
  /** Provider id, e.g. `offline`. */
  readonly name: string;
  /** Fills the `AI` object for one article. */
  analyze(article: AiArticleInput): Promise<AiAnalysis>;
}
