import type { User } from '@app/shared/api/users';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import type { ApiCall } from '../../../../test/api-stub';
import { renderRoute } from '../../../../test/render';

const admin = makeUser({
  username: 'root',
  first_name: 'Grace',
  last_name: 'Hopper',
  is_admin: true,
});

function adminServer(others: User[], queue: User[] = []) {
  let users = [admin, ...others];
  let answerRemoval: () => void = () => undefined;
  const api = stubApi({
    'GET /api/user/get/me': success({ current_user: admin }),
    // The server pages and searches the list (newest first here: the stub's order).
    'GET /api/user/admin/get/ALL': (call: ApiCall) => {
      const skip = Number(call.search.get('skip') ?? 0);
      const limit = Number(call.search.get('limit') ?? 50);
      const q = (call.search.get('q') ?? '').toLowerCase();
      const found = users.filter((user) =>
        [user.username, user.email, `${user.first_name} ${user.last_name}`].some((text) =>
          text.toLowerCase().includes(q),
        ),
      );
      return { body: success({ users: found.slice(skip, skip + limit), total: found.length }) };
    },
    'GET /api/user/admin/validation_queue': () => ({
      body: success({ users: queue, total: queue.length }),
    }),
    'GET /api/user/admin/outbox': success({
      messages: [
        {
          id: 'm1',
          to: 'ada@example.com',
          subject: 'Confirm your e-mail address',
          creation_date: 1_700_000_000,
          delivery: 'logged',
        },
      ],
    }),
    // The list carries no texts: the one opened is asked on its own.
    'GET /api/user/admin/outbox/m1': success({
      message: {
        id: 'm1',
        to: 'ada@example.com',
        subject: 'Confirm your e-mail address',
        text: 'Open this link to confirm: https://example.com/confirm',
        creation_date: 1_700_000_000,
        delivery: 'logged',
      },
    }),
    'POST /api/user/admin/update': (call: ApiCall) => {
      const { username, key, value } = call.body as {
        username: string;
        key: string;
        value: boolean;
      };
      users = users.map((user) => (user.username === username ? { ...user, [key]: value } : user));
      return { body: success({ user: users.find((user) => user.username === username) }) };
    },
    'POST /api/user/admin/reject/bob': () => ({
      body: success({ user: { ...queue[0], validation_status: 'rejected' } }),
    }),
    // The deletion waits until the test lets the server answer.
    'GET /api/user/admin/rm/bob': () =>
      new Promise((resolve) => {
        answerRemoval = () => {
          users = users.filter((user) => user.username !== 'bob');
          resolve({ body: { status: 'deleted' } });
        };
      }),
  });
  return { api, answerRemoval: () => answerRemoval() };
}

async function openPanel() {
  storeLoggedIn(admin);
  renderRoute('/admin/panel');
  // The panel is a lazy chunk: under load its first import takes more than a second.
  await screen.findByRole('heading', { name: 'Users' }, { timeout: 15_000 });
  await screen.findByRole('table', {}, { timeout: 15_000 });
  return userEvent.setup();
}

// A loaded machine (CI shares it) takes more than the default 5 s for a whole panel's round trips.
describe('admin panel', { timeout: 30_000 }, () => {
  it("saves a toggle through /user/admin/update and shows the info toast 'Saved '", async () => {
    const ada = makeUser({ username: 'ada', my_instant_alerts: false });
    const { api } = adminServer([ada]);
    const show = vi.spyOn(notifications, 'show');
    const user = await openPanel();

    await user.click(screen.getByRole('switch', { name: 'Instant alerts for ada' }));

    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Saved ', color: 'blue' }),
    );
    expect(api.callsTo('POST /api/user/admin/update')[0]?.body).toEqual({
      username: 'ada',
      key: 'my_instant_alerts',
      value: true,
    });
    await waitFor(() => {
      expect(
        screen.getByRole<HTMLInputElement>('switch', { name: 'Instant alerts for ada' }).checked,
      ).toBe(true);
    });
  });

  it('asks before deleting, marks the row deleted, then removes it when the server confirms', async () => {
    const bob = makeUser({ username: 'bob' });
    const server = adminServer([bob]);
    const user = await openPanel();

    await user.click(screen.getByRole('button', { name: 'Delete bob' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this item?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    const row = screen.getByText('@bob').closest('tr');
    await waitFor(() => {
      expect(row?.getAttribute('data-deleted')).toBe('true');
    });
    server.answerRemoval();
    await waitFor(() => {
      expect(screen.queryByText('@bob')).toBeNull();
    });
  });

  it('searches the list and pages it 10 at a time', async () => {
    const many = Array.from({ length: 14 }, (_, index) =>
      makeUser({ username: `member${String(index + 1).padStart(2, '0')}` }),
    );
    const { api } = adminServer([
      ...many,
      makeUser({ username: 'zed', email: 'zed@corp.example' }),
    ]);
    const user = await openPanel();

    expect(screen.getAllByRole('row')).toHaveLength(11); // header + 10
    expect(screen.getByText('16 accounts')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => {
      expect(screen.getAllByRole('row')).toHaveLength(7); // header + 6
    });
    // The card asks the server for one page at a time.
    expect(api.callsTo('GET /api/user/admin/get/ALL').at(-1)?.search.toString()).toBe(
      'skip=10&limit=10',
    );

    await user.type(screen.getByRole('textbox', { name: 'Search users' }), 'CORP');
    await waitFor(() => {
      expect(screen.getAllByRole('row')).toHaveLength(2);
    });
    expect(screen.getByText('@zed')).toBeTruthy();
    expect(screen.getByText('1 matching “CORP”')).toBeTruthy();
    expect(api.callsTo('GET /api/user/admin/get/ALL').at(-1)?.search.get('q')).toBe('CORP');
    expect(screen.queryByRole('navigation', { name: 'User list pages' })).toBeNull();
  });

  it('approves and rejects accounts of the queue, and lists the outbox', async () => {
    const carol = makeUser({ username: 'carol', validation_status: 'pending' });
    const bob = makeUser({ username: 'bob', validation_status: 'pending' });
    const { api } = adminServer([carol, bob], [bob, carol]);
    const user = await openPanel();

    await user.click(await screen.findByRole('button', { name: 'Approve carol' }));
    await waitFor(() => {
      expect(screen.queryByRole('button', { name: 'Approve carol' })).toBeNull();
    });
    expect(api.callsTo('POST /api/user/admin/update')[0]?.body).toEqual({
      username: 'carol',
      key: 'is_email_validated',
      value: true,
    });

    await user.click(screen.getByRole('button', { name: 'Reject bob' }));
    expect(await screen.findByText('Nobody is waiting for approval.')).toBeTruthy();
    expect(api.callsTo('POST /api/user/admin/reject/bob')).toHaveLength(1);

    expect(api.callsTo('GET /api/user/admin/outbox/m1')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /Confirm your e-mail address/ }));
    expect(await screen.findByText(/Open this link to confirm/)).toBeTruthy();
    expect(api.callsTo('GET /api/user/admin/outbox/m1')).toHaveLength(1);
    expect(screen.getByText('To ada@example.com')).toBeTruthy();
  });

  it('opens a session login in a new tab', async () => {
    adminServer([]);
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const user = await openPanel();
    await user.click(screen.getByRole('button', { name: 'Session login' }));
    expect(open).toHaveBeenCalledWith(
      '/api/user/session?key=token-1&next=/',
      '_blank',
      'noopener,noreferrer',
    );
  });
});
