import { createHash } from 'node:crypto';
import { formatDate } from '@app/shared/display/dates';
import { LRUCache } from 'lru-cache';
import type { FastifyBaseLogger } from 'fastify';
import { renderOgPng, type OgCard } from './og-image.ts';
import type { OgImageRepository } from './og-image.repository.ts';
import { articleTitle } from './page-heads.ts';
import type { SeoService } from './seo.service.ts';
import { SITE } from './seo-pages.ts';

/** Stored images live a month; their key changes with their content anyway. */
const STORE_TTL_S = 30 * 86_400;
/** At most this many bytes of PNG in memory per process. */
const MEMORY_BYTES = 48 * 2 ** 20;

export type OgImageDeps = {
  seo: Pick<SeoService, 'article' | 'companyBySymbol'>;
  store: OgImageRepository;
  log: FastifyBaseLogger;
  /** Renders a card; tests may count calls. */
  render?: (card: OgCard) => Promise<Buffer>;
};

/**
 * The Open Graph image of an article, a company or the site: rendered once per content version
 * (the key hashes what the card shows), then served from memory (LRU) or from the shared table.
 */
export function createOgImageService(deps: OgImageDeps) {
  const render = deps.render ?? renderOgPng;
  const memory = new LRUCache<string, Buffer, OgCard>({
    maxSize: MEMORY_BYTES,
    sizeCalculation: (png) => png.length,
    // Concurrent requests for one image share a single lookup and render.
    fetchMethod: async (key, _stale, { context }) => {
      const stored = await deps.store.find(key).catch((error: unknown) => {
        deps.log.warn({ err: error }, 'og image: stored copy unreadable');
        return undefined;
      });
      if (stored) return stored;
      const png = await render(context);
      await deps.store.store(key, png, STORE_TTL_S).catch((error: unknown) => {
        deps.log.warn({ err: error }, 'og image: could not store the rendered copy');
      });
      return png;
    },
  });

  async function imageOf(kind: string, id: string, card: OgCard): Promise<Buffer> {
    const version = createHash('sha256')
      .update(JSON.stringify(card))
      .digest('base64url')
      .slice(0, 16);
    const png = await memory.fetch(`${kind}:${id}:${version}`, { context: card });
    if (!png) throw new Error('og image: render produced nothing');
    return png;
  }

  return {
    /** An article's card, or undefined for an unknown or hidden article. */
    async article(id: string): Promise<Buffer | undefined> {
      const row = await deps.seo.article(id);
      if (!row) return undefined;
      return imageOf('news', row.id, {
        kicker: 'Market news',
        headline: articleTitle(row.title) ?? SITE.name,
        ...(row.ai_summary && { subline: row.ai_summary }),
        chips: row.related_exchange_tickers,
        footer: [row.publisher, formatDate(row.creation_date, 'UTC')].filter(Boolean).join(' · '),
      });
    },

    /** A company's card by listing, or undefined for an unknown listing. */
    async company(symbol: string): Promise<Buffer | undefined> {
      const row = await deps.seo.companyBySymbol(symbol);
      if (!row) return undefined;
      return imageOf('company', row.id, {
        kicker: row.gics_sector || 'Company',
        headline: row.company_name,
        ...(row.gics_sub_industry && { subline: row.gics_sub_industry }),
        chips: row.exchange_tickers,
        footer: 'Prices, chart, news and AI analysis',
      });
    },

    /** The site's card (pages without one of their own). */
    site: () =>
      imageOf('site', 'site', {
        kicker: 'AI market news',
        headline: 'Stock-market news and company analysis, summarised by AI',
        subline: SITE.description,
        footer: 'For self-directed investors',
      }),
  };
}

export type OgImageService = ReturnType<typeof createOgImageService>;
