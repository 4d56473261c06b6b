import {
  companyAnalysesResponseSchema,
  type CompanyAnalysesResponse,
} from '@app/shared/api/analysis';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalysisRepository } from '../src/modules/analysis/analysis.repository.ts';
import {
  createAnalysisService,
  type AnalysisService,
} from '../src/modules/analysis/analysis.service.ts';
import { enrichNewsJob } from '../src/modules/news/news-enrich.job.ts';
import { ingestNewsJob } from '../src/modules/news/news.jobs.ts';
import { createOfflineAiProvider } from '../src/providers/ai/offline/offline-ai-provider.ts';
import { jobDeps } from './helpers/job-deps.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';

describe('company analyses written from the offline wire', () => {
  let t: TestApp;
  let service: AnalysisService;
  let now: Date;
  let firstRun: { candidates: number; written: number; failed: number };
  let enqueued: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true });
    const deps = jobDeps(t.database.db);
    enqueued = deps.enqueued;
    await ingestNewsJob.handler({}, deps);
    await enrichNewsJob.handler({}, deps);
    // The wire's articles carry fixed dates: the analyses are written an hour after the newest.
    const newest = await t.database.db
      .selectFrom('news')
      .select((eb) => eb.fn.max('creation_date').as('at'))
      .executeTakeFirstOrThrow();
    now = new Date(new Date(newest.at).getTime() + 3_600_000);
    service = createAnalysisService({
      repository: createAnalysisRepository(t.database.db),
      ai: createOfflineAiProvider(),
      log: pino({ level: 'silent' }),
      clock: { now: () => now },
    });
    firstRun = await service.analyzeChanged({ now, max: 4 });
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json<CompanyAnalysesResponse>(), raw: res.body };
  };

  it('queues company.analyze once the analyst has processed articles', () => {
    expect(enqueued).toContain('company.analyze');
  });

  it('writes at most N analyses a run, busiest companies first, and nothing for unchanged inputs', async () => {
    expect(firstRun.failed).toBe(0);
    expect(firstRun.written).toBe(4);
    expect(firstRun.candidates).toBeGreaterThan(4);
    const second = await service.analyzeChanged({ now, max: 1_000 });
    // A candidate named only in list articles (the day's movers) has no news of its own to
    // analyse: it is skipped, never written.
    expect(second.written).toBeGreaterThan(0);
    expect(second.written).toBeLessThanOrEqual(firstRun.candidates - 4);
    const third = await service.analyzeChanged({ now, max: 1_000 });
    expect(third.written).toBe(0);
  });

  it('writes again when an article of the company changes', async () => {
    const { body } = await get('/api/company/latest_prompts?limit=1');
    const analysis = body.news[0]!;
    const cited = analysis.citations![0]!.id;
    // A score other than the one it has (the newest analysis is any of the run's companies, and
    // the wire's articles follow the date: the cited one may already score -9).
    await sql`update news set "AI" = jsonb_set("AI", '{sentiment_score}',
        case when "AI"->>'sentiment_score' = '-9' then '9'::jsonb else '-9'::jsonb end)
      where id = ${cited}`.execute(t.database.db);
    const rerun = await service.analyzeChanged({ now, max: 100 });
    expect(rerun.written).toBeGreaterThanOrEqual(1);
    const history = await get(
      `/api/company/query_prompts?company_id=${analysis.company_id}&order_by=-ai_upload_date`,
    );
    expect(history.body.news.length).toBe(2);
  });

  it('answers /company/latest_prompts: one analysis a company, newest first, with the companies', async () => {
    const { status, body, raw } = await get('/api/company/latest_prompts?skip=0&limit=100');
    expect(status, raw).toBe(200);
    expect(companyAnalysesResponseSchema.safeParse(body).success).toBe(true);
    // The demo newsroom's stories make more candidates than a page of 100.
    expect(body.news.length).toBe(Math.min(100, firstRun.candidates));
    const companies = body.news.map((item) => item.company_id);
    expect(new Set(companies).size).toBe(companies.length);
    const dates = body.news.map((item) => item.ai_upload_date!);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(Number.isInteger(dates[0])).toBe(true);
    expect(body.companies.map((c) => c.id).sort()).toEqual([...companies].sort());
    for (const item of body.news) {
      expect(item.ai_summary).toMatch(/^## (Bullish|Bearish|Mixed|Neutral) view/);
      expect(item.provider).toBe('offline');
      // Every marker points at a citation whose article is known.
      const markers = [...item.ai_summary!.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
      expect(Math.max(0, ...markers)).toBe(item.citations!.length);
      for (const citation of item.citations!) {
        expect(citation.title).toBeTruthy();
        expect(citation.link).toMatch(/^https?:\/\//);
      }
    }
  });

  it('pages /company/latest_prompts with skip and limit', async () => {
    const all = (await get('/api/company/latest_prompts?limit=100')).body.news.map((n) => n.id);
    const page = (await get('/api/company/latest_prompts?skip=2&limit=2')).body;
    expect(page.news.map((n) => n.id)).toEqual(all.slice(2, 4));
    expect(page.companies).toHaveLength(2);
  });

  it('answers the spec query of /company/query_prompts with only the projected fields', async () => {
    const { body: latest } = await get('/api/company/latest_prompts?limit=1');
    const companyId = latest.news[0]!.company_id!;
    const { status, body } = await get(
      `/api/company/query_prompts?company_id=${companyId}&ai_summary__exists=1&order_by=-ai_upload_date&only=ai_summary,ai_upload_date`,
    );
    expect(status).toBe(200);
    expect(body.news.length).toBeGreaterThan(0);
    for (const item of body.news) {
      expect(Object.keys(item).sort()).toEqual(['ai_summary', 'ai_upload_date', 'id']);
    }
    expect(body.companies.map((c) => c.id)).toEqual([companyId]);
  });

  it('finds a company by symbol, and answers 404 for an unknown one', async () => {
    const { body: latest } = await get('/api/company/latest_prompts?limit=1');
    const symbol = latest.companies[0]!.exchange_tickers[0]!;
    const { status, body } = await get(
      `/api/company/query_prompts?symbol=${symbol.toLowerCase()}&limit=5`,
    );
    expect(status).toBe(200);
    expect(body.news.every((item) => item.company_id === latest.companies[0]!.id)).toBe(true);
    expect(body.companies[0]!.exchange_tickers).toContain(symbol);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/company/query_prompts?symbol=NASDAQ:NOPE',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ error_msg: string }>().error_msg).toBe('Company not found');
  });

  it('answers 400 naming the parameter for bad input', async () => {
    const cases = [
      '/api/company/query_prompts?limit=101',
      '/api/company/query_prompts?password__eq=1',
      '/api/company/query_prompts?order_by=ai_summary',
      '/api/company/query_prompts?symbol=nope',
      '/api/company/query_prompts?citations=abc',
      '/api/company/query_prompts?company_id=not-a-uuid&limit=x',
      '/api/company/latest_prompts?limit=0',
      '/api/company/latest_prompts?skip=-1',
    ];
    for (const url of cases) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      const body = res.json<{ status: string; error_msg: string }>();
      expect(body.status).toBe('error');
      expect(body.error_msg.length, url).toBeGreaterThan(0);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/company/latest_prompts?limit=0' });
    expect(res.json<{ error_msg: string }>().error_msg).toMatch(/limit/);
  });
});
