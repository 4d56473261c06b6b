import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import { renderWithProviders } from '../../../../test/render';
import { BROWSER_PUSH_TEXTS, BrowserNotificationsCard } from './browser-notifications-card';

const phone = {
  id: '8d0c9c2e-8f4e-4a43-9d6f-3f1c1b1c2d3e',
  label: 'Chrome on Android',
  service: 'fcm.googleapis.com',
  endpoint_hash: 'abc',
  created_at: 1_795_600_000,
  last_sent_at: null,
};

function renderCard(devices: unknown[]) {
  storeLoggedIn(makeUser({ username: 'ada' }));
  const api = stubApi({
    'GET /api/push/devices': success({ devices }),
    'POST /api/push/devices/8d0c9c2e-8f4e-4a43-9d6f-3f1c1b1c2d3e/remove': success({ devices: [] }),
    'POST /api/push/test': success({ sent: 1, removed: 0, failed: 0 }),
  });
  renderWithProviders(<BrowserNotificationsCard />);
  return { api, user: userEvent.setup() };
}

describe('browser notifications on the profile', () => {
  it('says a browser without the Push API cannot show notifications, and offers no switch', async () => {
    // jsdom has no service worker and no PushManager: an unsupported browser.
    renderCard([]);
    expect(await screen.findByText(BROWSER_PUSH_TEXTS.unsupported)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn on for this browser' })).toBeNull();
    expect(await screen.findByText('No browser gets notifications yet.')).toBeTruthy();
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Send a test notification' }).disabled,
    ).toBe(true);
  });

  it('lists the browsers with notifications on, sends a test and removes one', async () => {
    const { api, user } = renderCard([phone]);
    const list = await screen.findByRole('list', { name: 'Browsers with notifications on' });
    expect(within(list).getByText('Chrome on Android')).toBeTruthy();
    expect(within(list).getByText('Nothing sent yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send a test notification' }));
    expect(await screen.findByText('Test notification sent to 1 browser.')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Remove Chrome on Android' }));
    expect(await screen.findByText('No browser gets notifications yet.')).toBeTruthy();
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toContain(
      `POST /api/push/devices/${phone.id}/remove`,
    );
  });
});
