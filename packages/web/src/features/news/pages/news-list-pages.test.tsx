import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { success, stubApi } from '../../../../test/api-stub';
import type { ApiCall } from '../../../../test/api-stub';
import { renderRoute } from '../../../../test/render';
import { stubIntersectionObserver } from '../intersection-observer-stub';
import { makeArticle, numberedArticles, pagedNewsQuery } from '../../../../test/fixtures/news';

const LOADED = { timeout: 8000 };

beforeEach(() => {
  stubIntersectionObserver();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A /news/query over `total` articles honouring skip and limit, and /news/get of each. */
function newsServer(total: number) {
  const articles = numberedArticles(total);
  return stubApi({
    'GET /api/news/query': pagedNewsQuery(articles),
    'GET /api/news/get/pinned': success({
      news: [makeArticle({ id: 'pinned', AI: { title: 'The shared story' } })],
    }),
  });
}

const queryOf = (call: ApiCall | undefined) => Object.fromEntries(call?.search ?? []);
const storyHeadings = () =>
  screen.queryAllByRole('heading', { level: 2, name: /^Story number/ }).map((h) => h.textContent);

// Rendering 20 article cards twice takes a few seconds on a busy machine.
describe(
  'news list pages (class and publisher): 20 a page with Back and Next',
  { timeout: 20_000 },
  () => {
    it('shows the first 20, then replaces them with the next 20 on Next, keeping the page in the URL', async () => {
      const api = newsServer(45);
      const { router } = renderRoute('/news/class/earnings');
      await screen.findByRole('heading', { name: 'Story number 20' }, LOADED);
      expect(storyHeadings()).toHaveLength(20);
      const pages = screen.getByRole('navigation', { name: 'News pages' });
      expect(within(pages).getByRole('button', { name: 'Back' })).toHaveProperty('disabled', true);

      const user = userEvent.setup();
      await user.click(within(pages).getByRole('button', { name: 'Next' }));

      await screen.findByRole('heading', { name: 'Story number 21' }, LOADED);
      expect(storyHeadings()).toHaveLength(20);
      expect(screen.queryByRole('heading', { name: 'Story number 1' })).toBeNull();
      expect(router.state.location.search).toBe('?page=2');
      expect(queryOf(api.callsTo('GET /api/news/query').at(-1))).toMatchObject({
        AI__classification: 'earnings',
        skip: '20',
        limit: '20',
      });
    });

    it('opens ?page=3 on its last, short page: Next is disabled and Back goes to page 2', async () => {
      const api = newsServer(45);
      const { router } = renderRoute('/news/publisher/The_Motley_Fool?page=3');
      await screen.findByRole('heading', { name: 'Story number 45' }, LOADED);
      expect(storyHeadings()).toHaveLength(5);
      expect(queryOf(api.callsTo('GET /api/news/query')[0])).toMatchObject({
        publisher: 'The Motley Fool',
        skip: '40',
        limit: '20',
      });
      const pages = screen.getByRole('navigation', { name: 'News pages' });
      expect(within(pages).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);

      await userEvent.setup().click(within(pages).getByRole('button', { name: 'Back' }));
      await screen.findByRole('heading', { name: 'Story number 21' }, LOADED);
      expect(router.state.location.search).toBe('?page=2');
    });

    it('shows "No news found." on an empty list page', async () => {
      newsServer(0);
      renderRoute('/news/class/nothing_at_all');
      expect(await screen.findByText('No news found.', {}, LOADED)).toBeTruthy();
    });
  },
);

describe('news page query parameters', () => {
  it('?symbol= restricts the feed to the company', async () => {
    const api = newsServer(2);
    renderRoute('/news/bullish?symbol=NASDAQ:AAPL');
    await screen.findByRole('heading', { name: 'Story number 2' }, LOADED);
    expect(queryOf(api.callsTo('GET /api/news/query')[0])).toEqual({
      sentiment_score__gte: '7',
      order_by: '-creation_date',
      related_exchange_tickers__iendswith: 'NASDAQ:AAPL',
      skip: '0',
      limit: '5',
    });
  });

  it("?experiment= asks for that experiment's variant", async () => {
    const api = newsServer(1);
    renderRoute('/news/latest?experiment=headline-test');
    await screen.findByRole('heading', { name: 'Story number 1' }, LOADED);
    expect(queryOf(api.callsTo('GET /api/news/query')[0])).toMatchObject({
      experiment: 'headline-test',
    });
  });

  it('?id= shows that article on top of the feed', async () => {
    const api = newsServer(2);
    renderRoute('/news/latest_ai?id=pinned');
    const selected = await screen.findByRole('region', { name: 'Selected article' }, LOADED);
    expect(
      await within(selected).findByRole('heading', { name: 'The shared story' }, LOADED),
    ).toBeTruthy();
    await screen.findByRole('heading', { name: 'Story number 2' }, LOADED);
    const articles = screen.getAllByRole('article');
    expect(articles[0]?.textContent).toContain('The shared story');
    expect(api.callsTo('GET /api/news/get/pinned')).toHaveLength(1);
  });
});
