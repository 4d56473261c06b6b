import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, makeUser, stubApi, success, UNREACHABLE } from '../../../../test/api-stub';
import { renderRoute } from '../../../../test/render';

async function openRegister(url = '/register') {
  const view = renderRoute(url);
  await screen.findByRole('button', { name: 'Get Started' });
  return { ...view, user: userEvent.setup() };
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Username/), 'ada_l');
  await user.type(screen.getByLabelText(/^First name/), 'Ada');
  await user.type(screen.getByLabelText(/^Last name/), 'Lovelace');
  await user.type(screen.getByLabelText(/^Password/), 'analytical');
}

describe('register page', () => {
  it("shows the 'The …' validation messages of spec §5", async () => {
    const { user } = await openRegister();
    await user.click(screen.getByRole('button', { name: 'Get Started' }));

    expect(screen.getByText('The Email is required')).toBeTruthy();
    expect(screen.getByText('The Username is required')).toBeTruthy();
    expect(screen.getByText('The First Name is required')).toBeTruthy();
    expect(screen.getByText('The Last Name is required')).toBeTruthy();
    expect(screen.getByText('The Password is required')).toBeTruthy();
    // The first invalid field gets the focus.
    expect(document.activeElement).toBe(screen.getByLabelText(/^Email/));

    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/^Username/), 'abc');
    await user.type(screen.getByLabelText(/^Password/), '12345');
    await user.click(screen.getByRole('button', { name: 'Get Started' }));

    expect(screen.getByText('The Email must be a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('The Username must be at least 4 characters')).toBeTruthy();
    expect(screen.getByText('The Password must be at least 6 characters')).toBeTruthy();
  });

  it('re-checks a field that shows an error while it is fixed, and only that field', async () => {
    const { user } = await openRegister();
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    await user.type(screen.getByLabelText(/^Email/), 'ada@');
    expect(screen.getByText('The Email must be a valid e-mail address')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Email/), 'example.com');
    expect(screen.queryByText(/^The Email/)).toBeNull();
    expect(screen.getByText('The Username is required')).toBeTruthy();

    // A field without an error is not checked before the next submit.
    await user.clear(screen.getByLabelText(/^Email/));
    expect(screen.queryByText(/^The Email/)).toBeNull();
  });

  it("prefills the referral code from ?ref and shows 'Referred by alice' from ?user_ref", async () => {
    await openRegister('/register?ref=ALICE42&user_ref=alice');
    expect(screen.getByText('Referred by alice')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/^Referral code/).value).toBe('ALICE42');
  });

  it('shows the trial, comment and watch banners', async () => {
    await openRegister('/register?trial=tier2_monthly&comment=42&watch_stock=company');
    expect(screen.getByText('Create an account to start your Basic trial.')).toBeTruthy();
    expect(screen.getByTestId('register-banner-comment')).toBeTruthy();
    expect(screen.getByTestId('register-banner-watch_stock')).toBeTruthy();
  });

  it('has the terms checkbox (left unchecked by the success test: not enforced)', async () => {
    await openRegister();
    expect(screen.getByRole<HTMLInputElement>('checkbox').checked).toBe(false);
    expect(screen.getByRole('checkbox', { name: /Terms of Service/ })).toBeTruthy();
    const login = screen.getByRole('link', { name: 'Already have an account?' });
    expect(login.getAttribute('href')).toBe('/login');
  });

  it('creates the account, stores the session and opens the profile', async () => {
    const created = makeUser({ username: 'ada_l', email: 'ada@example.com' });
    const api = stubApi({
      'POST /api/user/create': success({ token: 'new-token', current_user: created }),
      'GET /api/user/get/me': success({ current_user: created }),
    });
    const { user, router } = await openRegister('/register?ref=ALICE42');
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Get Started' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/user');
    });
    expect(api.callsTo('POST /api/user/create')[0]?.body).toEqual({
      email: 'ada@example.com',
      username: 'ada_l',
      first_name: 'Ada',
      last_name: 'Lovelace',
      password: 'analytical',
      referral: 'ALICE42',
    });
    expect(window.localStorage.getItem('userToken')).toBe('new-token');
    expect(window.localStorage.getItem('userName')).toBe('ada_l');
    expect(JSON.parse(window.localStorage.getItem('userData') ?? '{}')).toMatchObject({
      username: 'ada_l',
    });
  });

  it("shows the server's error_msg in a toast", async () => {
    stubApi({ 'POST /api/user/create': () => failure(409, 'That username is already taken') });
    const { user } = await openRegister();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(await screen.findByText('That username is already taken')).toBeTruthy();
    expect(window.localStorage.getItem('userToken')).toBeNull();
  });

  it('words a network failure as spec §8 says', async () => {
    stubApi({ 'POST /api/user/create': () => UNREACHABLE });
    const { user } = await openRegister();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(
      await screen.findByText('There was a problem accessing this server, please try again later'),
    ).toBeTruthy();
    expect(
      screen.queryByText('Unable to connect to the server. Please try again later.'),
    ).toBeNull();
  });
});
