import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import { readerNewsSql } from '../../db/article-visibility.ts';
import { RANKING } from './recommendation-rules.ts';
import { DAY_MS } from '@app/shared/dates';

export type RecommendationRow = {
  exchange_ticker: string;
  company_name: string;
  news_sentiment: number | null;
  articles: number;
  analysis_score: number | null;
  change_pct_31: number | null;
  change_pct_365: number | null;
  score: number;
};

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);
const f = (value: number) => sql`${value}::float8`;
/** −1…+1, and 0 for a missing factor (greatest/least would skip a null, not keep it). */
const clamped = (value: RawBuilder<unknown>) =>
  sql`(case when ${value} is null then 0 else greatest(-1, least(1, ${value})) end)`;

/**
 * SQL for the recommendations: one statement. The recent processed articles come from the
 * covering index `news_processed_recent` (index only), grouped per listing; the latest analysis
 * per company from `company_prompts_company`; both joined to the quotes and scored with the
 * RANKING of recommendation-rules.ts; the best listing of each company, best first.
 */
export function createRecommendationRepository(db: Database) {
  return {
    top: async (now: Date, limit: number): Promise<RecommendationRow[]> => {
      const result = await sql<RecommendationRow>`
        with recent as (
          select t.symbol,
                 sum(n.sentiment_first * (1 + coalesce(n.interest_score, 0)))
                   / sum(1 + coalesce(n.interest_score, 0)) as sentiment,
                 count(*)::int as articles
          from news n
          cross join lateral unnest(n.related_exchange_tickers) as t(symbol)
          where n.status = 'PROCESSED' and ${readerNewsSql('n')}
            and n.creation_date >= ${daysBefore(now, RANKING.newsWindowDays)}
            and n.creation_date <= ${now}
            and n.sentiment_first is not null
          group by t.symbol
        ),
        analyses as (
          select distinct on (p.company_id) p.company_id, p.sentiment_score
          from company_prompts p
          where p.ai_upload_date >= ${daysBefore(now, RANKING.analysisMaxAgeDays)}
            and p.ai_upload_date <= ${now}
          order by p.company_id, p.ai_upload_date desc, p.id desc
        ),
        candidates as (
          select s.exchange_ticker, s.company_id, r.sentiment as news_sentiment,
                 coalesce(r.articles, 0) as articles, a.sentiment_score as analysis_score,
                 q.change_pct_31, q.change_pct_365
          from securities s
          join quote_snapshots q on q.exchange_ticker = s.exchange_ticker
          left join recent r on r.symbol = s.exchange_ticker
          left join analyses a on a.company_id = s.company_id
          where (r.symbol is not null or a.company_id is not null)
            and q.as_of >= ${daysBefore(now, RANKING.quoteMaxAgeDays)}
        ),
        scored as (
          select c.*, round((100 * (
              ${f(RANKING.newsWeight)} * ${clamped(sql`c.news_sentiment / 10`)}
                * c.articles / (c.articles + ${f(RANKING.newsPrior)})
            + ${f(RANKING.analysisWeight)} * ${clamped(sql`c.analysis_score / 10`)}
            + ${f(RANKING.monthWeight)} * ${clamped(sql`c.change_pct_31 / ${f(RANKING.monthScalePct)}`)}
            + ${f(RANKING.yearWeight)} * ${clamped(sql`c.change_pct_365 / ${f(RANKING.yearScalePct)}`)}
          ))::numeric, 1)::float8 as score
          from candidates c
        ),
        best as (
          select distinct on (company_id) *
          from scored
          order by company_id, score desc, exchange_ticker
        )
        select b.exchange_ticker, co.company_name, b.news_sentiment, b.articles, b.analysis_score,
               b.change_pct_31, b.change_pct_365, b.score
        from best b
        join companies co on co.id = b.company_id
        order by b.score desc, b.exchange_ticker
        limit ${limit}`.execute(db);
      return result.rows;
    },
  };
}

export type RecommendationRepository = ReturnType<typeof createRecommendationRepository>;
