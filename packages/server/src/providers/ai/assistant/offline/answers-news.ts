/** Answers about news: the news on a company or the selection, the risks, what to watch next. */
import type { CompanyContext, NewsFact } from '../assistant-provider.ts';
import type { AnswerInput } from './answers-market.ts';
import type { Section } from './answer-writer.ts';
import {
  byMateriality,
  changeOf,
  moveSentence,
  newsOf,
  newsSentence,
  priceSentence,
  rangeDistances,
  rangeSentence,
  rangeWatchSentence,
} from './company-facts.ts';

const NEWS_ITEMS = 5;

const newestFirst = (a: NewsFact, b: NewsFact) => b.date.getTime() - a.date.getTime();

export function news(input: AnswerInput, named: boolean): Section[] {
  const { w, now, companies } = input;
  if (named) {
    return companies.slice(0, 3).map((c) => {
      const items = [...c.news].sort(newestFirst).slice(0, NEWS_ITEMS);
      return {
        title: `News on ${w.label(c, false)}`,
        lines:
          items.length > 0
            ? items.map((item) => newsSentence(w, item, now))
            : [`No processed article about ${w.text(c.company_name)} is in your data yet.`],
        list: items.length > 0,
      };
    });
  }
  const items = newsOf(companies)
    .sort(byMateriality)
    .slice(0, NEWS_ITEMS + 1);
  if (items.length === 0)
    return [{ lines: ['No processed article about the selected companies is in your data yet.'] }];
  return [
    {
      title: 'The most material recent news',
      lines: items.map((item) => newsSentence(w, item, now)),
      list: true,
    },
  ];
}

/** Sectors holding most of the selection, as a sentence without invented figures. */
export function concentration(input: AnswerInput): string | null {
  const { w, companies } = input;
  if (companies.length < 3) {
    return companies.length === 1
      ? `A single company is no diversification: everything rides on ${w.text(companies[0]?.company_name ?? '')}.`
      : null;
  }
  const bySector = new Map<string, CompanyContext[]>();
  for (const c of companies) {
    if (!c.gics_sector) continue;
    bySector.set(c.gics_sector, [...(bySector.get(c.gics_sector) ?? []), c]);
  }
  const [sector, members] = [...bySector].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
  if (!sector || !members || members.length < 2 || members.length * 2 < companies.length) {
    return bySector.size > 1
      ? 'The selection is spread across sectors: no single sector holds half of it.'
      : null;
  }
  const names = members.map((c) => w.text(c.company_name)).join(', ');
  return `Concentration: ${w.text(sector)} holds at least half of the selection (${names}); a setback for that sector would hit them together.`;
}

const isNegative = (n: NewsFact) =>
  (n.sentiment_score !== null && n.sentiment_score < 0) ||
  (n.defcon_level !== null && n.defcon_level <= 2 && (n.sentiment_score ?? 0) <= 0);

export function risks(input: AnswerInput): Section[] {
  const { w, now, companies } = input;
  const allNegative = newsOf(companies).filter(isNegative).sort(byMateriality);
  // An article an earlier part of the answer already showed is not listed again.
  const negative = allNegative.filter((n) => !w.cited(n)).slice(0, 4);
  const price: string[] = [];
  for (const c of companies) {
    const d = c.quote && rangeDistances(c.quote);
    if (d && d.fromHigh <= -10) {
      const line = rangeSentence(w, c);
      if (line) price.push(line);
    }
    const month = changeOf(c, 31);
    if (month !== null && month <= -8) {
      const line = moveSentence(w, c, 31);
      if (line) price.push(line);
    }
  }
  const sections: Section[] = [];
  if (negative.length > 0) {
    sections.push({
      title: 'Negative or material news',
      lines: negative.map((n) => newsSentence(w, n, now)),
      list: true,
    });
  }
  if (price.length > 0) sections.push({ title: 'Drawdowns', lines: price.slice(0, 5), list: true });
  const spread = concentration(input);
  if (spread) sections.push({ title: 'Concentration', lines: [spread] });
  if (allNegative.length === 0 && price.length === 0) {
    sections.unshift({
      lines: [
        'No negative article, deep drawdown from a 52-week high or sharp monthly fall shows in your data.',
      ],
    });
  }
  return sections;
}

const WATCH_WINDOW_MS = 14 * 86_400_000;

/** What each kind of article makes worth watching. */
export const WATCH_CLASSES: Record<string, string> = {
  'Earnings Preview': 'The coming results',
  'Company Results': 'How guidance and estimates move after the results',
  'Mergers and Acquisitions': 'The deal terms and approvals',
  'Regulatory Update': 'The regulator’s next step',
  Lawsuit: 'The court proceedings',
  'Analyst Recommendation': 'Further rating and target changes',
  'Dividend News': 'The dividend dates',
  'Central Bank Policy': 'The next rate decision',
  'IPO News': 'The offering’s pricing and first trades',
  'Insider Trading Report': 'Further insider filings',
};

export function watch(input: AnswerInput, named: boolean): Section[] {
  const { w, now, companies } = input;
  const lines: string[] = [];
  const where = named ? companies.map((c) => priceSentence(w, c)).filter((l) => l !== null) : [];
  const used = new Set<string>();
  const add = (item: NewsFact, what: string) => {
    if (used.has(item.id) || lines.length >= 6) return;
    used.add(item.id);
    // An article the answer already showed is referred to by its company and marker, not
    // listed a third time: `Acme Corporation: the regulator's next step [5].`
    const company = companies.find((c) => c.news.some((n) => n.id === item.id));
    if (company && w.cited(item)) {
      const angle = what.charAt(0).toLowerCase() + what.slice(1);
      lines.push(`${w.text(company.company_name)}: ${angle} ${w.article(item)}.`);
      return;
    }
    lines.push(`${what}: ${newsSentence(w, item, now, { summary: false })}`);
  };
  // What is worth watching comes from the last two weeks, not from last quarter's news.
  const ranked = newsOf(companies)
    .filter((item) => now.getTime() - item.date.getTime() <= WATCH_WINDOW_MS)
    .sort(byMateriality);
  // "Material now" names what the answer has not shown yet; a shown article gets its angle below.
  for (const item of ranked) {
    if (item.defcon_level !== null && item.defcon_level <= 2 && !w.cited(item)) {
      add(item, 'Material now');
    }
  }
  for (const item of ranked) {
    const what = item.classification ? WATCH_CLASSES[item.classification] : undefined;
    if (what) add(item, what);
  }
  for (const item of ranked) if ((item.interest_score ?? 0) >= 7) add(item, 'Much-read');
  for (const c of companies) {
    if (lines.length >= 8) break;
    const range = rangeWatchSentence(w, c);
    if (range) lines.push(range);
  }
  if (lines.length === 0) {
    return [
      {
        lines: [
          'Nothing scheduled or material shows in your data: watch the next results and any rating changes of the selected companies.',
        ],
      },
    ];
  }
  return [
    ...(where.length > 0 ? [{ lines: where }] : []),
    { title: 'What to watch next', lines, list: true },
  ];
}

/** A question about the market as a whole rather than the selection. */
const MARKET_QUESTION =
  /\b(?:the market|markets|stock market|wall street|s&p(?: 500)?|the dow|nasdaq composite|stocks overall)\b/i;

export function asksAboutTheMarket(question: string): boolean {
  return MARKET_QUESTION.test(question);
}

/**
 * The newest market-wide articles (two at most), for a question about the market: the
 * selection's figures say how the user's companies did, not how the market did.
 */
export function marketSection(input: AnswerInput, market: readonly NewsFact[]): Section | null {
  const { w, now } = input;
  // The broadest first (a wrap naming no company, a sector review), then lists; newest first.
  const broad = (n: NewsFact) =>
    n.tickers.length === 0 || n.classification === 'Sector Analysis' ? 0 : 1;
  const items = [...market]
    .sort((a, b) => broad(a) - broad(b) || newestFirst(a, b))
    .slice(0, 2)
    // A brief's list ("The day's top decliners: - …") is left out: its prose says it.
    .map((n) => ({ ...n, summary: n.summary.split(/\n\s*\n/)[0] ?? n.summary }));
  if (items.length === 0) return null;
  return { title: 'The market', lines: items.map((n) => newsSentence(w, n, now)), list: true };
}
