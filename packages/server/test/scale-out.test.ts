import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCompanies } from '../src/modules/companies/demo-companies.ts';
import { RATE_RULES } from '../src/modules/security/rate-limiter.ts';
import { startCluster, type Cluster } from './helpers/cluster.ts';
import { bearer } from './helpers/factories.ts';
import { SERVED_BY_HEADER, UPSTREAM_HEADER } from './helpers/nginx.ts';
import { openSse, type SseEvent } from './helpers/sse.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { waitFor } from './helpers/wait.ts';

/*
 * Two API processes and two workers of the real entry point on one PostgreSQL, behind
 * Debian's nginx, as docs/production.md runs them. Every check goes through the proxy.
 */
describe('several processes on one database behind nginx', () => {
  let database: TestDatabase;
  let cluster: Cluster;
  let registered = 0;

  /** A new account, registered through the proxy (pinned to one API when asked). */
  const register = async (upstream?: number) => {
    registered += 1;
    const username = `scale${registered}${Date.now() % 100_000}`;
    const password = 'correct horse battery';
    const answer = await cluster.request('/api/user/create', {
      ...(upstream !== undefined && { upstream }),
      body: {
        email: `${username}@example.com`,
        password,
        username,
        first_name: 'Ada',
        last_name: 'Lovelace',
        referral: '',
      },
    });
    if (answer.status !== 200) throw new Error(`registration failed: ${JSON.stringify(answer)}`);
    return {
      token: String(answer.body.token),
      email: `${username}@example.com`,
      password,
      servedBy: answer.servedBy,
    };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    // A deployment whose price history is loaded: without this every worker's start would first
    // backfill ten years of 691 listings (about 45 s of both cores), which this test is not about.
    await ensureDemoCompanies(database.db);
    await sql`
      insert into price_history_status (exchange_ticker, first_day, last_day)
      select exchange_ticker, date '1900-01-01', date '9999-12-31' from securities`.execute(
      database.db,
    );
    cluster = await startCluster({ databaseUrl: database.url, apis: 2, workers: 2 });
  }, 150_000);

  afterAll(async () => {
    // Each is unset when the set-up failed before it.
    await (cluster as Cluster | undefined)?.stop();
    await (database as TestDatabase | undefined)?.drop();
  });

  /** Runs `check`; a failure carries every process's log. */
  const withLogs = async (check: () => Promise<void>) => {
    try {
      await check();
    } catch (error) {
      if (error instanceof Error) error.message += `\n${await cluster.logs()}`;
      throw error;
    }
  };

  it('keeps a session made on one API process valid on the other, and a logout on one ends it on both', async () => {
    await withLogs(async () => {
      const [a, b] = cluster.apis.map((api) => api.address);
      const ann = await register(0);
      expect(ann.servedBy).toBe(a);

      const me = await cluster.request('/api/user/get/me', { token: ann.token, upstream: 1 });
      expect([me.status, me.servedBy]).toEqual([200, b]);

      // A second session of the same account, made on the other process.
      const login = await cluster.request('/api/user/login', {
        upstream: 1,
        body: { email: ann.email, password: ann.password },
      });
      expect(login.status).toBe(200);
      const second = String(login.body.token);
      expect(
        (await cluster.request('/api/user/get/me', { token: second, upstream: 0 })).status,
      ).toBe(200);

      const logout = await cluster.request('/api/user/logout', {
        method: 'POST',
        token: ann.token,
        upstream: 0,
      });
      expect([logout.status, logout.servedBy]).toEqual([200, a]);
      const refused = await cluster.request('/api/user/get/me', { token: ann.token, upstream: 1 });
      expect([refused.status, refused.servedBy]).toEqual([401, b]);
      expect(refused.body.status).toBe('error');
      // Only the session that logged out ended.
      expect(
        (await cluster.request('/api/user/get/me', { token: second, upstream: 1 })).status,
      ).toBe(200);
    });
  });

  it('holds a rate limit across processes: hits alternating between them share one count', async () => {
    await withLogs(async () => {
      const { limit } = RATE_RULES.invalidatePerAddress;
      const answers = [];
      for (let i = 0; i < limit; i += 1) {
        answers.push(
          await cluster.request('/api/ticker/invalidate/NASDAQ:AAPL', { upstream: i % 2 }),
        );
      }
      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: limit }, () => 200));
      expect(new Set(answers.map((a) => a.servedBy)).size).toBe(2);
      // Either process alone has seen half the limit; together they refuse the next hit.
      for (const upstream of [0, 1]) {
        const over = await cluster.request('/api/ticker/invalidate/NASDAQ:AAPL', { upstream });
        expect(over.status).toBe(429);
        expect(String(over.body.error_msg)).toMatch(/^Too many attempts/);
      }
    });
  });

  it('runs each queued job once across two workers: no prompt is claimed more often than its job ran', async () => {
    await withLogs(async () => {
      // Three open prompts per account (the product's cap): four accounts, twelve jobs.
      const accounts = await Promise.all([0, 1, 0, 1].map((upstream) => register(upstream)));
      const created = await Promise.all(
        accounts.flatMap((account) =>
          [1, 2, 3].map((n) =>
            cluster.request('/api/prompts/create', {
              token: account.token,
              body: { prompt: `How are my companies doing? (${n})`, selection: ['NASDAQ:AAPL'] },
            }),
          ),
        ),
      );
      expect(created.map((c) => c.status)).toEqual(created.map(() => 200));
      expect(new Set(created.map((c) => c.servedBy)).size).toBe(2);
      const ids = created.map((c) => String(c.body.id));

      // Each prompt with its job: a run claims the prompt (attempts + 1); the queue counts retries.
      const prompts = () =>
        sql<{ id: string; status: string; attempts: number; state: string; retries: number }>`
          select p.id, p.status, p.attempts, j.state, j.retry_count as retries
          from prompts p left join pgboss.job j on j.id = p.job_id
          where p.id = any(${ids}::uuid[])`
          .execute(database.db)
          .then((result) => result.rows);
      const settled = (p: { status: string; state: string }) =>
        p.status !== 'INDEX' && p.state === 'completed';
      await waitFor(async () => (await prompts()).every(settled), 45_000, 250);
      const rows = await prompts();
      expect(rows).toHaveLength(ids.length);
      // Every run claims its prompt (attempts + 1) unless it failed before (a pool timeout on this
      // busy machine); the queue counts each retry. A second delivery of a job would claim a prompt
      // more often than the queue ran its job, or find it answered and skip it (logged below).
      const twice = rows.filter((p) => p.status !== 'PROCESSED' || p.attempts > p.retries + 1);
      expect(JSON.stringify(twice)).toBe('[]');
      for (const worker of cluster.workers)
        expect(worker.output()).not.toContain('prompt not answered');
    });
  }, 60_000);

  it('delivers live events to the clients of both API processes: a prompt answered by a worker reaches each stream', async () => {
    await withLogs(async () => {
      const owner = await register();
      const streams = await Promise.all(
        [0, 1].map((upstream) =>
          openSse(`${cluster.nginx.url}/api/live?topics=prompts`, {
            ...bearer(owner.token),
            [UPSTREAM_HEADER]: String(upstream),
          }),
        ),
      );
      try {
        expect(streams.map((s) => [s.status, s.headers.get(SERVED_BY_HEADER)])).toEqual(
          cluster.apis.map((api) => [200, api.address]),
        );
        await Promise.all(streams.map((s) => s.ready()));
        const created = await cluster.request('/api/prompts/create', {
          token: owner.token,
          body: { prompt: 'What moved today?', selection: ['NASDAQ:AAPL'] },
        });
        expect(created.status).toBe(200);
        const answered = (event: SseEvent) =>
          event.event === 'prompts' &&
          (event.data as { id?: string; status?: string }).id === created.body.id &&
          (event.data as { status?: string }).status === 'PROCESSED';
        const events = await Promise.all(streams.map((s) => s.next(answered, 30_000)));
        expect(events.map((e) => e.data)).toEqual(
          streams.map(() => ({
            topic: 'prompts',
            id: created.body.id,
            status: 'PROCESSED',
            stage: 'answered',
          })),
        );
      } finally {
        for (const stream of streams) stream.close();
      }
    });
  }, 45_000);

  it('loses no acknowledged write when an API process is killed under load, failing at most the requests in flight', async () => {
    await withLogs(async () => {
      const writer = await register();
      const [a, b] = cluster.apis.map((api) => api.address);
      const acknowledged = new Map<string, string>(); // event id → the process that answered
      const sentAfterKill: string[] = []; // who answered each write sent once the process was gone
      let killed = false;
      const failed: { status: number; servedBy: string }[] = [];
      let inFlight = 0;
      let sent = 0;
      let running = true;
      const writeLoop = async () => {
        while (running) {
          sent += 1;
          const title = `load ${sent}`;
          const late = killed;
          inFlight += 1;
          try {
            const answer = await cluster.request('/api/calendar/events/create', {
              token: writer.token,
              body: { title, date: '2026-12-01' },
            });
            const event = answer.body.event as { id?: string } | undefined;
            if (answer.status === 200 && event?.id) {
              acknowledged.set(event.id, answer.servedBy);
              if (late) sentAfterKill.push(answer.servedBy);
            } else failed.push({ status: answer.status, servedBy: answer.servedBy });
          } catch {
            failed.push({ status: 0, servedBy: '' });
          } finally {
            inFlight -= 1;
          }
        }
      };
      const loops = Array.from({ length: 8 }, () => writeLoop());
      await waitFor(() => Promise.resolve(new Set(acknowledged.values()).size === 2), 15_000, 20);
      await new Promise((resolve) => setTimeout(resolve, 500));

      const before = acknowledged.size;
      const inFlightAtKill = inFlight;
      cluster.apis[0]!.child.kill('SIGKILL');
      await cluster.apis[0]!.exited;
      killed = true;
      await waitFor(() => Promise.resolve(sentAfterKill.length >= 50), 20_000, 20);
      running = false;
      await Promise.all(loops);

      const rows = await database.db
        .selectFrom('calendar_events')
        .select('id')
        .where('title', 'like', 'load %')
        .execute();
      const stored = new Set(rows.map((r) => r.id));
      const lost = [...acknowledged.keys()].filter((id) => !stored.has(id));
      expect(lost).toEqual([]);
      // A failed request may have been written before its answer was lost; no more than that.
      expect(stored.size).toBeLessThanOrEqual(acknowledged.size + failed.length);
      expect(failed.length).toBeLessThanOrEqual(inFlightAtKill);
      expect(
        failed.every((f) => f.status === 0 || (f.status === 502 && f.servedBy.endsWith(a!))),
      ).toBe(true);
      // Every write sent after the kill was answered, by the survivor (nginx may try the dead
      // process first: its refused connection passes the request on).
      expect(sentAfterKill.length).toBeGreaterThanOrEqual(50);
      expect(sentAfterKill.filter((servedBy) => !servedBy.endsWith(b!))).toEqual([]);
      expect(acknowledged.size).toBeGreaterThan(before);
    });
  }, 45_000);
});
