import { z } from 'zod';

/** The hosts GIPHY serves its media from; the CSP allows images from these when a key is set. */
export const GIPHY_MEDIA_ORIGINS = [
  'https://media.giphy.com',
  'https://media0.giphy.com',
  'https://media1.giphy.com',
  'https://media2.giphy.com',
  'https://media3.giphy.com',
  'https://media4.giphy.com',
  'https://i.giphy.com',
];

/** One GIPHY answer: the fixed-height rendition (GIF and MP4) and its title. */
export interface GiphyGif {
  url: string;
  mp4?: string;
  title: string;
}

export interface GiphyClient {
  /** The first G-rated result for the words, or null when GIPHY has none. Throws on failure. */
  search(query: string): Promise<GiphyGif | null>;
}

const searchResponse = z.object({
  data: z.array(
    z.object({
      title: z.string().optional(),
      images: z.object({
        fixed_height: z.object({ url: z.string().optional(), mp4: z.string().optional() }),
      }),
    }),
  ),
});

/** Only https URLs on GIPHY's media hosts leave the server (the CSP allows no others). */
function mediaUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return GIPHY_MEDIA_ORIGINS.includes(url.origin) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** GIPHY's search API (`{base}/v1/gifs/search`), each call cut off after `timeoutMs`. */
export function createGiphyClient(options: {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
}): GiphyClient {
  return {
    async search(query) {
      const url = new URL(`${options.baseUrl.replace(/\/+$/, '')}/v1/gifs/search`);
      url.search = new URLSearchParams({
        api_key: options.apiKey,
        q: query,
        limit: '1',
        rating: 'g',
      }).toString();
      const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs) });
      if (!response.ok) throw new Error(`GIPHY answered HTTP ${String(response.status)}`);
      const [first] = searchResponse.parse(await response.json()).data;
      if (!first) return null;
      const gif = mediaUrl(first.images.fixed_height.url);
      if (!gif) return null;
      const mp4 = mediaUrl(first.images.fixed_height.mp4);
      const title = first.title?.trim() || `GIF: ${query}`;
      return mp4 ? { url: gif, mp4, title } : { url: gif, title };
    },
  };
}
