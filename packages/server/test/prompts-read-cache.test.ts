import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMPT_LIST_FIELDS, type PromptJson } from '@app/shared/api/prompts';
import { type Database } from '../src/db/database.ts';
import { type Services } from '../src/modules/create-services.ts';
import { buildSecondApp } from './helpers/app.ts';
import { grant, type TestUser } from './helpers/factories.ts';
import { buildPromptsTestApp, promptCalls, type PromptsTestApp } from './helpers/prompts.ts';
import { waitFor } from './helpers/wait.ts';

type Listed = { status: string; prompts: Partial<PromptJson>[] };

const ONLY = PROMPT_LIST_FIELDS.join(',');
/** What every projection keeps besides `only`. */
const ALWAYS = ['id', 'status', 'username', 'ai_queue_size', 'error'];
const editorQuery = (user: TestUser, only = true) =>
  `/api/prompts/query?status=INDEX&type__in=PORTFOLIO,email_prompt&status=PROCESSED&order_by=-creation_date&limit=20&username=${user.username}${only ? `&only=${ONLY}` : ''}`;
const chatQuery = (user: TestUser) =>
  `/api/prompts/query?username=${user.username}&type=CHAT&order_by=-creation_date&limit=20&status=INDEX&status=PROCESSED&only=${ONLY}`;

/** A stored, answered prompt of `user` (as the worker leaves it), by SQL. */
async function storeAnswered(
  db: Database,
  user: TestUser,
  values: { type?: string; prompt?: string; answer?: string; minutesAgo?: number } = {},
) {
  const prompt = values.prompt ?? 'How is my portfolio doing?';
  const answer = values.answer ?? 'Apple trades at $229 [1]. For information only.';
  const { rows } = await sql<{ id: string }>`
    insert into prompts (user_id, title, prompt, type, status, creation_date, system_name,
      ai_summary, raw, selection, use_markdown, citations, provider, priority, queued_at)
    values (${user.user.id}, ${prompt}, ${prompt}, ${values.type ?? 'PORTFOLIO'}, 'PROCESSED',
      now() - make_interval(mins => ${values.minutesAgo ?? 10}),
      ${values.type === 'CHAT' ? 'Warren Buffett' : null}, ${answer},
      ${JSON.stringify([
        { role: 'user', content: prompt },
        { role: 'assistant', content: answer },
      ])}::jsonb,
      array['PORTFOLIO'], true,
      ${JSON.stringify([
        {
          kind: 'quote',
          exchange_ticker: 'NASDAQ:AAPL',
          as_of: 1764000000,
          url: '/ticker/NASDAQ:AAPL',
        },
      ])}::jsonb,
      'offline', 0, now())
    returning id`.execute(db);
  return rows[0]?.id ?? '';
}

/**
 * Prompt lists, single prompts, the queue and company analyses are kept serialised in
 * each API process (PROMPT_CACHE=on) and dropped on the database's notices, so whatever changes a
 * prompt — this process, another process, the worker, plain SQL — shows in the next read.
 */
describe('prompt read cache (two API processes on one database)', () => {
  let a: PromptsTestApp;
  let closeB: () => Promise<void>;
  let bServices: Services;
  let b: FastifyInstance;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  let callsA: ReturnType<typeof promptCalls>;
  let callsB: ReturnType<typeof promptCalls>;

  beforeAll(async () => {
    a = await buildPromptsTestApp({ env: { PROMPT_CACHE: 'on' } });
    ({
      app: b,
      services: bServices,
      close: closeB,
    } = await buildSecondApp(a.database.url, {
      env: { RATE_LIMIT_SCALE: '1000', PROMPT_CACHE: 'on' },
      clock: a.clock,
      definitions: [],
    }));
    await a.services.promptReadCache?.ready();
    await bServices.promptReadCache?.ready();
    callsA = promptCalls(a.app);
    callsB = promptCalls(b);
    alice = await callsA.register();
    bob = await callsA.register();
    admin = await callsA.register();
    await grant(a.database.db, admin.user.id, { is_admin: true });
  }, 60_000);

  afterAll(async () => {
    await closeB();
    await a.close();
  });

  const read = async (app: ReturnType<typeof promptCalls>, user: TestUser, url: string) => {
    const res = await app.get(user, url);
    expect(res.statusCode, res.body).toBe(200);
    return { json: res.json<Listed>(), cache: res.headers['x-cache'], body: res.body };
  };

  it('listens in both processes', () => {
    expect(a.services.promptReadCache?.stats().listening).toBe(true);
    expect(bServices.promptReadCache?.stats().listening).toBe(true);
  });

  it('answers the lists with only= the same data as the full answer for every listed field, then from memory', async () => {
    await storeAnswered(a.database.db, alice, { minutesAgo: 30 });
    await storeAnswered(a.database.db, alice, { type: 'CHAT', prompt: 'What moved NVDA?' });
    await storeAnswered(a.database.db, alice, { type: 'email_prompt', minutesAgo: 50 });
    const full = await read(callsA, alice, editorQuery(alice, false));
    const first = await read(callsA, alice, editorQuery(alice));
    const again = await read(callsA, alice, editorQuery(alice));
    expect(full.json.prompts).toHaveLength(2);
    expect(first.cache).toBe('miss');
    expect(again.cache).toBe('hit');
    expect(again.body).toBe(first.body);
    const fields = [...ALWAYS, ...PROMPT_LIST_FIELDS];
    const projected = full.json.prompts.map((prompt) =>
      Object.fromEntries(fields.map((field) => [field, prompt[field as keyof PromptJson]])),
    );
    expect(first.json.prompts).toEqual(projected);
    for (const prompt of first.json.prompts) {
      expect(prompt).not.toHaveProperty('raw');
      expect(prompt).not.toHaveProperty('system');
    }
    const chat = await read(callsA, alice, chatQuery(alice));
    expect(chat.json.prompts.map((p) => p.prompt)).toEqual(['What moved NVDA?']);
    expect(chat.json.prompts[0]?.system_name).toBe('Warren Buffett');
  });

  it('shows a prompt created, edited or removed through this process in its very next read', async () => {
    await read(callsA, bob, editorQuery(bob));
    const created = await callsA.create(bob, {
      prompt: 'What are the risks in my portfolio?',
      selection: ['PORTFOLIO'],
      type: 'PORTFOLIO',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ id: string }>().id;
    const afterCreate = await read(callsA, bob, editorQuery(bob));
    expect(afterCreate.json.prompts.map((p) => p.id)).toContain(id);
    const edited = await callsA.create(bob, {
      id,
      prompt: 'What are the risks this week?',
      selection: ['PORTFOLIO'],
      type: 'PORTFOLIO',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const afterEdit = await read(callsA, bob, editorQuery(bob));
    expect(afterEdit.json.prompts.find((p) => p.id === id)?.prompt).toBe(
      'What are the risks this week?',
    );
    expect((await callsA.get(bob, `/api/prompts/rm?id=${id}`)).statusCode).toBe(200);
    const afterRemove = await read(callsA, bob, editorQuery(bob));
    expect(afterRemove.json.prompts.map((p) => p.id)).not.toContain(id);
  });

  it('shows a write made through another process in the next read, and one made by SQL once the notice arrives', async () => {
    const id = await storeAnswered(a.database.db, bob, { minutesAgo: 5 });
    await waitFor(async () =>
      (await read(callsA, bob, editorQuery(bob))).json.prompts.some((p) => p.id === id),
    );
    // Kept in both processes.
    await read(callsB, bob, editorQuery(bob));
    expect((await read(callsB, bob, editorQuery(bob))).cache).toBe('hit');
    expect((await read(callsA, bob, editorQuery(bob))).cache).toBe('hit');
    // Removed through B: B answers only once A confirmed, so A's next read is without it.
    expect((await callsB.get(bob, `/api/prompts/rm?id=${id}`)).statusCode).toBe(200);
    const afterRemove = await read(callsA, bob, editorQuery(bob));
    expect(afterRemove.json.prompts.some((p) => p.id === id)).toBe(false);
    // Created through B: in A's very next read too.
    await read(callsA, bob, editorQuery(bob));
    const created = await callsB.create(bob, {
      prompt: 'Created through the other process',
      selection: ['PORTFOLIO'],
      type: 'PORTFOLIO',
    });
    expect(created.statusCode, created.body).toBe(200);
    const createdId = created.json<{ id: string }>().id;
    const afterCreate = await read(callsA, bob, editorQuery(bob));
    expect(afterCreate.json.prompts.some((p) => p.id === createdId)).toBe(true);
    expect((await callsB.get(bob, `/api/prompts/rm?id=${createdId}`)).statusCode).toBe(200);
    expect(
      (await read(callsA, bob, editorQuery(bob))).json.prompts.some((p) => p.id === createdId),
    ).toBe(false);
    // An answer written by SQL (as the worker writes it) shows in both.
    const other = await storeAnswered(a.database.db, bob, { minutesAgo: 1 });
    await sql`update prompts set ai_summary = 'A new answer.' where id = ${other}`.execute(
      a.database.db,
    );
    for (const calls of [callsA, callsB]) {
      await waitFor(
        async () =>
          (await read(calls, bob, editorQuery(bob))).json.prompts.find((p) => p.id === other)
            ?.ai_summary === 'A new answer.',
      );
    }
  });

  it("moves a waiting prompt's queue position when anyone's prompt joins the line ahead", async () => {
    const carol = await callsA.register();
    const created = await callsA.create(carol, {
      prompt: 'How is my portfolio doing?',
      selection: ['PORTFOLIO'],
      type: 'PORTFOLIO',
    });
    const id = created.json<{ id: string }>().id;
    const position = async () =>
      (await read(callsA, carol, editorQuery(carol))).json.prompts.find((p) => p.id === id)
        ?.ai_queue_size ?? -1;
    const before = await position();
    expect(before).toBeGreaterThan(0);
    expect(
      (await read(callsA, carol, `/api/prompts/get/${id}?only=${ONLY}`)).json.prompts[0]
        ?.ai_queue_size,
    ).toBe(before);
    // Another user's prompt of a higher plan goes ahead of it.
    await sql`insert into prompts (user_id, title, prompt, type, status, creation_date, selection,
        priority, queued_at)
      values (${alice.user.id}, 'Ahead', 'Ahead', 'PORTFOLIO', 'INDEX', now(), array['PORTFOLIO'], 3, now())`.execute(
      a.database.db,
    );
    await waitFor(async () => (await position()) === before + 1);
    await waitFor(
      async () =>
        (await read(callsA, carol, `/api/prompts/get/${id}?only=${ONLY}`)).json.prompts[0]
          ?.ai_queue_size ===
        before + 1,
    );
  });

  it('/prompts/get/{id}: only= projects, leaves out raw, and is refreshed by a change', async () => {
    const id = await storeAnswered(a.database.db, alice, { minutesAgo: 2 });
    const full = await read(callsA, alice, `/api/prompts/get/${id}`);
    expect(full.json.prompts[0]?.raw).toHaveLength(2);
    const listed = await read(callsA, alice, `/api/prompts/get/${id}?only=${ONLY}`);
    expect(listed.json.prompts[0]).not.toHaveProperty('raw');
    expect(listed.json.prompts[0]?.ai_summary).toBe(full.json.prompts[0]?.ai_summary);
    expect((await read(callsA, alice, `/api/prompts/get/${id}?only=${ONLY}`)).cache).toBe('hit');
    await sql`update prompts set ai_summary = 'Rewritten.' where id = ${id}`.execute(a.database.db);
    await waitFor(
      async () =>
        (await read(callsA, alice, `/api/prompts/get/${id}?only=${ONLY}`)).json.prompts[0]
          ?.ai_summary === 'Rewritten.',
    );
    // Another user's prompt stays a 404, asked twice (an error is never kept).
    for (let i = 0; i < 2; i += 1) {
      expect((await callsA.get(bob, `/api/prompts/get/${id}?only=${ONLY}`)).statusCode).toBe(404);
    }
  });

  it('only= with an unknown field is a 400 naming it, on the list and on get', async () => {
    const id = await storeAnswered(a.database.db, alice);
    for (let i = 0; i < 2; i += 1) {
      const list = await callsA.get(alice, `${editorQuery(alice, false)}&only=title,password_hash`);
      expect(list.statusCode).toBe(400);
      expect(list.json<{ error_msg: string }>().error_msg).toContain('password_hash');
      const one = await callsA.get(alice, `/api/prompts/get/${id}?only=title,password_hash`);
      expect(one.statusCode).toBe(400);
      expect(one.json<{ error_msg: string }>().error_msg).toContain('password_hash');
    }
  });

  it("never serves another user's list, and keeps a 403 a 403", async () => {
    await read(callsA, alice, editorQuery(alice));
    const res = await callsA.get(bob, editorQuery(alice));
    expect(res.statusCode).toBe(403);
    expect((await callsA.get(bob, editorQuery(alice))).statusCode).toBe(403);
  });

  it('/prompts/state: kept until any prompt changes', async () => {
    const first = await callsA.get(admin, '/api/prompts/state');
    expect(first.statusCode).toBe(200);
    const again = await callsA.get(admin, '/api/prompts/state');
    expect(again.headers['x-cache']).toBe('hit');
    const { rows } = await sql<{ id: string }>`
      insert into prompts (user_id, title, prompt, type, status, creation_date, selection,
        priority, queued_at)
      values (${bob.user.id}, 'Queued by SQL', 'Queued by SQL', 'PORTFOLIO', 'INDEX', now(),
        array['PORTFOLIO'], 0, now())
      returning id`.execute(a.database.db);
    const id = rows[0]?.id;
    await waitFor(async () => {
      const res = await callsA.get(admin, '/api/prompts/state');
      return res.json<{ priority: { id: string }[] }>().priority.some((e) => e.id === id);
    });
    expect((await callsA.get(bob, '/api/prompts/state')).statusCode).toBe(403);
  });

  it('company analyses: kept, and a new analysis shows once the notice arrives', async () => {
    const latest = async () => {
      const res = await a.app.inject({ method: 'GET', url: '/api/company/latest_prompts?limit=3' });
      expect(res.statusCode).toBe(200);
      return res.json<{ news: { id: string; ai_summary: string }[] }>().news;
    };
    const before = await latest();
    const { rows } = await sql<{ id: string }>`
      insert into company_prompts (company_id, ai_summary, sentiment_score, provider,
        inputs_fingerprint, ai_upload_date)
      select id, '## A fresh view', 2, 'offline', 'test', now() + interval '1 day'
      from companies order by id limit 1
      returning id`.execute(a.database.db);
    const id = rows[0]?.id ?? '';
    await waitFor(async () => (await latest())[0]?.id === id);
    expect(before.map((n) => n.id)).not.toContain(id);
    const bySymbol = await a.app.inject({
      method: 'GET',
      url: '/api/company/query_prompts?ai_summary__exists=1&order_by=-ai_upload_date&limit=1&only=ai_summary',
    });
    expect(bySymbol.json<{ news: { ai_summary: string }[] }>().news[0]?.ai_summary).toBe(
      '## A fresh view',
    );
    const bad = await a.app.inject({
      method: 'GET',
      url: '/api/company/query_prompts?only=inputs_fingerprint',
    });
    expect(bad.statusCode).toBe(400);
  });
});
