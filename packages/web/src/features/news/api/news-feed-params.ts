import type { NewsFilters } from './news-list';

/** Spec §2: the query parameters every news feed page reads, plus the list pages' `page`. */
export interface NewsFeedParams {
  /** `?id=`: one article, shown on top of the feed. */
  id: string | null;
  /** `?symbol=EX:T` (or a bare ticker): only the news of that company. */
  symbol: string | null;
  /** `?experiment=name`: that experiment's variant of the articles instead of the public one. */
  experiment: string | null;
  /** `?page=` of a list page, 1-based; anything unusable reads as 1. */
  page: number;
}

function text(params: URLSearchParams, key: string): string | null {
  const value = params.get(key)?.trim() ?? '';
  return value === '' ? null : value;
}

export function newsFeedParamsOf(params: URLSearchParams): NewsFeedParams {
  const page = Number(params.get('page'));
  return {
    id: text(params, 'id'),
    symbol: text(params, 'symbol')?.toUpperCase() ?? null,
    experiment: text(params, 'experiment'),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * The /news/query filters of a feed narrowed by its page's parameters: `symbol` keeps the
 * articles linked to a listing ending in that symbol (`EX:T`, or `:T` for a bare ticker, so any
 * exchange matches), `experiment` asks for that experiment's articles (the server otherwise
 * keeps experiments out). `id` does not filter: the page pins that article above the feed.
 */
export function feedFiltersWith(filters: NewsFilters, params: NewsFeedParams): NewsFilters {
  const narrowed: Record<string, string> = { ...filters };
  if (params.symbol !== null) {
    narrowed.related_exchange_tickers__iendswith = params.symbol.includes(':')
      ? params.symbol
      : `:${params.symbol}`;
  }
  if (params.experiment !== null) {
    delete narrowed.experiment__ne;
    narrowed.experiment = params.experiment;
  }
  return narrowed;
}
