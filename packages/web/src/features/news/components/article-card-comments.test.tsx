import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { NewsArticle } from '@app/shared/api/news';
import type { User } from '@app/shared/api/users';
import { makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import { commentsServer, makeComment } from '../../../../test/fixtures/comments';
import { makeArticle } from '../../../../test/fixtures/news';
import { renderRoutes } from '../../../../test/render';
import { ArticleCard } from './article-card';
import { interestStarsLabel } from './article-card-stars';

const validated = makeUser({
  username: 'me',
  is_email_validated: true,
  is_valid: true,
  validation_status: 'approved',
});

function renderCard(article: NewsArticle, user?: User) {
  if (user) storeLoggedIn(user);
  const server = commentsServer([
    makeComment({ parent_obj_id: article.id, username: 'ada', content: 'Nice quarter' }),
  ]);
  const api = stubApi({
    'GET /api/user/get/me': success({ current_user: user ?? makeUser() }),
    ...server.routes,
  });
  renderRoutes([{ path: '*', element: <ArticleCard article={article} /> }], {
    initialEntries: ['/news/latest_ai'],
  });
  return { api, user: userEvent.setup() };
}

const control = (name: string | RegExp) => screen.getByRole('button', { name });

describe('article card panels: comments, share, report (spec §4)', () => {
  it("labels the comments control with the count, or 'Comment' without comments", () => {
    renderCard(makeArticle({ no_comments: 3 }));
    expect(control('Comments (3)')).toBeTruthy();
    renderCard(makeArticle({ no_comments: 0 }));
    expect(control('Comment')).toBeTruthy();
  });

  it('keeps one panel open at a time, and the same control closes its panel', async () => {
    const { user } = renderCard(makeArticle({ no_comments: 1 }));
    const comments = control('Comments (1)');
    await user.click(comments);
    expect(comments.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByText('Nice quarter')).toBeTruthy();
    expect(document.getElementById(comments.getAttribute('aria-controls') ?? '')).not.toBeNull();

    await user.click(control('Share'));
    expect(comments.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Nice quarter')).toBeNull();
    expect(await screen.findByRole('textbox', { name: 'Link to share' })).toBeTruthy();

    await user.click(control('Report'));
    expect(screen.queryByRole('textbox', { name: 'Link to share' })).toBeNull();
    expect(await screen.findByRole('region', { name: 'Report this article' })).toBeTruthy();

    await user.click(control('Report'));
    expect(screen.queryByRole('region', { name: 'Report this article' })).toBeNull();
    expect(control('Report').getAttribute('aria-expanded')).toBe('false');

    await user.click(comments);
    await user.click(comments);
    expect(screen.queryByText('Nice quarter')).toBeNull();
  });

  it('counts a comment the reader adds on the control', async () => {
    const { user } = renderCard(makeArticle({ no_comments: 1 }), validated);
    await user.click(control('Comments (1)'));
    await user.type(await screen.findByRole('textbox', { name: 'Write a comment' }), 'Me too');
    await user.click(control('Submit'));
    expect(await screen.findByRole('button', { name: 'Comments (2)' })).toBeTruthy();
  });

  it('sends a visitor who wants to report the article to /register?source=report and back', async () => {
    const { user } = renderCard(makeArticle({ id: 'r1', AI: { title: 'Chips beat' } }));
    await user.click(control('Report'));
    expect(
      (
        await screen.findByRole('link', { name: 'Register or log in to report this article' })
      ).getAttribute('href'),
    ).toBe(`/register?source=report&next=${encodeURIComponent('/n/r1#CHIPS_BEAT')}`);
  });

  it('reports the article with a reason, thanks the reader and closes the panel', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { api, user } = renderCard(makeArticle({ id: 'r2' }), validated);
    await user.click(control('Report'));
    await user.type(
      await screen.findByRole('textbox', { name: 'Why are you reporting this article?' }),
      'Wrong ticker',
    );
    await user.click(control('Submit'));
    await waitFor(() => {
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Thank you, our moderators will look at it.' }),
      );
    });
    expect(api.callsTo('POST /api/comments/create')[0]?.body).toEqual({
      parent_obj: 'news',
      parent_obj_id: 'r2',
      parent_comment_id: null,
      content: 'Wrong ticker',
      is_report: true,
    });
    expect(screen.queryByRole('region', { name: 'Report this article' })).toBeNull();
  });
});

describe('interest stars (spec §3: 0–10 as 5 stars with halves)', () => {
  it('shows the interest score as stars named for screen readers', () => {
    renderCard(makeArticle({ interest_score: 7 }));
    const stars = screen.getByRole('img', { name: 'Interest 3.5 of 5' });
    expect(stars.querySelectorAll('svg')).toHaveLength(5);
  });

  it('falls back to the analyst’s score and shows nothing without any', () => {
    renderCard(makeArticle({ interest_score: null, AI: { interest_score: 10 } }));
    expect(screen.getByRole('img', { name: 'Interest 5 of 5' })).toBeTruthy();
    renderCard(makeArticle({ interest_score: null, AI: null }));
    expect(screen.getAllByRole('img', { name: /^Interest/ })).toHaveLength(1);
  });

  it.each([
    [0, 'Interest 0 of 5'],
    [1, 'Interest 0.5 of 5'],
    [6, 'Interest 3 of 5'],
    [9.4, 'Interest 4.5 of 5'],
    [12, 'Interest 5 of 5'],
  ])('names a score of %d "%s"', (score, label) => {
    expect(interestStarsLabel(score)).toBe(label);
  });
});
