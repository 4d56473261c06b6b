/**
 * The company analyst's scores: the news view (weighted by materiality, interest, centrality and
 * age), the price view, and the order in which articles are most material.
 */
import type { CompanyNewsInput, CompanyPriceAction } from '../ai-provider.ts';
import { DAY_MS } from '@app/shared/dates';

/** Half-life of an article's weight in the news sentiment, in days. */
const HALF_LIFE_DAYS = 3;

export function clamp(n: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, n));
}

/** An article's weight in the news view: material, interesting and recent articles count most. */
function weight(item: CompanyNewsInput, now: Date): number {
  const ageDays = Math.max(0, (now.getTime() - item.date.getTime()) / DAY_MS);
  const materiality = 6 - item.defcon_level;
  const interest = 1 + (item.interest_score ?? 5) / 10;
  return materiality * interest * (item.centrality ?? 1) * 0.5 ** (ageDays / HALF_LIFE_DAYS);
}

/** Weighted mean of the articles' sentiment scores (−10 … 10), null without news. */
export function newsSentiment(news: CompanyNewsInput[], now: Date): number | null {
  let total = 0;
  let weights = 0;
  for (const item of news) {
    const w = weight(item, now);
    total += w * item.sentiment_score;
    weights += w;
  }
  return weights > 0 ? total / weights : null;
}

/** The price action as a −10 … 10 score: the week counts as much as the month. */
export function priceSentiment(price: CompanyPriceAction | null): number | null {
  if (!price) return null;
  const parts: number[] = [];
  if (price.change_pct_8 !== null) parts.push(clamp(price.change_pct_8 / 1.5, -10, 10));
  if (price.change_pct_31 !== null) parts.push(clamp(price.change_pct_31 / 3, -10, 10));
  if (parts.length === 0 && price.change_pct_1 !== null) {
    parts.push(clamp(price.change_pct_1, -10, 10));
  }
  return parts.length > 0 ? parts.reduce((a, b) => a + b, 0) / parts.length : null;
}

/** Centrality below which an article is about other companies first (one of several named). */
const PERIPHERAL = 0.5;

/**
 * The most material articles first: articles about the company before those naming it among
 * others, then lowest defcon, highest interest, strongest, newest.
 */
export function byMateriality(a: CompanyNewsInput, b: CompanyNewsInput): number {
  const peripheral = (item: CompanyNewsInput) => ((item.centrality ?? 1) < PERIPHERAL ? 1 : 0);
  return (
    peripheral(a) - peripheral(b) ||
    a.defcon_level - b.defcon_level ||
    (b.interest_score ?? 0) - (a.interest_score ?? 0) ||
    Math.abs(b.sentiment_score) - Math.abs(a.sentiment_score) ||
    b.date.getTime() - a.date.getTime() ||
    a.id.localeCompare(b.id)
  );
}
