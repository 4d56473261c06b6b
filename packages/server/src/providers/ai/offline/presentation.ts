/**
 * The light-hearted fields of the AI object: a punchier title, the plain-English one-liner, GIF
 * search keywords and the icon name. All deterministic (variants are chosen by a hash of the title).
 */
import { tickerOf } from '@app/shared/symbols';
import type { ArticleClassification, DefconLevel, Sentiment } from '../ai-provider.ts';

/** What the presentation rules need to know about an analysed article. */
export interface PresentationInput {
  title: string;
  tickers: readonly string[];
  classification: ArticleClassification;
  sentiment: Sentiment;
  defcon: DefconLevel;
}

const NOT_A_SUBJECT = new Set(['The', 'Why', 'What', 'How', 'Is', 'My', 'Opinion', 'Column']);
/** Leading words that name the market, not one company. */
const MARKET_WORDS =
  /^(?:(?:US|U\.S\.|Global|World|European|Asian) )?(?:Markets?|Stocks?|Shares|Equities|Wall Street)$/i;

/** The company (or market) an article is about: the first ticker or the title's leading name. */
export function articleSubject(title: string, tickers: readonly string[]): string | null {
  const ticker = tickers[0];
  if (ticker) return tickerOf(ticker);
  const words = title.split(/\s+/);
  const name: string[] = [];
  for (const word of words) {
    if (!/^[A-Z][\w&.'-]*$/.test(word) || NOT_A_SUBJECT.has(word.replace(/:$/, ''))) break;
    name.push(word);
    if (name.length === 3) break;
  }
  const subject = name.join(' ').replace(/['’]s$/, '');
  // "Markets wrap: …", "Stocks slide …": the market as a whole, not a company.
  return subject && !MARKET_WORDS.test(subject) ? subject : null;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function choose<T>(options: readonly T[], key: string): T {
  return options[hash(key) % options.length] as T;
}

/** A punchier variant of the title. */
export function clickbaitTitle(input: PresentationInput): string {
  const { title, sentiment, defcon } = input;
  const who = articleSubject(title, input.tickers);
  if (defcon === 1) return `BREAKING: ${title}`;
  const options: Record<Sentiment, string[]> = who
    ? {
        bullish: [`${who} is on a roll: ${title}`, `Good news for ${who} fans: ${title}`],
        bearish: [`Ouch for ${who}: ${title}`, `${who} holders won't like this: ${title}`],
        neutral: [`What you need to know: ${title}`, `${who}, in one headline: ${title}`],
      }
    : {
        bullish: [`Good news for investors: ${title}`, `Upbeat news: ${title}`],
        bearish: [`Ouch for investors: ${title}`, `Not what investors wanted: ${title}`],
        neutral: [`What you need to know: ${title}`, `In one headline: ${title}`],
      };
  return choose(options[sentiment], title);
}

const PLAIN: Record<ArticleClassification, Record<Sentiment, string>> = {
  'Company Results': {
    bullish: 'results came in better than hoped.',
    bearish: 'results disappointed.',
    neutral: 'results were roughly as expected.',
  },
  'Earnings Preview': {
    bullish: 'reports soon and expectations are upbeat.',
    bearish: 'reports soon and expectations are gloomy.',
    neutral: 'reports soon; nothing to act on yet.',
  },
  'Mergers and Acquisitions': {
    bullish: 'a deal is happening and it looks good for shareholders.',
    bearish: 'a deal went badly or fell apart.',
    neutral: 'deal talk, nothing settled yet.',
  },
  'Analyst Recommendation': {
    bullish: 'an analyst likes the stock more now.',
    bearish: 'an analyst likes the stock less now.',
    neutral: 'an analyst opinion that changes little.',
  },
  Lawsuit: {
    bullish: 'won a legal fight.',
    bearish: 'is in legal trouble.',
    neutral: 'a legal matter, mostly settled.',
  },
  'Regulatory Update': {
    bullish: 'regulators handed it a win.',
    bearish: 'regulators are making life harder.',
    neutral: 'new rules worth keeping an eye on.',
  },
  'Central Bank Policy': {
    bullish: 'borrowing is getting cheaper, usually good for stocks.',
    bearish: 'borrowing stays expensive, a headwind for stocks.',
    neutral: 'the central bank sat tight.',
  },
  'Dividend News': {
    bullish: 'shareholders get paid more.',
    bearish: 'shareholders get paid less.',
    neutral: 'the usual dividend, nothing new.',
  },
  'IPO News': {
    bullish: 'a new listing that is going well.',
    bearish: 'a new listing that is going badly.',
    neutral: 'a company is heading to the stock market.',
  },
  'Insider Trading Report': {
    bullish: 'insiders are buying their own stock.',
    bearish: 'insiders are selling their own stock.',
    neutral: 'routine insider paperwork.',
  },
  'Market News': {
    bullish: 'markets went up.',
    bearish: 'markets went down.',
    neutral: 'markets did not do much.',
  },
  'Sector Analysis': {
    bullish: 'the whole sector is doing well.',
    bearish: 'the whole sector is under pressure.',
    neutral: 'the sector is moving sideways.',
  },
  'Economic Report': {
    bullish: 'the economy looks stronger.',
    bearish: 'the economy looks weaker.',
    neutral: 'economic data, no big surprise.',
  },
  'Opinion/Editorial': {
    bullish: "one writer's optimistic view, not news.",
    bearish: "one writer's pessimistic view, not news.",
    neutral: "one writer's view, not news.",
  },
  Other: {
    bullish: 'good news.',
    bearish: 'bad news.',
    neutral: 'news with no clear impact.',
  },
};

/**
 * A headline about one company's share price ("rises 3.7% to a 52-week high", "shares slide
 * after trial data disappoint", "trades 7.0 times its usual volume"): the one-liner says what
 * the stock did rather than the bare "good news".
 */
const PRICE_MOVE =
  /\b(?:stock|shares?|rises|falls|jumps|climbs|slides|slumps|sinks|soars|surges|tumbles|drops|rallies|plunges|plummets|rebounds|dips|52-week|usual volume|heavy volume)\b/i;
const STOCK_MOVE: Record<Sentiment, string> = {
  bullish: 'the stock is climbing.',
  bearish: 'the stock is falling.',
  neutral: 'the stock barely moved.',
};

/** The plain-English one-liner. */
export function noBullshit(input: PresentationInput): string {
  const who = articleSubject(input.title, input.tickers);
  const aboutTheStock =
    who !== null &&
    (input.classification === 'Other' || input.classification === 'Market News') &&
    PRICE_MOVE.test(input.title);
  const plain = aboutTheStock
    ? STOCK_MOVE[input.sentiment]
    : PLAIN[input.classification][input.sentiment];
  const line = who ? `${who}: ${plain}` : plain.charAt(0).toUpperCase() + plain.slice(1);
  return input.defcon === 1 ? `Serious: ${line}` : line;
}

const CATEGORY_GIF: Record<ArticleClassification, string> = {
  'Company Results': 'earnings',
  'Earnings Preview': 'waiting',
  'Mergers and Acquisitions': 'handshake',
  'Analyst Recommendation': 'expert',
  Lawsuit: 'judge gavel',
  'Regulatory Update': 'rules',
  'Central Bank Policy': 'money printer',
  'Dividend News': 'cash',
  'IPO News': 'ringing the bell',
  'Insider Trading Report': 'secret',
  'Market News': 'wall street',
  'Sector Analysis': 'factory',
  'Economic Report': 'economy',
  'Opinion/Editorial': 'hot take',
  Other: 'breaking news',
};

const MOOD_GIF: Record<Sentiment, string[]> = {
  bullish: ['stonks', 'rocket'],
  bearish: ['facepalm', 'falling'],
  neutral: ['shrug', 'meh'],
};

/** Three GIF search keywords: mood, mood, topic (an alarm for defcon 1). */
export function gifKeywords(input: PresentationInput): string[] {
  const topic = input.defcon === 1 ? 'alarm' : CATEGORY_GIF[input.classification];
  return [...MOOD_GIF[input.sentiment], topic];
}

const CATEGORY_ICON: Record<ArticleClassification, string> = {
  'Company Results': 'bar-chart',
  'Earnings Preview': 'calendar',
  'Mergers and Acquisitions': 'handshake',
  'Analyst Recommendation': 'clipboard-check',
  Lawsuit: 'gavel',
  'Regulatory Update': 'landmark',
  'Central Bank Policy': 'banknote',
  'Dividend News': 'coins',
  'IPO News': 'bell',
  'Insider Trading Report': 'user-check',
  'Market News': 'activity',
  'Sector Analysis': 'layers',
  'Economic Report': 'globe',
  'Opinion/Editorial': 'message-square',
  Other: 'newspaper',
};

/** A short icon name (lucide-style). */
export function articleIcon(input: PresentationInput): string {
  if (input.defcon === 1) return 'alert-triangle';
  if (input.classification === 'Market News' || input.classification === 'Analyst Recommendation') {
    if (input.sentiment === 'bullish') return 'trending-up';
    if (input.sentiment === 'bearish') return 'trending-down';
  }
  return CATEGORY_ICON[input.classification];
}
