import type { Database } from '../../db/database.ts';
import type { MarketDataProvider } from '../../providers/market-data/market-data-provider.ts';
import type { MarketCalendarService } from '../market-calendar/market-calendar.service.ts';
import { createCalendarCache } from '../calendar/calendar-cache.ts';
import { createCalendarRepository } from '../calendar/calendar.repository.ts';
import { createCalendarService } from '../calendar/calendar.service.ts';
import { createRecommendationRepository } from '../recommendations/recommendation.repository.ts';
import { createRecommendationService } from '../recommendations/recommendation.service.ts';
import { createScreenerRepository } from '../screener/screener.repository.ts';
import { createScreenerSnapshotRepository } from '../screener/screener-snapshot.repository.ts';
import { createScreenerAnswers } from '../screener/screener-answers.ts';
import { createScreenerService } from '../screener/screener.service.ts';
import { createWidgetCache } from '../widgets/widget-cache.ts';
import { createWidgetRepository } from '../widgets/widget.repository.ts';
import { createWidgetService } from '../widgets/widget.service.ts';
import type { AssistantGroup } from './assistant.ts';
import type { MarketGroup } from './market.ts';
import type { CompositionBase } from './service-deps.ts';

/** The dashboard: calendar, recommendations, widgets, the screener. */
export function composeDashboard(
  deps: Pick<CompositionBase, 'db' | 'hub' | 'clock' | 'config' | 'log'> &
    Pick<MarketGroup, 'watchlists' | 'portfolio'> &
    Pick<AssistantGroup, 'companies'> & {
      readDb?: Database;
      marketCalendar: MarketCalendarService;
      marketData: MarketDataProvider;
    },
) {
  const { db, hub, clock, watchlists, portfolio, companies } = deps;
  const calendar = createCalendarService({
    repository: createCalendarRepository(db),
    // Results and dividend dates come from the market calendar's stored events.
    marketData: {
      name: deps.marketCalendar.sourceName,
      calendar: (symbols, from, to) => deps.marketCalendar.corporateEvents(symbols, from, to),
    },
    // The open positions of the user's default portfolio.
    heldSymbols: (userId) => portfolio.heldSymbols(userId),
    watchedSymbols: (userId) => watchlists.symbolsOf(userId),
    companyNames: (symbols) => companies.namesOf(symbols),
    clock,
    // Users' own events kept in memory, dropped on the database's notices.
    ...(deps.config.calendarCache && { cache: createCalendarCache({ hub }) }),
  });
  const recommendations = createRecommendationService({
    repository: createRecommendationRepository(deps.readDb ?? db),
    clock,
  });
  const widgets = createWidgetService({
    repository: createWidgetRepository(db),
    clock,
    // Users' widgets kept in memory, dropped on the database's notices.
    ...(deps.config.widgetsCache && { cache: createWidgetCache({ hub }) }),
  });
  const { marketData } = deps;
  const screenerRepository = createScreenerRepository(db);
  const { screenerCache, screenerSnapshot } = deps.config;
  const screener = createScreenerService({
    repository: screenerRepository,
    clock,
    watchedSymbols: (userId) => watchlists.allSymbolsOf(userId),
    heldSymbols: (userId) => portfolio.heldSymbols(userId),
    // The metrics snapshot and visitors' screens, kept until the metrics refresh's notice.
    ...((screenerCache || screenerSnapshot) && {
      answers: createScreenerAnswers({
        hub,
        log: deps.log,
        keepAnswers: screenerCache,
        ...(screenerSnapshot && { loadMetrics: () => createScreenerSnapshotRepository(db).dump() }),
      }),
    }),
    ...(marketData.fundamentals && {
      fundamentals: {
        source: marketData.name,
        read: (symbols: readonly string[]) =>
          marketData.fundamentals?.(symbols) ?? Promise.resolve([]),
      },
    }),
  });
  return { calendar, recommendations, widgets, screener };
}
