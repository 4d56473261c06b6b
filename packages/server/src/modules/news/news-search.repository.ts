import { sql } from 'kysely';
import {
  apiNewsJson,
  storyLeads,
  visibleArticles,
  type ArticleJson,
  type NewsPage,
  type NewsSqlContext,
  type NewsViewer,
} from './news-sql.repository.ts';

/** Full-text search over the visible articles. */
export function newsSearchQueries({ db }: NewsSqlContext) {
  return {
    /**
     * Full-text search: the newest `window` matches, best match first. Ranking every match of a
     * common word in a million articles takes seconds; readers want recent articles anyway.
     */
    search: async (
      text: string,
      viewer: NewsViewer,
      window: number,
      page: NewsPage,
    ): Promise<ArticleJson[]> => {
      const query = sql`websearch_to_tsquery('english', ${text})`;
      // The window carries ids, dates and ranks only; the page's 20 articles are read by primary
      // key afterwards (their JSON is stored: `api_json`). The hits' columns are renamed so the
      // article expressions' bare names stay the article's.
      const hits = visibleArticles(db, viewer)
        .select([
          'id as hit_id',
          'creation_date as hit_date',
          sql<number>`ts_rank_cd(search_vector, ${query})`.as('hit_rank'),
        ])
        .where(sql<boolean>`search_vector @@ ${query}`)
        .where(storyLeads)
        .orderBy('creation_date', 'desc')
        .limit(window);
      // The page is cut from the window before the articles are joined: joined first, PostgreSQL
      // read all 1,000 matches by primary key (4,000 buffers of a 5,900-buffer search at a million
      // articles) to keep 20. Ties of rank and date go by id, so pages do not overlap.
      // Not a prepared statement: a generic plan of this query (no search text known) reads
      // every match through the GIN index and sorts them (10 s for a word in every article),
      // where the plan for the actual text walks the date index. Repeats come from the read cache.
      const { rows } = await sql<ArticleJson>`select news.id, ${apiNewsJson()} as article
        from (select hit_id, hit_rank, hit_date from (${hits}) as window_hits
              order by hit_rank desc, hit_date desc, hit_id desc
              offset ${page.skip} limit ${page.limit}) as hits
        join news on news.id = hits.hit_id
        order by hits.hit_rank desc, hits.hit_date desc, hits.hit_id desc`.execute(db);
      return rows;
    },
  };
}
