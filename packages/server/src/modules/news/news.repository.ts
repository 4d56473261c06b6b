import type { Database } from '../../db/database.ts';
import { newsArticleQueries } from './news-article.repository.ts';
import type { NewsSqlContext } from './news-sql.repository.ts';
import { newsFeedQueries } from './news-feeds.repository.ts';
import { newsLinkerQueries } from './news-linker.repository.ts';
import { createPreparedRunner } from '../../db/prepared.ts';
import { newsSearchQueries } from './news-search.repository.ts';
import { newsWriteQueries } from './news-writes.repository.ts';

export {
  apiNewsJson,
  builtNewsJson,
  feedIndexConditions,
  isArticleId,
  visibleTo,
  type ApiNewsField,
  type ArticleFactRow,
  type ArticleJson,
  type NewNewsArticle,
  type NewsPage,
  type NewsRow,
  type NewsViewer,
} from './news-sql.repository.ts';

/**
 * SQL for news articles; no decisions. One object of every query, built from the parts by
 * responsibility: the article JSON and visibility rules (news-sql.repository.ts), the feeds, search,
 * single-article reads, writes and the linker's reads (news-*.repository.ts).
 */
export function createNewsRepository(db: Database) {
  /** Told of every write to articles through this repository (the read caches clear). */
  const writeListeners = new Set<() => void>();
  const context: NewsSqlContext = {
    db,
    prepared: createPreparedRunner(db, 'news'),
    wrote: () => {
      for (const listener of writeListeners) listener();
    },
  };
  return {
    /** Calls `listener` after every write to articles made through this repository. */
    onWrite: (listener: () => void) => {
      writeListeners.add(listener);
    },
    ...newsFeedQueries(context),
    ...newsSearchQueries(context),
    ...newsArticleQueries(context),
    ...newsWriteQueries(context),
    ...newsLinkerQueries(context),
  };
}

export type NewsRepository = ReturnType<typeof createNewsRepository>;
