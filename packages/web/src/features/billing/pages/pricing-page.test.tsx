import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import {
  activeSubscription,
  makeSubscriptionState,
  statusResponse,
} from '../../../../test/fixtures/billing';
import { renderRoute } from '../../../../test/render';
import { leavePage } from '../../../lib/leave-page';

vi.mock('../../../lib/leave-page', () => ({ leavePage: vi.fn() }));

const CHECKOUT = 'GET /api/payment/create_checkout_session';
const STATUS = 'GET /api/payment/status';

function loggedIn(state = makeSubscriptionState()) {
  const user = makeUser({
    username: 'ada',
    subscription: state.subscription,
    subscription_status: state.subscription_status,
  });
  storeLoggedIn(user);
  return {
    'GET /api/user/get/me': success({ current_user: user }),
    [STATUS]: statusResponse(state),
  };
}

const card = (name: string) => screen.getByRole('article', { name });

afterEach(() => {
  vi.mocked(leavePage).mockClear();
});

describe('/pricing', () => {
  it('shows the four plans with their prices and features; visitors buy through /register?trial', async () => {
    const api = stubApi({});
    renderRoute('/pricing');
    await screen.findByRole('heading', { level: 1, name: 'Plans and pricing' });

    expect(within(card('Supporter')).getByText('$1 / month')).toBeTruthy();
    expect(within(card('Basic')).getByText('$10 / month')).toBeTruthy();
    expect(within(card('Standard')).getByText('$29 / month')).toBeTruthy();
    expect(within(card('Enterprise')).getByText('By quote')).toBeTruthy();
    for (const feature of [
      'Weekly email summaries',
      'Weekly portfolio review',
      'Messaging alerts',
    ]) {
      expect(within(card('Basic')).getByText(feature)).toBeTruthy();
    }
    for (const feature of ['Instant alerts', 'Daily emails', 'Portfolio insights']) {
      expect(within(card('Standard')).getByText(feature)).toBeTruthy();
    }

    expect(screen.getByRole('link', { name: 'Buy Basic' }).getAttribute('href')).toBe(
      '/register?trial=tier2_monthly',
    );
    expect(screen.getByRole('link', { name: 'Buy Supporter' }).getAttribute('href')).toBe(
      '/register?trial=tier1_monthly',
    );
    const contact = screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href') ?? '';
    expect(contact).toMatch(/^\/contact#subject=Enterprise\+plan\+enquiry&message=Hello/);
    expect(api.callsTo(STATUS)).toHaveLength(0);
    expect(api.callsTo(CHECKOUT)).toHaveLength(0);
  });

  it('sends a logged-in user to the checkout of the plan they buy', async () => {
    const api = stubApi({
      ...loggedIn(),
      [CHECKOUT]: success({ url: 'https://checkout.example/cs_1' }),
    });
    renderRoute('/pricing');
    const user = userEvent.setup();
    const buy = await screen.findByRole<HTMLButtonElement>('button', { name: 'Buy Standard' });
    // Disabled until the status says the user has no plan yet.
    await waitFor(() => expect(buy.disabled).toBe(false));
    await user.click(buy);

    await waitFor(() => expect(leavePage).toHaveBeenCalledWith('https://checkout.example/cs_1'));
    expect(api.callsTo(CHECKOUT)).toHaveLength(1);
    expect(api.callsTo(CHECKOUT)[0]?.search.get('product')).toBe('tier3_monthly');
    expect(api.callsTo(CHECKOUT)[0]?.search.has('trial')).toBe(false);
    expect(screen.queryByText('Current plan')).toBeNull();
  });

  it('only logs a failed checkout (spec §8) and gives the button back', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({
      ...loggedIn(),
      [CHECKOUT]: () => failure(502, 'The payment provider is unavailable.'),
    });
    renderRoute('/pricing');
    const user = userEvent.setup();
    const buy = await screen.findByRole<HTMLButtonElement>('button', { name: 'Buy Basic' });
    await waitFor(() => expect(buy.disabled).toBe(false));
    await user.click(buy);

    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(leavePage).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(buy.hasAttribute('data-loading')).toBe(false));
    log.mockRestore();
  });

  it("marks a subscriber's plan and changes plan in the portal from subscription management", async () => {
    const api = stubApi(loggedIn(activeSubscription()));
    renderRoute('/pricing?from=subscription_management');

    await screen.findByRole('heading', { level: 1, name: 'Change your plan' });
    expect(await within(card('Basic')).findByText('Current plan')).toBeTruthy();
    expect(screen.getByText('You are on the Basic plan')).toBeTruthy();
    const current = within(card('Basic')).getByRole('button', { name: 'Your current plan' });
    expect((current as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Switch to Standard' }).getAttribute('href')).toBe(
      '/api/payment/portal',
    );
    expect(screen.queryByRole('button', { name: /^Buy/ })).toBeNull();
    expect(api.callsTo(CHECKOUT)).toHaveLength(0);
  });
});
