import type { BriefQuote } from './brief-writer.ts';

/** The latest trading day's quotes, one listing per company, with 52-week and volume figures. */
export type BriefMarket = {
  /** The New York calendar day of the latest quotes, `YYYY-MM-DD`. */
  day: string;
  /** 16:00 New York on that day: when its session closes. */
  closesAt: Date;
  quotes: BriefQuote[];
  /** Companies with a listing: how many quotes a complete refresh would give. */
  companies: number;
};

/** Average day change of each sector with at least 3 companies, best first. */
export function sectorAverages(quotes: readonly BriefQuote[]): Map<string, number> {
  const groups = new Map<string, number[]>();
  for (const q of quotes) {
    if (!q.sector) continue;
    groups.set(q.sector, [...(groups.get(q.sector) ?? []), q.changePct]);
  }
  const averages = [...groups]
    .filter(([, changes]) => changes.length >= 3)
    .map(
      ([sector, changes]) => [sector, changes.reduce((a, b) => a + b, 0) / changes.length] as const,
    )
    .sort((a, b) => b[1] - a[1]);
  return new Map(averages);
}

export const clampScore = (n: number) => Math.max(-10, Math.min(10, Math.round(n))) || 0;

/**
 * The market's tone as a score: breadth (share rising minus share falling, −1 … 1) weighs 8,
 * the average day change 2 a percent. 60 % of companies up on a +0.1 % day scores 2 (bullish).
 */
export function marketSentiment(quotes: readonly BriefQuote[]): number {
  if (quotes.length === 0) return 0;
  const average = quotes.reduce((sum, q) => sum + q.changePct, 0) / quotes.length;
  return clampScore(8 * marketBreadth(quotes) + 2 * average);
}

/** The average size of the listed moves, in percent (≥ 0). */
export function averageMove(quotes: readonly BriefQuote[]): number {
  if (quotes.length === 0) return 0;
  return quotes.reduce((sum, q) => sum + Math.abs(q.changePct), 0) / quotes.length;
}

/** Share of companies up minus share down, −1 … 1. */
export function marketBreadth(quotes: readonly BriefQuote[]): number {
  if (quotes.length === 0) return 0;
  const up = quotes.filter((q) => q.changePct > 0).length;
  const down = quotes.filter((q) => q.changePct < 0).length;
  return (up - down) / quotes.length;
}
