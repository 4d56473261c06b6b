/**
 * Answers about prices: how a portfolio or a company is doing, what moved and why, and how two
 * companies compare. Sections of cited sentences; the persona is applied afterwards.
 */
import type { CompanyContext, NewsFact } from '../assistant-provider.ts';
import type { Section, Writer } from './answer-writer.ts';
import {
  analysisSentence,
  byMateriality,
  changeOf,
  moveSentence,
  newsOf,
  newsSentence,
  PERIOD_WORDS,
  pct,
  priceSentence,
  rangeSentence,
  yearSentence,
  type Period,
} from './company-facts.ts';
import { DAY_MS } from '@app/shared/dates';

export interface AnswerInput {
  w: Writer;
  now: Date;
  /** The companies the question is about (all of the context for portfolio questions). */
  companies: CompanyContext[];
  /** Every company of the context. */
  all: CompanyContext[];
  period: Period;
}

/** "most rose", "most fell" or "were mixed", from the signs of a period's changes. */
function breadth(companies: readonly CompanyContext[], period: Period): string | null {
  const changes = companies.map((c) => changeOf(c, period)).filter((v) => v !== null);
  if (changes.length < 2) return null;
  const up = changes.filter((v) => v > 0).length;
  const down = changes.filter((v) => v < 0).length;
  const word = PERIOD_WORDS[period];
  if (up === changes.length) return `Every company with a quote rose ${word}.`;
  if (down === changes.length) return `Every company with a quote fell ${word}.`;
  if (up > down * 2) return `Most of the companies rose ${word}.`;
  if (down > up * 2) return `Most of the companies fell ${word}.`;
  return `The companies were mixed ${word}.`;
}

/** Companies with a figure for the period, strongest move first (by size, either direction). */
export function rankedMovers(
  companies: readonly CompanyContext[],
  period: Period,
): CompanyContext[] {
  return companies
    .filter((c) => changeOf(c, period) !== null)
    .sort((a, b) => Math.abs(changeOf(b, period) ?? 0) - Math.abs(changeOf(a, period) ?? 0));
}

/**
 * The period a "why did it fall" without a period is about: the shortest of the day, the week and
 * the month that holds at least two-thirds of the largest move in the asked direction (a −1.4 %
 * day and a −11.7 % week inside a −12.4 % month is the week); the day when none moved that way.
 */
export function periodOfMove(company: CompanyContext | undefined, direction: -1 | 1): Period {
  const periods = [1, 8, 31] as const;
  const moves = periods.map((period) => {
    const change = company ? changeOf(company, period) : null;
    return change === null ? 0 : Math.max(0, change * direction);
  });
  const largest = Math.max(...moves);
  if (largest === 0) return 1;
  return periods[moves.findIndex((move) => move >= (2 / 3) * largest)] ?? 1;
}

/** `Best on the day: X (+2.1%) [1]; weakest: Y (-1.5%) [2].` */
function bestAndWorst(
  w: Writer,
  companies: readonly CompanyContext[],
  period: Period,
): string | null {
  const withFigure = companies.filter((c) => changeOf(c, period) !== null);
  if (withFigure.length < 2) return null;
  const sorted = [...withFigure].sort(
    (a, b) => (changeOf(b, period) ?? 0) - (changeOf(a, period) ?? 0),
  );
  const best = sorted[0];
  const worst = sorted.at(-1);
  if (!best || !worst) return null;
  const figure = (c: CompanyContext) =>
    `${w.label(c, false)} (${pct(changeOf(c, period) ?? 0)}) ${w.quote(c)}`;
  return `Strongest ${PERIOD_WORDS[period]}: ${figure(best)}; weakest: ${figure(worst)}.`;
}

/** The most material recent articles of the companies. */
function topNews(
  w: Writer,
  companies: readonly CompanyContext[],
  now: Date,
  count: number,
): string[] {
  return newsOf(companies)
    .sort(byMateriality)
    .slice(0, count)
    .map((item) => newsSentence(w, item, now));
}

export function portfolioOverview(input: AnswerInput): Section[] {
  const { w, companies, now } = input;
  if (companies.length === 0) return [{ lines: [NO_COMPANIES] }];
  const lines = companies.map(
    (c) => priceSentence(w, c) ?? `${w.label(c, false)}: no quote is stored yet.`,
  );
  // The period the question names leads ("this week" → the week), then the day (or, when the
  // day leads, the month) for context.
  const lead = input.period;
  const overall = [
    breadth(companies, lead),
    bestAndWorst(w, companies, lead),
    bestAndWorst(w, companies, lead === 1 ? 31 : 1),
  ];
  return [
    { title: 'Your companies', lines, list: true },
    { title: 'Overall', lines: overall.filter((l) => l !== null) },
    { title: 'News that matters most', lines: topNews(w, companies, now, 3), list: true },
  ];
}

export const NO_COMPANIES =
  'There are no companies in this selection yet: add companies to your watchlist (or choose tickers) and ask again.';

export function companyOverview(input: AnswerInput): Section[] {
  const { w, now } = input;
  return input.companies.slice(0, 4).map((c) => {
    const facts = [
      priceSentence(w, c) ?? `No quote is stored for ${w.text(c.company_name)} yet.`,
      yearSentence(w, c),
      rangeSentence(w, c),
      analysisSentence(w, c),
    ].filter((l) => l !== null);
    const sector = [c.gics_sector, c.gics_sub_industry].filter(Boolean).join(', ');
    if (sector) facts.push(`Sector: ${w.text(sector)}.`);
    const news = [...c.news].sort(byMateriality).slice(0, 3);
    const lines = [facts.join(' ')];
    if (news.length === 0)
      lines.push(`No processed article about ${w.text(c.company_name)} is in your data.`);
    for (const item of news) lines.push(`News: ${newsSentence(w, item, now)}`);
    return { title: w.label(c, false), lines, list: true };
  });
}

/** The articles that can explain a move over `period` days before the quote. */
function newsBehindMove(c: CompanyContext, period: Period): NewsFact | undefined {
  const asOf = c.quote?.as_of.getTime() ?? 0;
  const window = Math.max(3, period) * DAY_MS;
  return c.news
    .filter((n) => n.date.getTime() <= asOf + DAY_MS && asOf - n.date.getTime() <= window)
    .sort(byMateriality)[0];
}

export function movers(input: AnswerInput, named: boolean): Section[] {
  const { w, now, period } = input;
  const ranked = named ? input.companies : rankedMovers(input.companies, period).slice(0, 3);
  if (ranked.length === 0) {
    return [
      {
        lines: [
          `No company in the selection has a quote for the move ${PERIOD_WORDS[period]} yet.`,
        ],
      },
    ];
  }
  const lines: string[] = [];
  for (const c of ranked) {
    const move = moveSentence(w, c, period);
    if (!move) {
      lines.push(`${w.label(c, false)} has no figure ${PERIOD_WORDS[period]} yet.`);
      continue;
    }
    const item = newsBehindMove(c, period);
    const against =
      item?.sentiment_score != null && item.sentiment_score * (changeOf(c, period) ?? 0) < 0;
    const why = item
      ? `What came with it: ${newsSentence(w, item, now)}${against ? ' The shares moved against the tone of that news.' : ''}`
      : 'No article in your data explains it: it moved without company news, which points to the market or its sector.';
    lines.push(`${move} ${why}`);
  }
  const sections: Section[] = [
    { title: `Biggest moves ${PERIOD_WORDS[period]}`, lines, list: true },
  ];
  const first = ranked[0];
  const peers = first
    ? input.all.filter((c) => c !== first && c.gics_sector && c.gics_sector === first.gics_sector)
    : [];
  const peerLines = peers
    .slice(0, 3)
    .map((c) => moveSentence(w, c, period))
    .filter((l) => l !== null);
  if (first?.gics_sector && peerLines.length > 0) {
    sections.push({
      title: `Other ${w.text(first.gics_sector)} companies in the selection`,
      lines: peerLines,
      list: true,
    });
  }
  if (!named) {
    const b = breadth(input.companies, period);
    if (b) sections.push({ lines: [b] });
  }
  return sections;
}

export function compare(input: AnswerInput): Section[] {
  const { w, now } = input;
  const pair = input.companies.slice(0, 3);
  const sections: Section[] = pair.map((c) => {
    const lines = [
      priceSentence(w, c),
      yearSentence(w, c),
      rangeSentence(w, c),
      analysisSentence(w, c),
    ].filter((l) => l !== null);
    const top = [...c.news].sort(byMateriality)[0];
    lines.push(
      top
        ? `Most material news: ${newsSentence(w, top, now)}`
        : `No processed article about ${w.text(c.company_name)} is in your data.`,
    );
    return { title: w.label(c, false), lines, list: true };
  });
  const verdicts: string[] = [];
  for (const period of [31, 365] as const) {
    const ranked = pair
      .filter((c) => changeOf(c, period) !== null)
      .sort((a, b) => (changeOf(b, period) ?? 0) - (changeOf(a, period) ?? 0));
    const [lead, ...rest] = ranked;
    if (!lead || rest.length === 0) continue;
    const figure = (c: CompanyContext) =>
      `${w.text(c.company_name)} (${pct(changeOf(c, period) ?? 0)}) ${w.quote(c)}`;
    verdicts.push(
      `${PERIOD_WORDS[period][0]?.toUpperCase()}${PERIOD_WORDS[period].slice(1)}, ${figure(lead)} did better than ${rest.map(figure).join(' and ')}.`,
    );
  }
  if (verdicts.length > 0) sections.push({ title: 'Side by side', lines: verdicts });
  return sections;
}
