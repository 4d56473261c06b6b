/**
 * The messages a chat model gets for an assistant request: the persona's system prompt, our rules,
 * the user's data as a numbered source list (`[n]` in the answer cites source n), the chat so far
 * and the question. Numbers are written as stored (2 decimals), so the model can copy them.
 */
import {
  NOT_ADVICE_LINE,
  type AssistantRequest,
  type Citation,
  type CompanyContext,
  type NewsFact,
} from '../assistant-provider.ts';
import type { ChatMessage } from '../../openai/chat-client.ts';
import { personaOf } from '../personas.ts';

/** Characters of the Q&A article's text sent to the model. */
const ARTICLE_TEXT_CHARS = 8_000;
/** Characters of a company analysis sent to the model. */
const ANALYSIS_CHARS = 900;
/** Earlier turns sent with the question. */
const HISTORY_TURNS = 12;

const fixed = (n: number | null, suffix = ''): string =>
  n === null ? 'n/a' : `${n > 0 && suffix === '%' ? '+' : ''}${n.toFixed(2)}${suffix}`;
const signedInt = (n: number | null) => (n === null ? 'n/a' : n > 0 ? `+${n}` : String(n));
const day = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export interface PromptSources {
  /** The numbered source list, one source a line. */
  lines: string[];
  /** `citations[n - 1]` is source n. */
  citations: Citation[];
}

function articleLine(item: NewsFact, n: number, text?: string): string {
  const scores = [
    `sentiment ${signedInt(item.sentiment_score)}`,
    `interest ${item.interest_score ?? 'n/a'}`,
    `defcon ${item.defcon_level ?? 'n/a'}`,
    item.classification ?? 'unclassified',
  ].join(', ');
  const body = text ? ` Text: ${oneLine(text).slice(0, ARTICLE_TEXT_CHARS)}` : '';
  return (
    `[${n}] Article "${oneLine(item.title)}" (${oneLine(item.publisher)}, ${day(item.date)}; ` +
    `tickers ${item.tickers.join(', ') || 'none'}; ${scores}). Summary: ${oneLine(item.summary)}${body}`
  );
}

function quoteLine(c: CompanyContext, n: number): string | null {
  const q = c.quote;
  if (!q) return null;
  return (
    `[${n}] Quote ${c.exchange_ticker} as of ${day(q.as_of)}: price ${q.price.toFixed(2)} ${q.currency}; ` +
    `change day ${fixed(q.change_pct_1, '%')}, week ${fixed(q.change_pct_8, '%')}, ` +
    `month ${fixed(q.change_pct_31, '%')}, year ${fixed(q.change_pct_365, '%')}; ` +
    `52-week low ${fixed(q.low_52w)}, high ${fixed(q.high_52w)}.`
  );
}

/** The context as a numbered source list, and the citation each number stands for. */
export function promptSources(request: AssistantRequest): PromptSources {
  const lines: string[] = [];
  const citations: Citation[] = [];
  const seen = new Set<string>();
  /** An article as the next source, once (a company's news, then the market-wide ones). */
  const addArticle = (item: NewsFact, note: string) => {
    if (seen.has(item.id)) return;
    seen.add(item.id);
    citations.push({
      kind: 'article',
      id: item.id,
      title: item.title,
      publisher: item.publisher,
      date: item.date,
    });
    lines.push(`${articleLine(item, citations.length)}${note}`);
  };
  const { article } = request.context;
  if (article) {
    seen.add(article.id);
    citations.push({
      kind: 'article',
      id: article.id,
      title: article.title,
      publisher: article.publisher,
      date: article.date,
    });
    lines.push(articleLine(article, citations.length, article.text));
  }
  for (const c of request.context.companies) {
    const quote = quoteLine(c, citations.length + 1);
    if (quote) {
      citations.push({
        kind: 'quote',
        exchange_ticker: c.exchange_ticker,
        as_of: c.quote?.as_of ?? request.context.now,
      });
      lines.push(quote);
    }
    if (c.analysis) {
      citations.push({
        kind: 'analysis',
        company_id: c.company_id,
        exchange_ticker: c.exchange_ticker,
        date: c.analysis.date,
      });
      const markdown = oneLine(c.analysis.markdown.replace(/\[\d+(?:,\s*\d+)*\]/g, ''));
      lines.push(
        `[${citations.length}] Analysis of ${c.exchange_ticker} (${day(c.analysis.date)}, score ${signedInt(c.analysis.sentiment_score)}): ${markdown.slice(0, ANALYSIS_CHARS)}`,
      );
    }
    for (const item of c.news) addArticle(item, '');
  }
  for (const item of request.context.market ?? []) addArticle(item, ' (market-wide)');
  return { lines, citations };
}

function companiesBlock(companies: readonly CompanyContext[]): string {
  if (companies.length === 0) return 'No companies are selected.';
  return companies
    .map((c) => {
      const sector = [c.gics_sector, c.gics_sub_industry].filter(Boolean).join(' / ');
      return `- ${oneLine(c.company_name)} (${c.exchange_ticker}${sector ? `, ${sector}` : ''})${c.summary ? `: ${oneLine(c.summary)}` : ''}`;
    })
    .join('\n');
}

export function assistantMessages(
  request: AssistantRequest,
  sources: PromptSources,
): ChatMessage[] {
  const persona = request.persona?.system.trim()
    ? request.persona.system.trim()
    : personaOf(request.persona?.name).system;
  const { context } = request;
  const rules = [
    `Today is ${day(context.now)}. You answer questions about the user's own selection of companies${context.article ? ' and about the article of source [1]' : ''}${context.market?.length ? ', and about the market from the sources marked market-wide' : ''}.`,
    'Answer only from the companies and the numbered sources below. If they do not answer the question, say so plainly and say what you can answer instead.',
    'Cite every fact with the number of its source in square brackets right after it, like [2] or [1][3]. Use only numbers from the list.',
    'Never write a number that is not in a cited source; copy figures as given (you may round to one decimal). Do not guess prices, ratios or dates.',
    'Do not tell the user to buy or sell.',
    request.useMarkdown
      ? 'Write markdown (short paragraphs, bullet lists, no tables, no headings above level 3).'
      : 'Write plain text: no markdown, no asterisks, no headings.',
    `End the answer with this line on its own: ${NOT_ADVICE_LINE}`,
  ].join('\n');
  const data = [
    `Selection: ${context.selection}. Companies:`,
    companiesBlock(context.companies),
    '',
    'Sources:',
    ...(sources.lines.length > 0 ? sources.lines : ['(none)']),
  ].join('\n');
  const history = request.history
    .filter((turn) => turn.role !== 'system' && turn.content.trim())
    .slice(-HISTORY_TURNS)
    .map((turn): ChatMessage => ({ role: turn.role, content: turn.content }));
  return [
    { role: 'system', content: persona },
    { role: 'system', content: `${rules}\n\n${data}` },
    ...history,
    { role: 'user', content: request.question },
  ];
}
