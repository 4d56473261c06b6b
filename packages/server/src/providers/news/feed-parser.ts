import { htmlToText } from './html-text.ts';
import type { RawNewsItem } from './news-source.ts';
import {
  XmlParseError,
  childElements,
  firstChild,
  localName,
  parseXml,
  textOf,
  type XmlElement,
} from './xml.ts';

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

/**
 * A feed date as a Date: RFC 822 (`Sun, 22 Nov 2026 14:05:00 GMT`, `-0500`, `EST`) or ISO 8601.
 * Null when the date is missing or unreadable: the ingest dates such an item by when it was first
 * seen and marks it estimated (item-date.ts), as it does a date far in the future.
 */
export function parseFeedDate(raw: string): Date | null {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (text.length === 0) return null;
  let time = Date.parse(text);
  if (Number.isNaN(time)) {
    // `22 Nov 2026 14:05:00 +0000 (UTC)` or a weekday spelled out.
    time = Date.parse(text.replace(/\s*\([^)]*\)\s*$/, '').replace(/^[A-Za-z]+,\s*/, ''));
  }
  return Number.isNaN(time) ? null : new Date(time);
}

const cleanText = (element: XmlElement | undefined) => htmlToText(textOf(element));
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The first candidate that names a publisher (an author given only as an e-mail does not). */
const firstPublisher = (candidates: string[]) =>
  candidates.map(normalizePublisher).find((name) => name.length > 0) ?? '';

function atomLink(entry: XmlElement): string {
  const links = childElements(entry).filter((child) => localName(child) === 'link');
  const alternate =
    links.find((link) => (link.attributes.rel ?? 'alternate') === 'alternate') ?? links[0];
  return (alternate?.attributes.href ?? textOf(alternate)).trim();
}

function rssItem(item: XmlElement, channelTitle: string): RawNewsItem {
  const link = (textOf(firstChild(item, 'link')) || atomLink(item)).trim();
  const guid = textOf(firstChild(item, 'guid', 'dc:identifier')).trim();
  const publisher = firstPublisher([
    textOf(firstChild(item, 'source')),
    textOf(firstChild(item, 'dc:publisher')),
    textOf(firstChild(item, 'author', 'dc:creator')),
    channelTitle,
  ]);
  return {
    guid: guid || link,
    link,
    title: oneLine(cleanText(firstChild(item, 'title'))),
    description: cleanText(firstChild(item, 'description', 'summary')),
    content: cleanText(firstChild(item, 'content:encoded')),
    publisher,
    publishedAt: parseFeedDate(textOf(firstChild(item, 'pubDate', 'dc:date', 'published'))),
    sourceTitle: channelTitle,
  };
}

function atomEntry(entry: XmlElement, feedTitle: string): RawNewsItem {
  const link = atomLink(entry);
  const byName = (name: string) => childElements(entry).find((c) => localName(c) === name);
  const source = byName('source');
  const author = byName('author');
  const publisher = firstPublisher([
    textOf(source && firstChild(source, 'title')),
    textOf(author && firstChild(author, 'name')),
    feedTitle,
  ]);
  const summary = cleanText(byName('summary'));
  const content = cleanText(byName('content'));
  return {
    guid: textOf(byName('id')).trim() || link,
    link,
    title: oneLine(cleanText(byName('title'))),
    description: summary || content.split('\n\n')[0] || '',
    content,
    publisher,
    publishedAt: parseFeedDate(textOf(byName('published') ?? byName('updated'))),
    sourceTitle: feedTitle,
  };
}

/**
 * The items of an RSS 2.0, RSS 1.0 (RDF) or Atom document, as plain text with normalised
 * publishers and dates. Items without a link or a title are dropped. Throws an XmlParseError
 * for malformed XML or a document that is not a feed.
 */
export function parseFeed(xml: string): RawNewsItem[] {
  const root = parseXml(xml);
  const kind = localName(root);
  let items: RawNewsItem[];
  if (kind === 'rss' || kind === 'RDF') {
    const channel = firstChild(root, 'channel');
    const title = oneLine(cleanText(channel && firstChild(channel, 'title')));
    const parent = kind === 'rss' ? channel : root;
    if (!parent) throw new XmlParseError('not a feed: <rss> without a <channel>');
    items = childElements(parent, 'item').map((item) => rssItem(item, title));
  } else if (kind === 'feed') {
    const title = oneLine(cleanText(childElements(root).find((c) => localName(c) === 'title')));
    items = childElements(root)
      .filter((child) => localName(child) === 'entry')
      .map((entry) => atomEntry(entry, title));
  } else {
    throw new XmlParseError(`not a feed: the root element is <${root.name}>`);
  }
  return items.filter((item) => item.link.length > 0 && item.title.length > 0);
}
