import { tickerOf } from '@app/shared/symbols';
import { loadDemoCompanies, sizeRanks, type DemoCompany } from '../../../demo/companies.ts';
import type {
  CompanyProfile,
  CorporateEvent,
  DailyBar,
  MarketDataProvider,
  Quote,
  SymbolMatch,
} from '../market-data-provider.ts';
import { corporateSchedules, scheduledEvents, type ScheduledEvent } from './corporate-schedule.ts';
import { fnv1a32 } from './seeded-random.ts';
import { intradayQuote, lastCompletedTradingDay, synthesizeDailyBars } from './price-synthesis.ts';

/**
 * The anchor-day close of a demo company: its reference price level (kept round in the data set)
 * moved by a per-symbol ±3 %, to the cent, so demo prices do not all end in .00.
 */
export function anchorPrice(company: Pick<DemoCompany, 'symbol' | 'price'>): number {
  const unit = fnv1a32(`anchor:${company.symbol}`) / 2 ** 32;
  return Math.max(0.01, Math.round(company.price * (0.97 + unit * 0.06) * 100) / 100);
}

const TIMING: Record<ScheduledEvent['timing'], string> = {
  'before-open': 'Results before the open',
  'after-close': 'Results after the close',
  session: 'Quarterly dividend declaration',
};

/**
 * The offline market-data provider: the bundled companies with deterministic synthetic prices.
 * Everything it returns is demo data, which the UI labels as such.
 */
export function createDemoMarketDataProvider(
  options: { now?: () => Date; companies?: readonly DemoCompany[] } = {},
): MarketDataProvider {
  const now = options.now ?? (() => new Date());
  const companies = options.companies ?? loadDemoCompanies();
  const bySymbol = new Map(companies.map((c) => [c.symbol, c]));
  // Traded volume follows size (the newsroom quotes the same volumes: newsroom-prices.ts).
  const ranks = sizeRanks(companies);
  // The newsroom writes results and dividends on these same days (corporate-schedule.ts).
  const schedules = corporateSchedules(companies);
  const find = (symbol: string) => bySymbol.get(symbol.trim().toUpperCase());
  const input = (c: DemoCompany) => ({
    symbol: c.symbol,
    referencePrice: anchorPrice(c),
    sector: c.sector,
    sizeRank: ranks.get(c.symbol),
  });

  return {
    name: 'demo',
    canHandle: (symbol) => find(symbol) !== undefined,

    getQuotes(symbols) {
      const at = now();
      const quotes: Quote[] = [];
      for (const symbol of symbols) {
        const company = find(symbol);
        if (company) quotes.push(intradayQuote({ ...input(company), now: at }));
      }
      return Promise.resolve(quotes);
    },

    getDailyHistory(symbol, from, to) {
      const company = find(symbol);
      if (!company) return Promise.resolve<DailyBar[]>([]);
      // Never invent a bar for a session that has not closed yet.
      const lastClosed = lastCompletedTradingDay(now());
      const end = to < lastClosed ? to : lastClosed;
      if (end < from) return Promise.resolve<DailyBar[]>([]);
      return Promise.resolve(synthesizeDailyBars({ ...input(company), from, to: end }));
    },

    getProfile(symbol) {
      const company = find(symbol);
      if (!company) return Promise.resolve<CompanyProfile | null>(null);
      return Promise.resolve({
        symbol: company.symbol,
        name: company.name,
        sector: company.sector,
        sub_industry: company.sub_industry,
        website: company.website,
        summary: company.summary,
        quote_type: company.quote_type,
        currency: 'USD',
      });
    },

    calendar(symbols, from, to) {
      const events: CorporateEvent[] = [];
      for (const symbol of new Set(symbols.map((s) => s.trim().toUpperCase()))) {
        const schedule = schedules.get(symbol);
        if (!schedule) continue;
        for (const event of scheduledEvents(schedule, from, to)) {
          events.push({ symbol, kind: event.kind, date: event.date, detail: TIMING[event.timing] });
        }
      }
      return Promise.resolve(
        events.sort((a, b) => a.date.localeCompare(b.date) || a.symbol.localeCompare(b.symbol)),
      );
    },

    /** Exact ticker, ticker prefix, name prefix, then a word of the name. */
    search(query, limit) {
      const q = query.trim().toUpperCase();
      if (q.length === 0 || limit <= 0) return Promise.resolve<SymbolMatch[]>([]);
      const rank = (c: DemoCompany): number => {
        const ticker = tickerOf(c.symbol);
        const name = c.name.toUpperCase();
        if (ticker === q || c.symbol === q) return 0;
        if (ticker.startsWith(q)) return 1;
        if (name.startsWith(q)) return 2;
        if (name.split(/[^A-Z0-9]+/).some((word) => word.startsWith(q))) return 3;
        return -1;
      };
      const matches = companies
        .map((c) => ({ c, r: rank(c) }))
        .filter(({ r }) => r >= 0)
        .sort((a, b) => a.r - b.r || a.c.symbol.localeCompare(b.c.symbol))
        .slice(0, limit)
        .map(({ c }) => ({ symbol: c.symbol, name: c.name, quote_type: c.quote_type }));
      return Promise.resolve(matches);
    },
  };
}
