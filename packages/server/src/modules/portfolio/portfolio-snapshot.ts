import {
  COST_METHOD,
  PERFORMANCE_RANGES,
  type Holding,
  type PerformanceRange,
  type PortfolioSnapshot,
} from '@app/shared/api/portfolio';
import { chartPointIndexes } from './chart-points.ts';
import type { LedgerEntry } from './ledger.ts';
import { dailySeries, type DailySeries, type PriceSeries } from './performance.ts';
import {
  baseIndex,
  benchmarkReturn,
  contributions,
  levelOn,
  moneyWeightedReturn,
  rangeBaseDay,
  timeWeightedReturn,
  type IndexSeries,
} from './returns.ts';

/** What the snapshot knows of a listing besides its closes. */
export type ListingFacts = {
  company_name: string;
  gics_sector: string | null;
  gics_sub_industry: string | null;
  currency: string;
  source: 'demo' | 'yahoo' | null;
};

export type SnapshotInput = {
  portfolio: string;
  asOf: Date;
  asOfDay: string;
  range: PerformanceRange;
  entries: readonly LedgerEntry[];
  prices: ReadonlyMap<string, PriceSeries>;
  listings: ReadonlyMap<string, ListingFacts>;
  benchmark: { name: string; symbol: string | null; index: IndexSeries };
  /** The daily series of `entries` over `prices` up to `asOfDay`, when already computed. */
  series?: DailySeries;
};

const money = (value: number) => Math.round(value * 10_000) / 10_000;
const pct = (fraction: number | null) =>
  fraction === null || !Number.isFinite(fraction) ? null : Math.round(fraction * 1e6) / 1e4;

/** The API snapshot of a portfolio: holdings, summary, returns per range, series and allocation. */
export function buildSnapshot(input: SnapshotInput): PortfolioSnapshot {
  const series = input.series ?? dailySeries(input.entries, input.prices, input.asOfDay);
  const base = baseIndex(series, rangeBaseDay(input.range, input.asOfDay, series.days));
  const contribution = contributions(input.entries, input.prices, series, base);

  const holdings: Holding[] = [];
  const closed: Holding[] = [];
  let marketValue = 0;
  let bought = 0;
  let sold = 0;
  const totals = { cost: 0, unrealized: 0, realized: 0, dividends: 0, fees: 0 };
  for (const position of series.positions.values()) {
    const facts = input.listings.get(position.symbol);
    const last = series.lastPrices.get(position.symbol);
    const open = position.quantity !== 0;
    const price = last?.price ?? null;
    const value = price === null ? null : position.quantity * price;
    const unrealized = value === null ? null : value - position.costBasis;
    const holding: Holding = {
      symbol: position.symbol,
      company_name: facts?.company_name ?? position.symbol,
      gics_sector: facts?.gics_sector || null,
      gics_sub_industry: facts?.gics_sub_industry || null,
      currency: facts?.currency ?? 'USD',
      quantity: Number(position.quantity.toPrecision(12)),
      average_cost: money(open ? position.costBasis / position.quantity : 0),
      cost_basis: money(position.costBasis),
      price,
      market_value: value === null ? null : money(value),
      day_change:
        open && last?.previous != null && price !== null
          ? money(position.quantity * (price - last.previous))
          : null,
      day_change_pct:
        open && last?.previous && price !== null ? pct(price / last.previous - 1) : null,
      unrealized_pnl: open && unrealized !== null ? money(unrealized) : null,
      unrealized_pnl_pct:
        open && unrealized !== null && position.costBasis > 0
          ? pct(unrealized / position.costBasis)
          : null,
      realized_pnl: money(position.realized),
      dividends: money(position.dividends),
      fees: money(position.fees),
      weight_pct: null,
      contribution_pct: pct((contribution.get(position.symbol) ?? 0) / 100),
      source: facts?.source ?? null,
    };
    bought += position.bought;
    sold += position.sold;
    totals.realized += position.realized;
    totals.dividends += position.dividends;
    totals.fees += position.fees;
    if (open) {
      marketValue += value ?? 0;
      totals.cost += position.costBasis;
      totals.unrealized += unrealized ?? 0;
      holdings.push(holding);
    } else if (position.realized !== 0 || position.dividends !== 0) {
      closed.push({ ...holding, price: null, market_value: null });
    }
  }
  for (const holding of holdings) {
    holding.weight_pct =
      holding.market_value !== null && marketValue > 0
        ? pct(holding.market_value / marketValue)
        : null;
  }
  holdings.sort((a, b) => (b.market_value ?? 0) - (a.market_value ?? 0));

  const end = series.days.length - 1;
  const lastBase = (series.value[end - 1] ?? 0) + (series.inflow[end] ?? 0);
  const lastGain =
    end < 0
      ? 0
      : (series.value[end] ?? 0) +
        (series.outflow[end] ?? 0) +
        (series.income[end] ?? 0) -
        lastBase;
  const totalReturn = marketValue + sold + totals.dividends - bought - totals.fees;

  const allocation = (key: 'gics_sector' | 'gics_sub_industry') => {
    const groups = new Map<string, number>();
    for (const h of holdings) {
      const name = h[key] ?? 'Unclassified';
      groups.set(name, (groups.get(name) ?? 0) + (h.market_value ?? 0));
    }
    return [...groups]
      .map(([name, value]) => ({
        name,
        value: money(value),
        weight_pct: pct(marketValue > 0 ? value / marketValue : 0) ?? 0,
      }))
      .sort((a, b) => b.value - a.value);
  };

  const returns = PERFORMANCE_RANGES.map((range) => {
    const b = baseIndex(series, rangeBaseDay(range, input.asOfDay, series.days));
    const hasData = end >= 0;
    return {
      range,
      twr_pct: hasData ? pct(timeWeightedReturn(series, b)) : null,
      mwr_pct: hasData ? pct(moneyWeightedReturn(series, b)) : null,
      benchmark_pct: hasData ? pct(benchmarkReturn(input.benchmark.index, series, b)) : null,
    };
  });

  const from = Math.max(base, 0);
  const twrStart = series.twr[from] ?? 1;
  const benchStart = levelOn(input.benchmark.index, series.days[from] ?? '');
  const points = [];
  for (const i of chartPointIndexes(series.days, from, end)) {
    const day = series.days[i] ?? '';
    const level = benchStart ? levelOn(input.benchmark.index, day) : null;
    points.push({
      date: day,
      value: money(series.value[i] ?? 0),
      net_invested: money(series.netInvested[i] ?? 0),
      twr_index: twrStart > 0 ? Math.round(((series.twr[i] ?? 1) / twrStart) * 1e6) / 1e4 : null,
      benchmark_index:
        level !== null && benchStart ? Math.round((level / benchStart) * 1e6) / 1e4 : null,
    });
  }

  const currencies = new Set(holdings.map((h) => h.currency));
  return {
    portfolio: input.portfolio,
    as_of: Math.floor(input.asOf.getTime() / 1000),
    currency: currencies.size === 1 ? ([...currencies][0] ?? 'USD') : 'USD',
    cost_method: COST_METHOD,
    benchmark: { name: input.benchmark.name, symbol: input.benchmark.symbol },
    summary: {
      market_value: money(marketValue),
      cost_basis: money(totals.cost),
      day_change: money(lastGain),
      day_change_pct: end >= 0 && lastBase > 0 ? pct(lastGain / lastBase) : null,
      unrealized_pnl: money(totals.unrealized),
      realized_pnl: money(totals.realized),
      dividends: money(totals.dividends),
      fees: money(totals.fees),
      total_return: money(totalReturn),
      total_return_pct: bought > 0 ? pct(totalReturn / bought) : null,
    },
    holdings,
    closed,
    returns,
    range: input.range,
    series: points,
    allocation: {
      sector: allocation('gics_sector'),
      sub_industry: allocation('gics_sub_industry'),
    },
  };
}

/** The path of the first number in a computed answer that is NaN or infinite, or null. */
export function nonFinitePath(value: unknown, path = ''): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? null : path || 'value';
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nonFinitePath(item, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return null;
}
