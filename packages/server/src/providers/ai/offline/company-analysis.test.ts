import { describe, expect, it } from 'vitest';
import type { CompanyAnalysisInput, CompanyNewsInput } from '../ai-provider.ts';
import { markdownText, writeCompanyAnalysis } from './company-analysis.ts';
import { createOfflineAiProvider } from './offline-ai-provider.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

let seq = 0;
function article(overrides: Partial<CompanyNewsInput> = {}): CompanyNewsInput {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    title: `Acme article ${seq}`,
    summary: 'Acme did something.',
    sentiment_score: 0,
    interest_score: 5,
    defcon_level: 4,
    classification: 'Market News',
    date: new Date('2026-11-21T12:00:00Z'),
    publisher: 'Wire',
    ...overrides,
  };
}

function input(overrides: Partial<CompanyAnalysisInput> = {}): CompanyAnalysisInput {
  return {
    company_name: 'Acme Corp',
    exchange_ticker: 'NASDAQ:ACME',
    gics_sector: 'Information Technology',
    gics_sub_industry: 'Application Software',
    summary: null,
    price: {
      exchange_ticker: 'NASDAQ:ACME',
      price: 110,
      currency: 'USD',
      change_pct_1: 1.2,
      change_pct_8: 4,
      change_pct_31: 9,
      change_pct_365: 25,
      low_52w: 80,
      high_52w: 120,
    },
    news: [],
    now: NOW,
    ...overrides,
  };
}

const markers = (markdown: string) => [...markdown.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));

describe('offline company analyst', () => {
  it('is bullish on positive news and rising shares, bearish on the reverse', () => {
    const good = writeCompanyAnalysis(
      input({ news: [article({ sentiment_score: 6 }), article({ sentiment_score: 4 })] }),
    );
    expect(good.markdown.startsWith('## Bullish view')).toBe(true);
    expect(good.sentiment_score).toBeGreaterThan(2);

    const bad = writeCompanyAnalysis(
      input({
        news: [article({ sentiment_score: -7, defcon_level: 2 }), article({ sentiment_score: -3 })],
        price: { ...input().price!, change_pct_8: -6, change_pct_31: -14 },
      }),
    );
    expect(bad.markdown.startsWith('## Bearish view')).toBe(true);
    expect(bad.sentiment_score).toBeLessThan(-2);
    expect(bad.markdown).toContain('The shares lost 14.0% in a month.');
    expect(bad.markdown).toContain('overall, and the shares moved -14.0% over the month');
  });

  it('calls the picture mixed when news and price pull hard in opposite directions', () => {
    const result = writeCompanyAnalysis(
      input({
        news: [article({ sentiment_score: 8 })],
        price: { ...input().price!, change_pct_8: -9, change_pct_31: -20 },
      }),
    );
    expect(result.markdown.startsWith('## Mixed view')).toBe(true);
    // The headline says why: the shares went against the news.
    expect(result.markdown).toContain('read clearly positive overall, but the shares moved -20.0%');
  });

  it('calls weak signals that agree neutral, not mixed', () => {
    const quiet = writeCompanyAnalysis(
      input({
        news: [article({ sentiment_score: 0, defcon_level: 5 })],
        price: { ...input().price!, change_pct_1: 0.2, change_pct_8: 0.3, change_pct_31: 0.5 },
      }),
    );
    expect(quiet.markdown.startsWith('## Neutral view')).toBe(true);
  });

  it('reports the price changes and the 52-week range under "What moved"', () => {
    const { markdown } = writeCompanyAnalysis(input());
    expect(markdown).toContain('## What moved');
    expect(markdown).toContain('- Last price: $110.00.');
    expect(markdown).toContain('- Week (8 days): +4.0%.');
    expect(markdown).toContain('- Year (365 days): +25.0%.');
    expect(markdown).toContain('52-week range: $80.00 – $120.00');
    expect(markdown).toContain('75% of the range, 8.3% below the high.');
  });

  it('lists the most material articles first under "News flow" and cites each one', () => {
    const dull = article({ title: 'Dull note', defcon_level: 5, interest_score: 1 });
    const big = article({
      title: 'Acme to buy Widget Co',
      defcon_level: 2,
      interest_score: 9,
      sentiment_score: 5,
      classification: 'Mergers and Acquisitions',
    });
    const result = writeCompanyAnalysis(input({ news: [dull, big] }));
    const flow = result.markdown.split('## News flow')[1]!.split('## Risks')[0]!;
    expect(flow.indexOf('Acme to buy Widget Co')).toBeLessThan(flow.indexOf('Dull note'));
    expect(result.citations[0]).toBe(big.id);
    expect(result.citations).toContain(dull.id);
    expect(result.markdown).toContain('The deal terms and approvals [1].');
  });

  it('uses every citation and cites only listed articles, numbered from 1', () => {
    const news = Array.from({ length: 9 }, (_, i) =>
      article({ sentiment_score: i - 4, defcon_level: ((i % 5) + 1) as 1 | 2 | 3 | 4 | 5 }),
    );
    const result = writeCompanyAnalysis(input({ news }));
    const used = new Set(markers(result.markdown));
    expect([...used].sort((a, b) => a - b)).toEqual(result.citations.map((_, i) => i + 1));
    for (const id of result.citations) expect(news.some((n) => n.id === id)).toBe(true);
    expect(result.markdown).toContain('4 more article(s) in the window carry less weight.');
  });

  it('lists negative articles under "Risks"', () => {
    const lawsuit = article({
      title: 'Acme sued over patents',
      sentiment_score: -5,
      classification: 'Lawsuit',
    });
    const { markdown } = writeCompanyAnalysis(input({ news: [lawsuit] }));
    const risks = markdown.split('## Risks')[1]!.split('## Watch next')[0]!;
    expect(risks).toContain('- Acme sued over patents (sentiment -5) [1]');
    expect(markdown).toContain('- The court proceedings [1].');
  });

  it('writes headings from level 2 only and says so when there is no news or quote', () => {
    const { markdown, citations, sentiment_score } = writeCompanyAnalysis(
      input({ news: [], price: null }),
    );
    expect(markdown).not.toMatch(/^# /m);
    expect(markdown.match(/^## /gm)).toHaveLength(5);
    expect(markdown).toContain('No quote is stored for the company yet.');
    expect(markdown).toContain('No processed article in the window.');
    expect(citations).toEqual([]);
    expect(sentiment_score).toBe(0);
  });

  it('keeps brackets and markup of titles from reading as citations or HTML', () => {
    expect(markdownText('Acme [NASDAQ] <b>*big*</b>')).toBe(
      'Acme (NASDAQ) \\<b\\>\\*big\\*\\</b\\>',
    );
    const result = writeCompanyAnalysis(input({ news: [article({ title: 'Deal [2] <script>' })] }));
    expect(markers(result.markdown).every((n) => n === 1)).toBe(true);
    expect(result.markdown).not.toContain('<script>');
  });

  it('is deterministic and served by the offline provider', async () => {
    const news = [article({ sentiment_score: 3 }), article({ sentiment_score: -2 })];
    const provider = createOfflineAiProvider();
    const first = await provider.analyzeCompany(input({ news }));
    expect(await provider.analyzeCompany(input({ news }))).toEqual(first);
    expect(first).toEqual(writeCompanyAnalysis(input({ news })));
  });
});
