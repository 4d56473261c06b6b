import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, makeUser, storeLoggedIn, stubApi, success } from '../../test/api-stub';
import { renderRoute } from '../../test/render';
import { reloadPage } from '../lib/browser';

vi.mock('../lib/browser', () => ({ reloadPage: vi.fn() }));

afterEach(() => {
  vi.mocked(reloadPage).mockClear();
});

const PROMPT = 'Please login or register to access this functionality.';

function storeTokenOnly(token = 'token-1') {
  window.localStorage.setItem('userToken', token);
  window.localStorage.setItem('userName', 'ada');
}

describe('route guard (spec §4)', () => {
  it('shows visitors the login prompt banner on /pages/user, with Login and Register', async () => {
    const api = stubApi({});
    renderRoute('/pages/user');
    expect(await screen.findByText(PROMPT)).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/login?next=%2Fpages%2Fuser',
    );
    expect(within(main).getByRole('link', { name: 'Register' }).getAttribute('href')).toBe(
      '/register?next=%2Fpages%2Fuser',
    );
    // Only the menus' community links (GET /telegram/info): nothing about the user.
    expect(api.calls.filter((call) => call.path !== '/api/telegram/info')).toHaveLength(0);
  });

  it('shows visitors the banner on the admin panel too', async () => {
    stubApi({});
    renderRoute('/admin/panel');
    expect(await screen.findByText(PROMPT)).toBeTruthy();
  });

  it('refuses the admin panel to a user who is not an admin', async () => {
    const user = makeUser({ is_admin: false });
    stubApi({ 'GET /api/user/get/me': success({ current_user: user }) });
    storeLoggedIn(user);
    renderRoute('/admin/panel');
    expect(await screen.findByText('This page is only available to administrators.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Users' })).toBeNull();
  });

  it('loads the user before the page when no copy is cached', async () => {
    const user = makeUser({ username: 'ada', first_name: 'Ada', last_name: 'Byron' });
    let answer: (value: { body: unknown }) => void = () => undefined;
    const api = stubApi({
      'GET /api/user/get/me': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    storeTokenOnly();
    renderRoute('/about');
    expect(await screen.findByRole('status', { name: 'Loading your account' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'The team' })).toBeNull();

    answer({ body: success({ current_user: user }) });
    expect(await screen.findByRole('heading', { name: 'The team' })).toBeTruthy();
    expect(api.callsTo('GET /api/user/get/me')[0]?.headers.get('Authorization')).toBe(
      'Bearer token-1',
    );
    expect(JSON.parse(window.localStorage.getItem('userData') ?? '{}')).toMatchObject({
      username: 'ada',
    });
  });

  it('sends a 503 while loading the user to /error with the spec message', async () => {
    stubApi({ 'GET /api/user/get/me': () => failure(503, 'database down') });
    storeTokenOnly();
    const { router } = renderRoute('/about');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/error');
    });
    expect(new URLSearchParams(router.state.location.search).get('msg')).toBe(
      'Unable to connect to the server. Please try again later.',
    );
    expect(
      await screen.findByText('Unable to connect to the server. Please try again later.'),
    ).toBeTruthy();
  });

  it('sends another failed user load to /error with its message', async () => {
    stubApi({ 'GET /api/user/get/me': () => failure(500, 'Something broke') });
    storeTokenOnly();
    const { router } = renderRoute('/pages/user');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/error');
    });
    expect(await screen.findByText('Something broke')).toBeTruthy();
  });

  it('on a 401 clears the stored session and reloads (expired token)', async () => {
    stubApi({ 'GET /api/user/get/me': () => failure(401, 'Invalid token') });
    storeLoggedIn(makeUser({ username: 'ada' }), 'expired');
    window.localStorage.removeItem('userData');
    renderRoute('/pages/user');
    await waitFor(() => {
      expect(reloadPage).toHaveBeenCalledTimes(1);
    });
    expect(window.localStorage.getItem('userToken')).toBeNull();
    expect(window.localStorage.getItem('userName')).toBeNull();
    // Without a token the page asks the visitor to log in.
    expect(await screen.findByText(PROMPT)).toBeTruthy();
  });
});

describe('user menu and menus for a logged-in user', () => {
  it('shows avatar and name; opens ADMIN (admins), User Profile and Logout', async () => {
    const admin = makeUser({
      username: 'root',
      first_name: 'Grace',
      last_name: 'Hopper',
      is_admin: true,
    });
    stubApi({
      'GET /api/user/get/me': success({ current_user: admin }),
      'POST /api/user/logout': success(),
    });
    storeLoggedIn(admin);
    renderRoute('/about');
    await screen.findByRole('heading', { name: 'The team' });

    const menu = screen.getByRole('navigation', { name: 'User menu' });
    expect(within(menu).getByText('GH')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(menu).getByRole('button', { name: 'Grace Hopper: account menu' }));
    // ADMIN comes with the account read from /user/get/me, which may land after the click.
    expect((await within(menu).findByRole('link', { name: 'ADMIN' })).getAttribute('href')).toBe(
      '/admin/panel',
    );
    expect(within(menu).getByRole('link', { name: 'User Profile' }).getAttribute('href')).toBe(
      '/pages/user',
    );
    expect(within(menu).getByRole('link', { name: 'Referrals' }).getAttribute('href')).toBe(
      '/affiliates',
    );
    // Not a subscriber: no Upgrade Subscription in the menu, Pricing in the sidebar (spec §6).
    expect(within(menu).queryByRole('link', { name: 'Upgrade Subscription' })).toBeNull();

    // The sidebar shows the admin entry from the user's real flags; the top bar the account icon.
    const sidebar = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(sidebar).getByRole('link', { name: 'Admin' })).toBeTruthy();
    expect(within(sidebar).queryByRole('link', { name: 'Login' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/pages/user');
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();

    await user.click(within(menu).getByRole('button', { name: 'Logout' }));
    await waitFor(() => {
      expect(screen.queryByRole('navigation', { name: 'User menu' })).toBeNull();
    });
    expect(window.localStorage.getItem('userToken')).toBeNull();
  });

  it('has no user menu for visitors, who get Register and the Login icon', async () => {
    stubApi({});
    renderRoute('/about');
    await screen.findByRole('heading', { name: 'The team' });
    expect(screen.queryByRole('navigation', { name: 'User menu' })).toBeNull();
    const topBar = screen.getByRole('navigation', { name: 'Top bar' });
    expect(within(topBar).getByRole('link', { name: 'Register' })).toBeTruthy();
    expect(within(topBar).getByRole('link', { name: 'Login' })).toBeTruthy();
  });
});
