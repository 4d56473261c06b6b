/**
 * The offline company analyst: a deterministic, data-driven review of one company written from
 * its price action and its recent processed news. Every sentence about an article cites it with a
 * numbered marker (`[1]` is `citations[0]`); nothing is said that the inputs do not carry.
 */
import type {
  CompanyAnalysis,
  CompanyAnalysisInput,
  CompanyNewsInput,
  CompanyPriceAction,
} from '../ai-provider.ts';
import { formatPercent, formatPrice, formatSigned } from '@app/shared/display/format';
import { sentenceMemory } from './sentence-diversity.ts';
import { byMateriality, clamp, newsSentiment, priceSentiment } from './company-signals.ts';
import { isoDay } from '@app/shared/dates';

/** Articles summarised under "News flow". */
export const NEWS_FLOW_ITEMS = 5;
/** Articles listed under "Risks". */
const RISK_ITEMS = 3;
/** Titles and summaries go into markdown: brackets would read as citations, the rest as markup. */
export function markdownText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\[/g, '(')
    .replace(/\]/g, ')')
    .replace(/([\\`*_<>#|~])/g, '\\$1');
}

const signed = (n: number, decimals = 1): string => formatSigned(n, decimals);

const pct = (n: number): string => formatPercent(n, 1);

const money = (n: number, currency: string): string => formatPrice(n, currency);

type View = 'Bullish' | 'Bearish' | 'Mixed' | 'Neutral';

function viewOf(score: number, news: number | null, price: number | null): View {
  // News and price pulling hard in opposite directions is a mixed picture whatever the blend.
  const against = news !== null && price !== null && Math.sign(news) * Math.sign(price) < 0;
  if (against && Math.abs(news) >= 2 && Math.abs(price) >= 2) return 'Mixed';
  if (score >= 2) return 'Bullish';
  if (score <= -2) return 'Bearish';
  // Weak signals: mixed only when they disagree; a routine dividend on a quiet month is neutral.
  return against ? 'Mixed' : 'Neutral';
}

function tone(score: number): string {
  if (score >= 4) return 'clearly positive';
  if (score >= 1) return 'mildly positive';
  if (score <= -4) return 'clearly negative';
  if (score <= -1) return 'mildly negative';
  return 'balanced';
}

/** Assigns citation numbers in order of first use. */
function citationBook() {
  const ids: string[] = [];
  const cite = (item: CompanyNewsInput): string => {
    let index = ids.indexOf(item.id);
    if (index < 0) index = ids.push(item.id) - 1;
    return `[${index + 1}]`;
  };
  return { ids, cite };
}

function whatMoved(price: CompanyPriceAction | null): string[] {
  if (!price) return ['No quote is stored for the company yet.'];
  const lines = [`- Last price: ${money(price.price, price.currency)}.`];
  const periods: [string, number | null][] = [
    ['Day', price.change_pct_1],
    ['Week (8 days)', price.change_pct_8],
    ['Month (31 days)', price.change_pct_31],
    ['Year (365 days)', price.change_pct_365],
  ];
  for (const [label, value] of periods) {
    if (value !== null) lines.push(`- ${label}: ${pct(value)}.`);
  }
  if (price.low_52w !== null && price.high_52w !== null && price.high_52w > price.low_52w) {
    const position = ((price.price - price.low_52w) / (price.high_52w - price.low_52w)) * 100;
    const fromHigh = ((price.price - price.high_52w) / price.high_52w) * 100;
    lines.push(
      `- 52-week range: ${money(price.low_52w, price.currency)} – ${money(price.high_52w, price.currency)}; ` +
        `the price sits at ${clamp(position, 0, 100).toFixed(0)}% of the range` +
        (fromHigh < -0.05
          ? `, ${Math.abs(fromHigh).toFixed(1)}% below the high.`
          : ', at the high.'),
    );
  }
  const week = price.change_pct_8;
  const month = price.change_pct_31;
  if (week !== null && month !== null && Math.sign(week) !== Math.sign(month) && week !== 0) {
    lines.push(
      '',
      week > 0
        ? 'The last week reversed part of a weaker month.'
        : 'The last week gave back part of a stronger month.',
    );
  }
  return lines;
}

function newsLine(item: CompanyNewsInput, cite: string): string {
  // The prose only: a list the summary carries (a brief's figures) would read as run-on text.
  const prose = item.summary.split(/\n\s*\n|\n\s*-\s/)[0] ?? '';
  const summary = prose.trim() ? ` ${markdownText(prose)}` : '';
  const source = [item.publisher, isoDay(item.date)].filter(Boolean).join(', ');
  return (
    `- **${markdownText(item.title)}** (${markdownText(source)}; ${item.classification}, ` +
    `defcon ${item.defcon_level}, sentiment ${signed(item.sentiment_score, 0)}).${summary} ${cite}`
  );
}

const WATCH_CLASSES: Partial<Record<CompanyNewsInput['classification'], string>> = {
  'Earnings Preview': 'the coming results',
  'Company Results': 'how guidance and estimates move after the results',
  'Mergers and Acquisitions': 'the deal terms and approvals',
  'Regulatory Update': 'the regulator’s next step',
  Lawsuit: 'the court proceedings',
  'Analyst Recommendation': 'further rating and target changes',
  'Dividend News': 'the dividend dates',
  'Central Bank Policy': 'the next rate decision',
  'IPO News': 'the offering’s pricing and first trades',
  'Insider Trading Report': 'further insider filings',
};

/** Writes the analysis synchronously (the provider wraps it in a promise). */
export function writeCompanyAnalysis(input: CompanyAnalysisInput): CompanyAnalysis {
  const { now } = input;
  const name = markdownText(input.company_name);
  const { ids, cite } = citationBook();
  const news = input.news;
  const newsScore = newsSentiment(news, now);
  const priceScore = priceSentiment(input.price);
  const blended =
    newsScore !== null && priceScore !== null
      ? 0.65 * newsScore + 0.35 * priceScore
      : (newsScore ?? priceScore ?? 0);
  const score = Math.round(clamp(blended, -10, 10));
  const view = viewOf(blended, newsScore, priceScore);
  const ranked = [...news].sort(byMateriality);
  const flow = ranked.slice(0, NEWS_FLOW_ITEMS);

  const out: string[] = [`## ${view} view`, ''];
  const sector = [input.gics_sector, input.gics_sub_industry].filter(Boolean).join(' / ');
  let headline = `${name} (${input.exchange_ticker}${sector ? `, ${markdownText(sector)}` : ''}): `;
  if (news.length > 0 && newsScore !== null) {
    const positive = news.filter((n) => n.sentiment_score > 0).length;
    const negative = news.filter((n) => n.sentiment_score < 0).length;
    headline +=
      `${news.length} recent article${news.length === 1 ? '' : 's'} (${positive} positive, ` +
      `${negative} negative) read ${tone(newsScore)} overall`;
  } else {
    headline += 'no recent article about the company';
  }
  const month = input.price?.change_pct_31 ?? null;
  const week = input.price?.change_pct_8 ?? null;
  // "but" when the shares went against the news (why the view is mixed), "and" otherwise.
  const against = (move: number) =>
    newsScore !== null && news.length > 0 && Math.sign(move) * Math.sign(newsScore) < 0;
  const moved = (move: number, period: string) =>
    `, ${against(move) ? 'but' : 'and'} the shares moved ${pct(move)} over the ${period}`;
  if (month !== null) headline += moved(month, 'month');
  else if (week !== null) headline += moved(week, 'week');
  headline += '.';
  if (flow[0])
    headline += ` The most material item: ${markdownText(flow[0].title)} ${cite(flow[0])}.`;
  out.push(headline, '', '## What moved', '', ...whatMoved(input.price), '');

  out.push('## News flow', '');
  if (flow.length === 0) out.push('No processed article in the window.');
  for (const item of flow) out.push(newsLine(item, cite(item)));
  if (news.length > flow.length) {
    out.push('', `${news.length - flow.length} more article(s) in the window carry less weight.`);
  }
  out.push('');

  out.push('## Risks', '');
  const risks = ranked
    .filter((n) => n.sentiment_score < 0 || (n.defcon_level <= 2 && n.sentiment_score <= 0))
    .slice(0, RISK_ITEMS);
  for (const item of risks) {
    out.push(
      `- ${markdownText(item.title)} (sentiment ${signed(item.sentiment_score, 0)}) ${cite(item)}`,
    );
  }
  const price = input.price;
  if (price?.change_pct_31 != null && price.change_pct_31 <= -10) {
    out.push(`- The shares lost ${Math.abs(price.change_pct_31).toFixed(1)}% in a month.`);
  }
  if (price?.high_52w != null && price.price >= price.high_52w * 0.98) {
    out.push('- The price is near its 52-week high: good news is largely in it.');
  }
  if (out[out.length - 1] === '') out.push('No negative article in the window.');
  out.push('');

  out.push('## Watch next', '');
  const watched = new Set<string>();
  for (const item of ranked) {
    const what = WATCH_CLASSES[item.classification];
    if (!what || watched.has(what)) continue;
    watched.add(what);
    out.push(`- ${what[0]?.toUpperCase()}${what.slice(1)} ${cite(item)}.`);
    if (watched.size === 3) break;
  }
  if (watched.size === 0) {
    out.push(
      news.length > 0
        ? '- Whether the next articles confirm the tone of this window.'
        : '- The first news about the company.',
    );
  }
  return {
    ...renumberCitations(withoutRepeatedSentences(out).join('\n').trim() + '\n', ids),
    sentiment_score: score,
  };
}

/**
 * Numbers the markers left after repeated sentences were dropped in order of first use again, and
 * keeps only the cited articles, so `[n]` is always `citations[n - 1]` and each is cited.
 */
function renumberCitations(markdown: string, ids: readonly string[]) {
  const citations: string[] = [];
  const text = markdown.replace(/\[(\d+)\]/g, (_marker, number: string) => {
    const id = ids[Number(number) - 1] ?? '';
    let index = citations.indexOf(id);
    if (index < 0) index = citations.push(id) - 1;
    return `[${String(index + 1)}]`;
  });
  return { markdown: text, citations };
}

/**
 * The lines without sentences that repeat an earlier one (two articles of a story, two briefs
 * sharing their breadth sentence): each sentence is said once, a line left empty is dropped.
 */
function withoutRepeatedSentences(lines: readonly string[]): string[] {
  const memory = sentenceMemory();
  return lines.flatMap((line) => {
    if (!line.trim() || line.startsWith('#')) return [line];
    const bullet = /^(\s*-\s+)/.exec(line)?.[1] ?? '';
    const body = line.slice(bullet.length);
    const marker = /(\s*(?:\[\d+\])+\.?)$/.exec(body)?.[1] ?? '';
    const kept = memory.fresh(body.slice(0, body.length - marker.length));
    return kept.trim() ? [`${bullet}${kept}${marker}`] : [];
  });
}
