/** One of the five stars of a rating. */
export type Star = 'full' | 'half' | 'empty';

/** Highest score on the 0–10 star scale. */
export const MAX_STAR_SCORE = 10;

/** Number of stars drawn. */
export const STAR_COUNT = 5;

/** Five stars for a 0–10 score (score / 2 stars, nearest half); clamped to 0–10; non-finite → all empty. */
export function starRating(score: number): Star[] {
  const clamped = Number.isFinite(score) ? Math.min(MAX_STAR_SCORE, Math.max(0, score)) : 0;
  const halves = Math.round(clamped);
  return Array.from({ length: STAR_COUNT }, (_, i): Star => {
    const filledHalves = halves - 2 * i;
    if (filledHalves >= 2) return 'full';
    return filledHalves === 1 ? 'half' : 'empty';
  });
}
