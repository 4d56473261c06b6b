import { newsArticleSchema, type NewsArticle } from '@app/shared/api/news';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrichNewsJob } from '../src/modules/news/news-enrich.job.ts';
import { ingestNewsJob } from '../src/modules/news/news.jobs.ts';
import {
  apiNewsJson,
  builtNewsJson,
  feedIndexConditions,
} from '../src/modules/news/news.repository.ts';
import { newsQuery } from '../src/modules/news/news-query.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser, type TestUser } from './helpers/factories.ts';
import { jobDeps } from './helpers/job-deps.ts';

type NewsBody = { news: NewsArticle[] };

/** The public feeds of the web app (news-feed.ts) and neighbours of their filters. */
const FEEDS: Record<string, { query: string; where: string }> = {
  latest_ai: {
    query: 'ai_summary__ne=NULL&related_exchange_tickers__not__size=0',
    where: 'ai_summary is not null and cardinality(related_exchange_tickers) > 0',
  },
  bullish: { query: 'sentiment_score__gte=7', where: 'sentiment_score[1] >= 7' },
  'bullish, 8': { query: 'sentiment_score__gte=8', where: 'sentiment_score[1] >= 8' },
  'bullish, > 6': { query: 'sentiment_score__gt=6', where: 'sentiment_score[1] > 6' },
  bearish: { query: 'sentiment_score__lte=-5', where: 'sentiment_score[1] <= -5' },
  defcon: {
    query: 'AI__defcon_level__lte=2',
    where: `("AI" ->> 'defcon_level')::numeric <= 2`,
  },
  'defcon 1': { query: 'AI__defcon_level=1', where: `("AI" ->> 'defcon_level')::numeric = 1` },
  'defcon 1 or 2': {
    query: 'AI__defcon_level__in=1,2',
    where: `("AI" ->> 'defcon_level')::numeric in (1, 2)`,
  },
  'defcon <= 3': {
    query: 'AI__defcon_level__lte=3',
    where: `("AI" ->> 'defcon_level')::numeric <= 3`,
  },
  latest: { query: '', where: 'true' },
};

/**
 * Each article's JSON stored at write time (`api_json`, kept by a
 * trigger) answers exactly what the per-field expressions build, every writer's change shows at
 * once, and the feeds' partial indexes answer the same articles the filters select.
 */
describe('stored article JSON and the feed indexes', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true });
    const deps = jobDeps(t.database.db);
    await ingestNewsJob.handler({}, deps);
    await enrichNewsJob.handler({}, deps);
    admin = await registerUser(t.app);
    await grant(t.database.db, admin.user.id, { is_admin: true });
    // Every feed has articles: scores and defcon levels spread over the stored articles.
    await sql`update news set sentiment_score = array[((n.rn * 7) % 21) - 10]::float8[],
        "AI" = jsonb_set("AI", '{defcon_level}', to_jsonb(1 + n.rn % 5))
      from (select id, row_number() over (order by creation_date, id) as rn from news) n
      where news.id = n.id and news."AI" is not null`.execute(t.database.db);
  });
  afterAll(() => t.close());
  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, ...(token && { headers: bearer(token) }) });
  const newest = async (where = 'true') =>
    (
      await sql<{ id: string }>`select id from news
        where not is_blocked and experiment is null and story_id is null and ${sql.raw(where)}
        order by creation_date desc, id desc`.execute(t.database.db)
    ).rows.map((row) => row.id);
  const storedAndBuilt = async () =>
    (
      await sql<{ id: string; stored: string; built: string }>`
        select id, ${apiNewsJson()} as stored, ${builtNewsJson()} as built from news`.execute(
        t.database.db,
      )
    ).rows;

  it("stores every article's JSON as the per-field expressions build it", async () => {
    const ids = await newest();
    const [withEntities, lead, member, commented] = ids;
    if (!withEntities || !lead || !member || !commented) throw new Error('too few articles');
    // Entities (named_exchange_tickers: the first name of each ticker), a story of two reports
    // (also_reported_by both ways), and comments (no_comments): each through its own writer's SQL.
    await t.database.db
      .updateTable('news')
      .set({
        NER: JSON.stringify([
          { name: 'Apple Inc.', tickers: ['NASDAQ:AAPL'] },
          { name: 'Apple', tickers: ['NASDAQ:AAPL', 'XETRA:APC'] },
        ]),
      })
      .where('id', '=', withEntities)
      .execute();
    await t.database.db
      .updateTable('news')
      .set({ story_id: lead })
      .where('id', '=', member)
      .execute();
    await sql`update news set story_reports = 1 where id = ${lead}`.execute(t.database.db);
    await sql`insert into comment_counts (article_id, visible, top_level)
      values (${commented}, 3, 2)`.execute(t.database.db);

    const rows = await storedAndBuilt();
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      const stored: unknown = JSON.parse(row.stored);
      expect(stored, row.id).toEqual(JSON.parse(row.built));
      expect(newsArticleSchema.safeParse(stored).success, row.id).toBe(true);
    }
    const byId = new Map(rows.map((row) => [row.id, JSON.parse(row.stored) as NewsArticle]));
    expect(byId.get(withEntities)?.named_exchange_tickers).toEqual({
      'NASDAQ:AAPL': 'Apple Inc.',
      'XETRA:APC': 'Apple',
    });
    expect(byId.get(lead)?.also_reported_by?.map((report) => report.id)).toEqual([member]);
    expect(byId.get(member)?.also_reported_by?.map((report) => report.id)).toEqual([lead]);
    expect(byId.get(member)?.story_id).toBe(lead);
    expect(byId.get(commented)?.no_comments).toBe(3);

    // The API answers the same article (the route sends the stored JSON as it is).
    const res = await get(`/api/news/get/${withEntities}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<NewsBody>().news).toEqual([byId.get(withEntities)]);
    await sql`update news set story_id = null where id = ${member}`.execute(t.database.db);
    await sql`update news set story_reports = 0 where id = ${lead}`.execute(t.database.db);
  });

  it('shows an article edited, re-analysed or hidden at once', async () => {
    const [id] = await newest('"AI" is not null');
    if (!id) throw new Error('no analysed article');
    const fresh = async (token?: string) => {
      const res = await get(`/api/news/query?id=${id}&no_cache=1`, token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<NewsBody>().news[0];
    };
    expect((await get(`/api/news/get/${id}`)).statusCode).toBe(200);
    const analysed = await fresh();

    // A writer outside the news module (plain SQL): the trigger keeps the stored JSON.
    await sql`update news set title = 'Edited title', ai_summary = 'A stale summary',
        "AI" = jsonb_set("AI", '{summary}', '"A stale summary"')
      where id = ${id}`.execute(t.database.db);
    const edited = await fresh();
    expect(edited?.title).toBe('Edited title');
    expect(edited?.ai_summary).toBe('A stale summary');
    expect(edited?.AI?.summary).toBe('A stale summary');

    // Re-analysed through the debug menu (its title put back, so the analyst reads the same
    // inputs): the analyst's answer replaces the stale one, and the article page (read cache
    // included) shows it.
    await sql`update news set title = ${analysed?.title ?? ''} where id = ${id}`.execute(
      t.database.db,
    );
    const reindexed = await get(`/api/news/force_reindex/${id}`, admin.token);
    expect(reindexed.statusCode, reindexed.body).toBe(200);
    const [answer] = reindexed.json<NewsBody>().news;
    expect(answer?.ai_summary).toBe(analysed?.ai_summary);
    expect(answer?.AI?.summary).toBe(analysed?.AI?.summary);
    const page = await get(`/api/news/get/${id}`);
    expect(page.json<NewsBody>().news[0]?.ai_summary).toBe(analysed?.ai_summary);

    // Hidden by an admin: out for visitors, `is_blocked: true` for admins.
    const hide = (value: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/news/set/${id}/is_blocked`,
        headers: bearer(admin.token),
        payload: { value },
      });
    expect((await hide(true)).statusCode).toBe(200);
    expect((await get(`/api/news/get/${id}`)).statusCode).toBe(404);
    expect((await fresh(admin.token))?.is_blocked).toBe(true);
    expect((await hide(false)).statusCode).toBe(200);
    expect((await fresh())?.is_blocked).toBe(false);

    const rows = await storedAndBuilt();
    for (const row of rows) expect(JSON.parse(row.stored), row.id).toEqual(JSON.parse(row.built));
  });

  it('answers each feed with the newest articles its filters select', async () => {
    for (const [name, feed] of Object.entries(FEEDS)) {
      const expected = await newest(feed.where);
      for (const page of [
        { skip: 0, limit: 20 },
        { skip: 3, limit: 5 },
      ]) {
        const res = await get(
          `/api/news/query?${feed.query}&order_by=-creation_date&skip=${page.skip}&limit=${page.limit}&no_cache=1`,
        );
        expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
        expect(
          res.json<NewsBody>().news.map((article) => article.id),
          name,
        ).toEqual(expected.slice(page.skip, page.skip + page.limit));
      }
    }
    expect((await newest(FEEDS.defcon?.where)).length).toBeGreaterThan(0);
  });

  it('adds an index condition only where the filters imply it', () => {
    const conditions = (query: Record<string, string>) =>
      feedIndexConditions(newsQuery.parse(query).filters).length;
    expect(conditions({ ai_summary__ne: 'NULL', related_exchange_tickers__not__size: '0' })).toBe(
      1,
    );
    expect(conditions({ related_exchange_tickers__not__size: '1' })).toBe(0);
    expect(conditions({ sentiment_score__gte: '7' })).toBe(1);
    expect(conditions({ sentiment_score__gte: '6.5' })).toBe(0);
    expect(conditions({ sentiment_score__gt: '7' })).toBe(1);
    expect(conditions({ sentiment_score__lte: '-5' })).toBe(1);
    expect(conditions({ sentiment_score__lte: '-4' })).toBe(0);
    expect(conditions({ sentiment_score__lt: '-5' })).toBe(1);
    expect(conditions({ AI__defcon_level__lte: '2' })).toBe(1);
    expect(conditions({ AI__defcon_level__lte: '3' })).toBe(0);
    expect(conditions({ AI__defcon_level__lt: '3' })).toBe(0);
    expect(conditions({ AI__defcon_level: '2' })).toBe(1);
    expect(conditions({ AI__defcon_level__in: '1,2' })).toBe(1);
    expect(conditions({ AI__defcon_level__in: '1,4' })).toBe(0);
  });

  it('plans a prepared (generic) defcon feed query on its partial index', async () => {
    const plan = await t.database.db.transaction().execute(async (trx) => {
      await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`prepare news_defcon_feed(numeric) as
        select id from news
        where (case when jsonb_typeof(news."AI" -> 'defcon_level') = 'number'
                 then (news."AI" -> 'defcon_level')::numeric end) <= $1
          and news.experiment is null and news.is_blocked = false and news.story_id is null
          and (case when jsonb_typeof(news."AI" -> 'defcon_level') = 'number'
                 then (news."AI" -> 'defcon_level')::numeric end) <= 2
        order by news.creation_date desc, news.id desc limit 20`.execute(trx);
      const { rows } = await sql<{
        'QUERY PLAN': string;
      }>`explain execute news_defcon_feed(2)`.execute(trx);
      await sql`deallocate news_defcon_feed`.execute(trx);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('news_feed_defcon');
  });

  it("answers the portfolio feed with the newest articles of the caller's watchlist", async () => {
    const user = await registerUser(t.app);
    const { rows } = await sql<{ symbol: string }>`
      select symbol from news_tickers group by symbol order by count(*) desc, symbol limit 3`.execute(
      t.database.db,
    );
    const symbols = rows.map((row) => row.symbol);
    for (const symbol of symbols) {
      const res = await get(`/api/ticker/user/watchlist/append/default/${symbol}`, user.token);
      expect(res.statusCode, res.body).toBe(200);
    }
    const expected = await newest(
      `related_exchange_tickers && array[${symbols.map((s) => `'${s}'`).join(',')}]::text[]`,
    );
    expect(expected.length).toBeGreaterThan(3);
    for (const page of [
      { skip: 0, limit: 100 },
      { skip: 2, limit: 3 },
    ]) {
      const res = await get(
        `/api/news/my_portfolio?skip=${page.skip}&limit=${page.limit}`,
        user.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<NewsBody>().news.map((article) => article.id)).toEqual(
        expected.slice(page.skip, page.skip + page.limit),
      );
    }
  });

  it('keeps an article whole in its row, and a long article its JSON (not in TOAST)', async () => {
    // Migration 2026-11-29T1100-news-api-json-inline: with the defaults the JSON, the
    // row's largest value, went out of line, costing each article of a feed page a TOAST lookup.
    const placement = async (id: string) =>
      (
        await sql<{ api: string | null; ai: string | null; text: string | null }>`
          select pg_column_toast_chunk_id(api_json)::text as api,
                 pg_column_toast_chunk_id("AI")::text as ai,
                 pg_column_toast_chunk_id(articles)::text as text
          from news where id = ${id}`.execute(t.database.db)
      ).rows[0];
    // A wire-length article with a complete analysis, as bench/news writes them (fixed sizes: a
    // demo article's own analysis varies in length).
    const { rows } = await sql<{ id: string }>`
      insert into news (link, guid, title, description, publisher, creation_date, articles, "AI",
                        related_exchange_tickers, status, source)
      select 'https://wire.example/inline-' || i, 'inline-' || i, n.title, left(n.description, 300),
             n.publisher, n.creation_date,
             array['Executives told analysts on a call that orders improved through the quarter. '
               || 'The stock moved in after-hours trading as investors weighed the guidance.'],
             jsonb_build_object(
               'title', n.title, 'title_clickbait', n.title || ': what investors need to know',
               'summary', 'Orders improved through the quarter.', 'paragraph', 'Orders improved.',
               'classification', 'Company Results', 'sentiment', 'positive',
               'sentiment_score', 6, 'interest_score', 5, 'article_icon', 'chart',
               'gif_keywords', jsonb_build_array('stocks', 'earnings'), 'defcon_level', 4,
               'defcon_outcome', 'No immediate action needed.',
               'no_bullshit', 'Results and outlook.', 'provider', 'offline',
               'sources', jsonb_build_array(jsonb_build_object('index', 0, 'text',
                 'Executives told analysts on a call that orders improved through the quarter.'))),
             n.related_exchange_tickers, 'PROCESSED', 'test'
      from (select * from news where "AI" is not null order by id limit 1) as n,
           generate_series(1, 2) as i
      returning id`.execute(t.database.db);
    const [ordinary, long] = rows.map((row) => row.id);
    expect(await placement(ordinary!)).toEqual({ api: null, ai: null, text: null });
    // A long text (5,000 characters) leaves the row; the JSON, compressed, stays.
    await sql`update news set articles = array[(
        select string_agg(md5(i::text), ' ') from generate_series(1, 150) as i)]
      where id = ${long!}`.execute(t.database.db);
    expect(await placement(long!)).toMatchObject({ api: null, text: expect.any(String) });
  });
});
