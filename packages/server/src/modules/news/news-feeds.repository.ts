import { sql } from 'kysely';
import { notAnExperiment, readerNewsSql } from '../../db/article-visibility.ts';
import {
  apiNewsJson,
  feedIndexConditions,
  isArticleId,
  storyLeads,
  visibleArticles,
  visibleTo,
  type ArticleJson,
  type NewsPage,
  type NewsSqlContext,
  type NewsViewer,
} from './news-sql.repository.ts';
import { newsQuery, type NewsQueryAst } from './news-query.ts';

/** The feeds' SQL: the query language, a watchlist's news, a listing's news. */
export function newsFeedQueries({ db, prepared }: NewsSqlContext) {
  return {
    /**
     * Articles by the query language. Experiments stay out unless the query filters on them
     * (spec §7: experiment defaults to NULL).
     */
    query: (ast: NewsQueryAst, viewer: NewsViewer): Promise<ArticleJson[]> => {
      let query = newsQuery.apply(
        db.selectFrom('news').select(['id', apiNewsJson(ast.only).as('article')]),
        ast,
      );
      if (!ast.filters.some((filter) => filter.field === 'experiment')) {
        query = query.where(notAnExperiment);
      }
      // `id` compares as text (a malformed value matches nothing), which no index serves: at a
      // million articles `/news/query?id=` read the whole table (3.5–7.5 s). The same ids as
      // uuids (the well-formed ones) let the primary key find the rows; the text comparison still
      // decides.
      for (const filter of ast.filters) {
        if (filter.field !== 'id' || (filter.op !== 'eq' && filter.op !== 'in')) continue;
        const values = (Array.isArray(filter.value) ? filter.value : [filter.value]).filter(
          (value): value is string => typeof value === 'string' && isArticleId(value),
        );
        query = query.where(sql<boolean>`id = any(${values.map((v) => v.toLowerCase())}::uuid[])`);
      }
      for (const condition of feedIndexConditions(ast.filters)) query = query.where(condition);
      return prepared(query.where(visibleTo(viewer)).where(storyLeads).compile());
    },

    /**
     * The newest visible articles linked to any of `symbols` (a watchlist): the array's overlap,
     * which PostgreSQL answers by walking the visible articles newest first (a watchlist's
     * listings together are common) or through the GIN index. Per listing through `news_tickers`
     * (one index range each, then merged) was measured 3× slower at a million articles: 400 links
     * each checked for visibility by primary key (bench/news).
     */
    mentioningAny: (
      symbols: readonly string[],
      viewer: NewsViewer,
      page: NewsPage,
    ): Promise<ArticleJson[]> =>
      prepared(
        visibleArticles(db, viewer)
          .select(['id', apiNewsJson().as('article')])
          .where(sql<boolean>`related_exchange_tickers && ${[...symbols]}::text[]`)
          .where(storyLeads)
          .orderBy('creation_date', 'desc')
          .orderBy('id', 'desc')
          .offset(page.skip)
          .limit(page.limit)
          .compile(),
      ),

    /**
     * The newest visible articles linked to `symbol`, through the `news_tickers` link table (one
     * backward index range, then the articles by primary key): the GIN index on the array had to
     * fetch and sort all 1,200–1,500 articles of a listing at a million articles (0.02× the
     * reference SELECT). Its columns are renamed so the article expressions' bare
     * names (`id`, `creation_date`) stay the article's.
     */
    mentioning: (symbol: string, viewer: NewsViewer, page: NewsPage): Promise<ArticleJson[]> =>
      prepared(
        sql<ArticleJson>`select news.id, ${apiNewsJson()} as article
          from (select news_id as link_id, creation_date as link_date
                from news_tickers where symbol = ${symbol}) as links
          join news on news.id = links.link_id
          where ${readerNewsSql('news', viewer)} and news.story_id is null
          order by links.link_date desc, links.link_id desc
          offset ${page.skip} limit ${page.limit}`.compile(db),
      ),
  };
}
