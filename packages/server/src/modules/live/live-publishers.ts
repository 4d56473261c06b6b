import type { AlertsRepository } from '../alerts/alerts.repository.ts';
import type { NewsRepository } from '../news/news.repository.ts';
import type { LiveBus } from './live-bus.ts';

/**
 * Where writes become live events, as thin wrappers the composition root puts around a module's
 * repository: the module's service is unchanged and the event follows its write (a failed
 * publish is logged by the bus, never failing the write).
 */

/** Articles stored by an ingest run: a `news` event (`ingested`) with their ids. */
export function publishingStoredArticles(
  repository: NewsRepository,
  live: LiveBus,
): NewsRepository {
  return {
    ...repository,
    insertMany: async (articles) => {
      const ids = await repository.insertMany(articles);
      if (ids.length > 0) await live.publishNews('ingested', ids);
      return ids;
    },
  };
}

/** An article analysed (status PROCESSED): a `news` event (`enriched`) with its id. */
export function publishingAnalysedArticles(
  repository: NewsRepository,
  live: LiveBus,
): NewsRepository {
  return {
    ...repository,
    storeAnalysis: async (id, values) => {
      await repository.storeAnalysis(id, values);
      if (values.status === 'PROCESSED') await live.publishNews('enriched', [id]);
    },
  };
}

/** Alert deliveries written: an `alerts` event on each recipient's own topic. */
export function publishingDeliveries(
  repository: AlertsRepository,
  live: LiveBus,
): AlertsRepository {
  return {
    ...repository,
    insertDeliveries: async (rows) => {
      const inserted = await repository.insertDeliveries(rows);
      if (inserted > 0) {
        await live.publishAlerts(rows.flatMap((row) => (row.user_id ? [row.user_id] : [])));
      }
      return inserted;
    },
  };
}
