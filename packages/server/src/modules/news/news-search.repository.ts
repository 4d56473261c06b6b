import { sql, type RawBuilder } from 'kysely';
import {
  apiNewsJson,
  storyLeads,
  visibleArticles,
  type ArticleJson,
  type NewsPage,
  type NewsSqlContext,
  type NewsViewer,
} from './news-sql.repository.ts';

/**
 * How many of the newest articles the first pass of a search reads in date order:
 * a question that matches at least one article in 50 fills its window there, reading at most
 * this many rows by the date index; a rarer one is asked of the full-text index instead.
 */
export const NEWS_SEARCH_RECENT_SCAN = 50_000;

/**
 * How many of the newest articles are checked before that walk: the column's statistics
 * know each word's frequency, not how often the words meet, and two common words that never meet
 * ('dividend cloud' in the benchmark's articles) walked all 50,000 rows for nothing before the
 * full-text index answered (p50 217 ms at a million articles). A question of several words is
 * walked only when it matches at least one in 50 of these articles.
 */
export const NEWS_SEARCH_SAMPLE = 2_000;

/** Full-text search over the visible articles. */
export function newsSearchQueries({ db }: NewsSqlContext) {
  /**
   * The page of a window of hits (ids, dates and search vectors), best match first. The rank is
   * computed above the window's LIMIT, for its rows only (in the window's own select list
   * PostgreSQL ranked every match before cutting them to the newest 1,000). The page is cut from
   * the window before the articles are joined: joined first, PostgreSQL read all 1,000 matches by
   * primary key (4,000 buffers of a 5,900-buffer search at a million articles) to keep 20. Ties of
   * rank and date go by id, so pages do not overlap. `window_size` counts the window's hits.
   */
  const pageOf = (query: RawBuilder<unknown>, hits: RawBuilder<unknown>, page: NewsPage) =>
    sql<ArticleJson & { window_size: number }>`select news.id, ${apiNewsJson()} as article,
        hits.window_size
      from (select hit_id, ts_rank_cd(hit_vector, ${query}) as hit_rank, hit_date,
              count(*) over ()::int as window_size
            from (${hits}) as window_hits
            order by hit_rank desc, hit_date desc, hit_id desc
            offset ${page.skip} limit ${page.limit}) as hits
      join news on news.id = hits.hit_id
      order by hits.hit_rank desc, hits.hit_date desc, hits.hit_id desc`;

  return {
    /**
     * Full-text search: the newest `window` matches, best match first. Ranking every match of a
     * common word in a million articles takes seconds; readers want recent articles anyway.
     *
     * PostgreSQL cannot tell how common a question of several words is: it multiplies the
     * words' frequencies ('bankruptcy protection', one article in eight: estimated 15,000 matches
     * at a million articles, found 125,000), then reads every match from the full-text index and
     * sorts them by date (1.0–1.3 s). So two cheap checks decide first: every word is in at least
     * one article in 50 (the column's statistics, `pg_stats.most_common_elems`), and the words
     * meet at least that often among the newest NEWS_SEARCH_SAMPLE articles. Then the matches may
     * be that common, and the newest NEWS_SEARCH_RECENT_SCAN articles are walked in date order,
     * stopping at the window's last match; a window filled there is exactly the newest `window`
     * matches. Otherwise (a rare word: its matches are few; common words that seldom meet), or
     * when the walk does not fill the window, the full-text index answers.
     */
    search: async (
      text: string,
      viewer: NewsViewer,
      window: number,
      page: NewsPage,
    ): Promise<ArticleJson[]> => {
      const query = sql`websearch_to_tsquery('english', ${text})`;
      // The hits' columns are renamed so the article expressions' bare names stay the article's.
      const newest = (count: number) =>
        visibleArticles(db, viewer)
          .select(['id as hit_id', 'creation_date as hit_date', 'search_vector as hit_vector'])
          .where(storyLeads)
          .orderBy('creation_date', 'desc')
          .limit(count);
      // How many of the newest NEWS_SEARCH_SAMPLE articles match the whole question.
      const metAmongNewest = async () => {
        const { rows } = await sql<{ found: number }>`select count(*)::int as found
          from (${newest(NEWS_SEARCH_SAMPLE)}) as sample where hit_vector @@ ${query}`.execute(db);
        return rows[0]?.found ?? 0;
      };
      // The share of articles that hold the question's rarest word (0: not among the column's
      // most common elements, or no statistics yet).
      const { rows: stats } = await sql<{ share: number; words: number }>`
        select coalesce(min(coalesce(s.freqs[array_position(s.elems, w.lexeme)], 0)), 0)::float8
          as share, count(*)::int as words
        from unnest(tsvector_to_array(to_tsvector('english', ${text}))) as w (lexeme),
          (select most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs
           from pg_stats where schemaname = current_schema() and tablename = 'news'
             and attname = 'search_vector') as s`.execute(db);
      if (
        (stats[0]?.share ?? 0) * NEWS_SEARCH_RECENT_SCAN >= window &&
        // One word: its share is the question's. Several: how often they meet, counted.
        ((stats[0]?.words ?? 0) <= 1 ||
          (await metAmongNewest()) * NEWS_SEARCH_RECENT_SCAN >= window * NEWS_SEARCH_SAMPLE)
      ) {
        const recent = await pageOf(
          query,
          sql`select hit_id, hit_date, hit_vector from (${newest(NEWS_SEARCH_RECENT_SCAN)}) as newest
            where hit_vector @@ ${query} order by hit_date desc limit ${window}`,
          page,
        ).execute(db);
        if (recent.rows[0]?.window_size === window) return recent.rows.map(withoutSize);
      }

      // The matches are few here (a rare word, or under one in 50 of the newest articles): read
      // from the full-text index and sorted. Ordered by an expression the date index does not
      // serve, so PostgreSQL cannot walk that index instead: where the words are common but
      // never together ('dividend cloud' in the benchmark's articles: estimated one in 32, found
      // none), it walked all million articles (2.7 s) looking for the first match.
      const matches = visibleArticles(db, viewer)
        .select(['id as hit_id', 'creation_date as hit_date', 'search_vector as hit_vector'])
        .where(sql<boolean>`search_vector @@ ${query}`)
        .where(storyLeads)
        .orderBy(sql`creation_date + interval '0 seconds'`, 'desc')
        .limit(window);
      // Not a prepared statement: its plan is made for the actual text. Repeats come from the
      // read cache.
      const { rows } = await pageOf(query, sql`${matches}`, page).execute(db);
      return rows.map(withoutSize);
    },
  };
}

const withoutSize = ({ id, article }: ArticleJson & { window_size: number }): ArticleJson => ({
  id,
  article,
});
