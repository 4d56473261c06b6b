/**
 * The messages asking the model for a company analysis. The articles go in numbered (`[1]` …),
 * newest first, so the model can cite them; ids stay with us (company-answer.ts maps numbers back).
 */
import type { CompanyAnalysisInput, CompanyNewsInput } from '../ai-provider.ts';
import type { ChatMessage } from './chat-client.ts';
import { formatPercent, formatPrice } from '@app/shared/display/format';
import { isoDay } from '@app/shared/dates';

/** Articles sent at most, newest first: enough for a view, bounded cost. */
export const MAX_PROMPT_ARTICLES = 30;

const SYSTEM = `You are an equity analyst writing a short, factual analysis of one listed company for retail investors, from its recent price action and its recent news (given as a numbered list). Answer with one JSON object, nothing else:
- "markdown": the analysis in Markdown, 150 to 400 words. Use "##" or "###" headings (never a single "#"), for example "## Headline view", "## What moved the stock", "## News flow", "## Risks", "## What to watch". Every statement that comes from an article ends with that article's number in square brackets, e.g. "[2]" or "[1, 3]". Cite only numbers from the list. State only what the inputs say; no investment advice; no HTML.
- "sentiment_score": your overall view as an integer from -10 (very bearish) to 10 (very bullish).`;

const pct = (n: number | null) => (n === null ? 'n/a' : formatPercent(n, 1));
const price = (n: number | null, currency: string) =>
  n === null ? 'n/a' : formatPrice(n, currency);

function articleLine(item: CompanyNewsInput, number: number): string {
  const summary = item.summary.replace(/\s+/g, ' ').slice(0, 400);
  return (
    `[${number}] ${isoDay(item.date)}, ${item.publisher}: ${item.title}. ` +
    `${summary} (classification: ${item.classification}; sentiment ${item.sentiment_score}; ` +
    `defcon ${item.defcon_level})`
  );
}

/** The articles the prompt lists, in list order (number n is index n − 1). */
export function promptArticles(input: CompanyAnalysisInput): CompanyNewsInput[] {
  return input.news.slice(0, MAX_PROMPT_ARTICLES);
}

export function companyMessages(
  input: CompanyAnalysisInput,
  news: readonly CompanyNewsInput[],
): ChatMessage[] {
  const lines = [`Company: ${input.company_name} (${input.exchange_ticker})`];
  if (input.gics_sector) {
    lines.push(
      `Sector: ${input.gics_sector}${input.gics_sub_industry ? `, ${input.gics_sub_industry}` : ''}`,
    );
  }
  if (input.summary) lines.push(`Business: ${input.summary.replace(/\s+/g, ' ').slice(0, 600)}`);
  lines.push(`Date: ${isoDay(input.now)}`);
  const p = input.price;
  lines.push(
    p
      ? `Price: ${price(p.price, p.currency)}; change 1 day ${pct(p.change_pct_1)}, 1 week ${pct(p.change_pct_8)}, ` +
          `1 month ${pct(p.change_pct_31)}, 1 year ${pct(p.change_pct_365)}; ` +
          `52-week closing range ${price(p.low_52w, p.currency)} – ${price(p.high_52w, p.currency)}`
      : 'Price: not known',
  );
  lines.push('', news.length > 0 ? 'News (newest first):' : 'News: none in the window.');
  news.forEach((item, index) => lines.push(articleLine(item, index + 1)));
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: lines.join('\n') },
  ];
}
