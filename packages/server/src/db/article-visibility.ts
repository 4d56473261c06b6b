import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import type { DB } from './schema.ts';

/**
 * Which articles a reader may see, in one place. Two facts of an article decide it:
 *
 * - `is_blocked`: an admin hid it. It exists only for admins.
 * - `experiment`: a variant the analyst wrote for a prompt experiment. It is reachable by its id
 *   (the debug views and `/news/experiments` show it) but is never part of anything readers are
 *   shown or that is computed for them: feeds, search, company news, alerts, the track record,
 *   recommendations, the blog, the sitemap, the analyst's inputs.
 *
 * Every query over `news` for a reader goes through these helpers; ESLint refuses the two column
 * names in SQL text anywhere else (eslint.config.js, ARTICLE_VISIBILITY).
 */

/** Who is reading: admins see hidden articles, everyone else does not. */
export type NewsViewer = { is_admin: boolean } | null | undefined;

/** One article by its id: hidden articles exist only for admins (experiments are reachable). */
export const visibleTo = (viewer: NewsViewer) => (eb: ExpressionBuilder<DB, 'news'>) =>
  viewer?.is_admin ? eb.lit(true) : eb('news.is_blocked', '=', false);

/** Articles of anything shown to readers (lists, alerts, statistics): {@link readerNewsSql} in Kysely. */
export const readerNews = (viewer: NewsViewer) => (eb: ExpressionBuilder<DB, 'news'>) =>
  eb.and([visibleTo(viewer)(eb), eb('news.experiment', 'is', null)]);

/**
 * The reader rule in raw SQL over `news` as `alias` (`news` when the table is not aliased): not an
 * experiment, and not hidden unless the viewer is an admin. Without a viewer, the public's rule.
 */
export const readerNewsSql = (alias = 'news', viewer: NewsViewer = null): RawBuilder<boolean> =>
  viewer?.is_admin
    ? sql<boolean>`${sql.ref(`${alias}.experiment`)} is null`
    : sql<boolean>`not ${sql.ref(`${alias}.is_blocked`)} and ${sql.ref(`${alias}.experiment`)} is null`;

/**
 * The query language's default (`/news/query`): experiments only when the question names them,
 * which debug users do to compare a prompt experiment's articles.
 */
export const notAnExperiment = (eb: ExpressionBuilder<DB, 'news'>) =>
  eb('news.experiment', 'is', null);
