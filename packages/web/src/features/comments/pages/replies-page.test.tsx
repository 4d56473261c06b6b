import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import { makeComment } from '../../../../test/fixtures/comments';
import { renderRoutes } from '../../../../test/render';
import { RepliesCountBadge } from '../components/replies-count-badge';
import { RepliesPage } from './replies-page';

function reply(username: string, content: string) {
  return {
    ...makeComment({ username, content, parent_obj: 'comment', parent_obj_id: 'news-9' }),
    article_title: 'Chip maker beats estimates',
  };
}

function renderWithReplies(ui: React.ReactNode, unread: ReturnType<typeof reply>[]) {
  storeLoggedIn(makeUser({ username: 'me' }));
  let seen = false;
  const api = stubApi({
    'GET /api/user/get/me': success({ current_user: makeUser({ username: 'me' }) }),
    'GET /api/comments/replies/unread': () => ({
      body: success({ count: seen ? 0 : unread.length, replies: seen ? [] : unread }),
    }),
    'POST /api/comments/replies/seen': () => {
      seen = true;
      return { body: success() };
    },
  });
  renderRoutes([{ path: '*', element: ui }]);
  return api;
}

describe('reply notifications', () => {
  it('shows the unread replies count as a badge, and nothing without any', async () => {
    renderWithReplies(<RepliesCountBadge />, [reply('bob', 'Agreed'), reply('cy', 'No way')]);
    expect((await screen.findByLabelText('2 unread replies')).textContent).toBe('2');
  });

  it('shows no badge with no unread reply', async () => {
    const api = renderWithReplies(<RepliesCountBadge />, []);
    await waitFor(() => {
      expect(api.callsTo('GET /api/comments/replies/unread')).toHaveLength(1);
    });
    expect(screen.queryByLabelText(/unread repl/)).toBeNull();
  });

  it('lists the replies with the article link, marks them seen and refetches the count', async () => {
    const api = renderWithReplies(
      <>
        <RepliesCountBadge />
        <RepliesPage />
      </>,
      [reply('bob', 'Agreed\nfully')],
    );
    const list = await screen.findByRole('list', { name: 'New replies' });
    expect(within(list).getByText('bob')).toBeTruthy();
    expect(within(list).getByText(/Agreed/).textContent).toBe('Agreed\nfully');
    expect(
      within(list).getByRole('link', { name: 'Chip maker beats estimates' }).getAttribute('href'),
    ).toBe('/news/view?id=news-9');
    await waitFor(() => {
      expect(api.callsTo('POST /api/comments/replies/seen')).toHaveLength(1);
    });
    await waitFor(() => {
      expect(screen.queryByLabelText(/unread repl/)).toBeNull();
    });
    // The list stays readable after it was marked seen.
    expect(screen.getByText('bob')).toBeTruthy();
  });
});
