import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../../../../test/helpers/fake-openai.ts';
import { createChatClient } from '../../openai/chat-client.ts';
import { NOT_ADVICE_LINE, type AssistantProvider } from '../assistant-provider.ts';
import { context, request } from '../offline/fixture-context.ts';
import { createOfflineAssistant } from '../offline/offline-assistant.ts';
import { createOpenAiAssistant } from './openai-assistant.ts';
import { promptSources } from './assistant-messages.ts';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi(() => ({ answer: 'Nothing to add.' }));
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

function assistant(price?: number): AssistantProvider {
  return createOpenAiAssistant({
    client: createChatClient({
      baseUrl: fake.url,
      apiKey: 'sk-test',
      model: 'test-model',
      timeoutMs: 2_000,
      stream: true,
    }),
    fallback: createOfflineAssistant(),
    log: pino({ level: 'silent' }),
    retry: { retries: 1, baseDelayMs: 10, maxDelayMs: 50 },
    ...(price !== undefined && { pricePer1kTokensUsd: price }),
  });
}

describe('the openai assistant', () => {
  it('sends the persona, our rules, the numbered sources, the history and the question', async () => {
    const req = request('How is Acme doing?', {
      persona: { name: 'Warren Buffett', system: '' },
      history: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello' },
      ],
      maxTokens: 321,
    });
    await assistant().answer(req);
    const body = fake.requests[0]?.body;
    expect(body?.stream).toBe(true);
    expect(body?.stream_options).toEqual({ include_usage: true });
    expect(body?.max_tokens).toBe(321);
    const [persona, rules, ...rest] = body?.messages ?? [];
    expect(persona?.content).toContain('Warren Buffett');
    expect(rules?.content).toContain('[1] Quote NYSE:ACME');
    expect(rules?.content).toContain('price 123.45 USD');
    expect(rules?.content).toContain('Article "Acme beats estimates');
    // The market-wide news is a source too, marked as such.
    expect(rules?.content).toMatch(/Article "Stocks end mixed[^\n]*\(market-wide\)/);
    expect(rules?.content).toContain('about the market from the sources marked market-wide');
    expect(rest.map((m) => m.content)).toEqual(['Hi', 'Hello', 'How is Acme doing?']);
  });

  it('streams the answer through onText with markers renumbered, and keeps only cited sources', async () => {
    const sources = promptSources(request('x'));
    const articleSource = sources.citations.findIndex((c) => c.kind === 'article') + 1;
    fake.enqueue({
      answer: `Acme's results beat estimates [${articleSource}], and the shares rose 4.32% [1]. It trades at 123.45 [1][99].`,
      usage: { prompt_tokens: 1_000, completion_tokens: 500 },
    });
    const pieces: string[] = [];
    const answer = await assistant(0.002).answer(request('How is Acme doing?'), {
      onText: (piece) => pieces.push(piece),
    });
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join('')).toBe(answer.text);
    expect(answer.text).toContain('beat estimates [1], and the shares rose 4.32% [2]');
    expect(answer.text).toContain('123.45 [2].');
    expect(answer.text.endsWith(NOT_ADVICE_LINE)).toBe(true);
    expect(answer.citations.map((c) => c.kind)).toEqual(['article', 'quote']);
    expect(answer.provider).toBe('openai (test-model)');
    expect(answer.usage).toEqual({ prompt_tokens: 1_000, completion_tokens: 500, cost_usd: 0.003 });
  });

  it('records no cost without a price, and no usage when the server reports none', async () => {
    fake.enqueue({ answer: 'Fine.', usage: { prompt_tokens: 10, completion_tokens: 2 } });
    expect((await assistant().answer(request('Hi'))).usage).toEqual({
      prompt_tokens: 10,
      completion_tokens: 2,
      cost_usd: null,
    });
    expect((await assistant().answer(request('Hi'))).usage).toBeUndefined();
  });

  it('falls back to the offline assistant when the model answers 500', async () => {
    fake.enqueue({ status: 500 }, { status: 500 });
    const answer = await assistant().answer(request('How is Acme doing?'));
    expect(answer.provider).toMatch(/^offline \(openai failed: HTTP 500/);
    expect(answer.intent).toBe('company_overview');
    expect(answer.text).toContain('$123.45');
    expect(fake.requests).toHaveLength(2);
  });

  it('sends the article of a Q&A panel as source 1 with its text', async () => {
    const ctx = context();
    const article = {
      ...(ctx.companies[0]?.news[0] ?? ctx.companies[0]!.news[0]!),
      text: 'Full text here.',
    };
    await assistant().answer(request('Summarise', { context: { ...ctx, article } }));
    expect(fake.requests[0]?.body.messages[1]?.content).toMatch(
      /\[1\] Article ".*Text: Full text here\./,
    );
  });
});
