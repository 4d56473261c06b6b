import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsSearchQueries } from '../src/modules/news/news-search.repository.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';

/** Titles by article number: two common words that always come together, two never together. */
const titleOf = (i: number) =>
  [
    'Acme files for bankruptcy protection',
    'Acme raises dividend',
    'Acme sees strong cloud demand',
    'Acme announces buyback',
  ][i % 4]! + (i === 77 || i === 201 || i === 333 ? ' amid zanzibar probe' : '');

/**
 * Full-text search answers the newest `window` matches, best match first, by one
 * of two plans — a walk of the newest articles by date when the question's words are common
 * (from the column's statistics), the full-text index when they are rare or the walk does not
 * fill the window. Either way the answer is the same: checked here against the plain definition
 * on real PostgreSQL.
 */
describe('full-text search windows on real PostgreSQL', () => {
  let database: TestDatabase;
  const WINDOW = 10;
  beforeAll(async () => {
    database = await createTestDatabase();
    await sql`insert into news (link, guid, title, summary, creation_date, source, status)
      select 'https://example.com/s-' || i, 's-' || i,
        (${sql.raw(`array[${Array.from({ length: 400 }, (_, i) => `'${titleOf(i + 1).replace(/'/g, "''")}'`).join(',')}]`)})[i],
        'Quarterly update.',
        timestamptz '2026-11-20 12:00:00+00' - make_interval(mins => i), 'test', 'PROCESSED'
      from generate_series(1, 400) as i`.execute(database.db);
    await sql`analyze news`.execute(database.db);
  });
  afterAll(() => database.drop());

  const search = (text: string, skip = 0, limit = 20) =>
    newsSearchQueries({
      db: database.db,
      prepared: () => Promise.resolve([]),
      wrote: () => undefined,
    } as never)
      .search(text, null, WINDOW, { skip, limit })
      .then((rows) => rows.map((row) => (JSON.parse(row.article) as { title: string }).title));

  /** The definition: the newest WINDOW matches, then best rank first (ties: newer, then id). */
  const expected = async (text: string) => {
    const { rows } = await sql<{ title: string }>`
      select title from (
        select id, title, creation_date, ts_rank_cd(search_vector, q) as rank
        from news, websearch_to_tsquery('english', ${text}) as q
        where search_vector @@ q order by creation_date desc limit ${WINDOW}) as w
      order by rank desc, creation_date desc, id desc`.execute(database.db);
    return rows.map((row) => row.title);
  };

  it('answers common words that come together with the newest matches (the walk by date)', async () => {
    const answer = await search('bankruptcy protection');
    expect(answer).toHaveLength(WINDOW);
    expect(answer).toEqual(await expected('bankruptcy protection'));
  });

  it('answers a rare word from the full-text index, and common words never together with none', async () => {
    const rare = await search('zanzibar');
    expect(rare).toHaveLength(3);
    expect(rare).toEqual(await expected('zanzibar'));
    expect(await search('dividend cloud')).toEqual([]);
  });

  it('pages within the window, and past it answers nothing', async () => {
    const whole = await search('buyback');
    expect(whole).toHaveLength(WINDOW);
    expect([...(await search('buyback', 0, 5)), ...(await search('buyback', 5, 5))]).toEqual(whole);
    expect(await search('buyback', WINDOW, 5)).toEqual([]);
  });
});
