import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  analysisAnswer,
  openAiProviderFor,
  startFakeOpenAi,
  type FakeOpenAi,
} from '../../../../test/helpers/fake-openai.ts';
import type { AiArticleInput, AiProvider } from '../ai-provider.ts';
import { createOfflineAiProvider } from '../offline/offline-ai-provider.ts';
import { splitSentences } from '../offline/text.ts';
import type { ChatClientOptions } from './chat-client.ts';
import { LlmCallError, retryAfterMs } from './llm-call-error.ts';
import type { OpenAiProviderOptions } from './openai-ai-provider.ts';

const article: AiArticleInput = {
  title: 'Acme Corp beats estimates and raises full-year guidance',
  text:
    'Acme Corp reported quarterly revenue of $4.2 billion, up 18% from a year earlier. ' +
    'Adjusted earnings of $1.10 a share topped the 95-cent consensus. ' +
    'The company raised its full-year outlook, citing strong demand for its cloud products. ' +
    'Shares rose 7% in after-hours trading. ' +
    'Acme will hold its annual meeting in May.',
  publisher: 'Wire',
  tickers: ['NYSE:ACME'],
};
const sentences = splitSentences(article.text);
const offline = createOfflineAiProvider();

type LogLine = { level: number; msg: string; reason?: string };

let fake: FakeOpenAi;
let logs: LogLine[];
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  logs = [];
});

function provider(
  options: Partial<ChatClientOptions> = {},
  breaker?: OpenAiProviderOptions['breaker'],
): AiProvider {
  const log = pino(
    { level: 'info' },
    { write: (line: string) => logs.push(JSON.parse(line) as LogLine) },
  );
  return openAiProviderFor(fake, {
    client: options,
    log,
    maxDelayMs: 1_500,
    ...(breaker && { breaker }),
  });
}

const warnings = () => logs.filter((line) => line.level === 40);

describe.each([
  { mode: 'streaming', stream: true },
  { mode: 'non-streaming', stream: false },
])('openai analyst, $mode', ({ stream }) => {
  it('stores the validated answer, its cited sentences and the model as provider', async () => {
    const analysis = await provider({ stream }).analyze(article);
    expect(analysis).toEqual({
      ...analysisAnswer(),
      source_sentences: undefined,
      sources: [
        { index: 0, text: sentences[0] },
        { index: 2, text: sentences[2] },
      ],
      provider: 'openai (test-model)',
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.body.stream).toBe(stream);
  });

  it('falls back to the offline analyst after three answers that are not JSON', async () => {
    fake.enqueue(...Array.from({ length: 3 }, () => ({ answer: 'Sure! Here is the analysis.' })));
    const analysis = await provider({ stream }).analyze(article);
    expect(fake.requests).toHaveLength(3);
    expect(analysis.provider).toMatch(/^offline \(openai failed: invalid JSON/);
    const { provider: _p, ...fields } = analysis;
    expect(fields).toEqual(await offline.analyze(article));
    expect(warnings()[0]?.reason).toMatch(/invalid JSON/);
  });
});

describe('openai analyst: the request', () => {
  it('sends the model, the key, JSON mode, a low temperature and numbered sentences', async () => {
    await provider().analyze(article);
    const request = fake.requests[0];
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    expect(request?.body.model).toBe('test-model');
    expect(request?.body.response_format).toEqual({ type: 'json_object' });
    expect(request?.body.temperature).toBeLessThanOrEqual(0.3);
    const user = request?.body.messages.find((m) => m.role === 'user')?.content ?? '';
    expect(user).toContain(`[0] ${sentences[0]}`);
    expect(user).toContain(`[4] ${sentences[4]}`);
    expect(user).toContain('Tickers: NYSE:ACME');
  });

  it('sends no Authorization header when no key is set', async () => {
    await provider({ apiKey: undefined }).analyze(article);
    expect(fake.requests[0]?.headers.authorization).toBeUndefined();
  });
});

describe('openai analyst: validation', () => {
  it('drops cited sentence indices the article does not have', async () => {
    fake.enqueue({ answer: analysisAnswer({ source_sentences: [3, 99, -1, 2.5, '1', 3] }) });
    const analysis = await provider().analyze(article);
    expect(analysis.sources.map((s) => s.index)).toEqual([1, 3]);
    expect(analysis.sources[1]?.text).toBe(sentences[3]);
  });

  it('reads a fenced answer and tidies case, numeric strings and fractions', async () => {
    const answer = analysisAnswer({
      classification: 'company results',
      sentiment: 'Bullish',
      sentiment_score: '6.6',
      interest_score: 7.2,
      article_icon: 'Trending-Up',
    });
    fake.enqueue({ answer: `Here you go:\n\`\`\`json\n${JSON.stringify(answer)}\n\`\`\`` });
    const analysis = await provider().analyze(article);
    expect(analysis).toMatchObject({
      classification: 'Company Results',
      sentiment: 'bullish',
      sentiment_score: 7,
      interest_score: 7,
      article_icon: 'trending-up',
      provider: 'openai (test-model)',
    });
  });

  it.each([
    ['an unknown classification', { classification: 'Earnings Gossip' }, /classification/],
    ['a sentiment score off the scale', { sentiment_score: 15 }, /sentiment_score/],
    ['a defcon level of 0', { defcon_level: 0 }, /defcon_level/],
    ['a missing summary', { summary: undefined }, /summary/],
  ])('retries %s, then falls back with the reason', async (_what, override, reason) => {
    fake.enqueue(...Array.from({ length: 3 }, () => ({ answer: analysisAnswer(override) })));
    const analysis = await provider().analyze(article);
    expect(fake.requests).toHaveLength(3);
    expect(analysis.provider).toMatch(/^offline \(openai failed: invalid answer: /);
    expect(analysis.provider).toMatch(reason);
    expect(warnings()).toHaveLength(1);
  });

  it('accepts a good answer after a bad one', async () => {
    fake.enqueue({ answer: '{"title": "cut off' });
    const analysis = await provider().analyze(article);
    expect(fake.requests).toHaveLength(2);
    expect(analysis.provider).toBe('openai (test-model)');
  });
});

describe('openai analyst: transient failures', () => {
  it('waits for Retry-After after a 429, then succeeds', async () => {
    fake.enqueue({ status: 429, headers: { 'retry-after': '1' } });
    const started = Date.now();
    const analysis = await provider().analyze(article);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(fake.requests).toHaveLength(2);
    expect(analysis.provider).toBe('openai (test-model)');
  });

  it('caps a long Retry-After', async () => {
    fake.enqueue({ status: 429, headers: { 'retry-after': '3600' } });
    const started = Date.now();
    await provider().analyze(article);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(fake.requests).toHaveLength(2);
  });

  it('retries two 500s, then succeeds', async () => {
    fake.enqueue({ status: 500 }, { status: 503 });
    const analysis = await provider().analyze(article);
    expect(fake.requests).toHaveLength(3);
    expect(analysis.provider).toBe('openai (test-model)');
  });

  it('falls back after three 500s', async () => {
    fake.enqueue({ status: 500 }, { status: 500 }, { status: 500 });
    const analysis = await provider().analyze(article);
    expect(fake.requests).toHaveLength(3);
    expect(analysis.provider).toBe('offline (openai failed: HTTP 500: status 500)');
  });

  it('does not retry a 401: the key is wrong, trying again cannot help', async () => {
    fake.enqueue({ status: 401, body: '{"error":{"message":"Incorrect API key provided"}}' });
    const analysis = await provider().analyze(article);
    expect(fake.requests).toHaveLength(1);
    expect(analysis.provider).toBe('offline (openai failed: HTTP 401: Incorrect API key provided)');
  });

  it('times out a server that never answers, and falls back', async () => {
    fake.enqueue({ hang: true }, { hang: true }, { hang: true });
    const analysis = await provider({ timeoutMs: 150 }).analyze(article);
    expect(fake.requests).toHaveLength(3);
    expect(analysis.provider).toMatch(
      /^offline \(openai failed: timed out \(no data for 150 ms\)\)$/,
    );
  });

  it('falls back when nothing listens at the base URL', async () => {
    const analysis = await provider({ baseUrl: 'http://127.0.0.1:9/v1' }).analyze(article);
    expect(analysis.provider).toMatch(/^offline \(openai failed: network error/);
  });

  it('lets a slow stream through as long as chunks keep coming', async () => {
    fake.enqueue({ answer: analysisAnswer(), chunkDelayMs: 5 });
    const analysis = await provider({ timeoutMs: 200, streamTotalMs: 10_000 }).analyze(article);
    expect(analysis.provider).toBe('openai (test-model)');
  });
});

describe('openai analyst: a model that keeps failing', () => {
  it('is skipped after failures in a row, then tried again after the cooldown', async () => {
    let clock = 0;
    const analyst = provider({}, { threshold: 2, cooldownMs: 60_000, now: () => clock });
    fake.enqueue(...Array.from({ length: 6 }, () => ({ status: 503 })));
    await analyst.analyze(article);
    await analyst.analyze(article);
    expect(fake.requests).toHaveLength(6);
    const skipped = await analyst.analyze(article);
    expect(fake.requests).toHaveLength(6);
    expect(skipped.provider).toBe(
      'offline (openai failed: skipped after 2 failures in a row (last: HTTP 503: status 503))',
    );
    clock += 60_000;
    const recovered = await analyst.analyze(article);
    expect(fake.requests).toHaveLength(7);
    expect(recovered.provider).toBe('openai (test-model)');
  });
});

describe('openai translation', () => {
  const texts = { title: 'Acme beats', summary: 'Acme beat estimates.', paragraph: '' };

  it('translates the title, summary and paragraph', async () => {
    const translated = await provider().translate(texts, 'es-ES');
    expect(translated).toEqual({
      title: '[es-ES] Acme beats',
      summary: '[es-ES] Acme beat estimates.',
      paragraph: '',
    });
    const user = fake.requests[0]?.body.messages[1]?.content ?? '';
    expect(user).toContain('Target language: es-ES');
  });

  it('retries a translation with a missing field, then gives up with an error', async () => {
    const bad = { answer: { title: 'Acme supera', summary: '' } };
    fake.enqueue(bad, bad, bad);
    await expect(provider().translate(texts, 'es-ES')).rejects.toBeInstanceOf(LlmCallError);
    expect(fake.requests).toHaveLength(3);
  });
});

describe('Retry-After', () => {
  it('reads seconds, an HTTP date and retry-after-ms', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }), now)).toBe(2_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }), now)).toBe(
      5_000,
    );
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(
      250,
    );
    expect(retryAfterMs(new Headers(), now)).toBeUndefined();
  });
});
