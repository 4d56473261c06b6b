import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { createServices } from '../src/modules/create-services.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { pino } from 'pino';

describe('the blog: weekly recaps written by the job from demo data, idempotently', () => {
  let t: TestApp;
  const clock = fixedClock('2026-11-25T15:30:00Z');
  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true, clock });
  });
  afterAll(() => t.close());

  const services = () =>
    createServices({
      db: t.database.db,
      config: t.config,
      log: pino({ level: 'silent' }),
      clock,
      jobs: t.jobs,
    });

  it('writes the last four complete weeks once; running again (or twice at once) adds nothing', async () => {
    const [first, concurrent] = await Promise.all([
      services().blog.writeRecaps(4),
      services().blog.writeRecaps(4),
    ]);
    expect([...first.written, ...concurrent.written].sort()).toEqual([
      'weekly-market-recap-2026-10-26',
      'weekly-market-recap-2026-11-02',
      'weekly-market-recap-2026-11-09',
      'weekly-market-recap-2026-11-16',
    ]);
    const again = await services().blog.writeRecaps(4);
    expect(again.written).toEqual([]);
    const rows = await t.database.db.selectFrom('blog_posts').select('slug').execute();
    expect(rows).toHaveLength(4);
  });

  it('serves the list newest first and each recap at its own URL', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/blog/posts' });
    const posts = list.json<{ posts: { slug: string; published_at: number }[] }>().posts;
    expect(posts.map((post) => post.slug)).toEqual([
      'weekly-market-recap-2026-11-16',
      'weekly-market-recap-2026-11-09',
      'weekly-market-recap-2026-11-02',
      'weekly-market-recap-2026-10-26',
    ]);
    expect(posts[0]?.published_at).toBe(Date.parse('2026-11-21T08:00:00Z') / 1000);

    const one = await t.app.inject({ method: 'GET', url: `/api/blog/posts/${posts[0]?.slug}` });
    const post = one.json<{ post: { body: string; title: string; week_start: string } }>().post;
    expect(post.week_start).toBe('2026-11-16');
    expect(post.title).toMatch(/^Weekly market recap, 16–20 Nov 2026: /);
    expect(post.body).toContain('## Best and worst performers');
    expect(post.body).toContain('synthetic prices');
  });

  it('answers 404 for an unknown recap and 400 for a malformed slug', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/blog/posts/weekly-market-recap-1999-01-04',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'error', error_msg: 'Blog post not found.' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/blog/posts/..%2Fetc' });
    expect(bad.statusCode).toBe(400);
  });

  it('completes a recap written before its week had analysed news, once', async () => {
    const { id } = await t.database.db
      .insertInto('news')
      .values({
        link: 'https://example.com/blog-story',
        guid: 'blog-story',
        title: 'Chipmaker beats estimates',
        summary: 'Revenue rose.',
        ai_summary: 'Revenue rose.',
        no_bullshit: null,
        creation_date: new Date('2026-11-18T14:00:00Z'),
        interest_score: 8,
        sentiment_score: [6],
        related_exchange_tickers: ['NASDAQ:NVDA'],
        AI: null,
        experiment: null,
        status_reason: null,
        status: 'PROCESSED',
        source: 'test',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await t.database.db
      .selectFrom('blog_posts')
      .select('published_at')
      .where('week_start', '=', '2026-11-16')
      .executeTakeFirstOrThrow();

    expect((await services().blog.writeRecaps(4)).written).toEqual([
      'weekly-market-recap-2026-11-16',
    ]);
    const post = await t.database.db
      .selectFrom('blog_posts')
      .selectAll()
      .where('week_start', '=', '2026-11-16')
      .executeTakeFirstOrThrow();
    expect(post.citations).toEqual([id]);
    expect(post.body).toContain(`[Chipmaker beats estimates](/n/${id}) (bullish; NVDA)`);
    expect(post.published_at).toEqual(before.published_at);
    expect((await services().blog.writeRecaps(4)).written).toEqual([]);
  });

  it('writes the new week once the clock passes its Friday', async () => {
    clock.set('2026-11-28T06:00:00Z');
    const { written } = await services().blog.writeRecaps(4);
    expect(written).toEqual(['weekly-market-recap-2026-11-23']);
  });
});
