import { sql } from 'kysely';
import type { Database } from '../../packages/server/src/db/database.ts';

const CHUNK = 100_000;

/**
 * Synthetic processed articles built by SQL in chunks of 100,000 (guid `bench-{i}`, one every 63 s
 * back from now, complete AI objects that pass the shared `newsAiSchema`, tickers of the stored
 * listings, scores): the news and comments
 * benchmarks' data. Returns the listing symbols used.
 */
export async function insertBenchArticles(db: Database, articles: number): Promise<string[]> {
  const symbols = (
    await db.selectFrom('securities').select('exchange_ticker').orderBy('exchange_ticker').execute()
  ).map((row) => row.exchange_ticker);
  for (let offset = 0; offset < articles; offset += CHUNK) {
    await sql`
      insert into news (link, guid, title, description, publisher, creation_date, articles,
        sentiment_score, interest_score, "AI", ai_summary, summary, no_bullshit,
        related_exchange_tickers, status, source)
      select
        'https://wire.example/' || i, 'bench-' || i,
        t.company || ' ' || (array['beats estimates as revenue climbs', 'cuts guidance on weak demand',
          'announces buyback', 'faces regulatory probe', 'shares slide after downgrade',
          'agrees to acquire rival', 'raises dividend', 'files for bankruptcy protection'])[1 + i % 8],
        'The company said quarterly results reflected ' ||
          (array['strong cloud demand', 'higher input costs', 'a one-off charge', 'record margins'])[1 + i % 4] ||
          ' and gave an update on its outlook for the year.',
        (array['Reuters', 'Bloomberg', 'MarketWatch', 'Market Brief', 'Barron''s'])[1 + i % 5],
        now() - make_interval(secs => (i * 63)::double precision),
        array['Executives told analysts on a call that orders improved through the quarter. ' ||
          'The stock moved in after-hours trading as investors weighed the guidance.'],
        array[((i::bigint * 7919) % 21) - 10]::float8[],
        (i::bigint * 31) % 11,
        -- A complete analysis (every field of the shared newsAiSchema), as the analyst stores it.
        jsonb_build_object(
          'title', t.company || ' update ' || i,
          'title_clickbait', t.company || ': what investors need to know',
          'summary', 'Summary of article ' || i,
          'paragraph', case when i % 10 <> 0 then 'Summary of article ' || i else '' end,
          'classification', (array['Company Results', 'Mergers and Acquisitions', 'Market News',
            'Analyst Recommendation', 'Lawsuit'])[1 + i % 5],
          'sentiment', case when ((i::bigint * 7919) % 21) - 10 > 0 then 'positive'
            when ((i::bigint * 7919) % 21) - 10 < 0 then 'negative' else 'neutral' end,
          'sentiment_score', ((i::bigint * 7919) % 21) - 10,
          'interest_score', (i::bigint * 31) % 11,
          'article_icon', 'chart',
          'gif_keywords', jsonb_build_array('stocks', 'earnings'),
          'defcon_level', 1 + (i::bigint * 13) % 5,
          'defcon_outcome', 'No immediate action needed.',
          'no_bullshit', 'Results and outlook of ' || t.company || '.',
          'sources', jsonb_build_array(jsonb_build_object('index', 0,
            'text', 'Executives told analysts on a call that orders improved through the quarter.')),
          'provider', 'offline'),
        case when i % 10 <> 0 then 'Summary of article ' || i end,
        'Summary of article ' || i,
        'Results and outlook of ' || t.company || '.',
        case when i % 7 = 0 then '{}'::text[] else array[t.symbol] end,
        'PROCESSED', 'bench'
      from generate_series(${offset + 1}::int, ${offset + CHUNK}::int) as i
      cross join lateral (
        select ${symbols}::text[] as all_symbols
      ) s
      cross join lateral (
        select s.all_symbols[1 + i % cardinality(s.all_symbols)] as symbol,
               split_part(s.all_symbols[1 + i % cardinality(s.all_symbols)], ':', 2) as company
      ) t`.execute(db);
  }
  return symbols;
}
