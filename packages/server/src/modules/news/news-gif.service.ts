import type { NewsGif } from '@app/shared/api/news-gif';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { GiphyClient } from '../../providers/gif/giphy.ts';
import { chooseAnimation, tokens } from './animations/choose-animation.ts';
import type { NewsGifRepository } from './news-gif.repository.ts';

/**
 * A GIPHY answer (or its absence) is kept an hour; a failure a minute, so a GIPHY that is down
 * is not asked on every call.
 */
const ANSWER_TTL_SECONDS = 3_600;
const FAILURE_TTL_SECONDS = 60;

const cachedAnswer = z.object({
  gif: z.object({ url: z.string(), title: z.string(), mp4: z.string().optional() }).nullable(),
});

/** The URL of a bundled animation's file. */
export const bundledGifUrl = (id: string) => `/api/news/gif/file/${id}.gif`;

/** The bundled animation for the keywords (never fails). */
export function bundledGif(keywords: string[]): NewsGif {
  const animation = chooseAnimation(keywords);
  return { url: bundledGifUrl(animation.id), title: animation.title, source: 'bundled', keywords };
}

/** The same keyword set in any order or case shares one cache entry. */
function cacheKey(keywords: readonly string[]): string {
  const normalised = keywords.map((keyword) => tokens(keyword).join(' ')).filter(Boolean);
  return [...new Set(normalised)].sort().join(',');
}

/**
 * `/news/gif`: GIPHY's first result when a client is configured (cached per keyword set), else,
 * or when GIPHY fails or finds nothing, the bundled animation the keywords choose.
 */
export function createNewsGifService(deps: {
  giphy: GiphyClient | null;
  cache: NewsGifRepository;
  log: FastifyBaseLogger;
}) {
  const { giphy, cache, log } = deps;
  return {
    async find(keywords: string[]): Promise<NewsGif> {
      if (!giphy) return bundledGif(keywords);
      const key = cacheKey(keywords);
      const stored = cachedAnswer.safeParse(await cache.cached(key));
      let answer = stored.success ? stored.data.gif : undefined;
      if (answer === undefined) {
        let ttl = ANSWER_TTL_SECONDS;
        try {
          answer = await giphy.search(keywords.join(' '));
        } catch (error) {
          log.warn({ err: error }, 'GIPHY search failed; answering with a bundled animation');
          answer = null;
          ttl = FAILURE_TTL_SECONDS;
        }
        await cache.store(key, { gif: answer }, ttl);
      }
      if (!answer) return bundledGif(keywords);
      return { ...answer, source: 'giphy', keywords };
    },
  };
}

export type NewsGifService = ReturnType<typeof createNewsGifService>;
