import { tickerOf } from '@app/shared/symbols';
/**
 * How central a company is to an article that mentions it: named in the title, first
 * in the text, and how many companies share the article. A movers list naming a company fifth
 * among ten is about the list's leader, not about that company; it should neither lead the
 * company's analysis nor make its neighbours in the list look related.
 */

/** Articles naming more companies than this are lists (movers, sector round-ups). */
export const LIST_COMPANIES = 3;
/** Below this centrality an article is left out of a company's analysis. */
export const MIN_CENTRALITY = 0.2;

const LEGAL_SUFFIX =
  /,?\s+(?:inc\.?|incorporated|corporation|corp\.?|company|co\.?|ltd\.?|limited|plc|n\.v\.|s\.a\.|ag|se|holdings?|group)$/i;

/** The words a headline names a company by: `Exxon Mobil Corporation` → `exxon mobil`. */
function headlineName(name: string): string {
  let short = name.trim().replace(/^the\s+/i, '');
  for (let i = 0; i < 2; i++) short = short.replace(LEGAL_SUFFIX, '').trim();
  return short.toLowerCase();
}

/** Whether the title names the company: by its short name, its first name word or a ticker. */
export function namedInTitle(
  title: string,
  companyName: string,
  companyTickers: readonly string[],
): boolean {
  const lower = title.toLowerCase();
  const name = headlineName(companyName);
  const first = name.split(/[\s-]+/)[0] ?? '';
  if (name && lower.includes(name)) return true;
  if (first.length >= 4 && new RegExp(`\\b${first.replace(/[^a-z0-9]/g, '')}`).test(lower)) {
    return true;
  }
  return companyTickers.some((ticker) => {
    const symbol = tickerOf(ticker);
    return symbol.length >= 2 && new RegExp(`(^|[^A-Za-z])${symbol}([^A-Za-z]|$)`).test(title);
  });
}

/**
 * The company's centrality in an article, 0 … 1: 1 named in the title (0.7 first in the text,
 * 0.4 further down), divided by 1 + (other companies) / 2, and for a list article (more than
 * {@link LIST_COMPANIES} companies) a mention outside the title counts nothing.
 */
export function mentionCentrality(article: {
  title: string;
  related: readonly string[];
  companyName: string;
  companyTickers: readonly string[];
}): number {
  const own = new Set(article.companyTickers);
  const others = article.related.filter((ticker) => !own.has(ticker)).length;
  const inTitle = namedInTitle(article.title, article.companyName, article.companyTickers);
  if (others === 0) return 1;
  const position = article.related.findIndex((ticker) => own.has(ticker));
  if (!inTitle && others + 1 > LIST_COMPANIES) return 0;
  const prominence = inTitle ? 1 : position === 0 ? 0.7 : 0.4;
  return prominence / (1 + others / 2);
}
