/**
 * Sample content of the gallery (spec §2: the template pages carry sample content only). Fixed
 * numbers, no dates from the clock, so the pages and their tests never change by themselves.
 */

export interface DemoCompany {
  symbol: string;
  name: string;
  sector: string;
  /** Two-letter state of the headquarters. */
  state: string;
  price: number;
  changePct: number;
}

const SECTORS = ['Technology', 'Financials', 'Health Care', 'Energy', 'Consumer', 'Industrials'];
const STATES = ['CA', 'NY', 'TX', 'WA', 'MA', 'IL', 'GA', 'NJ', 'OH', 'NC', 'CO', 'FL', 'MN', 'PA'];
const WORDS = [
  'Atlas',
  'Beacon',
  'Cedar',
  'Delta',
  'Ember',
  'Falcon',
  'Granite',
  'Harbor',
  'Iris',
  'Juniper',
];

/** 137 made-up companies, deterministic (a simple linear congruential sequence). */
export const DEMO_COMPANIES: readonly DemoCompany[] = Array.from({ length: 137 }, (_, index) => {
  const seed = (index * 7919 + 104729) % 10007;
  const word = WORDS[index % WORDS.length] ?? 'Atlas';
  const sector = SECTORS[seed % SECTORS.length] ?? 'Technology';
  return {
    symbol: `${word.slice(0, 3).toUpperCase()}${String.fromCharCode(65 + (Math.floor(index / 10) % 26))}`,
    name: `${word} ${sector.split(' ')[0] ?? ''} ${index + 1}`,
    sector,
    state: STATES[(seed * 3) % STATES.length] ?? 'CA',
    price: Math.round(((seed % 4000) / 10 + 5) * 100) / 100,
    changePct: Math.round((((seed % 1100) - 550) / 100) * 100) / 100,
  };
});

export const DEMO_SECTORS = SECTORS;

/** Companies per state of headquarters, from the demo companies (the vector map's data). */
export function companiesPerState(
  companies: readonly DemoCompany[] = DEMO_COMPANIES,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const company of companies) counts.set(company.state, (counts.get(company.state) ?? 0) + 1);
  return counts;
}

export interface CartLine {
  id: string;
  product: string;
  price: number;
  quantity: number;
}

export const DEMO_CART: readonly CartLine[] = [
  { id: 'basic', product: 'Basic plan, monthly', price: 10, quantity: 1 },
  { id: 'report', product: 'Sector report', price: 69, quantity: 2 },
  { id: 'mug', product: 'StockPulse mug', price: 12.5, quantity: 1 },
];

/** Spec §9: the template's demo pricing cards of 69$ and 10$ (sample content, not our plans). */
export const DEMO_PRICING_CARDS = [
  { name: 'Premium', price: 69, features: ['Unlimited demo widgets', 'Priority demo support'] },
  { name: 'Starter', price: 10, features: ['Five demo widgets', 'E-mail support'] },
] as const;

/** A made-up year of portfolio values for the chart demos (weekly points, fixed dates). */
export const DEMO_SERIES = Array.from({ length: 52 }, (_, week) => {
  const date = new Date(Date.UTC(2025, 0, 6 + week * 7)).toISOString().slice(0, 10);
  const wave = Math.sin(week / 5) * 4 + week * 0.35;
  const twr = 100 + wave;
  const benchmark = 100 + Math.sin(week / 7) * 3 + week * 0.22;
  const invested = 10_000 + Math.floor(week / 13) * 2_000;
  return {
    date,
    value: Math.round(invested * (twr / 100)),
    net_invested: invested,
    twr_index: Math.round(twr * 100) / 100,
    benchmark_index: Math.round(benchmark * 100) / 100,
  };
});

export const DEMO_ALLOCATION = [
  { name: 'Technology', value: 6200, weight_pct: 41.3 },
  { name: 'Financials', value: 3100, weight_pct: 20.7 },
  { name: 'Health Care', value: 2400, weight_pct: 16 },
  { name: 'Energy', value: 1900, weight_pct: 12.7 },
  { name: 'Consumer', value: 1400, weight_pct: 9.3 },
];

/** The calendar demo's month and "today" (fixed: nothing here depends on the real date). */
export const DEMO_MONTH = '2026-03';
export const DEMO_TODAY = '2026-03-12';
