import { newsArticleSchema, type NewsArticle } from '@app/shared/api/news';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrichNewsJob } from '../src/modules/news/news-enrich.job.ts';
import { ingestNewsJob } from '../src/modules/news/news.jobs.ts';
import { jobDeps } from './helpers/job-deps.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser } from './helpers/factories.ts';

type NewsBody = { news: NewsArticle[] };

describe('news feeds from the offline wire, enriched by the offline analyst', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true });
    const deps = jobDeps(t.database.db);
    await ingestNewsJob.handler({}, deps);
    await enrichNewsJob.handler({}, deps);
  });
  afterAll(() => t.close());
  const get = (url: string, headers?: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, ...(headers && { headers }) });

  it('enriches every ingested article: WAITING_INDEX → PROCESSED with an AI object', async () => {
    const rows = await t.database.db.selectFrom('news').select(['status', 'AI']).execute();
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.every((row) => row.status === 'PROCESSED' && row.AI !== null)).toBe(true);
  });

  it('answers the latest feed newest first, 20 at most, in the spec shape', async () => {
    const res = await get(
      '/api/news/query?ai_summary__ne=NULL&related_exchange_tickers__not__size=0&order_by=-creation_date&limit=20&no_cache=1',
    );
    expect(res.statusCode, res.body).toBe(200);
    const { news } = res.json<NewsBody>();
    expect(news.length).toBeGreaterThan(0);
    expect(news.length).toBeLessThanOrEqual(20);
    const dates = news.map((article) => article.creation_date);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    for (const article of news) {
      expect(Number.isInteger(article.creation_date)).toBe(true);
      expect(article.related_exchange_tickers.length).toBeGreaterThan(0);
      expect(article.ai_summary).toBeTruthy();
      expect(article.AI?.defcon_level).toBeGreaterThanOrEqual(1);
      expect(article.no_comments).toBe(0);
    }
  });

  it('builds every article in the spec shape, the derived ticker map included', async () => {
    const res = await get('/api/news/query?limit=100');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const { news } = res.json<{ news: unknown[] }>();
    expect(news.length).toBeGreaterThanOrEqual(30);
    for (const item of news) {
      const article = newsArticleSchema.strict().parse(item);
      const firstNames: Record<string, string> = {};
      for (const entity of article.NER) {
        for (const symbol of entity.tickers) firstNames[symbol] ??= entity.name;
      }
      expect(article.named_exchange_tickers).toEqual(firstNames);
    }
    const named = news.map((item) => newsArticleSchema.parse(item));
    expect(named.some((article) => Object.keys(article.named_exchange_tickers).length > 0)).toBe(
      true,
    );
  });

  it('answers /company/query_symbol with the company and its news in the asked order', async () => {
    const any = (await get('/api/news/query?limit=100')).json<NewsBody>().news;
    const symbol = any.find((article) => article.related_exchange_tickers.length > 0)
      ?.related_exchange_tickers[0];
    expect(symbol).toBeDefined();
    const newest = await get(`/api/company/query_symbol/${symbol}?order_by=-creation_date`);
    expect(newest.statusCode, newest.body).toBe(200);
    const body = newest.json<{
      companies: { exchange_tickers: string[] }[];
      news: NewsArticle[];
    }>();
    expect(body.companies[0]?.exchange_tickers).toContain(symbol);
    expect(body.news.length).toBeGreaterThan(0);
    const dates = body.news.map((article) => article.creation_date);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    for (const article of body.news) expect(article.related_exchange_tickers).toContain(symbol);
    const oldest = (await get(`/api/company/query_symbol/${symbol}?order_by=creation_date`)).json<{
      news: NewsArticle[];
    }>().news;
    expect(oldest.map((article) => article.id)).toEqual(
      body.news.map((article) => article.id).reverse(),
    );
  });

  it('keeps only the id and the asked fields with only=', async () => {
    const res = await get('/api/news/query?only=ai_summary&limit=3');
    expect(res.statusCode, res.body).toBe(200);
    const { news } = res.json<{ news: Record<string, unknown>[] }>();
    expect(news).toHaveLength(3);
    for (const item of news) expect(Object.keys(item).sort()).toEqual(['ai_summary', 'id']);
    // Asked for by name too, the id is one key of the JSON text, not two.
    const ids = await get('/api/news/query?only=id,ai_summary&limit=1');
    expect(ids.statusCode, ids.body).toBe(200);
    expect(ids.body.match(/"id"/g)).toHaveLength(1);
  });

  it('filters by sentiment, defcon level, classification and ticker suffix', async () => {
    const bullish = (await get('/api/news/query?sentiment_score__gte=7')).json<NewsBody>().news;
    expect(bullish.length).toBeGreaterThan(0);
    for (const article of bullish) expect(article.sentiment_score[0]).toBeGreaterThanOrEqual(7);
    const bearish = (await get('/api/news/query?sentiment_score__lte=-5')).json<NewsBody>().news;
    for (const article of bearish) expect(article.sentiment_score[0]).toBeLessThanOrEqual(-5);
    const defcon = (await get('/api/news/query?AI__defcon_level__lte=2')).json<NewsBody>().news;
    expect(bearish.length).toBeGreaterThan(0);
    expect(defcon.length).toBeGreaterThan(0);
    for (const article of defcon) expect(article.AI?.defcon_level).toBeLessThanOrEqual(2);
    const any = (await get('/api/news/query?limit=100')).json<NewsBody>().news;
    const classification = any[0]?.AI?.classification ?? 'Other';
    const classified = (
      await get(`/api/news/query?AI__classification=${encodeURIComponent(classification)}`)
    ).json<NewsBody>().news;
    expect(classified.length).toBeGreaterThan(0);
    for (const article of classified) expect(article.AI?.classification).toBe(classification);
    const ticker = any.find((article) => article.related_exchange_tickers.length > 0)
      ?.related_exchange_tickers[0];
    const suffix = ticker?.split(':')[1] ?? 'AAPL';
    const byTicker = (
      await get(`/api/news/query?related_exchange_tickers__iendswith=:${suffix}`)
    ).json<NewsBody>().news;
    expect(byTicker.length).toBeGreaterThan(0);
    for (const article of byTicker) {
      expect(article.related_exchange_tickers.some((t) => t.endsWith(`:${suffix}`))).toBe(true);
    }
  });

  it('answers 400 naming an unknown filter or a bad value', async () => {
    for (const [url, message] of [
      ['/api/news/query?is_blocked=true', /is_blocked/],
      ['/api/news/query?sentiment_score__gte=very', /sentiment_score/],
      ['/api/news/query?limit=5000', /limit/],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ error_msg: string }>().error_msg).toMatch(message);
    }
  });

  it('keeps experiments and blocked articles out unless asked (blocked: admins only)', async () => {
    const [first, second] = (await get('/api/news/query?limit=2&no_cache=1')).json<NewsBody>().news;
    if (!first || !second) throw new Error('need two articles');
    await t.database.db
      .updateTable('news')
      .set({ experiment: 'headline-test' })
      .where('id', '=', first.id)
      .execute();
    await t.database.db
      .updateTable('news')
      .set({ is_blocked: true })
      .where('id', '=', second.id)
      .execute();
    const ids = async (url: string, headers?: Record<string, string>) =>
      (await get(url, headers)).json<NewsBody>().news.map((article) => article.id);

    expect(await ids('/api/news/query?limit=100&no_cache=1')).not.toContain(first.id);
    expect(await ids('/api/news/query?experiment=headline-test&no_cache=1')).toEqual([first.id]);
    expect(await ids('/api/news/query?limit=100&no_cache=1')).not.toContain(second.id);
    expect(await ids(`/api/news/query?id=${second.id}&no_cache=1`)).toEqual([]);
    expect((await get(`/api/news/get/${second.id}`)).statusCode).toBe(404);

    const admin = await registerUser(t.app);
    await grant(t.database.db, admin.user.id, { is_admin: true });
    expect(await ids(`/api/news/query?id=${second.id}&no_cache=1`, bearer(admin.token))).toEqual([
      second.id,
    ]);
    expect((await get(`/api/news/get/${second.id}`, bearer(admin.token))).statusCode).toBe(200);
  });

  it('lists only the articles carrying an experiment with experiment__ne=NULL (the experiments page)', async () => {
    const [, , third] = (await get('/api/news/query?limit=3&no_cache=1')).json<NewsBody>().news;
    if (!third) throw new Error('need three articles');
    await t.database.db
      .updateTable('news')
      .set({ experiment: 'short-summary' })
      .where('id', '=', third.id)
      .execute();
    const res = await get(
      '/api/news/query?experiment__ne=NULL&order_by=-creation_date&limit=100&no_cache=1',
    );
    expect(res.statusCode, res.body).toBe(200);
    const { news } = res.json<NewsBody>();
    expect(news.map((article) => article.id)).toContain(third.id);
    expect(news.length).toBeGreaterThan(0);
    for (const article of news) expect(article.experiment).not.toBeNull();
    const named = (
      await get('/api/news/query?experiment=short-summary&no_cache=1')
    ).json<NewsBody>().news;
    expect(named.map((article) => article.id)).toEqual([third.id]);
  });

  it('gets one article with its analysis and citations, 404 for an unknown id', async () => {
    const [article] = (await get('/api/news/query?limit=1&no_cache=1')).json<NewsBody>().news;
    const res = await get(`/api/news/get/${article?.id ?? ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const [full] = res.json<NewsBody>().news;
    expect(full?.AI?.sources.length).toBeGreaterThan(0);
    expect(full?.AI?.provider).toBe('offline');
    expect((await get('/api/news/get/not-an-id')).statusCode).toBe(404);
    expect((await get('/api/news/get/00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
  });

  it("lists a company's news and the news of the caller's watchlist", async () => {
    const any = (await get('/api/news/query?limit=100&no_cache=1')).json<NewsBody>().news;
    const symbol = any.find((article) => article.related_exchange_tickers.length > 0)
      ?.related_exchange_tickers[0];
    if (!symbol) throw new Error('no linked article');
    const company = (await get(`/api/news/company/${symbol.toLowerCase()}`)).json<NewsBody>().news;
    expect(company.length).toBeGreaterThan(0);
    for (const article of company) expect(article.related_exchange_tickers).toContain(symbol);
    expect((await get('/api/news/company/not-a-symbol')).statusCode).toBe(400);

    expect((await get('/api/news/my_portfolio')).statusCode).toBe(401);
    const user = await registerUser(t.app);
    const empty = await get('/api/news/my_portfolio', bearer(user.token));
    expect(empty.json<NewsBody>().news).toEqual([]);
    await get(`/api/ticker/user/watchlist/append/default/${symbol}`, bearer(user.token));
    const mine = (await get('/api/news/my_portfolio', bearer(user.token))).json<NewsBody>().news;
    expect(mine.map((article) => article.id).sort()).toEqual(company.map((a) => a.id).sort());
  });

  it('searches the full text, best match first, and answers [] under 3 characters', async () => {
    const [article] = (await get('/api/news/query?limit=1')).json<NewsBody>().news;
    const word =
      (article?.title ?? '').split(/\s+/).find((w) => /^[A-Za-z]{6,}$/.test(w)) ?? 'shares';
    const res = await get(`/api/news/search/${encodeURIComponent(word)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<NewsBody>().news.map((a) => a.id)).toContain(article?.id);
    expect((await get('/api/news/search/ab')).json<NewsBody>().news).toEqual([]);
    expect((await get(`/api/news/search/${'x'.repeat(201)}`)).statusCode).toBe(400);
  });

  it('pages a search whose matches tie on rank and date without overlap (ties go by id)', async () => {
    const news = (await get('/api/news/query?limit=4')).json<NewsBody>().news;
    expect(news).toHaveLength(4);
    const ids = news.map((article) => article.id);
    // Four visible articles with the same title words and the same date: equal rank, equal date.
    await t.database.db
      .updateTable('news')
      .set({ title: 'Quixotic zephyr results', creation_date: new Date('2026-11-20T15:00:00Z') })
      .where('id', 'in', ids)
      .execute();
    const pages: string[] = [];
    for (let skip = 0; skip < 4; skip += 1) {
      const res = await get(`/api/news/search/quixotic%20zephyr?skip=${String(skip)}&limit=1`);
      expect(res.statusCode, res.body).toBe(200);
      pages.push(...res.json<NewsBody>().news.map((article) => article.id));
    }
    expect(pages).toHaveLength(4);
    expect(new Set(pages)).toEqual(new Set(ids));
    expect(pages).toEqual([...ids].sort().reverse());
  });

  it('serves repeated feed questions from a short cache; no_cache=1 and hiding bypass it', async () => {
    const url = '/api/news/query?sentiment_score__gte=-10&order_by=-creation_date&limit=5';
    const first = await get(url);
    const again = await get(`${url}&key=some-session-token`);
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    expect((await get(`${url}&no_cache=1`)).headers['x-cache']).toBe('miss');
    const [top] = first.json<NewsBody>().news;
    const admin = await registerUser(t.app);
    await grant(t.database.db, admin.user.id, { is_admin: true });
    const hide = (value: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/news/set/${top?.id ?? ''}/is_blocked`,
        headers: bearer(admin.token),
        payload: { value },
      });
    expect((await hide(true)).statusCode).toBe(200);
    const after = await get(url);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.json<NewsBody>().news.map((article) => article.id)).not.toContain(top?.id);
    expect((await hide(false)).statusCode).toBe(200);
  });

  it('lets only admins hide an article through the generic setter', async () => {
    const [article] = (await get('/api/news/query?limit=1')).json<NewsBody>().news;
    const id = article?.id ?? '';
    const set = (token: string, property: string, value: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/news/set/${id}/${property}`,
        headers: bearer(token),
        payload: { value },
      });
    const user = await registerUser(t.app);
    expect((await set(user.token, 'is_blocked', true)).statusCode).toBe(403);
    const admin = await registerUser(t.app);
    await grant(t.database.db, admin.user.id, { is_admin: true });
    expect((await set(admin.token, 'title', 'x')).statusCode).toBe(400);
    expect((await set(admin.token, 'is_blocked', 'yes')).statusCode).toBe(400);
    expect((await set(admin.token, 'is_blocked', true)).statusCode).toBe(200);
    expect((await get(`/api/news/get/${id}`)).statusCode).toBe(404);
    expect((await set(admin.token, 'is_blocked', false)).statusCode).toBe(200);
    expect((await get(`/api/news/get/${id}`)).statusCode).toBe(200);
  });

  it('reindexes for admins and debug users only; translation says a model is needed', async () => {
    const [article] = (await get('/api/news/query?limit=1')).json<NewsBody>().news;
    const id = article?.id ?? '';
    const user = await registerUser(t.app);
    expect((await get(`/api/news/force_reindex/${id}`, bearer(user.token))).statusCode).toBe(403);
    await t.database.db
      .updateTable('users')
      .set({ my_debug_interface: true })
      .where('id', '=', user.user.id)
      .execute();
    const res = await get(`/api/news/force_reindex/${id}`, bearer(user.token));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<NewsBody>().news[0]?.AI?.provider).toBe('offline');
    expect((await get(`/api/news/translate/${id}/es-ES`)).statusCode).toBe(401);
    const translate = await get(`/api/news/translate/${id}/es-ES`, bearer(user.token));
    expect(translate.statusCode).toBe(400);
    expect(translate.json<{ error_msg: string }>().error_msg).toMatch(/language model/);
  });

  it('shows debug users what the ticker linker made of an article', async () => {
    const linked = (
      await get('/api/news/query?related_exchange_tickers__not__size=0&limit=1')
    ).json<NewsBody>().news[0];
    const id = linked?.id ?? '';
    // The text names a listing the linker knows (whatever the newest linked story is about on the
    // day the suite runs) and two that do not exist.
    const known = linked?.related_exchange_tickers[0] ?? '';
    await t.database.db
      .updateTable('news')
      .set({ description: `Shares of ${known}, $ZZZQ and NASDAQ:NOPEQ moved too.` })
      .where('id', '=', id)
      .execute();
    const user = await registerUser(t.app);
    expect((await get(`/api/news/test/tickers/${id}`, bearer(user.token))).statusCode).toBe(403);
    await t.database.db
      .updateTable('users')
      .set({ my_debug_interface: true })
      .where('id', '=', user.user.id)
      .execute();
    const res = await get(`/api/news/test/tickers/${id}`, bearer(user.token));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      response: { related_exchange_tickers: string[] };
      validated_tickers: string[];
      unvalidated_tickers: string[];
    }>();
    expect(body.validated_tickers.length).toBeGreaterThan(0);
    expect(body.validated_tickers).toEqual(body.response.related_exchange_tickers);
    expect(body.unvalidated_tickers).toEqual(expect.arrayContaining(['ZZZQ', 'NASDAQ:NOPEQ']));
    expect((await get('/api/news/test/tickers/nope', bearer(user.token))).statusCode).toBe(404);
  });
});
