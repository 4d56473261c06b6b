import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DELETE_CONFIRM_TEXT } from '@app/shared/api/comments';
import type { ReportedItem } from '@app/shared/api/comments';
import { makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import { makeComment } from '../../../../test/fixtures/comments';
import { renderRoutes } from '../../../../test/render';
import { ReportsQueueCard } from './reports-queue-card';

const spam = makeComment({ username: 'spammer', content: 'Buy my course', parent_obj_id: 'n1' });
const now = Math.floor(Date.now() / 1000);
const items: ReportedItem[] = [
  {
    parent_obj_id: 'n1',
    article_title: 'Chip maker beats estimates',
    comment: spam,
    reports: 2,
    reasons: [
      { username: 'ada', content: 'Spam', creation_date: now - 120 },
      { username: 'bob', content: 'Advert', creation_date: now - 60 },
    ],
    last_report_date: now - 60,
  },
  {
    parent_obj_id: 'n2',
    article_title: 'Bank misses',
    comment: null,
    reports: 1,
    reasons: [{ username: 'cy', content: 'Wrong ticker', creation_date: now - 30 }],
    last_report_date: now - 30,
  },
];

function renderQueue() {
  const admin = makeUser({ username: 'root', is_admin: true });
  storeLoggedIn(admin);
  const api = stubApi({
    'GET /api/user/get/me': success({ current_user: admin }),
    'GET /api/comments/admin/reports': success({ items, total: 2 }),
    'POST /api/comments/admin/hide': success({ comment: { ...spam, is_hidden: true } }),
    'POST /api/comments/delete': success(),
    'POST /api/comments/admin/dismiss': success(),
  });
  renderRoutes([{ path: '*', element: <ReportsQueueCard /> }]);
  return { api, user: userEvent.setup() };
}

const entry = (name: RegExp) => screen.findByRole('listitem', { name });

describe('admin reports queue', () => {
  it('lists each reported comment or article with its title link, count and reasons', async () => {
    renderQueue();
    const comment = await entry(/comment by spammer/);
    expect(
      within(comment)
        .getByRole('link', { name: 'Chip maker beats estimates' })
        .getAttribute('href'),
    ).toBe('/news/view?id=n1');
    expect(within(comment).getByText('2 reports')).toBeTruthy();
    expect(within(comment).getByText('Buy my course')).toBeTruthy();
    const reasons = within(comment).getByRole('list', { name: 'Reasons' });
    expect(within(reasons).getByText('Spam')).toBeTruthy();
    expect(within(reasons).getByText('ada')).toBeTruthy();
    expect(within(reasons).getByText(/2 minutes ago/)).toBeTruthy();

    const article = await entry(/the article on Bank misses/);
    expect(within(article).getByText('The article itself is reported.')).toBeTruthy();
    // An article is hidden from its own page: no comment actions here.
    expect(within(article).queryByRole('button', { name: 'Hide' })).toBeNull();
    expect(within(article).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByText('2 open')).toBeTruthy();
  });

  it('hides a reported comment', async () => {
    const { api, user } = renderQueue();
    await user.click(
      within(await entry(/comment by spammer/)).getByRole('button', { name: 'Hide' }),
    );
    await waitFor(() => {
      expect(api.callsTo('POST /api/comments/admin/hide')[0]?.body).toEqual({
        id: spam.id,
        value: true,
      });
    });
  });

  it('deletes a reported comment after the confirmation', async () => {
    const { api, user } = renderQueue();
    await user.click(
      within(await entry(/comment by spammer/)).getByRole('button', { name: 'Delete' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(DELETE_CONFIRM_TEXT)).toBeTruthy();
    expect(api.callsTo('POST /api/comments/delete')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(api.callsTo('POST /api/comments/delete')[0]?.body).toEqual({ id: spam.id });
    });
  });

  it('dismisses the reports of a comment and of an article', async () => {
    const { api, user } = renderQueue();
    await user.click(
      within(await entry(/comment by spammer/)).getByRole('button', { name: 'Dismiss' }),
    );
    await user.click(
      within(await entry(/the article on Bank misses/)).getByRole('button', { name: 'Dismiss' }),
    );
    await waitFor(() => {
      expect(api.callsTo('POST /api/comments/admin/dismiss').map((call) => call.body)).toEqual([
        { parent_obj_id: 'n1', parent_comment_id: spam.id },
        { parent_obj_id: 'n2', parent_comment_id: null },
      ]);
    });
  });
});
