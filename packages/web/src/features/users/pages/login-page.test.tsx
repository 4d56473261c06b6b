import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  failure,
  makeUser,
  storeLoggedIn,
  stubApi,
  success,
  UNREACHABLE,
} from '../../../../test/api-stub';
import { renderRoute } from '../../../../test/render';

const noDemo = { 'GET /api/user/demo': success({ demo: null }) };

async function openLogin(url = '/login') {
  const view = renderRoute(url);
  await screen.findByRole('button', { name: 'Login' });
  return { ...view, user: userEvent.setup() };
}

describe('login page', () => {
  it('logs out at once: revokes the stored token, then clears the stored session', async () => {
    const api = stubApi({ ...noDemo, 'POST /api/user/logout': success() });
    storeLoggedIn(makeUser({ username: 'ada' }), 'old-token');
    await openLogin();
    await waitFor(() => {
      expect(window.localStorage.getItem('userToken')).toBeNull();
    });
    expect(window.localStorage.getItem('userName')).toBeNull();
    expect(window.localStorage.getItem('userData')).toBeNull();
    const [logout] = api.callsTo('POST /api/user/logout');
    expect(logout?.headers.get('Authorization')).toBe('Bearer old-token');
  });

  it('validates: identifier required, password at least 6', async () => {
    stubApi(noDemo);
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('The Email or username is required')).toBeTruthy();
    expect(screen.getByText('The Password is required')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('The Password must be at least 6 characters')).toBeTruthy();
  });

  it('logs in with a username, stores the session and follows ?next', async () => {
    const ada = makeUser({ username: 'ada' });
    const api = stubApi({
      ...noDemo,
      'POST /api/user/login': success({ token: 'fresh', current_user: ada }),
      'GET /api/user/get/me': success({ current_user: ada }),
    });
    const { user, router } = await openLogin('/login?next=/pages/user');
    await user.type(screen.getByLabelText(/^Email or username/), 'ada');
    await user.type(screen.getByLabelText(/^Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/user');
    });
    expect(api.callsTo('POST /api/user/login')[0]?.body).toEqual({
      email: 'ada',
      password: 'secret123',
    });
    expect(window.localStorage.getItem('userToken')).toBe('fresh');
    expect(window.localStorage.getItem('userName')).toBe('ada');
  });

  it("shows wrong credentials' error_msg, and the spec text when the server is unreachable", async () => {
    let reachable = true;
    stubApi({
      ...noDemo,
      'POST /api/user/login': () =>
        reachable ? failure(401, 'Wrong e-mail, username or password') : UNREACHABLE,
    });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText(/^Email or username/), 'ada');
    await user.type(screen.getByLabelText(/^Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Wrong e-mail, username or password')).toBeTruthy();

    reachable = false;
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(
      await screen.findByText('There was a problem accessing this server, please try again later'),
    ).toBeTruthy();
  });

  it('recovery mode hides the password and toasts where the instructions went', async () => {
    const api = stubApi({
      ...noDemo,
      'POST /api/user/password_recovery': success({ message: 'sent' }),
    });
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));

    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    await user.type(screen.getByLabelText(/^Email or username/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Recover Password' }));

    expect(
      await screen.findByText('Password recovery instructions have been sent to ada@example.com'),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/user/password_recovery')[0]?.body).toEqual({
      email: 'ada@example.com',
    });
  });

  it('shows the demo credentials when the server has some; a button fills the form', async () => {
    let answerDemo: () => void = () => undefined;
    stubApi({
      // The demo answer arrives after the logout on entry has cleared the session's queries.
      'GET /api/user/demo': () =>
        new Promise((resolve) => {
          answerDemo = () => {
            resolve({ body: success({ demo: { username: 'demo', password: 'demo1234' } }) });
          };
        }),
      'POST /api/user/logout': success(),
    });
    storeLoggedIn(makeUser());
    const { user } = await openLogin();
    await waitFor(() => {
      expect(window.localStorage.getItem('userToken')).toBeNull();
    });
    answerDemo();
    const box = await screen.findByRole('region', { name: 'Try the demo account' });
    await user.click(within(box).getByRole('button', { name: 'Use demo account' }));
    expect(screen.getByLabelText<HTMLInputElement>(/^Email or username/).value).toBe('demo');
    expect(screen.getByLabelText<HTMLInputElement>(/^Password/).value).toBe('demo1234');
  });

  it('shows no demo box when the server has no demo account', async () => {
    const api = stubApi(noDemo);
    await openLogin();
    await waitFor(() => {
      expect(api.callsTo('GET /api/user/demo')).toHaveLength(1);
    });
    expect(screen.queryByText('Try the demo account')).toBeNull();
  });

  it('links to the register page', async () => {
    stubApi(noDemo);
    await openLogin();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/register',
    );
  });
});
