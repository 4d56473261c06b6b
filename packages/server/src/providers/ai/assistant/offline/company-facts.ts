/**
 * Sentences about one company, each carrying the marker of the source its figures come from.
 * Every number is a field of the cited quote, article or analysis (or the distance of the price
 * from the quote's own 52-week high and low), formatted with the shared formatter.
 */
import { formatPercent, formatPrice, formatSigned } from '@app/shared/display/format';
import type { CompanyContext, NewsFact, QuoteFact } from '../assistant-provider.ts';
import type { Writer } from './answer-writer.ts';
import { DAY_MS } from '@app/shared/dates';

export type Period = 1 | 8 | 31 | 365;

export const PERIOD_WORDS: Record<Period, string> = {
  1: 'on the day',
  8: 'over the week',
  31: 'over the month',
  365: 'over the year',
};

export const pct = (n: number): string => formatPercent(n, 1);
/** A percent without its sign, for sentences whose verb gives the direction. */
export const size = (n: number): string => formatPercent(Math.abs(n), 1).replace('+', '');
export const money = (quote: QuoteFact, n: number): string => formatPrice(n, quote.currency);

export function changeOf(company: CompanyContext, period: Period): number | null {
  const q = company.quote;
  if (!q) return null;
  return period === 1
    ? q.change_pct_1
    : period === 8
      ? q.change_pct_8
      : period === 31
        ? q.change_pct_31
        : q.change_pct_365;
}

/** Percent distance of the price from its 52-week high (≤ 0) and low (≥ 0). */
export function rangeDistances(quote: QuoteFact): { fromHigh: number; fromLow: number } | null {
  const { low_52w: low, high_52w: high } = quote;
  if (low === null || high === null || low <= 0 || high <= 0) return null;
  return {
    fromHigh: ((quote.price - high) / high) * 100,
    fromLow: ((quote.price - low) / low) * 100,
  };
}

/** `Apple Inc. (NASDAQ:AAPL) last traded at $230.12: +1.2% on the day, … [1].` */
export function priceSentence(w: Writer, c: CompanyContext, bold = false): string | null {
  const q = c.quote;
  if (!q) return null;
  const moves = ([1, 8, 31] as const)
    .map((p) => {
      const value = changeOf(c, p);
      return value === null ? null : `${pct(value)} ${PERIOD_WORDS[p]}`;
    })
    .filter((s) => s !== null);
  const list = moves.length > 1 ? `${moves.slice(0, -1).join(', ')} and ${moves.at(-1)}` : moves[0];
  return (
    `${w.label(c, bold)} last traded at ${money(q, q.price)}` +
    (list ? `, ${list}` : '') +
    ` ${w.quote(c)}.`
  );
}

/** One period's move: `Apple Inc. (NASDAQ:AAPL) moved +1.2% on the day [1].` */
export function moveSentence(w: Writer, c: CompanyContext, period: Period): string | null {
  const value = changeOf(c, period);
  if (value === null) return null;
  const verb = value > 0 ? 'rose' : value < 0 ? 'fell' : 'was unchanged';
  return `${w.label(c, false)} ${verb} ${value === 0 ? '' : `${size(value)} `}${PERIOD_WORDS[period]} ${w.quote(c)}.`.replace(
    /\s+/g,
    ' ',
  );
}

/** `Over the year Apple Inc. shares rose 12.3% [1].` */
export function yearSentence(w: Writer, c: CompanyContext): string | null {
  const value = changeOf(c, 365);
  if (value === null) return null;
  const move =
    value > 0 ? `rose ${size(value)}` : value < 0 ? `fell ${size(value)}` : 'were unchanged';
  return `Over the year ${w.text(c.company_name)} shares ${move} ${w.quote(c)}.`;
}

/** Where the price sits between its 52-week low and high. */
export function rangeSentence(w: Writer, c: CompanyContext): string | null {
  const q = c.quote;
  const d = q && rangeDistances(q);
  if (!q || !d || q.high_52w === null || q.low_52w === null) return null;
  const high =
    d.fromHigh > -0.05
      ? `at its 52-week high of ${money(q, q.high_52w)}`
      : `${size(d.fromHigh)} below its 52-week high of ${money(q, q.high_52w)}`;
  const low =
    d.fromLow < 0.05
      ? `at its 52-week low of ${money(q, q.low_52w)}`
      : `${size(d.fromLow)} above its 52-week low of ${money(q, q.low_52w)}`;
  return `${w.text(c.company_name)} trades ${high} and ${low} ${w.quote(c)}.`;
}

/**
 * What to watch in a price near one end of its 52-week range, said once from the end it is near
 * (not the whole range sentence again): `NVIDIA Corporation sits 2.6% above its 52-week low of
 * $159.07 [3]: whether it holds there or breaks lower is worth watching.` Null when the price is
 * in the middle of its range.
 */
export function rangeWatchSentence(w: Writer, c: CompanyContext): string | null {
  const q = c.quote;
  const d = q && rangeDistances(q);
  if (!q || !d || q.high_52w === null || q.low_52w === null) return null;
  const name = w.text(c.company_name);
  if (d.fromHigh > -2) {
    const where = d.fromHigh > -0.05 ? 'sits at' : `sits ${size(d.fromHigh)} below`;
    return `${name} ${where} its 52-week high of ${money(q, q.high_52w)} ${w.quote(c)}: whether it breaks out or turns back is worth watching.`;
  }
  if (d.fromLow < 3) {
    const where = d.fromLow < 0.05 ? 'sits at' : `sits ${size(d.fromLow)} above`;
    return `${name} ${where} its 52-week low of ${money(q, q.low_52w)} ${w.quote(c)}: whether it holds there or breaks lower is worth watching.`;
  }
  return null;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** When an article appeared, in words (no figures that are not the article's). */
export function when(date: Date, now: Date): string {
  const days = Math.floor(now.getTime() / DAY_MS) - Math.floor(date.getTime() / DAY_MS);
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days < 7) return `on ${WEEKDAYS[date.getUTCDay()] ?? ''}`;
  return days < 14 ? 'last week' : 'earlier';
}

export function toneWord(score: number | null): string {
  if (score === null) return 'not scored';
  if (score >= 4) return 'clearly positive';
  if (score >= 1) return 'positive';
  if (score <= -4) return 'clearly negative';
  if (score <= -1) return 'negative';
  return 'neutral';
}

/** `"Title" (Publisher, yesterday; sentiment +6, defcon 2): summary [2].` */
export function newsSentence(
  w: Writer,
  item: NewsFact,
  now: Date,
  options: { summary?: boolean; scores?: boolean } = {},
): string {
  const title = w.markdown ? `*${w.text(item.title)}*` : `"${w.text(item.title)}"`;
  const scores: string[] = [];
  if (options.scores !== false) {
    if (item.sentiment_score !== null) {
      scores.push(
        `${toneWord(item.sentiment_score)}, sentiment ${formatSigned(item.sentiment_score)}`,
      );
    }
    if (item.defcon_level !== null && item.defcon_level <= 2) {
      scores.push(`defcon ${item.defcon_level}`);
    }
  }
  const source = `${w.text(item.publisher)}, ${when(item.date, now)}`;
  // An article already cited in the answer is referred to, not summarised again.
  const summary =
    item.summary.trim() && options.summary !== false && !w.cited(item) ? w.text(item.summary) : '';
  const lead = `${title} (${source}${scores.length ? `; ${scores.join(', ')}` : ''})`;
  const body = summary ? `${lead}: ${summary.replace(/[.!?…]+$/, '')}` : lead;
  return `${body} ${w.article(item)}.`;
}

/** The latest company analysis's view: `The latest analysis takes a bullish view (score +4) [3].` */
export function analysisSentence(w: Writer, c: CompanyContext): string | null {
  const a = c.analysis;
  if (!a) return null;
  const view = /^#{1,6}\s*(Bullish|Bearish|Mixed|Neutral) view/im
    .exec(a.markdown)?.[1]
    ?.toLowerCase();
  const score = a.sentiment_score === null ? '' : ` (score ${formatSigned(a.sentiment_score)})`;
  if (view)
    return `The latest analysis of ${w.text(c.company_name)} takes a ${view} view${score} ${w.analysis(c)}.`;
  if (a.sentiment_score !== null) {
    return `The latest analysis of ${w.text(c.company_name)} reads ${toneWord(a.sentiment_score)}${score} ${w.analysis(c)}.`;
  }
  return null;
}

/** Most material first: lowest defcon, highest interest, strongest sentiment, newest. */
export function byMateriality(a: NewsFact, b: NewsFact): number {
  return (
    (a.defcon_level ?? 5) - (b.defcon_level ?? 5) ||
    (b.interest_score ?? 0) - (a.interest_score ?? 0) ||
    Math.abs(b.sentiment_score ?? 0) - Math.abs(a.sentiment_score ?? 0) ||
    b.date.getTime() - a.date.getTime() ||
    a.id.localeCompare(b.id)
  );
}

/** The news of the companies, each article once (an article can be linked to several). */
export function newsOf(companies: readonly CompanyContext[]): NewsFact[] {
  const seen = new Set<string>();
  const out: NewsFact[] = [];
  for (const c of companies) {
    for (const item of c.news) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}

/** The company an article is about, among `companies`. */
export function companyOfArticle(
  item: NewsFact,
  companies: readonly CompanyContext[],
): CompanyContext | undefined {
  return companies.find(
    (c) => item.tickers.includes(c.exchange_ticker) || c.news.some((n) => n.id === item.id),
  );
}
