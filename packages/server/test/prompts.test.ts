import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMPT_MAX_CHARS } from '../src/modules/prompts/prompt-rules.ts';
import { promptListResponseSchema, type PromptJson } from '@app/shared/api/prompts';
import { grant, type TestUser } from './helpers/factories.ts';
import {
  buildPromptsTestApp,
  promptCalls,
  subscribe,
  type PromptsTestApp,
} from './helpers/prompts.ts';

type Created = { status: string; id: string };
type Listed = { status: string; prompts: PromptJson[] };

describe('prompts API (spec §7 Prompts)', () => {
  let t: PromptsTestApp;
  let api: ReturnType<typeof promptCalls>;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await buildPromptsTestApp();
    api = promptCalls(t.app);
    alice = await api.register();
    bob = await api.register();
  });
  afterAll(() => t.close());

  const create = async (user: TestUser, body: Record<string, unknown>) => {
    const res = await api.create(user, body);
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json<Created>();
    expect(json.status).toBe('success');
    return json.id;
  };
  const list = async (user: TestUser, url: string) => {
    const res = await api.get(user, url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Listed>().prompts;
  };
  const removeAll = async (user: TestUser) => {
    for (const query of ['type__in=email_prompt,PORTFOLIO', 'type=CHAT']) {
      expect((await api.get(user, `/api/prompts/rm/ALL?${query}`)).statusCode).toBe(200);
    }
  };

  it('saves a portfolio prompt and answers { status, id }; the editor list shows it with its queue position', async () => {
    const id = await create(alice, {
      prompt: 'How is my portfolio doing?\nFocus on risks.',
      selection: ['PORTFOLIO'],
      type: 'PORTFOLIO',
      use_markdown: true,
    });
    const prompts = await list(
      alice,
      `/api/prompts/query?status=INDEX&type__in=PORTFOLIO,email_prompt&status=PROCESSED&order_by=-creation_date&limit=20&username=${alice.username}`,
    );
    expect(prompts).toHaveLength(1);
    const [prompt] = prompts;
    expect(prompt).toMatchObject({
      id,
      title: 'How is my portfolio doing?',
      username: alice.username,
      prompt: 'How is my portfolio doing?\nFocus on risks.',
      type: 'PORTFOLIO',
      subtype: null,
      status: 'INDEX',
      creation_date: Date.parse('2026-11-24T19:00:00Z') / 1000,
      ai_summary: null,
      ai_queue_size: 1,
      raw: [],
      article_id: null,
      selection: ['PORTFOLIO'],
      use_markdown: true,
      citations: [],
      error: null,
    });
    const one = await api.get(alice, `/api/prompts/get/${id}`);
    expect(one.statusCode).toBe(200);
    expect(promptListResponseSchema.parse(one.json()).prompts[0]?.id).toBe(id);
    await removeAll(alice);
  });

  it('lists chat questions with the chat query, of one article when article_id is given', async () => {
    const article = await t.database.db
      .insertInto('news')
      .values({
        link: 'https://example.com/a',
        guid: 'a',
        title: 'Apple beats estimates',
        creation_date: new Date('2026-11-24T12:00:00Z'),
        source: 'test',
        related_exchange_tickers: ['NASDAQ:AAPL'],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const general = await create(alice, {
      prompt: 'What moved today?',
      selection: ['NASDAQ:AAPL', 'NASDAQ:MSFT'],
      type: 'CHAT',
      system: 'You are Warren Buffett.',
      system_name: 'Warren Buffett',
    });
    const onArticle = await create(alice, {
      prompt: 'What does this mean for Apple?',
      selection: [],
      type: 'CHAT',
      article_id: article.id,
    });
    const chat = await list(
      alice,
      `/api/prompts/query?username=${alice.username}&type=CHAT&order_by=-creation_date&limit=20&status=INDEX&status=PROCESSED`,
    );
    expect(chat.map((p) => p.id).sort()).toEqual([general, onArticle].sort());
    expect(chat.find((p) => p.id === general)).toMatchObject({
      system: 'You are Warren Buffett.',
      system_name: 'Warren Buffett',
      selection: ['NASDAQ:AAPL', 'NASDAQ:MSFT'],
    });
    const panel = await list(
      alice,
      `/api/prompts/query?username=${alice.username}&type=CHAT&order_by=-creation_date&limit=20&article_id=${article.id}`,
    );
    expect(panel.map((p) => p.id)).toEqual([onArticle]);

    // Clearing the article's chat removes only its questions.
    const cleared = await api.get(alice, `/api/prompts/rm/ALL?type=CHAT&article_id=${article.id}`);
    expect(cleared.json()).toEqual({ status: 'deleted', removed: 1 });
    await removeAll(alice);
  });

  it('saves the e-mail summary prompt with subtype EMAIL_SUMMARY and selection EMAIL', async () => {
    const id = await create(alice, {
      prompt: 'Summarise my week in five bullet points.',
      selection: ['EMAIL'],
      type: 'email_prompt',
      subtype: 'EMAIL_SUMMARY',
    });
    const [prompt] = await list(alice, `/api/prompts/query?subtype=EMAIL_SUMMARY`);
    expect(prompt).toMatchObject({ id, type: 'email_prompt', selection: ['EMAIL'] });
    await removeAll(alice);
  });

  it("edits the caller's own prompt (id) and queues it again; another user's id is a 404", async () => {
    const id = await create(alice, { prompt: 'First draft', selection: [], type: 'PORTFOLIO' });
    const edited = await create(alice, {
      id,
      prompt: 'Second draft',
      selection: ['NASDAQ:AAPL'],
      type: 'PORTFOLIO',
    });
    expect(edited).toBe(id);
    const [prompt] = (await api.get(alice, `/api/prompts/get/${id}`)).json<Listed>().prompts;
    expect(prompt).toMatchObject({ prompt: 'Second draft', status: 'INDEX' });
    const stolen = await api.create(bob, { id, prompt: 'Mine now', selection: [] });
    expect(stolen.statusCode).toBe(404);
    expect((await api.get(alice, `/api/prompts/get/${id}`)).json<Listed>().prompts[0]?.prompt).toBe(
      'Second draft',
    );
    await removeAll(alice);
  });

  describe('bad input is a 400 with error_msg', () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['a NUL byte', { prompt: 'hi\u0000there', selection: [] }, /prompt/i],
      ['an unknown type', { prompt: 'hi', selection: [], type: 'SPAM' }, /type/],
      ['an empty prompt', { prompt: '   ', selection: [] }, /empty/],
      [
        'a prompt over the limit',
        { prompt: 'x'.repeat(PROMPT_MAX_CHARS + 1), selection: [] },
        /at most 4000/,
      ],
      ['an unknown symbol', { prompt: 'hi', selection: ['NASDAQ:NOPE'] }, /Unknown symbol/],
      ['not a symbol', { prompt: 'hi', selection: ['<script>'] }, /not PORTFOLIO or/],
      [
        'PORTFOLIO with tickers',
        { prompt: 'hi', selection: ['PORTFOLIO', 'NASDAQ:AAPL'] },
        /not both/,
      ],
      ['EMAIL without the subtype', { prompt: 'hi', selection: ['EMAIL'] }, /e-mail summary/],
      [
        'the subtype without EMAIL',
        { prompt: 'hi', selection: ['PORTFOLIO'], subtype: 'EMAIL_SUMMARY' },
        /EMAIL/,
      ],
      ['an unknown article', { prompt: 'hi', selection: [], article_id: 'abc' }, /article/],
      [
        'an article that does not exist',
        { prompt: 'hi', selection: [], article_id: '00000000-0000-4000-8000-000000000000' },
        /article/,
      ],
      ['a selection that is not a list', { prompt: 'hi', selection: 'PORTFOLIO' }, /selection/],
      ['a bad edit id', { prompt: 'hi', selection: [], id: '42' }, /id/],
    ];
    for (const [name, body, message] of cases) {
      it(`refuses ${name}`, async () => {
        const res = await api.create(alice, body);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json<{ status: string; error_msg: string }>()).toMatchObject({
          status: 'error',
          error_msg: expect.stringMatching(message),
        });
      });
    }

    it('refuses a bad query parameter, naming it', async () => {
      const res = await api.get(alice, '/api/prompts/query?colour=blue');
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error_msg: string }>().error_msg).toContain('colour');
      const status = await api.get(alice, '/api/prompts/query?status=DONE');
      expect(status.statusCode).toBe(400);
    });

    it('refuses rm/ALL that names no type', async () => {
      expect((await api.get(alice, '/api/prompts/rm/ALL')).statusCode).toBe(400);
      expect((await api.get(alice, '/api/prompts/rm/ALL?type__in=CHAT,SPAM')).statusCode).toBe(400);
    });
  });

  it('needs a login for every prompts call (401)', async () => {
    expect((await api.create(null, { prompt: 'hi', selection: [] })).statusCode).toBe(401);
    for (const url of [
      '/api/prompts/query',
      '/api/prompts/get/00000000-0000-4000-8000-000000000000',
      '/api/prompts/rm?id=00000000-0000-4000-8000-000000000000',
      '/api/prompts/rm/ALL?type=CHAT',
      '/api/prompts/state',
      '/api/prompts/stream/00000000-0000-4000-8000-000000000000',
    ]) {
      const res = await api.get(null, url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json<{ error_msg: string }>().error_msg).toBe(
        'Please login or register to access this functionality.',
      );
    }
  });

  describe("privacy: a prompt is its owner's only", () => {
    let aliceId: string;
    beforeAll(async () => {
      aliceId = await create(alice, { prompt: 'Private thoughts', selection: [], type: 'CHAT' });
      await create(bob, { prompt: 'Bob asks', selection: [], type: 'CHAT' });
    });
    afterAll(async () => {
      await removeAll(alice);
      await removeAll(bob);
    });

    it("user B cannot get, list or remove user A's prompt", async () => {
      expect((await api.get(bob, `/api/prompts/get/${aliceId}`)).statusCode).toBe(404);
      expect((await api.get(bob, `/api/prompts/rm?id=${aliceId}`)).statusCode).toBe(404);
      const bobs = await list(bob, '/api/prompts/query?type=CHAT');
      expect(bobs.map((p) => p.username)).toEqual([bob.username]);
      const named = await api.get(bob, `/api/prompts/query?username=${alice.username}`);
      expect(named.statusCode).toBe(403);
      expect((await api.get(alice, `/api/prompts/get/${aliceId}`)).statusCode).toBe(200);
    });

    it("rm/ALL removes only the caller's prompts", async () => {
      const res = await api.get(bob, '/api/prompts/rm/ALL?type=CHAT');
      expect(res.json()).toEqual({ status: 'deleted', removed: 1 });
      expect((await api.get(alice, `/api/prompts/get/${aliceId}`)).statusCode).toBe(200);
      expect(await list(bob, '/api/prompts/query?type=CHAT')).toEqual([]);
    });

    it('id= is for admins and debug users, and a debug user still sees only their own', async () => {
      expect((await api.get(bob, `/api/prompts/query?id=${aliceId}`)).statusCode).toBe(403);
      await t.database.db
        .updateTable('users')
        .set({ my_debug_interface: true })
        .where('id', '=', bob.user.id)
        .execute();
      expect(await list(bob, `/api/prompts/query?id=${aliceId}`)).toEqual([]);
      expect((await list(alice, `/api/prompts/query?type=CHAT`)).length).toBe(1);
    });

    it('an admin may name any user and query any id', async () => {
      const admin = await api.register();
      await grant(t.database.db, admin.user.id, { is_admin: true });
      const byName = await list(admin, `/api/prompts/query?username=${alice.username}`);
      expect(byName.map((p) => p.id)).toEqual([aliceId]);
      const byId = await list(admin, `/api/prompts/query?id=${aliceId}`);
      expect(byId.map((p) => p.id)).toEqual([aliceId]);
    });

    it('removes one prompt with rm?id=, after which it is gone', async () => {
      const res = await api.get(alice, `/api/prompts/rm?id=${aliceId}`);
      expect(res.json()).toEqual({ status: 'deleted', removed: 1 });
      expect((await api.get(alice, `/api/prompts/get/${aliceId}`)).statusCode).toBe(404);
      expect((await api.get(alice, `/api/prompts/rm?id=${aliceId}`)).statusCode).toBe(404);
    });
  });

  it(`refuses a 4th waiting prompt with a 429 naming the limit`, async () => {
    const carol = await api.register();
    for (let i = 0; i < 3; i += 1) await create(carol, { prompt: `Q${i}`, selection: [] });
    const res = await api.create(carol, { prompt: 'Q3', selection: [] });
    expect(res.statusCode).toBe(429);
    expect(res.json<{ error_msg: string }>().error_msg).toBe(
      'You already have 3 prompts waiting for an answer. Please wait until one is answered before sending another.',
    );
    await removeAll(carol);
  });

  it('refuses the 21st prompt of a day on the free plan with a 429 saying when the quota resets; a plan allows more', async () => {
    const dave = await api.register();
    const erin = await api.register();
    await subscribe(t, erin, 'tier1_monthly');
    for (const user of [dave, erin]) {
      for (let i = 0; i < 20; i += 1) {
        await create(user, { prompt: `Question ${i}`, selection: [] });
        // Removing a prompt frees its waiting slot but not the day's quota.
        if (i % 3 === 2) await removeAll(user);
      }
      await removeAll(user);
    }
    const refused = await api.create(dave, { prompt: 'One more', selection: [] });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ error_msg: string }>().error_msg).toBe(
      'You have used all 20 AI prompts of your free plan for today. The quota resets at 00:00 UTC (in 5 h).',
    );
    expect((await api.create(erin, { prompt: 'One more', selection: [] })).statusCode).toBe(200);
    await removeAll(erin);
  });

  it('orders the queue by plan, then first come first served: positions, /prompts/state and the job queue agree', async () => {
    const users = await Promise.all([1, 2, 3, 4, 5].map(() => api.register()));
    const [free, tier1, tier2, tier3, laterTier3] = users as [
      TestUser,
      TestUser,
      TestUser,
      TestUser,
      TestUser,
    ];
    await subscribe(t, tier1, 'tier1_monthly');
    await subscribe(t, tier2, 'tier2_monthly');
    await subscribe(t, tier3, 'tier3_monthly');
    await subscribe(t, laterTier3, 'tier3_monthly');
    // Everyone else's prompts are out of the way.
    await t.database.db.updateTable('prompts').set({ deleted: true }).execute();
    await t.jobs.boss.deleteAllJobs('prompts.answer');
    const ids = new Map<TestUser, string>();
    for (const user of [free, tier1, tier2, tier3, laterTier3]) {
      ids.set(user, await create(user, { prompt: `From ${user.username}`, selection: [] }));
    }
    const expected = [tier3, laterTier3, tier2, tier1, free].map((u) => ids.get(u));

    for (const [index, user] of [tier3, laterTier3, tier2, tier1, free].entries()) {
      const [prompt] = (
        await api.get(user, `/api/prompts/get/${ids.get(user) ?? ''}`)
      ).json<Listed>().prompts;
      expect(prompt?.ai_queue_size).toBe(index + 1);
    }

    const admin = await api.register();
    await grant(t.database.db, admin.user.id, { is_admin: true });
    const state = await api.get(admin, '/api/prompts/state');
    expect(state.statusCode).toBe(200);
    const body = state.json<{
      priority: { id: string; date: number; file: string }[];
      process: unknown[];
    }>();
    expect(body.priority.map((entry) => entry.id)).toEqual(expected);
    expect(body.priority[0]).toMatchObject({
      file: `From ${tier3.username}`,
      username: tier3.username,
    });
    expect(body.process).toEqual([]);
    expect((await api.get(free, '/api/prompts/state')).statusCode).toBe(403);

    // The worker takes one job at a time: the queue hands them out in the same order.
    const taken: string[] = [];
    for (let i = 0; i < expected.length; i += 1) {
      const [job] = await t.jobs.boss.fetch<{ promptId: string }>('prompts.answer');
      if (job) taken.push(job.data.promptId);
    }
    expect(taken).toEqual(expected);
  });

  it('projects fields with only= (keeping id, status and queue position) and caps limit', async () => {
    const id = await create(alice, { prompt: 'Projected', selection: [], type: 'CHAT' });
    const [prompt] = await list(alice, '/api/prompts/query?type=CHAT&only=title');
    expect(prompt).toEqual({
      id,
      status: 'INDEX',
      username: alice.username,
      ai_queue_size: expect.any(Number),
      error: null,
      title: 'Projected',
    });
    expect((await api.get(alice, '/api/prompts/query?limit=101')).statusCode).toBe(400);
    await removeAll(alice);
  });

  it('appears in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    for (const path of [
      '/api/prompts/create',
      '/api/prompts/query',
      '/api/prompts/get/{id}',
      '/api/prompts/rm',
      '/api/prompts/rm/ALL',
      '/api/prompts/state',
      '/api/prompts/stream/{id}',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
