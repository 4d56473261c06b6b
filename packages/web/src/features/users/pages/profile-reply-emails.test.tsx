import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import { renderRoute } from '../../../../test/render';

describe('profile: e-mails about replies', () => {
  it('binds "E-mail me when someone replies to my comments" to my_email_replies', async () => {
    let current = makeUser({ username: 'ada', my_email_replies: false });
    const api = stubApi({
      'GET /api/user/get/me': () => ({ body: success({ current_user: current }) }),
      'POST /api/user/set/my_email_replies': (call) => {
        current = { ...current, my_email_replies: (call.body as { value: boolean }).value };
        return { body: success({ current_user: current }) };
      },
    });
    storeLoggedIn(current);
    renderRoute('/pages/user');
    // The page is a lazy chunk: give it time on a busy machine.
    const toggle = await screen.findByRole<HTMLInputElement>(
      'switch',
      { name: /E-mail me when someone replies to my comments/ },
      { timeout: 15_000 },
    );
    expect(toggle.checked).toBe(false);
    await userEvent.setup().click(toggle);
    await waitFor(() => {
      expect(api.callsTo('POST /api/user/set/my_email_replies')[0]?.body).toEqual({ value: true });
    });
    await waitFor(() => {
      expect(toggle.checked).toBe(true);
    });
  }, 30_000);
});
