import type { AppConfig } from '../../config.ts';
import { loadDemoCompanies } from '../../demo/companies.ts';
import { demoFundamentals } from './demo/demo-fundamentals.ts';
import { createDemoMarketDataProvider } from './demo/demo-market-data-provider.ts';
import type { MarketDataProvider } from './market-data-provider.ts';
import { createYahooMarketDataProvider } from './yahoo/yahoo-market-data-provider.ts';
import type { Clock } from '../../clock.ts';

/** The market-data provider `MARKET_DATA` selects: the offline demo one or Yahoo Finance. */
export function createMarketDataProvider(
  config: Pick<AppConfig, 'marketData' | 'yahooBaseUrl' | 'yahooRequestsPerSecond'>,
  log: { warn(obj: object, msg: string): void },
  clock: Clock,
): MarketDataProvider {
  if (config.marketData === 'yahoo') {
    return createYahooMarketDataProvider({
      baseUrl: config.yahooBaseUrl,
      requestsPerSecond: config.yahooRequestsPerSecond,
      log,
      now: () => clock.now(),
    });
  }
  const companies = loadDemoCompanies();
  const demo = createDemoMarketDataProvider({ now: () => clock.now(), companies });
  // The demo figures come from the newsroom's synthetic business figures, built on first use.
  let figures: ReturnType<typeof demoFundamentals> | undefined;
  return {
    ...demo,
    fundamentals(symbols) {
      figures ??= demoFundamentals(companies);
      const known = figures;
      return Promise.resolve(symbols.flatMap((symbol) => known.get(symbol) ?? []));
    },
  };
}
