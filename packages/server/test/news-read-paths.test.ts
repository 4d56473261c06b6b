import {
  newsArticleSchema,
  newsReindexResponseSchema,
  type NewsArticle,
} from '@app/shared/api/news';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockStartingAt } from '../src/clock.ts';
import { enrichNewsJob } from '../src/modules/news/news-enrich.job.ts';
import { ingestNewsJob } from '../src/modules/news/news.jobs.ts';
import { buildTestApp, capturedLog, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser, type TestUser } from './helpers/factories.ts';
import { jobDeps } from './helpers/job-deps.ts';

type NewsBody = { news: NewsArticle[] };

/**
 * The read paths of the news module (the `news_tickers` link
 * table, ids through the primary key, one malformed stored row left out of a list) and the debug
 * menu's 'reindex' (only when the analyst's inputs changed) beside 'force reindex'.
 */
describe('news read paths and reindex', () => {
  let t: TestApp;
  let lines: string[];
  let admin: TestUser;
  let debugUser: TestUser;
  beforeAll(async () => {
    const captured = capturedLog();
    lines = captured.lines;
    // Business time pinned: which companies the demo feed links depends on the date.
    const clock = clockStartingAt(new Date('2026-11-25T15:00:00Z'));
    t = await buildTestApp({ demoCompanies: true, log: captured.log, clock });
    const deps = jobDeps(t.database.db, {}, { clock });
    await ingestNewsJob.handler({}, deps);
    await enrichNewsJob.handler({}, deps);
    admin = await registerUser(t.app);
    await grant(t.database.db, admin.user.id, { is_admin: true });
    debugUser = await registerUser(t.app);
    await t.database.db
      .updateTable('users')
      .set({ my_debug_interface: true })
      .where('id', '=', debugUser.user.id)
      .execute();
  });
  afterAll(() => t.close());
  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, ...(token && { headers: bearer(token) }) });
  const linkedArticles = async () =>
    t.database.db
      .selectFrom('news')
      .select(['id', 'related_exchange_tickers', 'creation_date'])
      .where(sql<boolean>`cardinality(related_exchange_tickers) > 0`)
      .where('story_id', 'is', null)
      .orderBy('creation_date', 'desc')
      .execute();

  it('keeps the news_tickers link table in step with every article, insert and update', async () => {
    const { rows: missing } = await sql<{ n: number }>`
      select count(*)::int as n
      from news n cross join lateral unnest(n.related_exchange_tickers) as s(symbol)
      where not exists (select 1 from news_tickers t
        where t.symbol = s.symbol and t.news_id = n.id and t.creation_date = n.creation_date)`.execute(
      t.database.db,
    );
    expect(missing[0]?.n).toBe(0);
    const [article] = await linkedArticles();
    if (!article) throw new Error('no linked article');
    await t.database.db
      .updateTable('news')
      .set({ related_exchange_tickers: ['TEST:LINKED'] })
      .where('id', '=', article.id)
      .execute();
    const links = await sql<{ symbol: string }>`
      select symbol from news_tickers where news_id = ${article.id}`.execute(t.database.db);
    expect(links.rows.map((row) => row.symbol)).toEqual(['TEST:LINKED']);
    await t.database.db
      .updateTable('news')
      .set({ related_exchange_tickers: article.related_exchange_tickers })
      .where('id', '=', article.id)
      .execute();
  });

  it("answers a company's news newest first, the same articles the array holds", async () => {
    const linked = await linkedArticles();
    const symbol = linked[0]?.related_exchange_tickers[0] ?? '';
    const expected = linked
      .filter((row) => row.related_exchange_tickers.includes(symbol))
      .map((row) => row.id);
    const res = await get(`/api/news/company/${symbol}?limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json<NewsBody>().news.map((article) => article.id);
    expect(ids).toEqual(expected.slice(0, 100));
    const page = await get(`/api/news/company/${symbol}?skip=1&limit=1`);
    expect(page.json<NewsBody>().news.map((article) => article.id)).toEqual(expected.slice(1, 2));
  });

  it('finds /news/query?id= through the primary key, and nothing for a malformed id', async () => {
    const [article] = await linkedArticles();
    const id = article?.id ?? '';
    const one = await get(`/api/news/query?id=${id}&no_cache=1`);
    expect(one.json<NewsBody>().news.map((item) => item.id)).toEqual([id]);
    const many = await get(`/api/news/query?id__in=${id},nope&no_cache=1`);
    expect(many.statusCode, many.body).toBe(200);
    expect(many.json<NewsBody>().news.map((item) => item.id)).toEqual([id]);
    const bad = await get(`/api/news/query?id=nope&no_cache=1`);
    expect(bad.statusCode).toBe(200);
    expect(bad.json<NewsBody>().news).toEqual([]);
  });

  it('reindexes only when the inputs changed; force reindex always runs the analyst', async () => {
    const [article] = await linkedArticles();
    const id = article?.id ?? '';
    const stamp = async () =>
      (
        await t.database.db
          .selectFrom('news')
          .select(['updated_at', 'enrich_inputs', 'title'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).updated_at.getTime();

    // Enriched by the job: the fingerprint of its inputs is stored, so nothing is to do.
    const before = await stamp();
    const unchanged = await get(`/api/news/reindex/${id}`, debugUser.token);
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    const body = newsReindexResponseSchema.parse(unchanged.json());
    expect(body.reindexed).toBe(false);
    expect(body.message).toMatch(/^Nothing changed/);
    expect(body.news[0]?.id).toBe(id);
    expect(await stamp()).toBe(before);

    // A changed input (the title) runs the analyst again, once.
    await t.database.db
      .updateTable('news')
      .set({ title: 'Apple raises its dividend after record quarter' })
      .where('id', '=', id)
      .execute();
    const changed = newsReindexResponseSchema.parse(
      (await get(`/api/news/reindex/${id}`, debugUser.token)).json(),
    );
    expect(changed.reindexed).toBe(true);
    const after = await stamp();
    expect(after).toBeGreaterThanOrEqual(before);
    const again = newsReindexResponseSchema.parse(
      (await get(`/api/news/reindex/${id}`, debugUser.token)).json(),
    );
    expect(again.reindexed).toBe(false);

    // Force always runs it, inputs unchanged or not, and the fingerprint stays.
    const fingerprint = (
      await t.database.db
        .selectFrom('news')
        .select('enrich_inputs')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).enrich_inputs;
    await t.database.db
      .updateTable('news')
      .set({ updated_at: new Date(0) })
      .where('id', '=', id)
      .execute();
    const forced = await get(`/api/news/force_reindex/${id}`, debugUser.token);
    expect(forced.statusCode, forced.body).toBe(200);
    expect(await stamp()).toBeGreaterThan(0);
    const row = await t.database.db
      .selectFrom('news')
      .select('enrich_inputs')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.enrich_inputs).toBe(fingerprint);

    // Visitors and plain users cannot; admins can; an unknown id is a 404.
    expect((await get(`/api/news/reindex/${id}`)).statusCode).toBe(401);
    const plain = await registerUser(t.app);
    expect((await get(`/api/news/reindex/${id}`, plain.token)).statusCode).toBe(403);
    expect((await get(`/api/news/reindex/${id}`, admin.token)).statusCode).toBe(200);
    expect(
      (await get('/api/news/reindex/00000000-0000-4000-8000-000000000000', admin.token)).statusCode,
    ).toBe(404);
  });

  it('answers the same no_cache question asked at once from one query, every answer whole', async () => {
    const url = '/api/news/query?order_by=-creation_date&limit=10&no_cache=1';
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(url)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(answers[0]?.json<NewsBody>().news).toHaveLength(10);
  });

  it('documents reindex beside force reindex in the OpenAPI document', async () => {
    const doc = (await get('/api/openapi.json')).json<{
      paths: Record<string, { get?: { summary?: string } }>;
    }>();
    expect(doc.paths['/api/news/reindex/{id}']?.get?.summary).toMatch(/only when its inputs/);
    expect(doc.paths['/api/news/force_reindex/{id}']?.get).toBeDefined();
  });

  it('leaves a malformed stored article out of every list and logs it, never a 500', async () => {
    // A company with at least two articles, so its list still has one after the broken one
    // is left out (which companies have news depends on the pinned date's demo feed).
    const linked = await linkedArticles();
    const counts = new Map<string, number>();
    for (const row of linked)
      for (const s of row.related_exchange_tickers) counts.set(s, (counts.get(s) ?? 0) + 1);
    const symbol = [...counts].find(([, n]) => n >= 2)?.[0];
    const broken = linked.filter(
      (row) => symbol && row.related_exchange_tickers.includes(symbol),
    )[1];
    if (!symbol || !broken) throw new Error('need a company with two linked articles');
    // An AI object written outside the analyst: a field of the wrong type, others missing.
    await sql`update news set "AI" = '{"title": 5, "defcon_level": "high"}'::jsonb
      where id = ${broken.id}`.execute(t.database.db);

    const feed = await get('/api/news/query?order_by=-creation_date&limit=100&no_cache=1');
    expect(feed.statusCode, feed.body).toBe(200);
    const ids = feed.json<NewsBody>().news.map((item) => newsArticleSchema.parse(item).id);
    expect(ids.length).toBeGreaterThan(1);
    expect(ids).not.toContain(broken.id);

    const company = await get(`/api/news/company/${symbol}?limit=99`);
    expect(company.statusCode, company.body).toBe(200);
    const companyIds = company.json<NewsBody>().news.map((item) => item.id);
    expect(companyIds.length).toBeGreaterThan(0);
    expect(companyIds).not.toContain(broken.id);

    expect((await get(`/api/news/get/${broken.id}`)).statusCode).toBe(404);
    expect(lines.join('')).toContain('malformed stored article left out of an answer');
    expect(lines.join('')).toContain(broken.id);
  });
});
