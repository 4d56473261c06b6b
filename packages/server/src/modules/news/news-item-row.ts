import type { RawNewsItem } from '../../providers/news/news-source.ts';
import type { ItemDate } from './item-date.ts';
import type { NewNewsArticle } from './news.repository.ts';
import type { TickerLinker } from './ticker-linker.ts';

/** How an item is dated and whether it counts as news. */
export type ItemStanding = ItemDate & { backCatalogue: boolean };

export const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

export function isWebLink(link: string): boolean {
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A source item as a row: clipped fields, linked tickers, waiting for the analyst, dated as
 * `standing` says (the feed's date, or first seen and marked estimated).
 */
export function toArticle(
  item: RawNewsItem,
  source: string,
  linker: TickerLinker,
  standing: ItemStanding,
): NewNewsArticle {
  const title = clip(item.title, 500);
  const description = clip(item.description, 5_000);
  const content = clip(item.content, 100_000);
  const links = linker.link([title, description, content].join('\n\n'));
  return {
    link: clip(item.link, 2_000),
    guid: clip(item.guid, 2_000),
    title,
    description,
    articles: content ? [content] : [],
    publisher: item.publisher,
    source_title: clip(item.sourceTitle, 300),
    creation_date: standing.date,
    date_estimated: standing.estimated,
    back_catalogue: standing.backCatalogue,
    related_exchange_tickers: links.related_exchange_tickers,
    NER: JSON.stringify(links.NER),
    named_exchange_tickers: links.named_exchange_tickers,
    source: clip(source, 300),
    status: 'WAITING_INDEX',
    ...(item.sentimentHint !== undefined && { sentiment_hint: item.sentimentHint }),
  };
}
