import { sql } from 'kysely';
import { readerNewsSql } from '../../db/article-visibility.ts';
import type { Database } from '../../db/database.ts';
import { quoteCrossingsSql, type QuoteCandidate } from './alert-rule-crossings.repository.ts';

export type { QuoteCandidate } from './alert-rule-crossings.repository.ts';

/** An article that matches a keyword rule. */
export type ArticleCandidate = {
  rule_id: string;
  user_id: string;
  scope: string;
  keyword: string;
  article_id: string;
  story_key: string;
  title: string;
  tickers: string[];
};

/**
 * The keyword rules matched by articles analysed in [since, until], one article a rule (the
 * statement of `articleMatches`, exported for the benchmark's query plan).
 */
export const articleMatchesSql = (since: Date, until: Date, limit: number) =>
  sql<ArticleCandidate>`
      with a as materialized (
        select n.id::text as article_id, coalesce(n.story_id::text, n.id::text) as story_key,
          coalesce(nullif(n."AI" ->> 'title', ''), n.title) as title,
          n.related_exchange_tickers as tickers, n.search_vector,
          n.sentiment_score[1] as score, (n."AI" ->> 'defcon_level')::int as defcon,
          row_number() over (order by n.updated_at, n.id) as n
        from news n
        where n.status = 'PROCESSED' and ${readerNewsSql('n')}
          and n.date_estimated = false and n.back_catalogue = false
          and n.updated_at >= ${since} and n.updated_at <= ${until}
        order by n.updated_at, n.id limit ${limit}
      ),
      matched as (
        select r.id as rule_id, r.user_id, r.scope, r.keyword, a.n
        from a
        -- The rules whose words all stand in the article, through their GIN index; then the
        -- phrase itself (its words in order).
        join alert_rules r on r.kind = 'keyword' and r.status = 'active'
          and r.keyword_lexemes <@ tsvector_to_array(a.search_vector)
          and a.search_vector @@ r.keyword_query
        where (r.sentiment is null or (r.sentiment = 'bullish' and a.score > 0)
            or (r.sentiment = 'bearish' and a.score < 0))
          and (r.defcon_max is null or a.defcon <= r.defcon_max)
          and (r.scope = 'any'
            or (r.scope = 'symbol' and r.symbol = any(a.tickers))
            or (r.scope = 'watchlist' and exists (
              select 1 from watchlists w where w.user_id = r.user_id and w.name = r.watchlist
                and w.exchange_tickers && a.tickers))
            or (r.scope = 'holdings' and exists (
              select 1 from portfolios p join portfolio_transactions t on t.portfolio_id = p.id
              where p.user_id = r.user_id and t.symbol = any(a.tickers))))
          and not exists (select 1 from alert_rule_firings f
            where f.rule_id = r.id and f.story_key = a.story_key)
      )
      -- A rule fires on one article a run (its cool-down starts with it): the first one, in
      -- the order the analyst finished them. A holdings rule keeps every match, since the
      -- service drops the articles about listings its owner no longer holds. The matches are
      -- narrow rows (a busy phrase matches thousands of rules in each article); the articles'
      -- titles join the few that fire.
      select m.rule_id, m.user_id, m.scope, m.keyword, a.article_id, a.story_key, a.title,
        a.tickers, m.n
      from (
        select distinct on (rule_id) * from matched where scope <> 'holdings'
        order by rule_id, n
      ) m
      join a on a.n = m.n
      union all
      select m.rule_id, m.user_id, m.scope, m.keyword, a.article_id, a.story_key, a.title,
        a.tickers, m.n
      from matched m join a on a.n = m.n
      where m.scope = 'holdings'
      order by n`;

/**
 * The set-based evaluation of alert rules: one statement per quote refresh reads the rule ×
 * symbol pairs whose condition may hold now (rules on one symbol through their level's index
 * range; rules on a watchlist or the holdings only on the symbols that moved enough for one)
 * and those whose condition held at the last evaluation, computes each condition, stores which
 * conditions changed (`alert_rule_marks`) and answers the crossings. Every other pair would
 * change nothing and is not read. No loop over rules.
 */
export function createAlertRuleEvalRepository(db: Database) {
  return {
    /**
     * The crossings among the rules on `symbols` at their latest quotes, of the rules whose
     * cool-down is over at `now`. A holdings rule is matched on every symbol of its owner's
     * ledgers (the service keeps those still held).
     */
    async quoteCrossings(symbols: readonly string[], now: Date): Promise<QuoteCandidate[]> {
      if (symbols.length === 0) return [];
      return db.transaction().execute(async (trx) => {
        // The 200,000 rule × symbol pairs of a large universe are sorted and hashed in memory,
        // not spilled to disk at the default 4 MB.
        await sql`set local work_mem = '64MB'`.execute(trx);
        return (await quoteCrossingsSql(symbols, now).execute(trx)).rows;
      });
    },

    /**
     * The keyword rules matched by articles analysed in [since, until]: dated articles a reader
     * may see (never one whose date is only estimated, nor a feed's back catalogue), each rule's
     * phrase against the article's search vector, with its sentiment and defcon filters. Rules on
     * a symbol, a watchlist or the ledgers are matched on the article's linked listings.
     */
    async articleMatches(since: Date, until: Date, limit: number): Promise<ArticleCandidate[]> {
      return db.transaction().execute(async (trx) => {
        // A busy phrase's matches (a rule × article each) are sorted in memory, not on disk.
        await sql`set local work_mem = '64MB'`.execute(trx);
        return (await articleMatchesSql(since, until, limit).execute(trx)).rows;
      });
    },
  };
}

export type AlertRuleEvalRepository = ReturnType<typeof createAlertRuleEvalRepository>;
