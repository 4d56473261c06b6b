import { sql, type Kysely } from 'kysely';

/**
 * The stored score follows the stored call (`sentimentCall`): an analysis written before that
 * rule may be neutral with a score of ±1 … ±3, which the track record (it reads the score's
 * sign) counted as a call. Neutral analyses score 0, bullish ones at least +1 and bearish ones at
 * most −1, in `sentiment_score[1]` and in the `AI` JSON alike. The old scores are not kept, so
 * `down` changes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update news set
      sentiment_score = array[fixed.score]::float8[] || news.sentiment_score[2:],
      "AI" = jsonb_set(news."AI", '{sentiment_score}', to_jsonb(fixed.score))
    from (
      select id,
        case "AI" ->> 'sentiment'
          when 'neutral' then 0
          when 'bullish' then greatest(1, round(sentiment_first))::int
          else least(-1, round(sentiment_first))::int
        end as score
      from news
      where jsonb_typeof("AI") = 'object'
        and "AI" ->> 'sentiment' in ('neutral', 'bullish', 'bearish')
        and sentiment_first is not null
    ) fixed
    where news.id = fixed.id and news.sentiment_first is distinct from fixed.score`.execute(db);
}

export async function down(): Promise<void> {
  // The scores before the rule are not kept: nothing to restore.
}
