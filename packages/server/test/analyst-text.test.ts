import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { ingestNewsJob } from '../src/modules/news/news.jobs.ts';
import { repeatedSentences } from '../src/providers/ai/offline/sentence-diversity.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { jobDeps } from './helpers/job-deps.ts';

/** Listings given their history, so the 52-week and volume briefs have figures to report. */
const HISTORY = 40;

/**
 * A fresh demo start read as a newcomer would, on Monday 2026-11-23 after the
 * close: quotes, every source ingested, every article enriched, every company analysis written.
 * No summary, paragraph or analysis may say the same (or nearly the same) sentence twice.
 */
describe('the analyst’s text on a fresh demo start', () => {
  const now = new Date('2026-11-23T22:30:00Z');
  let t: TestApp;
  let written = 0;
  beforeAll(async () => {
    const clock = fixedClock(now);
    t = await buildTestApp({ demoCompanies: true, clock });
    const deps = jobDeps(t.database.db, { NEWS_FULL_TEXT: 'false' }, { clock });
    const { market } = deps.services;
    const symbols = await market.quotes.allSymbols();
    for (const symbol of symbols.slice(0, HISTORY)) await market.history.ensureLoaded(symbol);
    await market.quotes.refresh(symbols, { backfill: false });
    await ingestNewsJob.handler({}, deps);
    for (let round = 0; round < 40; round++) {
      const counts = await deps.services.enrich.enrichWaiting(200);
      if (counts.processed + counts.failed === 0) break;
    }
    for (let round = 0; round < 40; round++) {
      const result = await deps.services.analysis.analyzeChanged({ now, max: 100 });
      written += result.written;
      if (result.written === 0) break;
    }
  }, 600_000);
  afterAll(() => t.close());

  it('writes market briefs, newsroom stories and company analyses to read', async () => {
    const sources = await t.database.db
      .selectFrom('news')
      .select(['source', (eb) => eb.fn.countAll<string>().as('count')])
      .where('status', '=', 'PROCESSED')
      .groupBy('source')
      .execute();
    const bySource = new Map(sources.map((row) => [row.source, Number(row.count)]));
    expect(bySource.get('market-brief')).toBeGreaterThanOrEqual(3);
    expect(bySource.get('demo-newsroom')).toBeGreaterThan(50);
    expect(written).toBeGreaterThan(20);
  });

  it('repeats no sentence in any article’s summary, paragraph or AI summary', async () => {
    const rows = await t.database.db
      .selectFrom('news')
      .select(['title', 'ai_summary', 'AI'])
      .where('status', '=', 'PROCESSED')
      .execute();
    expect(rows.length).toBeGreaterThan(100);
    const repeats: string[] = [];
    for (const row of rows) {
      const ai = row.AI as { summary: string; paragraph: string };
      for (const [field, text] of [
        ['summary', ai.summary],
        ['paragraph', ai.paragraph],
        ['ai_summary', row.ai_summary ?? ''],
      ] as const) {
        for (const [a, b] of repeatedSentences(text)) {
          repeats.push(`${row.title} (${field}): "${a}" ~ "${b}"`);
        }
      }
    }
    expect(repeats).toEqual([]);
  });

  it('repeats no sentence in any company analysis', async () => {
    const analyses = await t.database.db
      .selectFrom('company_prompts')
      .select(['company_id', 'ai_summary'])
      .execute();
    expect(analyses.length).toBe(written);
    const repeats = analyses.flatMap((row) =>
      repeatedSentences(row.ai_summary).map(([a, b]) => `${row.company_id}: "${a}" ~ "${b}"`),
    );
    expect(repeats).toEqual([]);
  });

  it('scores each market brief by the figures it reports', async () => {
    const briefs = await t.database.db
      .selectFrom('news')
      .select(['title', 'sentiment_hint', 'sentiment_first'])
      .where('source', '=', 'market-brief')
      .execute();
    for (const brief of briefs) {
      expect(brief.sentiment_hint, brief.title).not.toBeNull();
      // A hint too weak to leave neutral scores 0, like every neutral call.
      const hint = brief.sentiment_hint ?? NaN;
      expect(brief.sentiment_first, brief.title).toBe(Math.abs(hint) >= 2 ? hint : 0);
    }
  });
});
