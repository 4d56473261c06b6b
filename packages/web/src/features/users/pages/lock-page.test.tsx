import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, storeLoggedIn, stubApi, success, UNREACHABLE } from '../../../../test/api-stub';
import { renderRoute } from '../../../../test/render';

describe('lock screen', () => {
  it("removes the token on entry but keeps the user's name, and shows it", async () => {
    const api = stubApi({ 'POST /api/user/logout': success() });
    storeLoggedIn(makeUser({ username: 'ada', first_name: 'Ada', last_name: 'Lovelace' }));
    renderRoute('/lock');

    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
    await waitFor(() => {
      expect(window.localStorage.getItem('userToken')).toBeNull();
    });
    expect(window.localStorage.getItem('userName')).toBe('ada');
    expect(window.localStorage.getItem('userData')).not.toBeNull();
    // The old token is revoked on the server, not only forgotten here.
    expect(api.callsTo('POST /api/user/logout')).toHaveLength(1);
  });

  it('unlocks with the password: POST /user/login with the username', async () => {
    const ada = makeUser({ username: 'ada' });
    const api = stubApi({
      'POST /api/user/logout': success(),
      'POST /api/user/login': success({ token: 'unlocked', current_user: ada }),
    });
    storeLoggedIn(ada);
    const { router } = renderRoute('/lock?next=/about');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/about');
    });
    expect(api.callsTo('POST /api/user/login')[0]?.body).toEqual({
      email: 'ada',
      password: 'secret123',
    });
    expect(window.localStorage.getItem('userToken')).toBe('unlocked');
  });

  it("says 'There was an error accesing this server' when the server cannot be reached", async () => {
    stubApi({ 'POST /api/user/logout': success(), 'POST /api/user/login': () => UNREACHABLE });
    storeLoggedIn(makeUser());
    renderRoute('/lock');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText('There was an error accesing this server')).toBeTruthy();
  });

  it('the close icon logs out completely and goes to the login page', async () => {
    stubApi({ 'POST /api/user/logout': success(), 'GET /api/user/demo': success({ demo: null }) });
    storeLoggedIn(makeUser());
    const { router } = renderRoute('/lock');
    const user = userEvent.setup();
    const [close] = await screen.findAllByRole('button', { name: 'Log out' });
    await user.click(close!);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(window.localStorage.getItem('userName')).toBeNull();
    expect(window.localStorage.getItem('userData')).toBeNull();
  });
});
