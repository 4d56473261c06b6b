import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  openAiProviderFor,
  startFakeOpenAi,
  type FakeOpenAi,
} from '../../../../test/helpers/fake-openai.ts';
import type { CompanyAnalysisInput, CompanyNewsInput } from '../ai-provider.ts';
import { createOfflineAiProvider } from '../offline/offline-ai-provider.ts';

const news = (id: string, title: string, score: number): CompanyNewsInput => ({
  id,
  title,
  summary: `${title}, the wire reports.`,
  sentiment_score: score,
  interest_score: 6,
  defcon_level: 3,
  classification: 'Company Results',
  date: new Date('2026-11-20T12:00:00Z'),
  publisher: 'Wire',
});

const input: CompanyAnalysisInput = {
  company_name: 'Acme Corp',
  exchange_ticker: 'NYSE:ACME',
  gics_sector: 'Information Technology',
  gics_sub_industry: 'Application Software',
  summary: 'Acme sells cloud software.',
  price: {
    exchange_ticker: 'NYSE:ACME',
    price: 123.45,
    currency: 'USD',
    change_pct_1: 1.2,
    change_pct_8: 4.5,
    change_pct_31: -2,
    change_pct_365: 30,
    low_52w: 90,
    high_52w: 130,
  },
  news: [
    news('11111111-1111-1111-1111-111111111111', 'Acme raises guidance', 6),
    news('22222222-2222-2222-2222-222222222222', 'Acme wins a large contract', 5),
  ],
  now: new Date('2026-11-22T00:00:00Z'),
};

const offline = createOfflineAiProvider();
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const provider = () => openAiProviderFor(fake);

describe('openai company analysis', () => {
  it('renumbers the cited articles in order of use and records the model', async () => {
    fake.enqueue({
      answer: {
        markdown:
          '# Acme Corp\n\n## News flow\n\nAcme won a large contract [2]. It also raised its ' +
          'guidance on the back of it [1, 2].',
        sentiment_score: '4.4',
      },
    });
    const analysis = await provider().analyzeCompany(input);
    expect(analysis).toEqual({
      markdown:
        '## Acme Corp\n\n## News flow\n\nAcme won a large contract [1]. It also raised its ' +
        'guidance on the back of it [2][1].',
      sentiment_score: 4,
      citations: [input.news[1]?.id, input.news[0]?.id],
      provider: 'openai (test-model)',
    });
    const user = fake.requests[0]?.body.messages[1]?.content ?? '';
    expect(user).toContain('Company: Acme Corp (NYSE:ACME)');
    expect(user).toContain('[2] 2026-11-20, Wire: Acme wins a large contract.');
    expect(user).not.toContain(input.news[0]?.id);
  });

  it('retries an analysis citing an article it was not given, then falls back', async () => {
    const invented = {
      answer: {
        markdown: 'Acme is doing fine according to a report [7], says the wire.',
        sentiment_score: 2,
      },
    };
    fake.enqueue(invented, invented, invented);
    const analysis = await provider().analyzeCompany(input);
    expect(fake.requests).toHaveLength(3);
    expect(analysis.provider).toBe(
      'offline (openai failed: invalid answer: markdown: cites article 7, which it was not given)',
    );
    const { provider: _p, ...fields } = analysis;
    const { provider: _o, ...expected } = await offline.analyzeCompany(input);
    expect(fields).toEqual(expected);
  });
});
