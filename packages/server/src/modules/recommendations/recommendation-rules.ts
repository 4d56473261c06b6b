/**
 * The recommendations ranking (spec §9), documented in docs/domain-rules.md
 * "Recommendations". Every factor is put on a −1…+1 scale, weighted, and summed into a score of
 * −100…+100:
 *
 *   news      = (interest-weighted mean sentiment of the last 14 days' processed articles / 10)
 *               × n / (n + 2)          (n articles: one article counts a third, ten count 5/6)
 *   analysis  = latest company analysis's score (of the last 90 days) / 10
 *   month     = clamp(change_pct_31 / 20, −1, 1)     (+20 % in 31 days is full marks)
 *   year      = clamp(change_pct_365 / 50, −1, 1)    (+50 % in 365 days is full marks)
 *   score     = 100 × (0.40 news + 0.30 analysis + 0.15 month + 0.15 year), a missing factor 0
 *
 * Guards: a listing needs at least one processed article in the window or an analysis, and a
 * quote no older than 7 days; of a company's share classes only the best-scoring one is listed.
 * The repository computes the same formula in SQL (to rank 50,000 listings in one query) from
 * RANKING below; the service re-scores the rows with `recommendationScore`, and a test holds
 * the two to the same order.
 */

/** Weights and scales of the rule, shared with the SQL that ranks in the database. */
export const RANKING = {
  newsWeight: 0.4,
  analysisWeight: 0.3,
  monthWeight: 0.15,
  yearWeight: 0.15,
  /** n / (n + newsPrior): how much a handful of articles is trusted. */
  newsPrior: 2,
  /** The month's and the year's change (percent) that earn the full factor. */
  monthScalePct: 20,
  yearScalePct: 50,
  newsWindowDays: 14,
  analysisMaxAgeDays: 90,
  quoteMaxAgeDays: 7,
} as const;

/** What a listing is ranked on. */
export type RecommendationFactors = {
  /** Interest-weighted mean sentiment of the recent processed articles, −10…+10; null without. */
  newsSentiment: number | null;
  /** How many recent processed articles name the listing. */
  articles: number;
  /** The latest company analysis's score, −10…+10; null without one. */
  analysisScore: number | null;
  changePct31: number | null;
  changePct365: number | null;
};

const clamp = (value: number) => Math.max(-1, Math.min(1, value));

/** Each factor's part of the score, in score points (their sum is the score). */
export function contributions(f: RecommendationFactors) {
  const news =
    f.newsSentiment === null || f.articles <= 0
      ? 0
      : (clamp(f.newsSentiment / 10) * f.articles) / (f.articles + RANKING.newsPrior);
  const analysis = f.analysisScore === null ? 0 : clamp(f.analysisScore / 10);
  const month = f.changePct31 === null ? 0 : clamp(f.changePct31 / RANKING.monthScalePct);
  const year = f.changePct365 === null ? 0 : clamp(f.changePct365 / RANKING.yearScalePct);
  return {
    news: 100 * RANKING.newsWeight * news,
    analysis: 100 * RANKING.analysisWeight * analysis,
    month: 100 * RANKING.monthWeight * month,
    year: 100 * RANKING.yearWeight * year,
  };
}

/** The ranking score, −100…+100, to one decimal. */
export function recommendationScore(f: RecommendationFactors): number {
  const c = contributions(f);
  return Math.round((c.news + c.analysis + c.month + c.year) * 10) / 10;
}

const signed = (value: number) => `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value)}`;
const percent = (value: number) => `${Math.round(Math.abs(value))}%`;

/**
 * One line naming the two strongest factors (largest part of the score, either sign), numbers
 * without decimals (spec §9: the recommendations table shows percentages without decimals).
 */
export function recommendationReason(f: RecommendationFactors): string {
  const c = contributions(f);
  const phrases: { weight: number; text: string }[] = [];
  if (f.newsSentiment !== null && f.articles > 0) {
    const tone = f.newsSentiment >= 1 ? 'Bullish' : f.newsSentiment <= -1 ? 'Bearish' : 'Mixed';
    const n = `${f.articles} ${f.articles === 1 ? 'article' : 'articles'}`;
    phrases.push({
      weight: c.news,
      text: `${tone} news (sentiment ${signed(Math.round(f.newsSentiment))}, ${n} in ${RANKING.newsWindowDays} days)`,
    });
  }
  if (f.analysisScore !== null) {
    phrases.push({
      weight: c.analysis,
      text: `analysis score ${signed(Math.round(f.analysisScore))}`,
    });
  }
  const move = (pct: number, period: string) =>
    Math.round(pct) === 0
      ? `flat over ${period}`
      : `${pct > 0 ? 'up' : 'down'} ${percent(pct)} in ${period}`;
  if (f.changePct31 !== null)
    phrases.push({ weight: c.month, text: move(f.changePct31, 'a month') });
  if (f.changePct365 !== null)
    phrases.push({ weight: c.year, text: move(f.changePct365, 'a year') });
  const strongest = phrases
    .sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight))
    .slice(0, 2)
    .map((p) => p.text);
  if (strongest.length === 0) return 'No recent news, analysis or price history.';
  const line = strongest.join(', ');
  return `${line.charAt(0).toUpperCase()}${line.slice(1)}.`;
}
