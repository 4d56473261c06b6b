import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiCall } from '../../../../test/api-stub';
import { makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import { renderRoutes } from '../../../../test/render';
import { DeliveriesCard } from './deliveries-card';
import { NotificationSettingsCard } from './notification-settings-card';

const settings = { time_zone: 'UTC', quiet_start: null, quiet_end: null, hourly_cap: 10 };
const basicPlan = {
  plan: 'tier2_monthly',
  label: 'Basic',
  instant: false,
  daily: false,
  weekly: true,
};

function renderCard(ui = <NotificationSettingsCard />) {
  storeLoggedIn(makeUser({ username: 'ada' }));
  const api = stubApi({
    'GET /api/alerts/settings': success({ settings, entitlements: basicPlan }),
    'POST /api/alerts/settings': (call: ApiCall) =>
      success({
        settings: { ...settings, ...(call.body as object) },
        entitlements: basicPlan,
      }),
    'GET /api/alerts/admin/deliveries': success({
      deliveries: [
        {
          id: 'd1',
          username: 'ada',
          address: null,
          channel: 'email',
          kind: 'instant',
          key: 'a1',
          subject: 'Alert: Chip maker warns',
          status: 'failed',
          attempts: 5,
          last_error: 'the SMTP server refused the mail (see the outbox)',
          created_at: Math.floor(Date.now() / 1000) - 60,
          due_at: Math.floor(Date.now() / 1000) - 60,
          sent_at: null,
        },
      ],
      counts: { pending: 0, sending: 0, sent: 3, failed: 1, skipped: 2 },
    }),
  });
  renderRoutes([{ path: '*', element: ui }]);
  return { api, user: userEvent.setup() };
}

describe('alert settings on the profile', () => {
  it(
    'shows what the plan includes and offers an upgrade for the rest instead of hiding it',
    { timeout: 20_000 },
    async () => {
      renderCard();
      expect(
        await screen.findByText('Weekly e-mail summary', undefined, { timeout: 10_000 }),
      ).toBeTruthy();
      expect(screen.getByText('In your plan')).toBeTruthy();
      const upgrade = screen.getByRole('link', { name: 'Upgrade for Instant alerts' });
      expect(upgrade.getAttribute('href')).toBe('/pricing');
      expect(screen.getByRole('link', { name: 'Upgrade for Daily e-mail alerts' })).toBeTruthy();
    },
  );

  it('saves quiet hours on change and the hourly cap on Enter', { timeout: 20_000 }, async () => {
    const { api, user } = renderCard();
    const quietFrom = (
      await screen.findAllByLabelText('Quiet from', undefined, { timeout: 10_000 })
    ).find((element) => element.tagName === 'INPUT');
    if (!quietFrom) throw new Error('no Quiet from field');
    await user.click(quietFrom);
    await user.click(await screen.findByRole('option', { name: '22:00' }));
    await waitFor(() => {
      expect(api.callsTo('POST /api/alerts/settings')[0]?.body).toEqual({ quiet_start: 22 });
    });
    const cap = screen.getByRole('textbox', { name: 'Instant alerts per hour, at most' });
    await user.clear(cap);
    await user.type(cap, '3{Enter}');
    await waitFor(() => {
      expect(api.callsTo('POST /api/alerts/settings').at(-1)?.body).toEqual({ hourly_cap: 3 });
    });
  });
});

describe('admin deliveries card', () => {
  it('lists deliveries with their status, counts and failure reasons', async () => {
    renderCard(<DeliveriesCard />);
    expect(await screen.findByText('Alert: Chip maker warns')).toBeTruthy();
    expect(screen.getByText(/the SMTP server refused the mail/)).toBeTruthy();
    expect(screen.getByText(/\(5 attempts\)/)).toBeTruthy();
    expect(screen.getByText('Failed (1)')).toBeTruthy();
  });

  it('asks the server one page of 20 at a time and pages by the counts', async () => {
    storeLoggedIn(makeUser({ username: 'ada', is_admin: true }));
    const row = (i: number) => ({
      id: `d${String(i)}`,
      username: 'ada',
      address: null,
      channel: 'email',
      kind: 'daily',
      key: `k${String(i)}`,
      subject: `Digest ${String(i)}`,
      status: 'sent',
      attempts: 1,
      last_error: null,
      created_at: Math.floor(Date.now() / 1000) - i * 60,
      due_at: Math.floor(Date.now() / 1000) - i * 60,
      sent_at: Math.floor(Date.now() / 1000) - i * 60,
    });
    const api = stubApi({
      'GET /api/alerts/admin/deliveries': (call: ApiCall) => {
        const skip = Number(call.search.get('skip'));
        return {
          body: success({
            deliveries: [row(skip + 1), row(skip + 2)],
            counts: { pending: 0, sending: 0, sent: 45, failed: 0, skipped: 0 },
          }),
        };
      },
    });
    renderRoutes([{ path: '*', element: <DeliveriesCard /> }]);
    const user = userEvent.setup();
    expect(await screen.findByText('Digest 1')).toBeTruthy();
    const asked = () =>
      api.callsTo('GET /api/alerts/admin/deliveries').map((call) => call.search.toString());
    expect(asked()).toEqual(['skip=0&limit=20']);
    // 45 deliveries: three pages of 20.
    const pages = screen.getByRole('navigation', { name: 'Delivery pages' });
    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Digest 21')).toBeTruthy();
    expect(asked()).toContain('skip=20&limit=20');
  });
});
