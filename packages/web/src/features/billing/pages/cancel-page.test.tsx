import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import { renderRoute } from '../../../../test/render';
import { FEEDBACK_THANKS } from './cancel-page';

const FEEDBACK = 'POST /api/payment/cancel_feedback';

describe('/Cancel', () => {
  it('expresses regret and sends the chosen reason with the text', async () => {
    const user = makeUser({ username: 'ada' });
    storeLoggedIn(user);
    const api = stubApi({
      'GET /api/user/get/me': success({ current_user: user }),
      [FEEDBACK]: success(),
    });
    renderRoute('/Cancel');
    expect(await screen.findByRole('heading', { name: "We're sorry to see you go" })).toBeTruthy();
    const events = userEvent.setup();
    const send = screen.getByRole('button', { name: 'Send feedback' });
    expect((send as HTMLButtonElement).disabled).toBe(true);

    await events.click(screen.getByRole('radio', { name: 'It is too expensive' }));
    await events.type(
      screen.getByRole('textbox', { name: 'Anything else you would like to tell us?' }),
      '  Maybe next month  ',
    );
    await events.click(send);

    await waitFor(() => expect(api.callsTo(FEEDBACK)).toHaveLength(1));
    expect(api.callsTo(FEEDBACK)[0]?.body).toEqual({
      reason: 'too_expensive',
      text: 'Maybe next month',
    });
    expect(await screen.findByText(FEEDBACK_THANKS)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Feedback' })).toBeNull();
  });

  it('answers /Cancel only with a capital C, and asks visitors for feedback through the contact form', async () => {
    const api = stubApi({});
    renderRoute('/Cancel');
    await screen.findByText(/Your payment was cancelled/);
    expect(screen.queryByRole('button', { name: 'Send feedback' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Send us your feedback' }).getAttribute('href')).toBe(
      '/contact#subject=Feedback+on+a+cancelled+payment&message=What+stopped+me%3A+',
    );
    expect(screen.getByRole('link', { name: 'Back to pricing' }).getAttribute('href')).toBe(
      '/pricing',
    );
    expect(api.callsTo(FEEDBACK)).toHaveLength(0);
  });
});
