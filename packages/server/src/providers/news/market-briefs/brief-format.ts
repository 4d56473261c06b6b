import { formatPercent, formatPrice } from '@app/shared/display/format';

/** Number and name formatting of the market briefs (plain text, US English). */

/** `3.1`, `12`, `0.02`: one decimal under 10, none above, two for tiny moves (headline style). */
export function pctNumber(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 10) return abs.toFixed(0);
  return abs < 0.1 ? abs.toFixed(2) : abs.toFixed(1);
}

/** `+3.10%` / `-4.20%` with two decimals, for lists (the product's one percent format). */
export const signedPct = (value: number): string => formatPercent(value, 2);

/** `$512.30`, `€48.10`: the product's one price format. */
export const money = (value: number, currency: string): string => formatPrice(value, currency);

/** `48.2 million`, `1.3 billion`, `950,000` shares. */
export function shareCount(value: number): string {
  if (value >= 1e9) return `${(value / 1e9).toFixed(1)} billion`;
  if (value >= 1e6) return `${(value / 1e6).toFixed(1)} million`;
  return Math.round(value).toLocaleString('en-US');
}

const LEGAL_SUFFIX =
  /,?\s+(Inc\.?|Incorporated|Corporation|Corp\.?|Company|Co\.?|Ltd\.?|Limited|plc|PLC|N\.V\.|S\.A\.|AG|SE|Holdings?|Group)$/;

/** `NVIDIA Corporation` → `NVIDIA`, `The Home Depot, Inc.` → `Home Depot`: the name a headline uses. */
export function shortCompanyName(name: string): string {
  let short = name.trim().replace(/^The\s+/, '');
  for (let i = 0; i < 2; i++) {
    const next = short.replace(LEGAL_SUFFIX, '').trim();
    if (next.length < 2) break;
    short = next;
  }
  return short.replace(/[,&]\s*$/, '').trim() || name;
}

const SECTOR_NOUNS: Record<string, string> = {
  'Information Technology': 'tech',
  'Communication Services': 'communication-services',
  'Consumer Discretionary': 'consumer-discretionary',
  'Consumer Staples': 'consumer-staples',
  'Health Care': 'health-care',
  Financials: 'financial',
  Industrials: 'industrial',
  Energy: 'energy',
  Materials: 'materials',
  Utilities: 'utility',
  'Real Estate': 'real-estate',
};

/** The adjective a headline puts before "stocks": `tech stocks`, `utility stocks`. */
export function sectorStocks(sector: string): string {
  return `${SECTOR_NOUNS[sector] ?? sector.toLowerCase()} stocks`;
}

/** A verb for a rise of `pct` percent, stronger as the move grows. */
export function riseVerb(pct: number): string {
  if (pct >= 8) return 'soars';
  if (pct >= 4) return 'jumps';
  if (pct >= 1.5) return 'climbs';
  return 'edges up';
}

/** A verb for a fall of `pct` percent (positive), stronger as the move grows. */
export function fallVerb(pct: number): string {
  if (pct >= 8) return 'plunges';
  if (pct >= 4) return 'tumbles';
  if (pct >= 1.5) return 'falls';
  return 'slips';
}

/** `Apple, Microsoft and Nvidia`. */
export function listOf(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`;
}

/** `Friday, November 20, 2026` from `2026-11-20`. */
export function longDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
