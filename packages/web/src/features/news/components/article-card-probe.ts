import { memo } from 'react';
import type * as ArticleCardModule from './article-card';

type ArticleCardDraw = (typeof ArticleCardModule.ArticleCard)['type'];
type ArticleCardProps = Parameters<ArticleCardDraw>[0];

/**
 * Test helper for `vi.mock('./article-card', …)`: the real module with its card drawn through
 * `around`, which calls `draw` (the real card's render) and may count or time it. The card stays
 * memoised as the real one is, so a test sees exactly the renders the feed causes.
 */
export async function probedArticleCardModule(
  importOriginal: () => Promise<typeof ArticleCardModule>,
  around: (
    draw: () => ReturnType<ArticleCardDraw>,
    props: ArticleCardProps,
  ) => ReturnType<ArticleCardDraw>,
): Promise<typeof ArticleCardModule> {
  const real = await importOriginal();
  const draw = real.ArticleCard.type;
  return {
    ...real,
    ArticleCard: memo((props: ArticleCardProps) => around(() => draw(props), props)),
  };
}
