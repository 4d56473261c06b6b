import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi, success } from '../../../../test/api-stub';
import { renderInRouter } from '../../../../test/render';
import { PaymentsAdminCard } from './payments-admin-card';

describe('the admin payments view', () => {
  it('shows subscriptions, failed and received webhook events, ledger totals and feedback', async () => {
    stubApi({
      'GET /api/payment/admin/overview': success({
        provider: 'offline',
        subscriptions: [{ plan: 'tier2_monthly', status: 'active', count: 3 }],
        events: [
          {
            id: 'evt_1',
            type: 'invoice.paid',
            created: 1_795_615_500,
            received: 1_795_615_500,
            processed: 1_795_615_501,
            error: null,
          },
        ],
        failed_events: [
          {
            id: 'evt_2',
            type: 'invoice.paid',
            created: 1_795_615_500,
            received: 1_795_615_500,
            processed: null,
            error: 'Unknown customer',
          },
        ],
        ledger_totals: [{ kind: 'commission', entries: 2, amount_cents: 400 }],
        cancel_feedback: [
          { username: 'bob', reason: 'too_expensive', text: 'Cheaper please', date: 1_795_615_500 },
        ],
      }),
    });
    renderInRouter(<PaymentsAdminCard />);
    const subscriptions = await screen.findByRole('table', { name: 'Subscriptions' });
    expect(within(subscriptions).getByText('tier2_monthly')).toBeTruthy();
    expect(within(subscriptions).getByText('3')).toBeTruthy();
    const failed = screen.getByRole('table', { name: 'Failed webhooks' });
    expect(within(failed).getByText('Unknown customer')).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Events received' })).getByText('Applied'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Referral ledger totals' })).getByText('€4.00'),
    ).toBeTruthy();
    expect(screen.getByText(/Too expensive/)).toBeTruthy();
    expect(screen.getByText('Offline test mode')).toBeTruthy();
  });
});
