import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { escapeLike } from '../../db/query/compile-filter.ts';

export type SuggestionRow = { exchange_ticker: string; company_name: string; gics_sector: string };

/**
 * A tsquery matching names with a word starting with each typed word (`micro dev` →
 * `'micro':* & 'dev':*`), or null for fewer than 3 letters. Only letters and digits reach it, so
 * no tsquery syntax can be injected.
 */
export function wordPrefixQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 5);
  if (words.join('').length < 3) return null;
  return words.map((word) => `'${word}':*`).join(' & ');
}

/** Most time the typo-tolerant branch may take; past it, suggestions go without it. */
const FUZZY_BUDGET_MS = 40;
const QUERY_CANCELED = '57014';

/**
 * Names similar to `text` by trigram word similarity (typos). Short or common trigrams can make
 * the index return many candidates, so the query runs under a statement timeout and gives up
 * (no fuzzy matches) rather than slow every keystroke down.
 */
async function fuzzyMatches(db: Database, text: string, limit: number) {
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`select set_config('statement_timeout', ${String(FUZZY_BUDGET_MS)}, true)`.execute(
        trx,
      );
      const result = await sql<SuggestionRow>`
        select s.exchange_ticker, c.company_name, c.gics_sector
        from companies c join securities s on s.company_id = c.id
        where ${text} <% c.company_name
        order by word_similarity(${text}, c.company_name) desc, length(s.ticker), s.exchange_ticker
        limit ${limit}`.execute(trx);
      return result.rows;
    });
  } catch (error) {
    if ((error as { code?: string }).code === QUERY_CANCELED) return [];
    throw error;
  }
}

/**
 * Ranked suggestions: exact ticker, ticker prefix, name prefix, a word of the name, then
 * trigram word similarity for typos. Each rank is its own index-backed branch with its own
 * limit (one OR over every column would scan the whole table); the fuzzy branch runs only
 * when the others found nothing.
 */
export async function suggestCompanies(
  db: Database,
  text: string,
  limit: number,
): Promise<SuggestionRow[]> {
  const upper = text.toUpperCase();
  const prefix = `${escapeLike(upper)}%`;
  const words = wordPrefixQuery(text);
  const longEnough = text.length >= 3;
  const exact = await sql<SuggestionRow & { rank: number }>`
        with hits as (
          (select s.exchange_ticker, 0 as rank from securities s
            where upper(s.ticker) = ${upper} or s.exchange_ticker = ${upper}
            limit ${limit})
          union all
          (select s.exchange_ticker, 1 from securities s
            where upper(s.ticker) like ${prefix} escape '\\'
            order by length(s.ticker), s.ticker limit ${limit})
          union all
          (select s.exchange_ticker, 2 from companies c join securities s on s.company_id = c.id
            where upper(c.company_name) like ${prefix} escape '\\'
            order by length(c.company_name), c.company_name limit ${limit})
          ${
            words
              ? sql`union all
          (select s.exchange_ticker, 3 from companies c join securities s on s.company_id = c.id
            where to_tsvector('simple', c.company_name) @@ ${words}::tsquery
            limit ${limit})`
              : sql``
          }
        )
        select s.exchange_ticker, c.company_name, c.gics_sector, min(h.rank) as rank
        from hits h
        join securities s on s.exchange_ticker = h.exchange_ticker
        join companies c on c.id = s.company_id
        group by s.exchange_ticker, c.company_name, c.gics_sector, s.ticker
        order by min(h.rank), length(s.ticker), s.exchange_ticker
        limit ${limit}`.execute(db);
  const rows = exact.rows.map(({ rank: _rank, ...row }) => row);
  // Typo tolerance is for text that matched nothing; when something matched, look-alike
  // names would only be noise (and cost a trigram scan on every keystroke).
  if (rows.length > 0 || !longEnough) return rows;
  const seen = new Set(rows.map((row) => row.exchange_ticker));
  const fuzzy = await fuzzyMatches(db, text, limit + rows.length);
  for (const row of fuzzy) {
    if (rows.length >= limit) break;
    if (!seen.has(row.exchange_ticker)) rows.push(row);
  }
  return rows;
}
