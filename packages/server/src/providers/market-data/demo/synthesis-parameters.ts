/*
 * The per-symbol constants of a synthetic price series (volatility by sector, drift, market
 * correlation, earnings jumps, traded value), all drawn from the symbol's seed.
 */
import { createRandom, fnv1a32, mix32 } from './seeded-random.ts';

/** Earnings-like jump days come every this many trading days (four a year). */
export const EARNINGS_EVERY = 63;

/** The range an annual volatility (sd of yearly log returns) is drawn from. */
export interface VolatilityBand {
  min: number;
  max: number;
}

const SECTOR_BANDS: readonly { pattern: RegExp; band: VolatilityBand }[] = [
  { pattern: /utilit/i, band: { min: 0.15, max: 0.22 } },
  { pattern: /staple/i, band: { min: 0.15, max: 0.22 } },
  { pattern: /real estate/i, band: { min: 0.18, max: 0.28 } },
  { pattern: /health/i, band: { min: 0.2, max: 0.32 } },
  { pattern: /industrial/i, band: { min: 0.2, max: 0.32 } },
  { pattern: /financ/i, band: { min: 0.22, max: 0.34 } },
  { pattern: /material/i, band: { min: 0.22, max: 0.34 } },
  { pattern: /communication|telecom|media/i, band: { min: 0.25, max: 0.4 } },
  { pattern: /energy/i, band: { min: 0.28, max: 0.42 } },
  { pattern: /discretionary/i, band: { min: 0.25, max: 0.45 } },
  { pattern: /tech/i, band: { min: 0.25, max: 0.45 } },
];
const DEFAULT_BAND: VolatilityBand = { min: 0.2, max: 0.4 };

/** The annual volatility band for a GICS sector name (case-insensitive; unknown → 20–40 %). */
export function volatilityBand(sector?: string): VolatilityBand {
  if (sector) {
    for (const { pattern, band } of SECTOR_BANDS) if (pattern.test(sector)) return band;
  }
  return DEFAULT_BAND;
}

/** The per-symbol constants of a synthetic series, all derived from the symbol's seed. */
export interface SynthesisParameters {
  /** Total annual volatility of daily log returns (diffusion plus earnings jumps). */
  annualVolatility: number;
  /** Expected annual (arithmetic) return, 3–12 %. */
  annualDrift: number;
  /** Correlation of the daily diffusion shock with the shared market factor, 0.35–0.65. */
  marketCorrelation: number;
  /** Share of the annual variance that comes from the four earnings jumps, 10–25 %. */
  earningsVarianceShare: number;
  /** Trading-day offset (mod 63 from the epoch) of the earnings days. */
  earningsPhase: number;
  /** Typical traded value a day in dollars (log-normal around $400M). */
  dollarVolume: number;
}

/** Upper-cased, trimmed symbol: the identity the seed is derived from. */
export function normalizeSymbol(symbol: string): string {
  return symbol.trim().toUpperCase();
}

/** The seed of everything synthesised for a symbol. */
export function symbolSeed(symbol: string): number {
  return fnv1a32(normalizeSymbol(symbol));
}

/** The per-symbol parameters for a symbol and an optional GICS sector hint. */
export function synthesisParameters(symbol: string, sector?: string): SynthesisParameters {
  const random = createRandom(mix32(symbolSeed(symbol), 1));
  const band = volatilityBand(sector);
  return {
    annualVolatility: band.min + (band.max - band.min) * random.next(),
    annualDrift: 0.03 + 0.09 * random.next(),
    marketCorrelation: 0.35 + 0.3 * random.next(),
    earningsVarianceShare: 0.1 + 0.15 * random.next(),
    earningsPhase: Math.floor(random.next() * EARNINGS_EVERY),
    dollarVolume: 4e8 * Math.exp(0.8 * random.normal()),
  };
}
