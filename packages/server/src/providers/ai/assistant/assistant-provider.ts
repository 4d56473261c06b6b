/**
 * The contract of the AI assistant (spec §1 AI portfolio summaries and stock chat, §3 Prompt/chat
 * task): a question, a persona, the chat so far and the user's own data in; a cited answer out.
 * The prompts module gathers the context (watchlist, quotes, news, analyses, the article) and
 * queues the work; providers only write. Implementations: offline (a rule-based analyst over the
 * context) and openai (chat completions, streamed), chosen by `AI_PROVIDER`.
 */

import { CHAT_PERSONAS } from '@app/shared/api/prompts';
import type { CompanyPriceAction } from '../ai-provider.ts';

/** The six chat presets of spec §9, in the order the chat page offers them. */
export const PERSONA_NAMES = CHAT_PERSONAS;

export type PersonaName = (typeof PERSONA_NAMES)[number];

/** The prompt types of spec §3. */
export type AssistantTaskType = 'PORTFOLIO' | 'email_prompt' | 'CHAT';

/** One turn of a chat (`raw` of a prompt). */
export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The latest stored quote of a listing: its price action and when it was taken. */
export interface QuoteFact extends CompanyPriceAction {
  /** When the quote was taken (business time). */
  as_of: Date;
}

/** A processed article about one of the selected companies (or the article of a Q&A panel). */
export interface NewsFact {
  /** `news.id` (uuid); its page is `/news/view?id={id}`. */
  id: string;
  title: string;
  /** The AI summary, or the description when there is none. */
  summary: string;
  publisher: string;
  date: Date;
  /** `EXCHANGE:TICKER` of every linked listing. */
  tickers: string[];
  /** Integer −10 … +10; null when not analysed. */
  sentiment_score: number | null;
  /** Integer 0 … 10; null when unknown. */
  interest_score: number | null;
  /** 1 (material now) … 5 (noise); null when not analysed. */
  defcon_level: number | null;
  classification: string | null;
}

/** The latest company analysis (spec §3 Company prompt/review). */
export interface AnalysisFact {
  /** The company's id; its page is `/analysis/{EXCHANGE:TICKER}`. */
  company_id: string;
  markdown: string;
  /** Integer −10 … +10 when known. */
  sentiment_score: number | null;
  date: Date;
}

/** Everything known about one selected company. */
export interface CompanyContext {
  company_id: string;
  company_name: string;
  /** The main listing, `EXCHANGE:TICKER`. */
  exchange_ticker: string;
  gics_sector: string | null;
  gics_sub_industry: string | null;
  summary: string | null;
  /** Null when no quote is stored yet. */
  quote: QuoteFact | null;
  /** Recent processed news, newest first (at most 10). */
  news: NewsFact[];
  analysis: AnalysisFact | null;
}

/** The user's data an answer may use, and nothing else. */
export interface AssistantContext {
  /** Business time the answer is written at (from the clock). */
  now: Date;
  /** PORTFOLIO = the user's watchlist (and positions, once they exist); TICKERS = chosen ones. */
  selection: 'PORTFOLIO' | 'TICKERS' | 'NONE';
  /** The selected companies, in the user's order. */
  companies: CompanyContext[];
  /** The article of the `/news/view` Q&A panel, with its full text. */
  article: (NewsFact & { text: string }) | null;
  /**
   * The newest market-wide articles (Market News or Sector Analysis, the last week), for a question
   * about the market rather than the selection; absent or empty when there are none.
   */
  market?: NewsFact[];
}

export interface AssistantRequest {
  type: AssistantTaskType;
  /** The user's question or prompt text. */
  question: string;
  /** The persona (`system_name`) and its system prompt (`system`); null for none. */
  persona: { name: string; system: string } | null;
  /** The earlier turns of this chat, oldest first (without the current question). */
  history: ChatTurn[];
  context: AssistantContext;
  /** Markdown when true, plain text otherwise. */
  useMarkdown: boolean;
  /** Upper bound of the answer's length in tokens (per plan). */
  maxTokens: number;
}

/**
 * A source an answer cites. Markers `[1]`, `[2]` … in the text are `citations[0]`,
 * `citations[1]` …; every marker has its citation and every citation is used.
 */
export type Citation =
  | { kind: 'article'; id: string; title: string; publisher: string; date: Date }
  | { kind: 'quote'; exchange_ticker: string; as_of: Date }
  | { kind: 'analysis'; company_id: string; exchange_ticker: string; date: Date };

export interface AssistantAnswer {
  /** The answer (markdown or plain text per `useMarkdown`), ending with the not-advice line. */
  text: string;
  citations: Citation[];
  /** Who wrote it: `offline`, the model's name, or `offline (openai failed: …)`. */
  provider: string;
  /** The intent the offline analyst recognised (for evaluation); absent for a model. */
  intent?: string;
  /** Token counts and cost, when a model reports them. */
  usage?: { prompt_tokens: number; completion_tokens: number; cost_usd: number | null };
}

export interface AnswerOptions {
  /** Called with each piece of text as it is written (streaming); the answer still returns whole. */
  onText?: (piece: string) => void;
  signal?: AbortSignal;
}

/** The line every answer ends with. */
export const NOT_ADVICE_LINE = 'For information only, not financial advice.';

export interface AssistantProvider {
  readonly name: string;
  answer(request: AssistantRequest, options?: AnswerOptions): Promise<AssistantAnswer>;
}
