import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { writeCompanyAnalysis } from '../src/providers/ai/offline/company-analysis.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { jobDeps } from './helpers/job-deps.ts';

const NOW = new Date('2026-11-23T22:00:00Z');
const HOUR = 3_600_000;

let counter = 0;
/** A processed article linked to `tickers`, in that order, `hoursAgo` before NOW. */
async function article(
  t: TestApp,
  title: string,
  tickers: string[],
  options: { hoursAgo?: number; defcon?: number; interest?: number; storyOf?: string } = {},
): Promise<string> {
  counter += 1;
  const ai = {
    title,
    title_clickbait: title,
    summary: `${title}.`,
    paragraph: `${title}.`,
    classification: 'Market News',
    sentiment: 'bullish',
    sentiment_score: 4,
    interest_score: options.interest ?? 5,
    article_icon: 'activity',
    gif_keywords: [],
    defcon_level: options.defcon ?? 4,
    defcon_outcome: '',
    no_bullshit: '',
    sources: [],
    provider: 'offline',
  };
  const row = await t.database.db
    .insertInto('news')
    .values({
      link: `https://example.com/centrality-${counter}`,
      guid: `centrality-${counter}`,
      title,
      summary: ai.summary,
      ai_summary: ai.paragraph,
      no_bullshit: null,
      creation_date: new Date(NOW.getTime() - (options.hoursAgo ?? 2) * HOUR),
      interest_score: ai.interest_score,
      sentiment_score: [4],
      AI: JSON.stringify(ai),
      related_exchange_tickers: tickers,
      experiment: null,
      status: 'PROCESSED',
      status_reason: null,
      source: 'test',
      story_id: options.storyOf ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A company's analysis and its related companies weigh a mention by how central
 * the company is to the article; the day's movers lists naming it among many count for nothing.
 */
describe('mentions weighted by how central the company is to the article', () => {
  let t: TestApp;
  const companyId = async (symbol: string) =>
    (
      await t.database.db
        .selectFrom('securities')
        .select('company_id')
        .where('exchange_ticker', '=', symbol)
        .executeTakeFirstOrThrow()
    ).company_id;

  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true, clock: fixedClock(NOW) });
  });
  afterAll(() => t.close());

  it("leads Freeport-McMoRan's analysis with its own news, not a movers list naming it fifth", async () => {
    const list = await article(
      t,
      "Lamar Advertising soars 11% to lead the day's gainers",
      ['NASDAQ:LAMR', 'NYSE:MFC', 'NASDAQ:ALGN', 'NASDAQ:WMT', 'NYSE:FCX'],
      { hoursAgo: 1, defcon: 3, interest: 9 },
    );
    const own = await article(t, 'Freeport-McMoRan raises its copper output forecast', [
      'NYSE:FCX',
    ]);
    // The same story from a second source: counted once.
    const again = await article(t, 'Freeport-McMoRan lifts copper output outlook', ['NYSE:FCX'], {
      hoursAgo: 1.5,
      storyOf: own,
    });
    const deps = jobDeps(t.database.db, {}, { clock: fixedClock(NOW) });
    const input = await deps.services.analysis.buildInput(await companyId('NYSE:FCX'), NOW);
    const ids = input?.news.map((n) => n.id) ?? [];
    expect(ids).not.toContain(list);
    expect(ids.filter((id) => id === own || id === again)).toHaveLength(1);
    const analysis = input && writeCompanyAnalysis(input);
    expect(analysis?.markdown).toContain('The most material item: Freeport-McMoRan');
    expect(analysis?.markdown).not.toContain('Lamar');
  });

  it("ranks Chevron and Shell first among Exxon Mobil's related companies, not movers-list neighbours", async () => {
    for (let day = 0; day < 3; day++) {
      await article(
        t,
        `Align Technology leads the day's gainers ${String(day)}`,
        ['NASDAQ:ALGN', 'NYSE:DRI', 'NYSE:DOV', 'NYSE:XOM', 'NASDAQ:LAMR'],
        { hoursAgo: 24 * day + 3 },
      );
    }
    await article(t, 'Exxon Mobil and Chevron bid for Permian acreage', ['NYSE:XOM', 'NYSE:CVX']);
    await article(t, 'Chevron and Exxon Mobil raise output', ['NYSE:CVX', 'NYSE:XOM'], {
      hoursAgo: 30,
    });
    await article(t, 'Shell and Exxon Mobil sign an LNG supply deal', ['NYSE:SHEL', 'NYSE:XOM'], {
      hoursAgo: 5,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/company/get_related/NYSE:XOM?limit=5',
    });
    expect(res.statusCode, res.body).toBe(200);
    const related = res
      .json<{ related_companies: { exchange_tickers: string[] }[] }>()
      .related_companies.map((c) => c.exchange_tickers[0]);
    expect(related.slice(0, 2)).toEqual(['NYSE:CVX', 'NYSE:SHEL']);
    for (const neighbour of ['NASDAQ:ALGN', 'NYSE:DRI', 'NYSE:DOV']) {
      expect(related).not.toContain(neighbour);
    }
  });
});
