import { Group } from '@mantine/core';
import { starRating } from '@app/shared/display/stars';
import { IconStar, IconStarFilled, IconStarHalfFilled } from '@tabler/icons-react';

/** Spec §3 star rating: a 0–10 score as 5 stars with halves; `null` for no score. */
export function interestStarsLabel(score: number): string {
  const stars = starRating(score);
  const value = stars.reduce(
    (sum, star) => sum + (star === 'full' ? 1 : star === 'half' ? 0.5 : 0),
    0,
  );
  return `Interest ${String(value)} of 5`;
}

/** The article's interest score as five stars (spec §3), named for screen readers. */
export function ArticleCardStars({ score }: { score: number }) {
  const label = interestStarsLabel(score);
  return (
    <Group gap={1} wrap="nowrap" role="img" aria-label={label} title={label}>
      {starRating(score).map((star, index) => {
        const Star =
          star === 'full' ? IconStarFilled : star === 'half' ? IconStarHalfFilled : IconStar;
        return (
          <Star
            key={index}
            size={14}
            aria-hidden
            color={
              star === 'empty'
                ? 'var(--mantine-color-dimmed)'
                : 'var(--mantine-color-yellow-filled)'
            }
          />
        );
      })}
    </Group>
  );
}
