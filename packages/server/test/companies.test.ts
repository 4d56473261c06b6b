import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoCompanies } from '../src/demo/companies.ts';
import { ensureDemoCompanies } from '../src/modules/companies/demo-companies.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';

type Suggestions = { query: string; suggestions: string[]; extra: string[] };

describe('companies and suggestions (demo data set)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('loads every demo company once, with its listing', async () => {
    const count = loadDemoCompanies().length;
    expect(await ensureDemoCompanies(t.database.db)).toBe(0);
    const rows = await t.database.db.selectFrom('securities').select('exchange_ticker').execute();
    expect(rows).toHaveLength(count);
  });

  it('finds a company by exchange ticker, id, name and safe name', async () => {
    const byTicker = await get('/api/company/query?exchange_tickers=NASDAQ:AAPL');
    const [apple] = byTicker.json<{
      companies: { id: string; company_name: string; safe_name: string }[];
    }>().companies;
    expect(apple).toMatchObject({ company_name: 'Apple Inc.', safe_name: 'apple_inc' });
    for (const url of [
      `/api/company/query?id=${apple?.id ?? ''}`,
      '/api/company/query?company_name=Apple%20Inc.',
      '/api/company/query?safe_name=apple_inc',
      '/api/company/query?exchange_tickers=nasdaq:aapl',
    ]) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.json<{ companies: { id: string }[] }>().companies.map((c) => c.id)).toEqual([
        apple?.id,
      ]);
    }
  });

  it('projects with only= and answers 400 naming a bad filter', async () => {
    const res = await get(
      '/api/company/query?gics_sub_industry=Semiconductors&only=company_name,exchange_tickers&limit=100',
    );
    const companies = res.json<{ companies: Record<string, unknown>[] }>().companies;
    expect(companies.length).toBeGreaterThan(5);
    expect(Object.keys(companies[0] ?? {}).sort()).toEqual([
      'company_name',
      'exchange_tickers',
      'id',
    ]);
    const malformedId = await get('/api/company/query?id=not-a-uuid');
    expect(malformedId.json()).toEqual({ status: 'success', companies: [] });
    const bad = await get('/api/company/query?password=x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error_msg: string }>().error_msg).toBe("Unknown query parameter 'password'");
  });

  it('counts companies per sector and per sub-industry of a sector', async () => {
    const sectors = (await get('/api/company/categories')).json<{
      result: { _id: string; count: number }[];
    }>().result;
    expect(sectors).toHaveLength(11);
    expect(sectors.reduce((sum, s) => sum + s.count, 0)).toBe(loadDemoCompanies().length);
    const subs = (
      await get(
        '/api/company/categories?group=gics_sub_industry&gics_sector=Information%20Technology',
      )
    ).json<{
      result: { _id: string }[];
    }>().result;
    expect(subs.map((s) => s._id)).toContain('Semiconductors');
  });

  it('ranks suggestions: exact ticker first, then ticker prefix, then names', async () => {
    const amd = (await get('/api/ticker/suggestions?query=amd')).json<Suggestions>();
    expect(amd.query).toBe('amd');
    expect(amd.suggestions[0]).toBe('NASDAQ:AMD');
    expect(amd.extra[0]).toMatch(/^Advanced Micro Devices/);
    expect(amd.extra).toHaveLength(amd.suggestions.length);
    const apple = (await get('/api/company/suggestions?query=apple')).json<Suggestions>();
    expect(apple.suggestions[0]).toBe('NASDAQ:AAPL');
    const word = (await get('/api/company/suggestions?query=micro')).json<Suggestions>();
    expect(word.suggestions).toContain('NASDAQ:MSFT');
  });

  it('tolerates typos through trigram similarity', async () => {
    const typo = (await get('/api/company/suggestions?query=Microsfot')).json<Suggestions>();
    expect(typo.suggestions).toContain('NASDAQ:MSFT');
  });

  it('answers an empty query with no suggestions and an over-long or wildcard query safely', async () => {
    expect((await get('/api/ticker/suggestions?query=')).json<Suggestions>().suggestions).toEqual(
      [],
    );
    const long = await get(`/api/ticker/suggestions?query=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json<{ error_msg: string }>().error_msg).toBe(
      "Invalid query parameter 'query': must be at most 100 characters",
    );
    const wildcard = await get('/api/ticker/suggestions?query=%25_%25');
    expect(wildcard.statusCode).toBe(200);
    expect(wildcard.json<Suggestions>().suggestions).toEqual([]);
  });
});

describe('related companies and the cached query', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true });
  });
  afterAll(() => t.close());

  it('lists companies of the same sub-industry first, then of the same sector', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/company/get_related/NASDAQ:NVDA?limit=25',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      result: { company_name: string; gics_sub_industry: string };
      related_companies: {
        exchange_tickers: string[];
        gics_sub_industry: string;
        gics_sector: string;
      }[];
    }>();
    expect(body.result.gics_sub_industry).toBe('Semiconductors');
    expect(body.related_companies).toHaveLength(25);
    expect(body.related_companies.map((c) => c.exchange_tickers[0])).not.toContain('NASDAQ:NVDA');
    const firstOther = body.related_companies.findIndex(
      (c) => c.gics_sub_industry !== 'Semiconductors',
    );
    expect(firstOther).toBeGreaterThan(5);
    expect(
      body.related_companies
        .slice(firstOther)
        .every((c) => c.gics_sub_industry !== 'Semiconductors'),
    ).toBe(true);
    expect(body.related_companies.every((c) => c.gics_sector === 'Information Technology')).toBe(
      true,
    );
  });

  it('ranks the companies the news mentions together with it first', async () => {
    const mention = (i: number, tickers: string[], daysAgo: number, blocked = false) =>
      sql`insert into news (link, guid, title, description, publisher, creation_date,
            related_exchange_tickers, is_blocked, status, source)
          values (${`https://wire.example/related-${i}`}, ${`related-${i}`}, 'Chip deal',
            'Two companies in the news.', 'Reuters', now() - make_interval(days => ${daysAgo}),
            ${tickers}::text[], ${blocked}, 'PROCESSED', 'test')`.execute(t.database.db);
    await mention(1, ['NASDAQ:NVDA', 'NASDAQ:WMT'], 1);
    await mention(2, ['NASDAQ:WMT', 'NASDAQ:NVDA', 'NYSE:KO'], 2);
    await mention(3, ['NASDAQ:NVDA', 'NYSE:KO'], 200); // too old to count
    await mention(4, ['NASDAQ:NVDA', 'NYSE:PG'], 1, true); // blocked: not counted
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/company/get_related/NASDAQ:NVDA?limit=10',
    });
    expect(res.statusCode, res.body).toBe(200);
    const related = res
      .json<{ related_companies: { exchange_tickers: string[]; gics_sub_industry: string }[] }>()
      .related_companies.map((c) => c.exchange_tickers[0]);
    expect(related.slice(0, 2)).toEqual(['NASDAQ:WMT', 'NYSE:KO']);
    expect(related).not.toContain('NYSE:PG');
    expect(related).toHaveLength(10);
    expect(new Set(related).size).toBe(10);
    await sql`delete from news where source = 'test'`.execute(t.database.db);
  });

  it('answers 404 for an unknown symbol and 400 for a limit out of range', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/company/get_related/NASDAQ:NOPE' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/company/get_related/NASDAQ:NVDA?limit=500' }))
        .statusCode,
    ).toBe(400);
  });

  it('serves /company/query_cache like /company/query, cacheable for five minutes', async () => {
    const url =
      '/api/company/query_cache?only=company_name,exchange_tickers&gics_sub_industry=Semiconductors&limit=100';
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const direct = await t.app.inject({ method: 'GET', url: url.replace('query_cache', 'query') });
    expect(res.json()).toEqual(direct.json());
  });
});
