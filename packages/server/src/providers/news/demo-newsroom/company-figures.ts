/**
 * What the demo newsroom knows of a company: the public facts of the demo data set, the constants
 * of its synthetic price series, and business figures (revenue, margin, dividend) that are
 * SYNTHETIC: derived deterministically so they are plausible for the company's size and sector
 * and consistent with its demo share price, never its real numbers.
 */
import type { DemoCompany } from '../../../demo/companies.ts';
import {
  companyBaseName,
  corporateSchedule,
  isDividendDeclarationDay,
  isJumpDay,
} from '../../market-data/demo/corporate-schedule.ts';
import { anchorPrice } from '../../market-data/demo/demo-market-data-provider.ts';
import { EARNINGS_EVERY, synthesisParameters } from '../../market-data/demo/price-synthesis.ts';
import { createRandom, fnv1a32, mix32 } from '../../market-data/demo/seeded-random.ts';
import { shortCompanyName } from '../market-briefs/brief-format.ts';

/** A dividend paid every quarter, raised once a year. */
export type DividendPolicy = {
  /** Trading-day offset (mod 63 from the series epoch) of the declaration days. */
  phase: number;
  /** The quarterly dividend per share declared in the quarter of the demo prices' anchor day. */
  anchorAmount: number;
  /** The quarter of the year (0–3, counted from the epoch) whose declaration raises it. */
  raiseQuarter: number;
  /** The yearly raise, 0.03–0.08. */
  raise: number;
};

export type NewsroomCompany = {
  symbol: string;
  name: string;
  /** The name a headline uses (`Apple`, `Home Depot`). */
  short: string;
  sector: string;
  /** The close of the demo prices' anchor day. */
  referencePrice: number;
  /** Size rank within its sector (1 = largest), which sets the demo prices' traded volume. */
  sizeRank: number;
  /** Standard deviation of one day's log return in the demo price process. */
  dailySd: number;
  /** Trading-day offset (mod 63 from the epoch) of its earnings-like jump days. */
  earningsPhase: number;
  /** Reports before the open on the jump day, or after the close the session before. */
  reportsBeforeOpen: boolean;
  /** Quarterly revenue around the anchor day, in dollars (synthetic). */
  quarterlyRevenue: number;
  /** Yearly revenue growth, −0.02–0.14 (synthetic). */
  revenueGrowth: number;
  /** Net income / revenue (synthetic, by sector). */
  netMargin: number;
  /** Market value / yearly revenue (synthetic, by sector): links EPS to the share price. */
  priceToSales: number;
  /** Which fiscal quarter (0–3) a jump-day count of 0 is. */
  fiscalQuarterOffset: number;
  dividend: DividendPolicy | null;
};

type SectorProfile = {
  /** Quarterly revenue of the sector's largest company in the data set, in dollars. */
  topRevenue: number;
  netMargin: number;
  priceToSales: number;
  /** Typical dividend yield of a payer. */
  dividendYield: number;
};

/**
 * Per sector: quarterly revenue of its largest company in the data set ($), net margin,
 * price-to-sales, and a dividend payer's yield (which companies pay is the shared corporate
 * schedule's decision).
 */
const SECTORS: Record<string, readonly [number, number, number, number]> = {
  'Information Technology': [100e9, 0.22, 7, 0.01],
  'Communication Services': [90e9, 0.18, 4, 0.02],
  'Consumer Discretionary': [160e9, 0.08, 2, 0.015],
  'Consumer Staples': [170e9, 0.06, 1.5, 0.028],
  'Health Care': [100e9, 0.1, 2.5, 0.02],
  Financials: [45e9, 0.2, 3, 0.025],
  Industrials: [20e9, 0.1, 2.5, 0.018],
  Energy: [85e9, 0.09, 1.3, 0.038],
  Materials: [8e9, 0.1, 2, 0.022],
  Utilities: [7e9, 0.12, 2.5, 0.035],
  'Real Estate': [2.5e9, 0.25, 8, 0.04],
};
const OTHER = [20e9, 0.1, 2.5, 0.02] as const;

function sectorProfile(sector: string): SectorProfile {
  const [topRevenue, netMargin, priceToSales, dividendYield] = SECTORS[sector] ?? OTHER;
  return { topRevenue, netMargin, priceToSales, dividendYield };
}

/** Smallest quarterly revenue the newsroom reports (a large listed company). */
const MIN_QUARTERLY_REVENUE = 0.4e9;
const TRADING_DAYS_PER_YEAR = 252;

/** `Alphabet Inc. (Class A)` and `(Class C)` are one company: one newsroom, on its first listing. */
const baseName = companyBaseName;

/** Headline names where the short name is an ordinary word or keeps a foreign legal form. */
const HEADLINE_NAMES: Record<string, string> = {
  News: 'News Corp',
  Fox: 'Fox Corp',
  On: 'On Holding',
  Match: 'Match Group',
  Block: 'Block Inc.',
  Southern: 'Southern Company',
  Crown: 'Crown Holdings',
  Ball: 'Ball Corp',
  Reliance: 'Reliance Inc.',
  Pool: 'Pool Corp',
  Everest: 'Everest Group',
  Equitable: 'Equitable Holdings',
  Nu: 'Nu Holdings',
  'Becton, Dickinson and': 'Becton Dickinson',
  'Petroleo Brasileiro S.A. - Petrobras': 'Petrobras',
  'lululemon athletica inc.': 'Lululemon',
};
const FOREIGN_FORM =
  /,?\s+(?:p\.l\.c\.|S\.p\.A\.|L\.P\.|SA\/NV|S\.A\.B\. de C\.V\.|Aktiengesellschaft)$/;

/** The name a headline uses: `Apple`, `Home Depot`, `News Corp`. */
export function headlineName(name: string): string {
  const short = shortCompanyName(baseName(name));
  return HEADLINE_NAMES[short] ?? short.replace(FOREIGN_FORM, '');
}

/**
 * The newsroom's companies, in data-set order, one per company (the first of its share classes).
 * Size comes from the data set's order: it lists each sector's largest companies first, a better
 * guide to revenue than the share price, which says nothing of how many shares there are.
 */
export function newsroomCompanies(companies: readonly DemoCompany[]): NewsroomCompany[] {
  const seen = new Set<string>();
  const rankInSector = new Map<string, number>();
  const out: NewsroomCompany[] = [];
  for (const company of companies) {
    const rank = (rankInSector.get(company.sector) ?? 0) + 1;
    rankInSector.set(company.sector, rank);
    if (seen.has(baseName(company.name))) continue;
    seen.add(baseName(company.name));
    out.push(figuresOf(company, rank));
  }
  return out;
}

function figuresOf(company: DemoCompany, rank: number): NewsroomCompany {
  const random = createRandom(mix32(fnv1a32(`newsroom:${company.symbol}`), 11));
  const sector = sectorProfile(company.sector);
  const params = synthesisParameters(company.symbol, company.sector);
  const referencePrice = anchorPrice(company);
  const jitter = (spread: number) => 1 - spread + 2 * spread * random.next();
  const quarterlyRevenue = Math.max(
    MIN_QUARTERLY_REVENUE,
    sector.topRevenue * rank ** -1.1 * jitter(0.2),
  );
  // When it reports and whether it pays: the schedule the demo market data's calendar reads too.
  const schedule = corporateSchedule(company);
  const revenueGrowth = -0.02 + 0.16 * random.next();
  const netMargin = sector.netMargin * jitter(0.3);
  const priceToSales = sector.priceToSales * jitter(0.3);
  const fiscalQuarterOffset = Math.floor(random.next() * 4);
  const dividendYield = sector.dividendYield * jitter(0.4);
  const raiseQuarter = Math.floor(random.next() * 4);
  const raise = 0.03 + 0.05 * random.next();
  return {
    symbol: company.symbol,
    name: company.name,
    short: headlineName(company.name),
    sector: company.sector,
    referencePrice,
    sizeRank: rank,
    dailySd: params.annualVolatility / Math.sqrt(TRADING_DAYS_PER_YEAR),
    earningsPhase: schedule.earningsPhase,
    reportsBeforeOpen: schedule.reportsBeforeOpen,
    quarterlyRevenue,
    revenueGrowth,
    netMargin,
    priceToSales,
    fiscalQuarterOffset,
    dividend:
      schedule.dividendPhase !== null
        ? {
            phase: schedule.dividendPhase,
            anchorAmount: Math.max(
              0.05,
              Math.round(((referencePrice * dividendYield) / 4) * 100) / 100,
            ),
            raiseQuarter,
            raise,
          }
        : null,
  };
}

/** Market value at a share price: yearly revenue × price-to-sales, moved with the price (synthetic). */
export function marketValue(company: NewsroomCompany, price: number): number {
  return 4 * company.quarterlyRevenue * company.priceToSales * (price / company.referencePrice);
}

/** Whether trading day `index` (counted from the series epoch) is one of the company's jump days. */
export function isEarningsDay(company: NewsroomCompany, index: number): boolean {
  return isJumpDay(scheduleOf(company), index);
}

/** Whether trading day `index` is one of the company's dividend declaration days. */
export function isDividendDay(company: NewsroomCompany, index: number): boolean {
  return isDividendDeclarationDay(scheduleOf(company), index);
}

/** The corporate schedule a newsroom company was made from. */
const scheduleOf = (company: NewsroomCompany) => ({
  earningsPhase: company.earningsPhase,
  reportsBeforeOpen: company.reportsBeforeOpen,
  dividendPhase: company.dividend?.phase ?? null,
});

/** The quarter (counted from the epoch) trading day `index` falls in. */
export const quarterOf = (index: number) => Math.floor(index / EARNINGS_EVERY);

/** `first` … `fourth`: the fiscal quarter a results day of trading day `index` reports. */
export function fiscalQuarter(company: NewsroomCompany, index: number): string {
  const names = ['first', 'second', 'third', 'fourth'];
  return names[(quarterOf(index) + company.fiscalQuarterOffset) % 4] ?? 'fourth';
}

/**
 * The quarterly dividend per share declared on trading day `index`, and whether that declaration
 * raises it: the anchor quarter's amount moved by one raise a year.
 */
export function dividendOn(
  company: NewsroomCompany,
  index: number,
  anchorIndex: number,
): { amount: number; previous: number; raised: boolean } | null {
  const policy = company.dividend;
  if (!policy) return null;
  const raisesBefore = (quarter: number) => Math.floor((quarter + policy.raiseQuarter) / 4);
  const quarter = quarterOf(index);
  const amountIn = (q: number) => {
    const raises = raisesBefore(q) - raisesBefore(quarterOf(anchorIndex));
    return Math.max(
      0.01,
      Math.round(policy.anchorAmount * (1 + policy.raise) ** raises * 100) / 100,
    );
  };
  const amount = amountIn(quarter);
  const previous = amountIn(quarter - 1);
  return { amount, previous, raised: amount > previous };
}
