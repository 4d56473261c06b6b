/**
 * The assistant's evaluation: each question of `questions.json` is answered by the offline
 * assistant over contexts built from the demo data, then checked for correct citations (every
 * cited number is a figure of its source) and for answering the question asked (the expected
 * intent, and the facts it must contain: companies, figures formatted as shown, an article cited,
 * phrases).
 */
import { readFileSync } from 'node:fs';
import { formatPercent, formatPrice } from '@app/shared/display/format';
import type {
  AssistantAnswer,
  AssistantContext,
  AssistantTaskType,
  ChatTurn,
  CompanyContext,
} from '../../assistant-provider.ts';
import { answerOffline } from '../offline-assistant.ts';
import { citationErrors } from './check-citations.ts';
import { buildDemoData, demoContext, type Article, type DemoData } from './demo-context.ts';

export type FigureKind =
  | 'price'
  | 'change_pct_1'
  | 'change_pct_8'
  | 'change_pct_31'
  | 'change_pct_365'
  | 'high_52w'
  | 'low_52w';

export interface EvalQuestion {
  id: number;
  persona: string;
  type: AssistantTaskType;
  /** PORTFOLIO (the demo portfolio) or the chosen tickers. */
  selection: 'PORTFOLIO' | string[];
  question: string;
  history?: ChatTurn[];
  /** The Q&A panel's article: the most material article about this ticker. */
  article?: { ticker: string };
  expect: {
    intent: string;
    tickers?: string[];
    figures?: FigureKind[];
    article_cited?: boolean;
    contains?: string[];
  };
}

export interface EvalResult {
  question: EvalQuestion;
  answer: AssistantAnswer;
  citationErrors: string[];
  /** Why the answer is off the question asked; empty when it answers it. */
  topicErrors: string[];
}

/** The demo user's portfolio the PORTFOLIO questions are about. */
export const DEMO_PORTFOLIO = [
  'NASDAQ:AAPL',
  'NASDAQ:MSFT',
  'NASDAQ:NVDA',
  'NASDAQ:AMZN',
  'NYSE:JPM',
  'NYSE:XOM',
  'NYSE:JNJ',
  'NYSE:KO',
  'NYSE:CAT',
  'NYSE:NEE',
];

/** Business time of the evaluation: a Wednesday evening after the close, fixed for repeatability. */
export const EVAL_NOW = new Date('2026-12-02T22:00:00Z');

const QUESTIONS_FILE = new URL('./questions.json', import.meta.url);

export function readQuestions(): EvalQuestion[] {
  const parsed = JSON.parse(readFileSync(QUESTIONS_FILE, 'utf8')) as EvalQuestion[];
  if (!Array.isArray(parsed) || parsed.length < 60)
    throw new Error('questions.json: at least 60 questions');
  return parsed;
}

function articleFor(data: DemoData, ticker: string): Article | null {
  const articles = [...data.articles.values()].filter((a) => a.tickers.includes(ticker));
  articles.sort(
    (a, b) => (a.defcon_level ?? 5) - (b.defcon_level ?? 5) || b.date.getTime() - a.date.getTime(),
  );
  return articles[0] ?? null;
}

function figureOf(c: CompanyContext, kind: FigureKind): string[] {
  const q = c.quote;
  const value = q?.[kind];
  if (!q || value === null || value === undefined) return [];
  if (kind === 'price' || kind === 'high_52w' || kind === 'low_52w')
    return [formatPrice(value, q.currency)];
  return [formatPercent(value, 1), formatPercent(Math.abs(value), 1).replace('+', '')];
}

function topicErrors(
  question: EvalQuestion,
  answer: AssistantAnswer,
  context: AssistantContext,
): string[] {
  const errors: string[] = [];
  const { expect } = question;
  if (answer.intent !== expect.intent)
    errors.push(`intent ${answer.intent ?? '?'} instead of ${expect.intent}`);
  for (const ticker of expect.tickers ?? []) {
    const c = context.companies.find((x) => x.exchange_ticker === ticker);
    if (!c) {
      errors.push(`${ticker} is not in the context`);
      continue;
    }
    if (!answer.text.includes(ticker) && !answer.text.includes(c.company_name))
      errors.push(`${ticker} not named`);
    for (const kind of expect.figures ?? []) {
      const shown = figureOf(c, kind);
      if (!shown.some((s) => answer.text.includes(s)))
        errors.push(`${ticker} ${kind} (${shown[0] ?? 'n/a'}) missing`);
    }
  }
  if (expect.article_cited && !answer.citations.some((c) => c.kind === 'article'))
    errors.push('no article cited');
  for (const phrase of expect.contains ?? []) {
    if (!answer.text.toLowerCase().includes(phrase.toLowerCase()))
      errors.push(`"${phrase}" missing`);
  }
  return errors;
}

/** Answers every question (markdown for odd ids, plain text for even ones) and checks the answers. */
export function runEvaluation(questions = readQuestions(), now = EVAL_NOW): EvalResult[] {
  const symbols = new Set(DEMO_PORTFOLIO);
  for (const q of questions)
    if (Array.isArray(q.selection)) for (const s of q.selection) symbols.add(s);
  const data = buildDemoData(now, [...symbols]);
  return questions.map((question) => {
    const portfolio = question.selection === 'PORTFOLIO';
    const article = question.article ? articleFor(data, question.article.ticker) : null;
    const context = demoContext(
      data,
      portfolio ? 'PORTFOLIO' : 'TICKERS',
      portfolio ? DEMO_PORTFOLIO : (question.selection as string[]),
      article,
    );
    const answer = answerOffline({
      type: question.type,
      question: question.question,
      persona: { name: question.persona, system: '' },
      history: question.history ?? [],
      context,
      useMarkdown: question.id % 2 === 1,
      maxTokens: 1_000,
    });
    return {
      question,
      answer,
      citationErrors: citationErrors(answer, context),
      topicErrors: topicErrors(question, answer, context),
    };
  });
}

export function scores(results: readonly EvalResult[]) {
  const n = results.length;
  return {
    questions: n,
    correctCitations: results.filter((r) => r.citationErrors.length === 0).length / n,
    onTopic: results.filter((r) => r.topicErrors.length === 0).length / n,
  };
}
