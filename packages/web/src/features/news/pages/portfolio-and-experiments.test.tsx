import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import type { ApiCall } from '../../../../test/api-stub';
import { renderRoute } from '../../../../test/render';
import { stubIntersectionObserver } from '../intersection-observer-stub';
import { watchlistBody } from '../../../../test/fixtures/market';
import { makeArticle, newsBody } from '../../../../test/fixtures/news';

const LOADED = { timeout: 8000 };
/** The pages are lazy chunks and render several cards: slow on a busy machine. */
const SLOW = { timeout: 20_000 };
const WATCHLIST = 'GET /api/ticker/user/watchlist/get/default';

let scroll: ReturnType<typeof stubIntersectionObserver>;

beforeEach(() => {
  scroll = stubIntersectionObserver();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function logIn(flags: { my_debug_interface?: boolean } = {}) {
  const user = makeUser(flags);
  storeLoggedIn(user);
  return { 'GET /api/user/get/me': success({ current_user: user }) };
}

const stories = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, index) =>
    makeArticle({
      id: `${prefix}${String(index + 1)}`,
      AI: { title: `${prefix} story ${String(index + 1)}` },
    }),
  );

/** Answers `articles` to `route`, honouring skip and limit. */
const paged = (articles: ReturnType<typeof stories>) => (call: ApiCall) => {
  const skip = Number(call.search.get('skip') ?? 0);
  const limit = Number(call.search.get('limit') ?? 20);
  return { body: newsBody(articles.slice(skip, skip + limit)) };
};

describe('/news/my_portfolio', SLOW, () => {
  it("shows the news of the user's watchlist, 5 at a time, and 5 more on scroll", async () => {
    const api = stubApi({
      ...logIn(),
      [WATCHLIST]: watchlistBody(['NASDAQ:AMD']),
      'GET /api/news/my_portfolio': paged(stories(7, 'Portfolio')),
    });
    renderRoute('/news/my_portfolio');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My portfolio feed' }, LOADED),
    ).toBeTruthy();
    await screen.findByRole('heading', { name: 'Portfolio story 5' }, LOADED);
    expect(screen.queryByRole('heading', { name: 'Portfolio story 6' })).toBeNull();

    scroll.scrollSentinelIntoView();

    await screen.findByRole('heading', { name: 'Portfolio story 7' }, LOADED);
    const calls = api.callsTo('GET /api/news/my_portfolio');
    expect(calls.map((call) => Object.fromEntries(call.search))).toEqual([
      { skip: '0', limit: '5' },
      { skip: '5', limit: '5' },
    ]);
  });

  it('shows "No news found." when the watched companies have no news', async () => {
    stubApi({
      ...logIn(),
      [WATCHLIST]: watchlistBody(['NASDAQ:AMD']),
      'GET /api/news/my_portfolio': newsBody([]),
    });
    renderRoute('/news/my_portfolio');
    expect(await screen.findByText('No news found.', {}, LOADED)).toBeTruthy();
  });

  it('says the portfolio is empty and goes to explore when nothing is watched', async () => {
    const api = stubApi({
      ...logIn(),
      [WATCHLIST]: watchlistBody([]),
      'GET /api/company/categories': success({ result: [] }),
    });
    const { router } = renderRoute('/news/my_portfolio');
    await waitFor(() => expect(router.state.location.pathname).toBe('/company/explore'), LOADED);
    expect(router.state.location.search).toBe('?nothing_here=1');
    expect(
      await screen.findByText(
        "You don't have anything in your portfolio. Search and watch a company.",
        {},
        LOADED,
      ),
    ).toBeTruthy();
    // The explore page's banner.
    expect(
      await screen.findByText("You don't have anything in your portfolio", {}, LOADED),
    ).toBeTruthy();
    expect(api.callsTo('GET /api/news/my_portfolio')).toHaveLength(0);
  });

  it('asks visitors to log in', async () => {
    const api = stubApi({});
    renderRoute('/news/my_portfolio');
    expect(
      await screen.findByText('Please login or register to access this functionality.', {}, LOADED),
    ).toBeTruthy();
    expect(api.callsTo('GET /api/news/my_portfolio')).toHaveLength(0);
  });
});

describe('/news/experiments (debug users only)', SLOW, () => {
  it('lists the articles with an experiment, each labelled with its experiment', async () => {
    const api = stubApi({
      ...logIn({ my_debug_interface: true }),
      'GET /api/news/query': newsBody([
        makeArticle({ id: 'e1', experiment: 'headline-test', AI: { title: 'Variant A headline' } }),
        makeArticle({ id: 'e2', experiment: 'short-summary', AI: { title: 'Variant B headline' } }),
      ]),
    });
    renderRoute('/news/experiments');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Experiments' }, LOADED),
    ).toBeTruthy();
    await screen.findByRole('heading', { name: 'Variant A headline' }, LOADED);
    expect(screen.getByText('Experiment: headline-test')).toBeTruthy();
    expect(screen.getByText('Experiment: short-summary')).toBeTruthy();
    expect(Object.fromEntries(api.callsTo('GET /api/news/query')[0]?.search ?? [])).toEqual({
      experiment__ne: 'NULL',
      order_by: '-creation_date',
      skip: '0',
      limit: '5',
    });
  });

  it('keeps one experiment with ?experiment=name', async () => {
    const api = stubApi({
      ...logIn({ my_debug_interface: true }),
      'GET /api/news/query': newsBody([]),
    });
    renderRoute('/news/experiments?experiment=headline-test');
    expect(await screen.findByText('No news found.', {}, LOADED)).toBeTruthy();
    const query = Object.fromEntries(api.callsTo('GET /api/news/query')[0]?.search ?? []);
    expect(query).toMatchObject({ experiment: 'headline-test' });
    expect(query).not.toHaveProperty('experiment__ne');
  });

  it('tells other logged-in users the page is not available, without loading anything', async () => {
    const api = stubApi({ ...logIn(), 'GET /api/news/query': newsBody([]) });
    renderRoute('/news/experiments');
    const notice = await screen.findByRole('heading', { name: 'Not available' }, LOADED);
    expect(
      within(notice.parentElement ?? document.body).getByText(
        'Experiments are only available to users with the debugging interface.',
      ),
    ).toBeTruthy();
    expect(api.callsTo('GET /api/news/query')).toHaveLength(0);
  });

  it('asks visitors to log in', async () => {
    stubApi({});
    renderRoute('/news/experiments');
    expect(
      await screen.findByText('Please login or register to access this functionality.', {}, LOADED),
    ).toBeTruthy();
  });
});
