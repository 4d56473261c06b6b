import { createNewsIngestService } from '../news/news-ingest.service.ts';
import { createDemoHistorySource } from '../track-record/track-record-demo-history.ts';
import { createTrackRecordRepository } from '../track-record/track-record.repository.ts';
import { createTrackRecordService } from '../track-record/track-record.service.ts';
import type { MarketGroup } from './market.ts';
import type { NewsGroup } from './news.ts';
import type { CompositionBase } from './service-deps.ts';

/**
 * The analyst's public track record, against PORTFOLIO_BENCHMARK or the
 * equal-weighted universe; on demo data the demo newsroom's past sessions are stored for it.
 */
export function composeTrackRecord(
  deps: CompositionBase &
    Pick<MarketGroup, 'market'> &
    Pick<NewsGroup, 'newsRepository' | 'linkers'>,
) {
  const { db, config, log, clock, market } = deps;
  const trackRecord = createTrackRecordService({
    repository: createTrackRecordRepository(db),
    clock,
    log,
    demo: config.marketData === 'demo',
    benchmarkSymbol: config.portfolioBenchmark,
    loadHistory: async (symbols) => {
      for (const symbol of symbols) await market.history.ensureLoaded(symbol);
    },
  });
  const trackRecordDemoHistory =
    config.marketData === 'demo' && config.newsSources.includes('demo')
      ? createNewsIngestService({
          repository: deps.newsRepository,
          linkers: deps.linkers,
          sources: [
            createDemoHistorySource({ publicUrl: config.publicUrl, now: () => clock.now() }),
          ],
          log,
          now: () => clock.now(),
        })
      : undefined;
  return { trackRecord, trackRecordDemoHistory };
}
