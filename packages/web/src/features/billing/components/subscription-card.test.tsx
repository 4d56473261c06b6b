import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import {
  activeSubscription,
  makeSubscriptionState,
  statusResponse,
} from '../../../../test/fixtures/billing';
import { renderInRouter, renderRoute } from '../../../../test/render';
import { SubscriptionCard } from './subscription-card';

function loggedIn() {
  const user = makeUser({ username: 'ada' });
  storeLoggedIn(user);
  return { 'GET /api/user/get/me': success({ current_user: user }) };
}

describe('subscription card', () => {
  it("shows a subscriber's plan and status with 'Manage subscription' to the portal", async () => {
    stubApi({
      ...loggedIn(),
      'GET /api/payment/status': statusResponse(activeSubscription({ cancel_at_period_end: true })),
    });
    renderInRouter(<SubscriptionCard />, '/pages/user');
    expect(await screen.findByText('Basic')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText(/^Ends on/).textContent).toBe('Ends on 24 Dec 2026');
    expect(screen.getByRole('link', { name: 'Manage subscription' }).getAttribute('href')).toBe(
      '/api/payment/portal',
    );
    expect(screen.getByRole('link', { name: 'Change plan' }).getAttribute('href')).toBe(
      '/pricing?from=subscription_management',
    );
    expect(screen.queryByRole('link', { name: 'Buy a plan' })).toBeNull();
  });

  it('prompts a user without a plan (or with a cancelled one) to buy one', async () => {
    stubApi({
      ...loggedIn(),
      'GET /api/payment/status': statusResponse(
        makeSubscriptionState({ subscription: 'tier2_monthly', subscription_status: 'canceled' }),
      ),
    });
    renderInRouter(<SubscriptionCard />, '/pages/user');
    const buy = await screen.findByRole('link', { name: 'Buy a plan' });
    expect(buy.getAttribute('href')).toBe('/pricing');
    expect(screen.queryByRole('link', { name: 'Manage subscription' })).toBeNull();
  });

  it('sits on the profile page (/pages/user), composed by app/', async () => {
    stubApi({ ...loggedIn(), 'GET /api/payment/status': statusResponse(activeSubscription()) });
    renderRoute('/pages/user');
    expect(await screen.findByRole('heading', { name: 'Subscription' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Manage subscription' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Referral code' })).toBeTruthy();
  });
});
