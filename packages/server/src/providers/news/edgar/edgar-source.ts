import { createFeedSource } from '../feed-source.ts';
import type { NewsSource, RawNewsItem } from '../news-source.ts';
import { filingItems, headlineItem, type FilingItem } from './form-8k-items.ts';

export const EDGAR_PUBLISHER = 'SEC EDGAR';

/**
 * EDGAR's "latest filings" Atom feed of Form 8-K (current reports of material events; the
 * `type=8-K` filter also returns amendments such as 8-K/A). 6-K and SC 13D would need a request
 * each; one request per run keeps us far below SEC's fair-access limit of 10 requests a second.
 */
export function edgarCurrentFilingsUrl(baseUrl: string): string {
  return `${baseUrl}/cgi-bin/browse-edgar?action=getcurrent&type=8-K&company=&dateb=&owner=include&start=0&count=100&output=atom`;
}

/** `8-K - APPLE INC (0000320193) (Filer)` → its parts. */
const ENTRY_TITLE = /^(\S+)\s+-\s+(.+?)\s+\((\d{10})\)\s+\(([^)]+)\)\s*$/;

/** EDGAR's conformed names are often capitals (`APPLE INC`): written as a headline would. */
export function readableCompanyName(name: string): string {
  if (name !== name.toUpperCase()) return name;
  return name
    .toLowerCase()
    .split(' ')
    .map((word) => {
      // Initialisms stay capitals: `AT&T`, `CVS`, `U.S.`.
      if (/[&.]./.test(word) || (word.length <= 3 && !/[aeiouy]/.test(word))) {
        return word.toUpperCase();
      }
      return word.replace(/^\p{L}/u, (letter) => letter.toUpperCase());
    })
    .join(' ');
}

const itemLine = (item: FilingItem) => `Item ${item.number}: ${item.name}`;

/** A filing entry of the feed as a readable article; null for other forms or unreadable titles. */
export function filingArticle(entry: RawNewsItem, baseUrl: string): RawNewsItem | null {
  const parts = ENTRY_TITLE.exec(entry.title);
  if (!parts) return null;
  const [, form = '', rawName = '', cik = ''] = parts;
  if (!/^8-K/i.test(form)) return null;
  const company = readableCompanyName(rawName);
  const items = filingItems(entry.description);
  const main = headlineItem(items);
  const filed = /Filed:\s*(\d{4}-\d{2}-\d{2})/.exec(entry.description)?.[1];
  const accession = /AccNo:\s*([\d-]+)/.exec(entry.description)?.[1];
  const title = main
    ? `${company} files ${form}: ${main.name} (Item ${main.number})`
    : `${company} files ${form}`;
  const on = filed ? ` on ${filed}` : '';
  const description =
    `${company} (CIK ${cik}) filed a Form ${form} current report with the SEC${on}` +
    (items.length > 0 ? `, reporting ${items.map(itemLine).join('; ')}.` : '.');
  const content = [
    description,
    ...items.map((item) => `${itemLine(item)}.`),
    accession ? `Accession number ${accession}. The filing and its exhibits are on EDGAR.` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  return {
    ...entry,
    link: new URL(entry.link, baseUrl).href,
    title,
    description,
    content,
    publisher: EDGAR_PUBLISHER,
    sourceTitle: 'SEC EDGAR current filings',
  };
}

/**
 * SEC EDGAR's current 8-K filings, one request per run with the User-Agent SEC requires (a name
 * and an e-mail address), read through our feed parser. Filings are not articles: no full text.
 */
export function createEdgarSource(options: {
  baseUrl: string;
  userAgent: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}): NewsSource {
  const feed = createFeedSource({
    url: edgarCurrentFilingsUrl(options.baseUrl),
    timeoutMs: options.timeoutMs,
    userAgent: options.userAgent,
    ...(options.fetch && { fetch: options.fetch }),
  });
  return {
    name: 'edgar',
    fullText: false,
    fetch: async () => {
      const articles: RawNewsItem[] = [];
      for (const entry of await feed.fetch()) {
        const article = filingArticle(entry, options.baseUrl);
        if (article) articles.push(article);
      }
      return articles;
    },
  };
}
