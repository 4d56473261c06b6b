import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, makeUser, stubApi, success } from '../../../../test/api-stub';
import { renderRoute } from '../../../../test/render';

describe('password recovery page', () => {
  it("says 'Missing login credentials' without a key", async () => {
    const api = stubApi({});
    renderRoute('/password_recovery');
    expect(await screen.findByText('Missing login credentials')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('exchanges the key, greets the user and saves the new password', async () => {
    const ada = makeUser({ username: 'ada' });
    const api = stubApi({
      'GET /api/user/token': success({
        token: 'recovered',
        username: 'ada',
        first_name: 'Ada',
        last_name: 'Lovelace',
      }),
      'POST /api/user/set/password': success({ current_user: ada }),
      'GET /api/user/get/me': success({ current_user: ada }),
    });
    const { router } = renderRoute('/password_recovery?key=one-time-key');

    expect(await screen.findByRole('heading', { name: 'Hi Ada' })).toBeTruthy();
    expect(api.callsTo('GET /api/user/token')[0]?.search.get('key')).toBe('one-time-key');
    expect(window.localStorage.getItem('userToken')).toBe('recovered');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^New password/), 'brand-new-1');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'brand-new-2');
    await user.click(screen.getByRole('button', { name: 'Save New Password' }));
    expect(screen.getByText('Passwords do not match')).toBeTruthy();

    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), 'brand-new-1');
    await user.click(screen.getByRole('button', { name: 'Save New Password' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pages/user');
    });
    const [save] = api.callsTo('POST /api/user/set/password');
    expect(save?.body).toEqual({ value: 'brand-new-1' });
    expect(save?.headers.get('Authorization')).toBe('Bearer recovered');
  });

  it('explains a used or expired key', async () => {
    stubApi({ 'GET /api/user/token': () => failure(400, 'This link has expired') });
    renderRoute('/password_recovery?key=old');
    expect(await screen.findByText('This link has expired')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new recovery link' })).toBeTruthy();
  });
});
