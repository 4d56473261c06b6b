import type { AppConfig } from '../../config.ts';
import { createDemoWireSource, createFeedSource } from './feed-source.ts';
import type { NewsSource } from './news-source.ts';

/** The sources `NEWS_SOURCES` selects: `demo` (the bundled wire) and RSS/Atom feed URLs. */
export function createNewsSources(
  config: Pick<AppConfig, 'newsSources' | 'newsFetchTimeoutMs'>,
  fetchImpl?: typeof fetch,
): NewsSource[] {
  return config.newsSources.map((entry) =>
    entry === 'demo'
      ? createDemoWireSource()
      : createFeedSource({
          url: entry,
          timeoutMs: config.newsFetchTimeoutMs,
          ...(fetchImpl && { fetch: fetchImpl }),
        }),
  );
}
