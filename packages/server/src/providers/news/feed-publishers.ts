import { htmlToText } from './html-text.ts';

/** Known spellings of publishers, keyed by a lower-case, punctuation-free form. */
const PUBLISHERS: Record<string, string> = {
  reuters: 'Reuters',
  reuterscom: 'Reuters',
  thomsonreuters: 'Reuters',
  bloomberg: 'Bloomberg',
  bloombergcom: 'Bloomberg',
  bloombergnews: 'Bloomberg',
  marketwatch: 'MarketWatch',
  marketwatchcom: 'MarketWatch',
  cnbc: 'CNBC',
  cnbccom: 'CNBC',
  wsj: 'The Wall Street Journal',
  wallstreetjournal: 'The Wall Street Journal',
  thewallstreetjournal: 'The Wall Street Journal',
  ft: 'Financial Times',
  financialtimes: 'Financial Times',
  ftcom: 'Financial Times',
  barrons: "Barron's",
  barronscom: "Barron's",
  associatedpress: 'Associated Press',
  ap: 'Associated Press',
  apnews: 'Associated Press',
  businesswire: 'Business Wire',
  prnewswire: 'PR Newswire',
  globenewswire: 'GlobeNewswire',
  yahoofinance: 'Yahoo Finance',
  financeyahoocom: 'Yahoo Finance',
  seekingalpha: 'Seeking Alpha',
  themotleyfool: 'The Motley Fool',
  motleyfool: 'The Motley Fool',
  investorsbusinessdaily: "Investor's Business Daily",
  ibd: "Investor's Business Daily",
  sec: 'SEC',
  secgov: 'SEC',
};

/**
 * One spelling per publisher: e-mail addresses and `(via …)` tails dropped, white space
 * collapsed, domains and capitalisation variants of known publishers mapped to their name, and
 * an all-capitals name of an unknown publisher title-cased (`ACME NEWS` → `Acme News`).
 */
export function normalizePublisher(raw: string): string {
  let name = htmlToText(raw)
    .replace(/\S+@\S+\s*\(([^)]+)\)/, '$1')
    .replace(/\S+@\S+/g, '')
    .replace(/\s*\(via [^)]*\)\s*$/i, '')
    .replace(/^https?:\/\/(www\.)?/i, '')
    .replace(/^www\./i, '')
    .replace(/\/.*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  const key = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  const known = PUBLISHERS[key] ?? PUBLISHERS[key.replace(/(com|net|org)$/, '')];
  if (known) return known;
  if (name.length > 4 && name === name.toUpperCase() && /[A-Z]/.test(name)) {
    name = name.toLowerCase().replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
  }
  return name.slice(0, 120);
}
