import { WIDGET_IDS } from '@app/shared/api/portfolio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, registerUser, type TestUser } from './helpers/factories.ts';

type WidgetsBody = { status: string; widgets: { id: string; visible: boolean }[] };

describe('the dashboard widgets (/user/widgets)', () => {
  let t: TestApp;
  let ada: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    ada = await registerUser(t.app);
    bob = await registerUser(t.app);
  });
  afterAll(() => t.close());

  const read = (user: TestUser) =>
    t.app.inject({ method: 'GET', url: '/api/user/widgets', headers: bearer(user.token) });
  const save = (user: TestUser, widgets: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/widgets',
      headers: bearer(user.token),
      payload: { widgets },
    });

  it('gives a user who never chose every widget, shown, in WIDGET_IDS order', async () => {
    const res = await read(ada);
    expect(res.statusCode).toBe(200);
    expect(res.json<WidgetsBody>()).toEqual({
      status: 'success',
      widgets: WIDGET_IDS.map((id) => ({ id, visible: true })),
    });
  });

  it('keeps each user’s order and visibility, and only theirs', async () => {
    const chosen = [
      { id: 'recommendations', visible: true },
      { id: 'movers', visible: false },
      { id: 'upcoming_events', visible: true },
      { id: 'holdings_news', visible: true },
      { id: 'ai_summary', visible: false },
    ];
    const saved = await save(ada, chosen);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<WidgetsBody>().widgets).toEqual(chosen);
    expect((await read(ada)).json<WidgetsBody>().widgets).toEqual(chosen);
    expect((await read(bob)).json<WidgetsBody>().widgets).toEqual(
      WIDGET_IDS.map((id) => ({ id, visible: true })),
    );

    const changed = [{ id: 'movers', visible: true }];
    await save(ada, changed);
    // Widgets left out of a choice come after it, shown.
    expect((await read(ada)).json<WidgetsBody>().widgets.map((w) => w.id)).toEqual([
      'movers',
      'holdings_news',
      'ai_summary',
      'upcoming_events',
      'recommendations',
    ]);
  });

  it('refuses unknown ids, an id twice and malformed bodies with a 400, and changes nothing', async () => {
    const before = (await read(bob)).json<WidgetsBody>().widgets;
    const twice = await save(bob, [
      { id: 'movers', visible: true },
      { id: 'movers', visible: false },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ error_msg: string }>().error_msg).toBe(
      "The widget 'movers' is listed twice.",
    );
    expect((await save(bob, [{ id: 'stock_ticker', visible: true }])).statusCode).toBe(400);
    expect((await save(bob, [{ id: 'movers' }])).statusCode).toBe(400);
    expect((await save(bob, 'movers')).statusCode).toBe(400);
    expect((await save(bob, [{ id: 'movers\u0000', visible: true }])).statusCode).toBe(400);
    expect((await read(bob)).json<WidgetsBody>().widgets).toEqual(before);
  });

  it('needs a login', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/widgets' })).statusCode).toBe(401);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/user/widgets',
      payload: { widgets: [] },
    });
    expect(post.statusCode).toBe(401);
  });
});
