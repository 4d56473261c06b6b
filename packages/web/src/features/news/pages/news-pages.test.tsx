import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import type { ApiCall } from '../../../../test/api-stub';
import userEvent from '@testing-library/user-event';
import { renderRoute, renderRoutes } from '../../../../test/render';
import { Link } from '../../../components/link';
import { NewsViewPage } from './news-view-page';
import { stubIntersectionObserver } from '../intersection-observer-stub';
import { makeArticle, numberedArticles, pagedNewsQuery } from '../../../../test/fixtures/news';

let observer: ReturnType<typeof stubIntersectionObserver>;

beforeEach(() => {
  observer = stubIntersectionObserver();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A /news/query that answers `total` articles in pages, recording each call. */
function newsServer(total: number) {
  return stubApi({ 'GET /api/news/query': pagedNewsQuery(numberedArticles(total)) });
}

function queryOf(call: ApiCall | undefined): Record<string, string> {
  return Object.fromEntries(call?.search ?? []);
}

describe('news feed pages', () => {
  it.each([
    [
      '/news/latest_ai',
      'AI news feed',
      {
        ai_summary__ne: 'NULL',
        related_exchange_tickers__not__size: '0',
        order_by: '-creation_date',
      },
    ],
    ['/news/latest', 'Latest news', { order_by: '-creation_date', no_cache: '1' }],
    ['/news/bullish', 'Bullish news', { sentiment_score__gte: '7', order_by: '-creation_date' }],
    ['/news/bearish', 'Bearish news', { sentiment_score__lte: '-5', order_by: '-creation_date' }],
    ['/news/defcon', 'Defcon alerts', { AI__defcon_level__lte: '2', order_by: '-creation_date' }],
    [
      '/news/class/mergers_and_acquisitions',
      'News: mergers and acquisitions',
      { AI__classification: 'mergers and acquisitions', order_by: '-creation_date' },
    ],
    [
      '/news/publisher/The_Motley_Fool',
      'News from The Motley Fool',
      { publisher: 'The Motley Fool', order_by: '-creation_date' },
    ],
  ])('%s asks /news/query for its filters', async (path, heading, filters) => {
    const api = newsServer(2);
    renderRoute(path);
    expect(
      await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 }),
    ).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: 'Story number 1' });
    // Scroll feeds load 5 at a time; the class and publisher list pages 20 (see news-feed.ts).
    const limit = /\/news\/(class|publisher)\//.test(path) ? '20' : '5';
    expect(queryOf(api.callsTo('GET /api/news/query')[0])).toEqual({
      ...filters,
      skip: '0',
      limit,
    });
  });

  it('shows "No news found." when the feed is empty', async () => {
    newsServer(0);
    renderRoute('/news/bullish');
    expect(await screen.findByText('No news found.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('loads 5 more when the sentinel comes within 300 px of the bottom', async () => {
    const api = newsServer(8);
    renderRoute('/news/latest');
    await screen.findByRole('heading', { name: 'Story number 5' }, { timeout: 5000 });
    expect(screen.queryByRole('heading', { name: 'Story number 6' })).toBeNull();
    expect(observer.observers.at(-1)?.options?.rootMargin).toBe('0px 0px 300px 0px');

    observer.scrollSentinelIntoView();

    expect(await screen.findByRole('heading', { name: 'Story number 8' })).toBeTruthy();
    const calls = api.callsTo('GET /api/news/query');
    expect(queryOf(calls[1])).toMatchObject({ skip: '5', limit: '5' });
    expect(screen.getAllByRole('article')).toHaveLength(8);
    // A short page ends the feed: nothing more is observed or requested.
    expect(screen.queryByTestId('news-feed-sentinel')).toBeNull();
  });

  it('shows a failed load inline, without a toast, to users without the debug interface', async () => {
    stubApi({ 'GET /api/news/query': () => failure(500, 'Database unavailable') });
    renderRoute('/news/latest');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getAllByText('Database unavailable')).toHaveLength(1);
  });

  it('also toasts a failed load for debug users', async () => {
    const user = makeUser({ my_debug_interface: true });
    storeLoggedIn(user);
    stubApi({
      'GET /api/user/get/me': success({ current_user: user }),
      'GET /api/news/query': () => failure(500, 'Database unavailable'),
    });
    renderRoute('/news/latest');
    await waitFor(
      () => {
        expect(screen.getAllByText('Database unavailable')).toHaveLength(2);
      },
      { timeout: 5000 },
    );
  });
});

describe('home page', () => {
  it('shows the 20 newest articles with related tickers and an AI summary', async () => {
    const api = newsServer(3);
    renderRoute('/home');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hot news' }, { timeout: 5000 }),
    ).toBeTruthy();
    await screen.findByRole('heading', { name: 'Story number 3' });
    expect(queryOf(api.callsTo('GET /api/news/query')[0])).toEqual({
      ai_summary__ne: 'NULL',
      related_exchange_tickers__not__size: '0',
      order_by: '-creation_date',
      skip: '0',
      limit: '20',
    });
  });
});

describe('news view page', () => {
  it('shows one article with its full analysis', async () => {
    stubApi({
      'GET /api/news/get/n7': success({
        news: [makeArticle({ id: 'n7', AI: { paragraph: 'Guidance was raised for the year.' } })],
      }),
    });
    renderRoute('/news/view?id=n7');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Chip maker beats estimates' },
        {
          timeout: 5000,
        },
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Guidance was raised for the year\./)).toBeTruthy();
  });

  it('draws the next article in place of the previous one after a navigation in the app', async () => {
    stubApi({
      'GET /api/news/get/n7': success({
        news: [makeArticle({ id: 'n7', AI: { title: 'First story' } })],
      }),
      'GET /api/news/get/n8': success({
        news: [makeArticle({ id: 'n8', AI: { title: 'Second story' } })],
      }),
    });
    renderRoutes(
      [
        {
          path: '/news/view',
          element: (
            <>
              <Link to="/news/view?id=n8">Next article</Link>
              <NewsViewPage />
            </>
          ),
        },
      ],
      { initialEntries: ['/news/view?id=n7'] },
    );
    await screen.findByRole('heading', { level: 1, name: 'First story' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('link', { name: 'Next article' }));
    await screen.findByRole('heading', { level: 1, name: 'Second story' }, { timeout: 5000 });
    expect(screen.queryByText('First story')).toBeNull();
  });

  it("shows 'News article not found.' for an unknown id", async () => {
    stubApi({ 'GET /api/news/get/nope': () => failure(404, 'News article not found.') });
    renderRoute('/news/view?id=nope');
    expect(await screen.findByText('News article not found.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it("shows 'News article not found.' without asking the API when there is no id", async () => {
    const api = stubApi({});
    renderRoute('/news/view');
    expect(await screen.findByText('News article not found.', {}, { timeout: 5000 })).toBeTruthy();
    expect(api.calls.filter((call) => call.path.startsWith('/api/news'))).toHaveLength(0);
  });
});
