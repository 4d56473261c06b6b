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
  /** Typical traded value a day in dollars (log-normal around typicalDollarVolume). */
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

/**
 * Traded value of a sector's largest company on a typical day, in dollars: the largest
 * technology and consumer names trade $10B+ a day, the largest utility or REIT well under $1B.
 */
const SECTOR_TOP_DOLLAR_VOLUME: readonly { pattern: RegExp; top: number }[] = [
  { pattern: /tech/i, top: 12e9 },
  { pattern: /discretionary/i, top: 8e9 },
  { pattern: /communication|telecom|media/i, top: 6e9 },
  { pattern: /financ/i, top: 3e9 },
  { pattern: /health/i, top: 3e9 },
  { pattern: /energy/i, top: 2e9 },
  { pattern: /staple/i, top: 2e9 },
  { pattern: /industrial/i, top: 2.5e9 },
  { pattern: /material/i, top: 1.5e9 },
  { pattern: /utilit/i, top: 1e9 },
  { pattern: /real estate/i, top: 1e9 },
];
const DEFAULT_TOP_DOLLAR_VOLUME = 2e9;
/** The least a listing of the data set trades on a typical day, in dollars. */
const MIN_DOLLAR_VOLUME = 8e7;

/**
 * The median traded value a day for a company of a size rank within its sector (1 = largest):
 * the sector's top value (Apple, Microsoft trade $5–15B a day) falling with size towards the
 * $100–200M of the smallest S&P 500 names. $400M when the rank is unknown.
 */
export function typicalDollarVolume(sizeRank?: number, sector?: string): number {
  if (sizeRank === undefined || !(sizeRank >= 1)) return 4e8;
  const top =
    SECTOR_TOP_DOLLAR_VOLUME.find(({ pattern }) => sector !== undefined && pattern.test(sector))
      ?.top ?? DEFAULT_TOP_DOLLAR_VOLUME;
  return Math.max(MIN_DOLLAR_VOLUME, top * sizeRank ** -0.75);
}

/**
 * The per-symbol parameters for a symbol, an optional GICS sector hint and an optional size rank
 * within the sector (which sets the traded value, nothing else).
 */
export function synthesisParameters(
  symbol: string,
  sector?: string,
  sizeRank?: number,
): SynthesisParameters {
  const random = createRandom(mix32(symbolSeed(symbol), 1));
  const band = volatilityBand(sector);
  return {
    annualVolatility: band.min + (band.max - band.min) * random.next(),
    annualDrift: 0.03 + 0.09 * random.next(),
    marketCorrelation: 0.35 + 0.3 * random.next(),
    earningsVarianceShare: 0.1 + 0.15 * random.next(),
    earningsPhase: Math.floor(random.next() * EARNINGS_EVERY),
    dollarVolume: typicalDollarVolume(sizeRank, sector) * Math.exp(0.25 * random.normal()),
  };
}
