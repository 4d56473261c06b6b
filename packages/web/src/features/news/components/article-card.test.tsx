import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import type { User } from '@app/shared/api/users';
import { renderRoutes } from '../../../../test/render';
import type { NewsArticle } from '@app/shared/api/news';
import { ArticleCard } from './article-card';
import { makeArticle } from '../../../../test/fixtures/news';

function renderCard(article: NewsArticle, user?: User) {
  if (user) storeLoggedIn(user);
  const api = stubApi({
    'GET /api/user/get/me': success({ current_user: user ?? makeUser() }),
    [`POST /api/news/set/${article.id}/is_blocked`]: success(),
  });
  renderRoutes([{ path: '*', element: <ArticleCard article={article} /> }]);
  return api;
}

function card() {
  return screen.getByRole('article');
}

describe('article card', () => {
  it('shows the AI title as the heading, linked as /n/{id}#{TITLE_SLUG}', () => {
    renderCard(makeArticle({ id: 'a1', AI: { title: 'Chip maker beats estimates!' } }));
    const heading = screen.getByRole('heading', { level: 2, name: 'Chip maker beats estimates!' });
    const link = within(heading).getByRole('link');
    expect(link.getAttribute('href')).toBe('/n/a1#CHIP_MAKER_BEATS_ESTIMATES');
    expect(card().getAttribute('aria-labelledby')).toBe(heading.id);
  });

  it("shows '---' for a title with the word cookies", () => {
    renderCard(makeArticle({ AI: { title: 'We use cookies to improve your experience' } }));
    expect(screen.getByRole('heading', { name: '---' })).toBeTruthy();
  });

  it('cuts a title over 10 words to 10 words and an ellipsis', () => {
    renderCard(
      makeArticle({ AI: { title: 'one two three four five six seven eight nine ten eleven' } }),
    );
    expect(
      screen.getByRole('heading', { name: 'one two three four five six seven eight nine ten…' }),
    ).toBeTruthy();
  });

  it('falls back to the article title when there is no AI analysis', () => {
    renderCard(makeArticle({ title: 'Plain headline', AI: null }));
    expect(screen.getByRole('heading', { name: 'Plain headline' })).toBeTruthy();
  });

  it('shows the clickbait title only to users with my_clickbait', async () => {
    renderCard(makeArticle(), makeUser({ my_clickbait: true }));
    expect(
      await screen.findByRole('heading', { name: 'You will not believe these chip numbers' }),
    ).toBeTruthy();
  });

  it('shows the plain AI title to users without my_clickbait', () => {
    renderCard(makeArticle(), makeUser({ my_clickbait: false }));
    expect(screen.getByRole('heading', { name: 'Chip maker beats estimates' })).toBeTruthy();
  });

  it('keeps the AI title when a my_clickbait user meets an article without a clickbait variant', () => {
    renderCard(makeArticle({ AI: { title_clickbait: '' } }), makeUser({ my_clickbait: true }));
    expect(screen.getByRole('heading', { name: 'Chip maker beats estimates' })).toBeTruthy();
  });

  it('shows the publisher, the time ago and the sentiment badge with text', () => {
    renderCard(makeArticle({ publisher: 'Bloomberg', AI: { sentiment_score: -6 } }));
    expect(screen.getByText('Bloomberg')).toBeTruthy();
    expect(screen.getByText('3 hours ago')).toBeTruthy();
    expect(screen.getByText('Very bearish -6')).toBeTruthy();
  });

  it('shows "first seen …" when the source gave no usable date', () => {
    renderCard(makeArticle({ date_estimated: true }));
    const time = screen.getByText('first seen 3 hours ago');
    expect(time.getAttribute('title')).toBe(
      'The source gave no date: this is when it was first seen.',
    );
  });

  it('labels each sentiment band in words', () => {
    renderCard(makeArticle({ AI: { sentiment_score: 8 } }));
    expect(screen.getByText('Very bullish 8')).toBeTruthy();
  });

  it("shows the analyst's plain-English line and the article's icon, labelled by its class (spec §3)", () => {
    renderCard(
      makeArticle({
        no_bullshit: 'AMD sold more chips than expected.',
        AI: { article_icon: 'bar-chart', classification: 'Company Results' },
      }),
    );
    expect(within(card()).getByText('AMD sold more chips than expected.').textContent).toBe(
      'In plain English: AMD sold more chips than expected.',
    );
    const icon = within(card()).getByRole('img', { name: 'Company Results' });
    expect(icon.getAttribute('data-article-icon')).toBe('bar-chart');
  });

  it('draws no icon for an icon name it does not know, and no plain-English line without one', () => {
    renderCard(
      makeArticle({ no_bullshit: null, AI: { article_icon: 'rocket-ship', no_bullshit: '' } }),
    );
    expect(card().querySelector('[data-article-icon]')).toBeNull();
    expect(within(card()).queryByText(/In plain English/)).toBeNull();
  });

  it('shows a defcon icon for level 1 or 2 with at most 3 related tickers', () => {
    renderCard(
      makeArticle({
        related_exchange_tickers: ['NASDAQ:AMD', 'NASDAQ:NVDA', 'NYSE:TSM'],
        AI: { defcon_level: 2 },
      }),
    );
    expect(screen.getByRole('img', { name: 'Defcon 2 alert' })).toBeTruthy();
  });

  it('shows no defcon icon with more than 3 related tickers or from level 3', () => {
    renderCard(
      makeArticle({
        related_exchange_tickers: ['NASDAQ:AMD', 'NASDAQ:NVDA', 'NYSE:TSM', 'NASDAQ:INTC'],
        AI: { defcon_level: 1 },
      }),
    );
    renderCard(makeArticle({ AI: { defcon_level: 3 } }));
    expect(screen.queryByRole('img', { name: /Defcon/ })).toBeNull();
  });

  it('links each related ticker to /ticker/{symbol}', () => {
    renderCard(makeArticle({ related_exchange_tickers: ['NASDAQ:AMD', 'NYSE:TSM'] }));
    const tickers = screen.getByRole('list', { name: 'Related tickers' });
    expect(within(tickers).getByRole('link', { name: 'NYSE:TSM' }).getAttribute('href')).toBe(
      '/ticker/NYSE:TSM',
    );
    expect(within(tickers).getAllByRole('link')).toHaveLength(2);
  });

  it('shows the AI summary with numbered citations that open the sources list', async () => {
    renderCard(makeArticle());
    expect(screen.getByText(/Revenue rose 20 percent\. Margins improved\./)).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Sources (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(screen.getByRole('link', { name: 'Source 2' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const source = screen.getByText('Margins improved.', { selector: 'li *, li' });
    expect(screen.getByRole('link', { name: 'Source 2' }).getAttribute('href')).toBe(
      `#${source.closest('li')?.id ?? 'missing'}`,
    );
  });

  it('links to the original article in a new tab without an opener', () => {
    renderCard(makeArticle({ link: 'https://publisher.example/x' }));
    const link = screen.getByRole('link', { name: /Read the original/ });
    expect(link.getAttribute('href')).toBe('https://publisher.example/x');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows no Hide checkbox to visitors and users', () => {
    renderCard(makeArticle(), makeUser());
    expect(screen.queryByRole('checkbox', { name: 'Hide' })).toBeNull();
  });

  it('lets an admin hide the article and marks the card hidden', async () => {
    const api = renderCard(makeArticle({ id: 'h1' }), makeUser({ is_admin: true }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Hide' }));
    await waitFor(() => {
      expect(screen.getByText('Hidden')).toBeTruthy();
    });
    const [call] = api.callsTo('POST /api/news/set/h1/is_blocked');
    expect(call?.body).toEqual({ value: true });
    expect(screen.getByRole('checkbox', { name: 'Hide' })).toHaveProperty('checked', true);
  });
});
