import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { NewsArticle } from '@app/shared/api/news';
import type { User } from '@app/shared/api/users';
import { failure, makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import type { StubHandler } from '../../../../test/api-stub';
import { renderRoutes } from '../../../../test/render';
import { ArticleCard } from './article-card';
import { isArticlePage } from './article-card-parts';
import { makeArticle } from '../../../../test/fixtures/news';

const TICKER_TEST = success({
  response: {
    related_exchange_tickers: ['NASDAQ:AMD'],
    NER: [{ name: 'AMD', tickers: ['NASDAQ:AMD'] }],
    named_exchange_tickers: ['NASDAQ:AMD'],
  },
  validated_tickers: ['NASDAQ:AMD'],
  unvalidated_tickers: ['EPS'],
});

function renderCard(
  article: NewsArticle,
  {
    user,
    url = '/news/latest_ai',
    routes = {},
  }: { user?: User; url?: string; routes?: Record<string, StubHandler | object> } = {},
) {
  if (user) storeLoggedIn(user, 'tok 1');
  const api = stubApi({
    'GET /api/user/get/me': success({ current_user: user ?? makeUser() }),
    ...routes,
  });
  renderRoutes([{ path: '*', element: <ArticleCard article={article} /> }], {
    initialEntries: [url],
  });
  return api;
}

const shareButton = () => screen.getByRole('button', { name: 'Share' });

describe('article card panels (spec §4: one panel open at a time)', () => {
  it('opens the share panel from Share and closes it with the same control', async () => {
    const user = userEvent.setup();
    renderCard(makeArticle());
    expect(shareButton().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox', { name: 'Link to share' })).toBeNull();

    await user.click(shareButton());
    expect(shareButton().getAttribute('aria-expanded')).toBe('true');
    // The panel is a chunk of its own, loaded at its first opening.
    const field = await screen.findByRole('textbox', { name: 'Link to share' }, { timeout: 4000 });
    const panel = document.getElementById(shareButton().getAttribute('aria-controls') ?? '');
    expect(panel?.contains(field)).toBe(true);

    await user.click(shareButton());
    expect(shareButton().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox', { name: 'Link to share' })).toBeNull();
  });

  it('shares the absolute /n/{id}#{TITLE_SLUG} link of the article', async () => {
    const user = userEvent.setup();
    renderCard(makeArticle({ id: 'a7', AI: { title: 'Chip maker beats estimates' } }));
    await user.click(shareButton());
    expect(await screen.findByRole('textbox', { name: 'Link to share' })).toHaveProperty(
      'value',
      `${window.location.origin}/n/a7#CHIP_MAKER_BEATS_ESTIMATES`,
    );
    expect(screen.getByRole('link', { name: 'Open new tab' })).toBeTruthy();
  });

  it('offers no "Open new tab" on the page of the article itself', async () => {
    const user = userEvent.setup();
    renderCard(makeArticle({ id: 'a8' }), { url: '/news/view?id=a8' });
    await user.click(shareButton());
    expect(await screen.findByRole('textbox', { name: 'Link to share' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open new tab' })).toBeNull();
  });

  it('knows the article page by its /n/ link and by /news/view?id=', () => {
    expect(isArticlePage('a8', { pathname: '/n/a8', search: '' })).toBe(true);
    expect(isArticlePage('a8', { pathname: '/news/view', search: '?id=a8' })).toBe(true);
    expect(isArticlePage('a8', { pathname: '/news/view', search: '?id=a9' })).toBe(false);
    expect(isArticlePage('a8', { pathname: '/news/latest_ai', search: '' })).toBe(false);
  });
});

describe('article card debug section (spec §6 my_debug_interface)', () => {
  it('is never shown to users without my_debug_interface, admins included', async () => {
    renderCard(makeArticle(), { user: makeUser({ my_debug_interface: false, is_admin: true }) });
    await screen.findByRole('checkbox', { name: 'Hide' });
    expect(screen.queryByRole('button', { name: 'Debug' })).toBeNull();
  });

  it('is not shown to visitors', () => {
    renderCard(makeArticle());
    expect(screen.queryByRole('button', { name: 'Debug' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Force reindex/ })).toBeNull();
  });

  it('links debug users to the backend views of the article with their session key', async () => {
    const user = userEvent.setup();
    renderCard(makeArticle({ id: 'd1' }), { user: makeUser({ my_debug_interface: true }) });
    const toggle = await screen.findByRole('button', { name: 'Debug' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const views = screen.getByRole('list', { name: 'Backend views' });
    const href = (name: string) => within(views).getByRole('link', { name }).getAttribute('href');
    expect(href('Get')).toBe('/api/news/get/d1?key=tok+1');
    expect(href('Reindex')).toBe('/api/news/reindex/d1?key=tok+1');
    expect(href('Force reindex')).toBe('/api/news/force_reindex/d1?key=tok+1');
    expect(href('Translate (es-ES)')).toBe('/api/news/translate/d1/es-ES?key=tok+1');
    expect(href('Test tickers')).toBe('/api/news/test/tickers/d1?key=tok+1');
    for (const link of within(views).getAllByRole('link')) {
      expect(link.getAttribute('target')).toBe('_blank');
    }
  });

  it('runs the entity test and shows the response, validated and unvalidated tickers', async () => {
    const user = userEvent.setup();
    const api = renderCard(makeArticle({ id: 'd2' }), {
      user: makeUser({ my_debug_interface: true }),
      routes: { 'GET /api/news/test/tickers/d2': TICKER_TEST },
    });
    await user.click(await screen.findByRole('button', { name: 'Debug' }));
    await user.click(screen.getByRole('button', { name: 'Test tickers' }));
    const result = await screen.findByRole('region', { name: 'Ticker test result' });
    expect(api.callsTo('GET /api/news/test/tickers/d2')).toHaveLength(1);
    expect(
      within(within(result).getByRole('list', { name: 'Validated tickers' })).getByText(
        'NASDAQ:AMD',
      ),
    ).toBeTruthy();
    expect(
      within(within(result).getByRole('list', { name: 'Unvalidated tickers' })).getByText('EPS'),
    ).toBeTruthy();
    expect(within(result).getByText(/"NER"/)).toBeTruthy();
  });

  it('shows the error of a failed entity test', async () => {
    const user = userEvent.setup();
    renderCard(makeArticle({ id: 'd3' }), {
      user: makeUser({ my_debug_interface: true }),
      routes: {
        'GET /api/news/test/tickers/d3': () =>
          failure(403, 'Only admins and debug users can test the linker.'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Debug' }));
    await user.click(screen.getByRole('button', { name: 'Test tickers' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Only admins and debug users can test the linker.',
    );
  });

  it('force-reindexes the article and toasts the result', async () => {
    const user = userEvent.setup();
    const article = makeArticle({ id: 'd4', AI: { sentiment_score: 5, defcon_level: 4 } });
    const api = renderCard(article, {
      user: makeUser({ my_debug_interface: true }),
      routes: { 'GET /api/news/force_reindex/d4': success({ news: [article] }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Debug' }));
    await user.click(screen.getByRole('button', { name: 'Force reindex' }));
    expect(await screen.findByText('Article reindexed. Sentiment 5, defcon 4.')).toBeTruthy();
    await waitFor(() => {
      expect(api.callsTo('GET /api/news/force_reindex/d4')).toHaveLength(1);
    });
  });
});
