import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PromptJson } from '@app/shared/api/prompts';
import { NOT_ADVICE_LINE } from '../src/providers/ai/assistant/assistant-provider.ts';
import { createAssistantProvider } from '../src/providers/ai/assistant/create-assistant-provider.ts';
import { loadConfig } from '../src/config.ts';
import { pino } from 'pino';
import { bearer, type TestUser } from './helpers/factories.ts';
import { buildPromptsTestApp, promptCalls, type PromptsTestApp } from './helpers/prompts.ts';
import { waitFor } from './helpers/wait.ts';

type Listed = { prompts: PromptJson[] };

describe('the AI queue answers prompts (worker in the same process)', () => {
  let t: PromptsTestApp;
  let api: ReturnType<typeof promptCalls>;
  let user: TestUser;

  beforeAll(async () => {
    t = await buildPromptsTestApp({ worker: true });
    api = promptCalls(t.app);
    user = await api.register();
    for (const symbol of ['NASDAQ:AAPL', 'NASDAQ:MSFT']) {
      const res = await api.get(user, `/api/ticker/user/watchlist/append/default/${symbol}`);
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(() => t.close());
  beforeEach(() => t.assistant.behave(null));

  const create = async (body: Record<string, unknown>) => {
    const res = await api.create(user, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: string }>().id;
  };
  const prompt = async (id: string) =>
    (await api.get(user, `/api/prompts/get/${id}`)).json<Listed>().prompts[0];
  const settled = async (id: string) => {
    await waitFor(async () => (await prompt(id))?.status !== 'INDEX', 20_000, 100);
    const found = await prompt(id);
    if (!found) throw new Error('prompt gone');
    return found;
  };

  it('answers a portfolio prompt from the watchlist with quotes, citations, tokens and cost', async () => {
    const id = await create({ prompt: 'How is my portfolio doing?', selection: ['PORTFOLIO'] });
    const done = await settled(id);
    expect(done).toMatchObject({
      status: 'PROCESSED',
      ai_queue_size: 0,
      provider: 'test-assistant',
      error: null,
      raw: [
        { role: 'user', content: 'How is my portfolio doing?' },
        { role: 'assistant', content: done.ai_summary },
      ],
    });
    expect(done.ai_summary).toMatch(/^Apple.* trades at [\d.]+ \[1\]\. /);
    expect(done.ai_summary?.endsWith(NOT_ADVICE_LINE)).toBe(true);
    expect(done.citations).toEqual([
      {
        kind: 'quote',
        exchange_ticker: 'NASDAQ:AAPL',
        as_of: expect.any(Number),
        url: '/ticker/NASDAQ:AAPL',
      },
    ]);

    const request = t.assistant.requests.at(-1);
    expect(request?.context.selection).toBe('PORTFOLIO');
    expect(request?.context.companies.map((c) => c.exchange_ticker)).toEqual([
      'NASDAQ:AAPL',
      'NASDAQ:MSFT',
    ]);
    expect(request?.context.companies[0]?.quote?.price).toBeGreaterThan(0);
    expect(request?.context.companies[0]?.quote?.high_52w).toBeGreaterThan(0);
    expect(request?.context.now.toISOString()).toBe('2026-11-24T19:00:00.000Z');
    expect(request?.maxTokens).toBe(600);

    const stored = await t.database.db
      .selectFrom('prompts')
      .select(['prompt_tokens', 'completion_tokens', 'cost_usd', 'processed_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ prompt_tokens: 120, completion_tokens: 30 });
    expect(Number(stored.cost_usd)).toBeCloseTo(0.0004);
    expect(stored.processed_at?.toISOString()).toBe('2026-11-24T19:00:00.000Z');
  });

  it("grounds the offline analyst in the user's news and analyses, and its answer cites them", async () => {
    const company = await t.database.db
      .selectFrom('securities')
      .select('company_id')
      .where('exchange_ticker', '=', 'NASDAQ:AAPL')
      .executeTakeFirstOrThrow();
    const ai = {
      title: 'Apple raises its dividend',
      title_clickbait: 'Apple raises its dividend',
      summary: 'Apple raised its quarterly dividend by 4%.',
      paragraph: 'Apple raised its quarterly dividend by 4%.',
      classification: 'Dividend News',
      sentiment: 'positive',
      sentiment_score: 6,
      interest_score: 7,
      article_icon: 'dividend',
      gif_keywords: ['money'],
      defcon_level: 3,
      defcon_outcome: 'positive',
      no_bullshit: 'Apple pays more.',
      sources: [],
      provider: 'offline',
    };
    const article = await t.database.db
      .insertInto('news')
      .values({
        link: 'https://example.com/apple-dividend',
        guid: 'apple-dividend',
        title: 'Apple raises its dividend',
        creation_date: new Date('2026-11-24T13:00:00Z'),
        source: 'test',
        status: 'PROCESSED',
        AI: JSON.stringify(ai),
        ai_summary: ai.summary,
        related_exchange_tickers: ['NASDAQ:AAPL'],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('company_prompts')
      .values({
        company_id: company.company_id,
        ai_summary: '## View\nBullish on the dividend news [1].',
        citations: [article.id],
        sentiment_score: 5,
        provider: 'offline',
        inputs_fingerprint: 'test',
        ai_upload_date: new Date('2026-11-24T14:00:00Z'),
      })
      .execute();
    const offline = createAssistantProvider(
      loadConfig({ NODE_ENV: 'test' }),
      pino({ level: 'silent' }),
    );
    t.assistant.behave((request, options) => offline.answer(request, options));

    const id = await create({
      prompt: 'What is the news on Apple?',
      selection: ['NASDAQ:AAPL'],
      type: 'CHAT',
      system_name: 'AI Analyst',
      system: 'You are a neutral analyst.',
    });
    const done = await settled(id);
    const context = t.assistant.requests.at(-1)?.context;
    expect(context?.companies[0]?.news.map((n) => n.id)).toEqual([article.id]);
    expect(context?.companies[0]?.news[0]).toMatchObject({
      sentiment_score: 6,
      defcon_level: 3,
      classification: 'Dividend News',
      tickers: ['NASDAQ:AAPL'],
    });
    expect(context?.companies[0]?.analysis?.markdown).toContain('Bullish');
    expect(done.status).toBe('PROCESSED');
    expect(done.provider).toBe('offline');
    expect(done.ai_summary?.trimEnd().endsWith(NOT_ADVICE_LINE)).toBe(true);
    expect(done.citations).toContainEqual(
      expect.objectContaining({
        kind: 'article',
        id: article.id,
        url: `/news/view?id=${article.id}`,
      }),
    );
  });

  it("hands the assistant the last week's market-wide news, and a market question cites it", async () => {
    const insert = (guid: string, classification: string, at: string, tickers: string[] = []) =>
      t.database.db
        .insertInto('news')
        .values({
          link: `https://example.com/${guid}`,
          guid,
          title: `${guid} headline`,
          creation_date: new Date(at),
          source: 'test',
          status: 'PROCESSED',
          AI: JSON.stringify({ classification, sentiment_score: 1, defcon_level: 4 }),
          ai_summary: `The S&P 500 slipped 0.1% (${guid}).`,
          related_exchange_tickers: tickers,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const wrap = await insert('market-wrap', 'Market News', '2026-11-24T12:00:00Z');
    const old = await insert('old-wrap', 'Market News', '2026-11-10T12:00:00Z');
    const other = await insert('economy', 'Economic Report', '2026-11-24T11:00:00Z');
    // About one company (an unusual-volume brief): not market-wide.
    const single = await insert('one-company', 'Market News', '2026-11-24T11:30:00Z', [
      'NASDAQ:AAPL',
    ]);
    const offline = createAssistantProvider(
      loadConfig({ NODE_ENV: 'test' }),
      pino({ level: 'silent' }),
    );
    t.assistant.behave((request, options) => offline.answer(request, options));

    const done = await settled(
      await create({ prompt: 'How did the market do today?', selection: ['PORTFOLIO'] }),
    );
    const market = t.assistant.requests.at(-1)?.context.market?.map((n) => n.id) ?? [];
    expect(market).toContain(wrap.id);
    expect(market).not.toContain(old.id);
    expect(market).not.toContain(other.id);
    expect(market).not.toContain(single.id);
    expect(done.status).toBe('PROCESSED');
    expect(done.ai_summary).toContain('market-wrap headline');
    expect(done.citations).toContainEqual(
      expect.objectContaining({ kind: 'article', id: wrap.id }),
    );
  });

  it('hands a chat question its persona and the earlier turns of the same chat', async () => {
    const first = await create({ prompt: 'What is a moat?', selection: [], type: 'CHAT' });
    await settled(first);
    t.clock.set('2026-11-24T19:05:00Z');
    const second = await create({
      prompt: 'And for Microsoft?',
      selection: ['NASDAQ:MSFT'],
      type: 'CHAT',
      system: 'You are Warren Buffett.',
      system_name: 'Warren Buffett',
    });
    await settled(second);
    const request = t.assistant.requests.at(-1);
    expect(request).toMatchObject({
      type: 'CHAT',
      question: 'And for Microsoft?',
      persona: { name: 'Warren Buffett', system: 'You are Warren Buffett.' },
    });
    // Earlier questions of the same chat, oldest first, each with its answer.
    const history = request?.history ?? [];
    expect(history.map((turn) => turn.role)).toEqual(
      history.map((_turn, i) => (i % 2 === 0 ? 'user' : 'assistant')),
    );
    expect(history.at(-2)?.content).toBe('What is a moat?');
    expect(request?.context.companies.map((c) => c.company_name)).toEqual([
      expect.stringMatching(/Microsoft/),
    ]);
  });

  it('ends a prompt FAILED with a reason the user can read when the assistant cannot answer', async () => {
    t.assistant.behave(() =>
      Promise.reject(
        Object.assign(new Error('the model refused the request'), { retryable: false }),
      ),
    );
    const id = await create({ prompt: 'Tell me a secret', selection: [] });
    const failed = await settled(id);
    expect(failed.status).toBe('FAILED');
    expect(failed.error).toBe(
      'The answer could not be written (1 attempt): the model refused the request. Please try again later.',
    );
    expect(failed.ai_queue_size).toBe(0);
  });
});

describe('streaming an answer (GET /prompts/stream/{id})', () => {
  let t: PromptsTestApp;
  let api: ReturnType<typeof promptCalls>;
  let user: TestUser;
  let base: string;

  beforeAll(async () => {
    t = await buildPromptsTestApp();
    api = promptCalls(t.app);
    user = await api.register();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  /** Reads Server-Sent Events until the stream ends. */
  async function readEvents(url: string, token: string, onOpen?: () => void) {
    const res = await fetch(url, { headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    onOpen?.();
    const text = await res.text();
    return text
      .split('\n\n')
      .filter((block) => block.startsWith('event:'))
      .map((block) => {
        const [eventLine, dataLine] = block.split('\n');
        return {
          event: eventLine?.slice('event: '.length),
          data: JSON.parse(dataLine?.slice('data: '.length) ?? 'null') as Record<string, unknown>,
        };
      });
  }

  it('delivers the pieces as they are written, then done with the prompt', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    t.assistant.behave(async (_request, options) => {
      await gate;
      for (const piece of ['Apple ', 'is up ', 'today. ', NOT_ADVICE_LINE]) {
        options?.onText?.(piece);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return { text: `Apple is up today. ${NOT_ADVICE_LINE}`, citations: [], provider: 'stream' };
    });
    const created = await api.create(user, { prompt: 'What moved?', selection: [], type: 'CHAT' });
    const { id } = created.json<{ id: string }>();
    const answering = t.services.prompts.answer(id);
    const events = await readEvents(`${base}/api/prompts/stream/${id}`, user.token, () => {
      setTimeout(release, 50);
    });
    await answering;
    const texts = events.filter((e) => e.event === 'text').map((e) => e.data.text);
    expect(texts.join('')).toBe(`Apple is up today. ${NOT_ADVICE_LINE}`);
    expect(texts.length).toBeGreaterThan(1);
    const last = events.at(-1);
    expect(last?.event).toBe('done');
    expect(last?.data.prompt).toMatchObject({ id, status: 'PROCESSED', provider: 'stream' });
    expect(t.services.prompts.events.listenerCount(id)).toBe(0);
  });

  it('retries a failing answer and ends FAILED after the last attempt, never left waiting', async () => {
    // The queue's own retries wait 5 s and more; the job's handler is called here directly.
    t.assistant.behave(() =>
      Promise.reject(new Error('connect ECONNREFUSED http://10.0.0.1:8080/v1')),
    );
    const { id } = (await api.create(user, { prompt: 'Is the model up?', selection: [] })).json<{
      id: string;
    }>();
    const prompt = async () =>
      (await api.get(user, `/api/prompts/get/${id}`)).json<Listed>().prompts[0];
    await expect(t.services.prompts.answer(id)).rejects.toThrow(/ECONNREFUSED/);
    expect(await prompt()).toMatchObject({ status: 'INDEX', ai_queue_size: 1 });
    await expect(t.services.prompts.answer(id)).rejects.toThrow(/ECONNREFUSED/);
    expect(await t.services.prompts.answer(id)).toBe('failed');
    const failed = await prompt();
    expect(failed?.status).toBe('FAILED');
    expect(failed?.error).toBe(
      'The answer could not be written (3 attempts): connect ECONNREFUSED (address hidden). Please try again later.',
    );
    // A stale job of a finished prompt does nothing.
    expect(await t.services.prompts.answer(id)).toBe('skipped');
  });
  it("sends done at once for an answered prompt, error for a failed one, 404 for another user's", async () => {
    t.assistant.behave(null);
    const created = await api.create(user, { prompt: 'Quick one', selection: [], type: 'CHAT' });
    const { id } = created.json<{ id: string }>();
    await t.services.prompts.answer(id);
    const events = await readEvents(`${base}/api/prompts/stream/${id}`, user.token);
    expect(events.map((e) => e.event)).toEqual(['done']);

    t.assistant.behave(() => Promise.reject(Object.assign(new Error('no'), { retryable: false })));
    const bad = (await api.create(user, { prompt: 'Fails', selection: [] })).json<{ id: string }>();
    await t.services.prompts.answer(bad.id);
    const failed = await readEvents(`${base}/api/prompts/stream/${bad.id}`, user.token);
    expect(failed.map((e) => e.event)).toEqual(['error']);
    expect(failed[0]?.data.error_msg).toMatch(/could not be written/);

    const other = await api.register();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/prompts/stream/${id}`,
      headers: bearer(other.token),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('the sweep: no prompt stays waiting without a job', () => {
  let t: PromptsTestApp;
  let api: ReturnType<typeof promptCalls>;

  beforeAll(async () => {
    t = await buildPromptsTestApp();
    api = promptCalls(t.app);
  });
  afterAll(() => t.close());

  it('queues a prompt whose job is gone again, ends one whose attempts are spent, purges removed ones', async () => {
    const user = await api.register();
    const lost = (await api.create(user, { prompt: 'Lost job', selection: [] })).json<{
      id: string;
    }>();
    const spent = (await api.create(user, { prompt: 'Spent', selection: [] })).json<{
      id: string;
    }>();
    const removed = (await api.create(user, { prompt: 'Removed', selection: [] })).json<{
      id: string;
    }>();
    await api.get(user, `/api/prompts/rm?id=${removed.id}`);
    await t.jobs.boss.deleteAllJobs('prompts.answer');
    await t.database.db
      .updateTable('prompts')
      .set({ attempts: 3 })
      .where('id', '=', spent.id)
      .execute();

    // Nothing is an orphan within its first two minutes.
    expect(await t.services.prompts.sweep()).toEqual({ requeued: 0, failed: 0, purged: 0 });
    t.clock.set('2026-11-27T19:00:00Z');
    expect(await t.services.prompts.sweep()).toEqual({ requeued: 1, failed: 1, purged: 1 });

    const jobs = await t.jobs.boss.fetch<{ promptId: string }>('prompts.answer');
    expect(jobs.map((job) => job.data.promptId)).toEqual([lost.id]);
    const failed = (await api.get(user, `/api/prompts/get/${spent.id}`)).json<Listed>().prompts[0];
    expect(failed).toMatchObject({ status: 'FAILED' });
    expect(failed?.error).toMatch(/its job was lost/);
    const rows = await t.database.db.selectFrom('prompts').select('id').execute();
    expect(rows.map((r) => r.id)).not.toContain(removed.id);
  });
});
