import { screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import {
  activeSubscription,
  makeSubscriptionState,
  statusResponse,
} from '../../../../test/fixtures/billing';
import { renderInRouter, renderRoute } from '../../../../test/render';
import { USERS_QUERY_KEY } from '../../users';
import { SuccessPage, TIMEOUT_TEXT, VISITOR_TEXT, WAITING_TEXT } from './success-page';

const STATUS = 'GET /api/payment/status';

function loggedIn() {
  const user = makeUser({ username: 'ada' });
  storeLoggedIn(user);
  return { 'GET /api/user/get/me': success({ current_user: user }) };
}

describe('/success', () => {
  it('thanks a visitor too (a public page) and asks them to sign in to see the plan', async () => {
    const api = stubApi({});
    renderRoute('/success');
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Thank you for subscribing!' },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText(VISITOR_TEXT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByText('Please login or register to access this functionality.')).toBeNull();
    expect(api.callsTo(STATUS)).toHaveLength(0);
  });

  it('waits for the verified payment, polling the status, then shows the plan', async () => {
    let calls = 0;
    const api = stubApi({
      ...loggedIn(),
      [STATUS]: () => {
        calls += 1;
        // The redirect arrives before the webhook: the first two answers have no plan yet.
        return {
          body: statusResponse(
            calls < 3
              ? makeSubscriptionState({
                  subscription: 'tier2_monthly',
                  subscription_status: 'incomplete',
                })
              : activeSubscription(),
          ),
        };
      },
    });
    const invalidate = vi.spyOn(QueryClient.prototype, 'invalidateQueries');
    renderInRouter(<SuccessPage pollMs={30} timeoutMs={10_000} />, '/success');

    expect(await screen.findByText(WAITING_TEXT)).toBeTruthy();
    expect(screen.queryByText(/plan is active/)).toBeNull();
    expect(await screen.findByText('Your Basic plan is active.')).toBeTruthy();
    expect(screen.queryByText(WAITING_TEXT)).toBeNull();
    const polled = api.callsTo(STATUS).length;
    expect(polled).toBe(3);
    // The user is reloaded so the menus follow the new plan.
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: USERS_QUERY_KEY }));
    invalidate.mockRestore();
    // Confirmed: it stops asking.
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(api.callsTo(STATUS)).toHaveLength(polled);
  });

  it('polls every 2 s on the real route', async () => {
    stubApi({ ...loggedIn(), [STATUS]: statusResponse(makeSubscriptionState()) });
    renderRoute('/success');
    expect(await screen.findByText(WAITING_TEXT)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeTruthy();
  });

  it('says honestly when the confirmation has not come in time, and stops polling', async () => {
    const api = stubApi({ ...loggedIn(), [STATUS]: statusResponse(makeSubscriptionState()) });
    renderInRouter(<SuccessPage pollMs={20} timeoutMs={150} />, '/success');

    expect(await screen.findByText(WAITING_TEXT)).toBeTruthy();
    expect(await screen.findByText(TIMEOUT_TEXT)).toBeTruthy();
    expect(screen.queryByText(WAITING_TEXT)).toBeNull();
    expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy();
    const polled = api.callsTo(STATUS).length;
    expect(polled).toBeGreaterThan(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await waitFor(() => expect(api.callsTo(STATUS)).toHaveLength(polled));
  });
});
