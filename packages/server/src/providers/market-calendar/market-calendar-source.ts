import type { DemoCompany } from '../../demo/companies.ts';
import type { ListingEvent, MarketDataProvider } from '../market-data/market-data-provider.ts';
import { createNewsroomCalendar } from '../news/demo-newsroom/newsroom-events.ts';

/** Where the market calendar's events come from: the demo newsroom's schedule or the real provider. */
export type MarketCalendarSource = {
  name: 'demo' | 'yahoo';
  /** Events of the symbols with `from <= date <= to`, as known at `now`, by date. */
  events(symbols: readonly string[], from: string, to: string, now: Date): Promise<ListingEvent[]>;
};

/**
 * The source that goes with the market data: a provider with its own corporate events (Yahoo)
 * answers them; the demo data's events come from the schedule and figures the demo newsroom
 * writes its results and dividend stories from, so calendar and stories agree.
 */
export function createMarketCalendarSource(
  marketData: Pick<MarketDataProvider, 'name' | 'listingEvents'>,
  options: { companies?: readonly DemoCompany[] } = {},
): MarketCalendarSource {
  const { listingEvents } = marketData;
  if (listingEvents) {
    return {
      name: marketData.name === 'demo' ? 'demo' : 'yahoo',
      async events(symbols, from, to) {
        const events = await listingEvents.call(marketData, symbols);
        return events
          .filter((e) => e.date >= from && e.date <= to)
          .sort((a, b) => a.date.localeCompare(b.date) || a.symbol.localeCompare(b.symbol));
      },
    };
  }
  const newsroom = createNewsroomCalendar(options);
  return {
    name: 'demo',
    events(symbols, from, to, now) {
      const wanted = new Set(symbols);
      return Promise.resolve(newsroom.events(from, to, now).filter((e) => wanted.has(e.symbol)));
    },
  };
}
