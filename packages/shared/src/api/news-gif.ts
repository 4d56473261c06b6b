import { z } from 'zod';
import { successResponse } from './envelope.ts';
import { NEWS_GIF_MAX_KEYWORD_LENGTH, NEWS_GIF_MAX_KEYWORDS } from './news-gif-limits.ts';

export * from './news-gif-limits.ts';

/** `a, b,c` (or a repeated parameter) → `['a', 'b', 'c']`, blanks left out. */
export function splitGifKeywords(value: string | readonly string[]): string[] {
  const joined = typeof value === 'string' ? value : value.join(',');
  return joined
    .split(',')
    .map((keyword) => keyword.trim())
    .filter(Boolean);
}

/** The `keywords` query parameter: comma-separated, 1 to 10 keywords of at most 40 characters. */
export const newsGifKeywordsParam = z
  .union([z.string(), z.array(z.string())], {
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be text'),
  })
  .superRefine((value, ctx) => {
    const keywords = splitGifKeywords(value);
    if (keywords.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'must name at least one keyword' });
    } else if (keywords.length > NEWS_GIF_MAX_KEYWORDS) {
      ctx.addIssue({
        code: 'custom',
        message: `must name at most ${String(NEWS_GIF_MAX_KEYWORDS)} keywords`,
      });
    } else if (keywords.some((keyword) => keyword.length > NEWS_GIF_MAX_KEYWORD_LENGTH)) {
      ctx.addIssue({
        code: 'custom',
        message: `each keyword must be at most ${String(NEWS_GIF_MAX_KEYWORD_LENGTH)} characters`,
      });
    }
  });

export const newsGifSchema = z.object({
  /** An image URL: `/api/news/gif/file/{id}.gif` for ours, a GIPHY media URL otherwise. */
  url: z.string(),
  /** Alt text. */
  title: z.string(),
  source: z.enum(['bundled', 'giphy']),
  /** The keywords it was chosen for. */
  keywords: z.array(z.string()),
  /** GIPHY's MP4 of the same animation, when it has one. */
  mp4: z.string().optional(),
});
export type NewsGif = z.infer<typeof newsGifSchema>;

export const newsGifResponseSchema = successResponse({ gif: newsGifSchema });
export type NewsGifResponse = z.infer<typeof newsGifResponseSchema>;
