import { sql, type RawBuilder } from 'kysely';

/**
 * Spec §3 News article as the API shows it, one SQL expression per field. PostgreSQL builds each
 * article's JSON itself (`json_build_object`), so a feed call costs Node one short string per
 * article instead of parsing arrays, timestamps and JSONB and serialising them again: that was
 * most of a feed call's time in bench/news. Every name here is a fixed literal of ours; the shape
 * is checked against the shared zod schema (`newsArticleSchema`) by the integration tests.
 *
 * The expressions name bare columns, so they work over `news` and over a subquery that selects
 * the same columns (the search ranks such a subquery).
 */
const FIELDS = {
  id: sql`id`,
  title: sql`title`,
  source_title: sql`source_title`,
  no_bullshit: sql`no_bullshit`,
  link: sql`link`,
  publisher: sql`publisher`,
  creation_date: sql`floor(extract(epoch from creation_date))::bigint`,
  summary: sql`summary`,
  ai_summary: sql`ai_summary`,
  articles: sql`articles`,
  sentiment_score: sql`sentiment_score`,
  interest_score: sql`interest_score`,
  related_exchange_tickers: sql`related_exchange_tickers`,
  NER: sql`"NER"`,
  // The derived map ticker → the name it was first found under (spec §3 named_exchange_tickers).
  named_exchange_tickers: sql`(
    select coalesce(json_object_agg(ticker, name), '{}'::json)
    from (
      select distinct on (ticker) ticker, entity.value ->> 'name' as name
      from jsonb_array_elements("NER") with ordinality as entity(value, position),
           jsonb_array_elements_text(entity.value -> 'tickers') as ticker
      order by ticker, entity.position
    ) as first_names
  )`,
  // 0 until comments exist; the comments issue replaces this with a count in the same query.
  no_comments: sql`0`,
  is_blocked: sql`is_blocked`,
  experiment: sql`experiment`,
  // Stored only after the analyst's output passed `newsAiSchema` (news-enrich.service.ts).
  AI: sql`"AI"`,
} as const;

export type ApiNewsField = keyof typeof FIELDS;

/** The columns the expressions read (a subquery feeding {@link apiNewsJson} selects these). */
export const API_NEWS_SOURCE_COLUMNS = [
  'id',
  'title',
  'source_title',
  'no_bullshit',
  'link',
  'publisher',
  'creation_date',
  'summary',
  'ai_summary',
  'articles',
  'sentiment_score',
  'interest_score',
  'related_exchange_tickers',
  'NER',
  'is_blocked',
  'experiment',
  'AI',
] as const;

const isField = (name: string): name is ApiNewsField => Object.hasOwn(FIELDS, name);

/**
 * One article as JSON text, every field, or `id` plus the `only` fields (top-level names of the
 * query spec's projectable fields; anything else is a programming error).
 */
export function apiNewsJson(only: readonly string[] | null = null): RawBuilder<string> {
  const names = only === null ? Object.keys(FIELDS) : ['id', ...new Set(only)];
  const pairs = names.map((name) => {
    if (!isField(name)) throw new Error(`news: '${name}' is not an API field`);
    return sql`${sql.lit(name)}, ${FIELDS[name]}`;
  });
  return sql<string>`json_build_object(${sql.join(pairs)})::text`;
}

/** The success envelope around articles already serialised by PostgreSQL, as the bytes to send. */
export function newsEnvelope(articles: readonly { article: string }[]): Buffer {
  let body = '{"status":"success","news":[';
  for (let i = 0; i < articles.length; i += 1) {
    if (i > 0) body += ',';
    body += articles[i]?.article ?? 'null';
  }
  return Buffer.from(`${body}]}`);
}
