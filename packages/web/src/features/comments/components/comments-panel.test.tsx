import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  DELETE_CONFIRM_TEXT,
  VALIDATE_AS_HUMAN_TEXT,
  type Comment,
} from '@app/shared/api/comments';
import type { User } from '@app/shared/api/users';
import { failure, makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import type { StubHandler } from '../../../../test/api-stub';
import { commentsServer, makeComment } from '../../../../test/fixtures/comments';
import { renderRoutes } from '../../../../test/render';
import { CommentsPanel } from './comments-panel';

const ARTICLE_PATH = '/n/news-1#CHIPS_BEAT_ESTIMATES';
const me = makeUser({
  username: 'me',
  is_email_validated: true,
  is_valid: true,
  validation_status: 'approved',
});
const admin = makeUser({ ...me, username: 'root', is_admin: true });

function renderPanel({
  user,
  comments = [],
  routes = {},
}: { user?: User; comments?: Comment[]; routes?: Record<string, StubHandler | object> } = {}) {
  if (user) storeLoggedIn(user);
  const server = commentsServer(comments);
  const api = stubApi({
    'GET /api/user/get/me': success({ current_user: user ?? makeUser() }),
    ...server.routes,
    ...routes,
  });
  const onCountChange = vi.fn();
  const { router } = renderRoutes(
    [
      {
        path: '*',
        element: (
          <CommentsPanel
            id="card-comments"
            articleId="news-1"
            articlePath={ARTICLE_PATH}
            onCountChange={onCountChange}
          />
        ),
      },
      { path: '/register', element: <p>Register page</p> },
    ],
    { initialEntries: ['/news/latest_ai'] },
  );
  return { api, server, router, onCountChange, user: userEvent.setup() };
}

const commentBy = (username: string) =>
  screen.findByRole('article', { name: `Comment by ${username}` });

describe('the comments of an article (spec §3, §9)', () => {
  it('asks for the top level 50 a page and shows author, plan badge, time, text and (edited)', async () => {
    const { api } = renderPanel({
      comments: [
        makeComment({
          username: 'ada',
          subscription: 'standard',
          content: 'Line one\n<b>not bold</b>',
          update_date: 1_700_000_100,
        }),
      ],
    });
    const comment = await commentBy('ada');
    const query = api.callsTo('GET /api/comments/query')[0];
    expect(Object.fromEntries(query?.search ?? [])).toEqual({
      parent_obj_id: 'news-1',
      parent_comment_id: 'NULL',
      skip: '0',
      limit: '50',
    });
    expect(within(comment).getByRole('img', { name: 'Standard plan' })).toBeTruthy();
    expect(within(comment).getByText('1 hour ago')).toBeTruthy();
    expect(within(comment).getByText('(edited)')).toBeTruthy();
    // Plain text, never HTML: the tags show as typed, line breaks kept.
    const text = within(comment).getByText(/Line one/);
    expect(text.textContent).toBe('Line one\n<b>not bold</b>');
    expect(text.querySelector('b')).toBeNull();
    expect(text.className).toMatch(/content/);
  });

  it('draws no badge for an author without a plan', async () => {
    renderPanel({ comments: [makeComment({ username: 'ada', subscription: '' })] });
    const comment = await commentBy('ada');
    expect(within(comment).queryByRole('img')).toBeNull();
  });

  it("loads 50 more with 'more' while fewer than the total are shown", async () => {
    const many = Array.from({ length: 51 }, (_, index) =>
      makeComment({ username: `user${String(index)}` }),
    );
    const { api, user } = renderPanel({ comments: many });
    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(within(list).getAllByRole('article')).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'More' }));
    await waitFor(() => {
      expect(within(list).getAllByRole('article')).toHaveLength(51);
    });
    expect(api.callsTo('GET /api/comments/query')[1]?.search.get('skip')).toBe('50');
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
  });

  it("opens 'N replies' with the same query under the comment, and shows '[deleted]' kept for its replies", async () => {
    const parent = makeComment({
      username: '[deleted]',
      content: '[deleted]',
      is_deleted: true,
      no_replies: 2,
    });
    const { api, user } = renderPanel({
      user: me,
      comments: [
        parent,
        makeComment({ username: 'bob', parent_obj: 'comment', parent_comment_id: parent.id }),
        makeComment({ username: 'cy', parent_obj: 'comment', parent_comment_id: parent.id }),
      ],
    });
    const deleted = await screen.findByRole('article', { name: 'Removed comment' });
    expect(within(deleted).getByText('[deleted]')).toBeTruthy();
    // Nothing left to act on.
    for (const name of ['Reply', 'Edit', 'Delete', 'Report']) {
      expect(within(deleted).queryByRole('button', { name })).toBeNull();
    }
    const toggle = within(deleted).getByRole('button', { name: '2 replies' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const replies = await screen.findByRole('list', { name: 'Replies to a removed comment' });
    expect(
      within(replies)
        .getAllByRole('article')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Comment by bob', 'Comment by cy']);
    expect(api.callsTo('GET /api/comments/query')[1]?.search.get('parent_comment_id')).toBe(
      parent.id,
    );
  });
});

describe('the comment editor (spec §4)', () => {
  it('shows Submit and Cancel only while the text is not empty; Cancel clears it', async () => {
    const { user } = renderPanel({ user: me });
    const editor = await screen.findByRole('textbox', { name: 'Write a comment' });
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.type(editor, '   ');
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    await user.type(editor, 'Great quarter');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(editor).toHaveProperty('value', '');
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it("posts a top-level comment, toasts 'Saved', clears the editor and reloads the comments", async () => {
    const show = vi.spyOn(notifications, 'show');
    const { api, server, user, onCountChange } = renderPanel({ user: me });
    const editor = await screen.findByRole('textbox', { name: 'Write a comment' });
    await screen.findByText('No comments yet.');
    const loadsBefore = server.queries();
    await user.type(editor, '  Great quarter  ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => {
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Saved' }));
    });
    expect(api.callsTo('POST /api/comments/create')[0]?.body).toEqual({
      parent_obj: 'news',
      parent_obj_id: 'news-1',
      parent_comment_id: null,
      content: 'Great quarter',
    });
    expect(await commentBy('me')).toBeTruthy();
    expect(server.queries()).toBeGreaterThan(loadsBefore);
    expect(editor).toHaveProperty('value', '');
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(onCountChange).toHaveBeenCalledWith(1);
  });

  it("toasts 'Failed uploading comment {error_msg}' when the server refuses, keeping the text", async () => {
    const show = vi.spyOn(notifications, 'show');
    const { user } = renderPanel({
      user: me,
      routes: {
        'POST /api/comments/create': () => failure(429, 'You are commenting too fast.'),
      },
    });
    const editor = await screen.findByRole('textbox', { name: 'Write a comment' });
    await user.type(editor, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => {
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          message: 'Failed uploading comment You are commenting too fast.',
          color: 'red',
        }),
      );
    });
    expect(editor).toHaveProperty('value', 'Hello');
  });
});

describe('comment actions by role (spec §5, §6)', () => {
  const comments = () => [
    makeComment({ username: 'me', content: 'Mine' }),
    makeComment({ username: 'bob', content: 'Theirs' }),
  ];
  const buttons = (article: HTMLElement) =>
    within(article)
      .queryAllByRole('button')
      .map((button) => button.textContent);

  it('the author sees Reply, Edit and Delete; others see Reply and Report; no Hide', async () => {
    renderPanel({ user: me, comments: comments() });
    expect(buttons(await commentBy('me'))).toEqual(['Reply', 'Edit', 'Delete']);
    expect(buttons(await commentBy('bob'))).toEqual(['Reply', 'Report']);
    expect(screen.queryByRole('checkbox', { name: 'Hide' })).toBeNull();
  });

  it('an admin also sees Hide and may delete any comment', async () => {
    const list = comments();
    const { api, user } = renderPanel({ user: admin, comments: list });
    const bob = await commentBy('bob');
    expect(buttons(bob)).toEqual(['Reply', 'Delete', 'Report']);
    await user.click(within(bob).getByRole('checkbox', { name: 'Hide' }));
    await waitFor(() => {
      expect(api.callsTo('POST /api/comments/admin/hide')[0]?.body).toEqual({
        id: list[1]?.id,
        value: true,
      });
    });
  });

  it('a visitor reads the comments; commenting, replying and reporting lead to register and back', async () => {
    const list = comments();
    const bob = list[1] as Comment;
    renderPanel({ comments: list });
    const bobComment = await commentBy('bob');
    const next = encodeURIComponent(ARTICLE_PATH);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Register or log in to comment' }).getAttribute('href'),
    ).toBe(`/register?comment=article&next=${next}`);
    expect(within(bobComment).getByRole('link', { name: 'Reply' }).getAttribute('href')).toBe(
      `/register?comment=${bob.id}&next=${next}`,
    );
    expect(within(bobComment).getByRole('link', { name: 'Report' }).getAttribute('href')).toBe(
      `/register?report=${bob.id}&next=${next}`,
    );
    expect(within(bobComment).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it(`an unvalidated user sees '${VALIDATE_AS_HUMAN_TEXT}' instead of the editors`, async () => {
    const unvalidated = makeUser({ username: 'newbie', is_email_validated: false });
    const { api, user } = renderPanel({
      user: unvalidated,
      comments: comments(),
      routes: { 'GET /api/user/validate_email': success({ message: 'We sent you an e-mail.' }) },
    });
    const validate = await screen.findByRole('button', { name: VALIDATE_AS_HUMAN_TEXT });
    expect(screen.queryByRole('textbox')).toBeNull();
    await user.click(within(await commentBy('bob')).getByRole('button', { name: 'Reply' }));
    expect(screen.getAllByRole('button', { name: VALIDATE_AS_HUMAN_TEXT })).toHaveLength(2);
    expect(screen.queryByRole('textbox')).toBeNull();
    await user.click(validate);
    expect(await screen.findByText('We sent you an e-mail.')).toBeTruthy();
    expect(api.callsTo('GET /api/user/validate_email')).toHaveLength(1);
  });

  it('a user waiting for approval is linked to the waiting page', async () => {
    renderPanel({
      user: makeUser({ username: 'waiting', validation_status: 'pending' }),
    });
    const link = await screen.findByRole('link', { name: VALIDATE_AS_HUMAN_TEXT });
    expect(link.getAttribute('href')).toBe('/please_wait');
  });
});

describe('one comment action at a time (spec §4)', () => {
  it('opening Report on one comment closes the Reply open on another', async () => {
    const { user } = renderPanel({
      user: me,
      comments: [makeComment({ username: 'bob' }), makeComment({ username: 'cy' })],
    });
    await user.click(within(await commentBy('bob')).getByRole('button', { name: 'Reply' }));
    expect(screen.getByRole('textbox', { name: 'Reply to bob' })).toBeTruthy();
    await user.click(within(await commentBy('cy')).getByRole('button', { name: 'Report' }));
    expect(screen.queryByRole('textbox', { name: 'Reply to bob' })).toBeNull();
    expect(
      screen.getByRole('textbox', { name: 'Why are you reporting this comment?' }),
    ).toBeTruthy();
    // The same control closes its action again.
    await user.click(within(await commentBy('cy')).getByRole('button', { name: 'Report' }));
    expect(
      screen.queryByRole('textbox', { name: 'Why are you reporting this comment?' }),
    ).toBeNull();
  });

  it('replies under the comment, then shows the thread', async () => {
    const bob = makeComment({ username: 'bob' });
    const { api, user, onCountChange } = renderPanel({ user: me, comments: [bob] });
    await user.click(within(await commentBy('bob')).getByRole('button', { name: 'Reply' }));
    await user.type(screen.getByRole('textbox', { name: 'Reply to bob' }), 'Agreed');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const replies = await screen.findByRole('list', { name: 'Replies to bob' });
    expect(await within(replies).findByRole('article', { name: 'Comment by me' })).toBeTruthy();
    expect(api.callsTo('POST /api/comments/create')[0]?.body).toEqual({
      parent_obj: 'comment',
      parent_obj_id: 'news-1',
      parent_comment_id: bob.id,
      content: 'Agreed',
    });
    expect(screen.queryByRole('textbox', { name: 'Reply to bob' })).toBeNull();
    expect(onCountChange).toHaveBeenCalledWith(1);
  });

  it('edits the author’s comment in place: prefilled, updated, (edited)', async () => {
    const mine = makeComment({ username: 'me', content: 'Frist' });
    const { api, user } = renderPanel({ user: me, comments: [mine] });
    await user.click(within(await commentBy('me')).getByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Edit your comment' });
    expect(editor).toHaveProperty('value', 'Frist');
    await user.clear(editor);
    await user.type(editor, 'First');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('First')).toBeTruthy();
    expect(api.callsTo('POST /api/comments/update')[0]?.body).toEqual({
      id: mine.id,
      content: 'First',
    });
    expect(within(await commentBy('me')).getByText('(edited)')).toBeTruthy();
  });

  it(`asks '${DELETE_CONFIRM_TEXT}' before deleting`, async () => {
    const mine = makeComment({ username: 'me', content: 'Delete me' });
    const show = vi.spyOn(notifications, 'show');
    const { api, user, onCountChange } = renderPanel({ user: me, comments: [mine] });
    await user.click(within(await commentBy('me')).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(DELETE_CONFIRM_TEXT)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST /api/comments/delete')).toHaveLength(0);

    await user.click(within(await commentBy('me')).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(screen.queryByText('Delete me')).toBeNull();
    });
    expect(api.callsTo('POST /api/comments/delete')[0]?.body).toEqual({ id: mine.id });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Saved' }));
    expect(onCountChange).toHaveBeenCalledWith(-1);
  });

  it('reports a comment with its reason and thanks the reporter', async () => {
    const bob = makeComment({ username: 'bob' });
    const show = vi.spyOn(notifications, 'show');
    const { api, user } = renderPanel({ user: me, comments: [bob] });
    await user.click(within(await commentBy('bob')).getByRole('button', { name: 'Report' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Why are you reporting this comment?' }),
      'Spam',
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => {
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Thank you, our moderators will look at it.' }),
      );
    });
    expect(api.callsTo('POST /api/comments/create')[0]?.body).toEqual({
      parent_obj: 'comment',
      parent_obj_id: 'news-1',
      parent_comment_id: bob.id,
      content: 'Spam',
      is_report: true,
    });
  });
});
