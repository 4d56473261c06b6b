import { hash } from 'node:crypto';
import { newsArticleSchema } from '@app/shared/api/news';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ArticleJson } from './news.repository.ts';

/**
 * Articles whose last checked JSON is remembered (a repeat of the same text is not parsed again),
 * by a SHA-1 digest of the text: about 100 bytes an entry, so the articles of every company page
 * and of the article pages read in turn stay remembered (5,000 full texts did not hold the 691
 * company pages' 13,820 articles: each miss parsed its 20 articles again).
 */
export const CHECKED_ARTICLES_MAX = 50_000;

const complete = newsArticleSchema;
const partial = newsArticleSchema.partial();

/**
 * Checks each article PostgreSQL serialised against the shared API schema before it is sent, so
 * one malformed stored row (an `AI` object or `NER` list written outside the analyst, a
 * hand-edited row) is left out of a list and logged instead of reaching the client, where the
 * web app's schema would reject the whole answer. An article whose JSON text is the one checked
 * last time for its id (the same digest) is not parsed again: the feeds and pages ask for the
 * same articles over and over, and a changed article has a different text.
 */
export function createArticleCheck(log: FastifyBaseLogger | undefined) {
  const checked = new LRUCache<string, string>({ max: CHECKED_ARTICLES_MAX });
  // Each malformed article is reported once in a while, not on every answer it is left out of.
  const reported = new LRUCache<string, true>({ max: 1_000, ttl: 10 * 60_000 });
  return function keepValid(
    rows: readonly ArticleJson[],
    fields: 'complete' | 'partial' = 'complete',
  ): ArticleJson[] {
    const valid: ArticleJson[] = [];
    for (const row of rows) {
      const key = `${fields}:${row.id}`;
      const digest = hash('sha1', row.article, 'base64');
      if (checked.get(key) === digest) {
        valid.push(row);
        continue;
      }
      let problem: string | undefined;
      try {
        const result = (fields === 'complete' ? complete : partial).safeParse(
          JSON.parse(row.article),
        );
        if (!result.success) {
          problem = result.error.issues
            .slice(0, 3)
            .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
            .join('; ');
        }
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
      }
      if (problem === undefined) {
        checked.set(key, digest);
        valid.push(row);
      } else if (!reported.has(row.id)) {
        reported.set(row.id, true);
        log?.error({ newsId: row.id, problem }, 'malformed stored article left out of an answer');
      }
    }
    return valid;
  };
}

export type ArticleCheck = ReturnType<typeof createArticleCheck>;
