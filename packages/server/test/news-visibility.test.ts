import type { NewsArticle } from '@app/shared/api/news';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrichNewsJob } from '../src/modules/news/news-enrich.job.ts';
import { ingestNewsJob } from '../src/modules/news/news.jobs.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser, type TestUser } from './helpers/factories.ts';
import { jobDeps } from './helpers/job-deps.ts';

type NewsBody = { news: NewsArticle[] };

/** Security review findings: one visibility rule wherever an article is loaded; ids are uuids. */
describe('which articles a caller may load', () => {
  let t: TestApp;
  let hiddenId: string;
  let visibleId: string;
  let debugUser: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true });
    const deps = jobDeps(t.database.db);
    await ingestNewsJob.handler({}, deps);
    await enrichNewsJob.handler({}, deps);
    const [hidden, visible] = await t.database.db
      .selectFrom('news')
      .select('id')
      .orderBy('creation_date', 'desc')
      .limit(2)
      .execute();
    hiddenId = hidden?.id ?? '';
    visibleId = visible?.id ?? '';
    await t.database.db
      .updateTable('news')
      .set({ is_blocked: true })
      .where('id', '=', hiddenId)
      .execute();
    debugUser = await registerUser(t.app);
    await t.database.db
      .updateTable('users')
      .set({ my_debug_interface: true })
      .where('id', '=', debugUser.user.id)
      .execute();
  });
  afterAll(() => t.close());
  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, ...(token && { headers: bearer(token) }) });

  it('does not reindex or show a hidden article to a debug user (404), but does for an admin', async () => {
    const res = await get(`/api/news/force_reindex/${hiddenId}`, debugUser.token);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.body).not.toContain(hiddenId);
    const admin = await registerUser(t.app);
    await grant(t.database.db, admin.user.id, { is_admin: true });
    const asAdmin = await get(`/api/news/force_reindex/${hiddenId}`, admin.token);
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    expect(asAdmin.json<NewsBody>().news[0]?.id).toBe(hiddenId);
  });

  it('does not run the linker test on a hidden article for a debug user', async () => {
    expect((await get(`/api/news/test/tickers/${hiddenId}`, debugUser.token)).statusCode).toBe(404);
    expect((await get(`/api/news/test/tickers/${visibleId}`, debugUser.token)).statusCode).toBe(
      200,
    );
  });

  it('does not translate a hidden article for a signed-in user', async () => {
    const res = await get(`/api/news/translate/${hiddenId}/es-ES`, debugUser.token);
    expect(res.statusCode).toBe(404);
  });

  it('limits reindexing to 30 an hour for a debug user, with a clear 429', async () => {
    const user = await registerUser(t.app);
    await t.database.db
      .updateTable('users')
      .set({ my_debug_interface: true })
      .where('id', '=', user.user.id)
      .execute();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await get(`/api/news/force_reindex/${visibleId}`, user.token)).statusCode);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    const last = await get(`/api/news/force_reindex/${visibleId}`, user.token);
    expect(last.statusCode).toBe(429);
    expect(last.json<{ error_msg: string }>().error_msg).toMatch(/^Too many attempts\./);
  });

  it('finds an article by its id in any letter case, and answers 404 for what is not a uuid', async () => {
    const upper = await get(`/api/news/get/${visibleId.toUpperCase()}`);
    expect(upper.statusCode, upper.body).toBe(200);
    expect(upper.json<NewsBody>().news[0]?.id).toBe(visibleId);
    for (const id of ['nope', `${visibleId}x`, '1 or 1=1', visibleId.slice(0, 35)]) {
      const res = await get(`/api/news/get/${encodeURIComponent(id)}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json<{ error_msg: string }>().error_msg).toBe('News article not found.');
    }
  });
});
