// vitest: fresh modules — after other files in one registry its live alert does not reach the bell
// (cause not found yet), so it runs in its own.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, stubApi, success } from '../../../../test/api-stub';
import { renderInRouter } from '../../../../test/render';
import { fakeLiveClient } from '../../../../test/fake-live';
import { AlertsBell, unreadLabel } from './alerts-bell';

const alert = (n: number, unread: boolean) => ({
  id: `00000000-0000-4000-8000-00000000000${String(n)}`,
  kind: 'instant' as const,
  link: `/news/view?id=a${String(n)}`,
  article_id: `a${String(n)}`,
  title: `Regulator opens a probe ${String(n)}`,
  defcon_level: n === 1 ? 1 : 2,
  sentiment: 'bearish',
  symbols: ['NASDAQ:AAPL'],
  created_at: Math.floor(Date.now() / 1000) - 120,
  unread,
});

describe('the alerts bell', () => {
  it("shows '99+' from 100 unread", () => {
    expect(unreadLabel(3)).toBe('3');
    expect(unreadLabel(100)).toBe('99+');
  });

  it('counts the unread, lists the alerts, refreshes on a live alert and marks all read', async () => {
    let unread = 1;
    const api = stubApi({
      'GET /api/alerts/mine': () => ({
        body: success({
          alerts: unread === 2 ? [alert(2, true), alert(1, true)] : [alert(1, unread > 0)],
          unread,
          has_more: false,
          instant: true,
        }),
      }),
      'POST /api/alerts/mine/seen': () => {
        unread = 0;
        return { body: success({ unread: 0 }) };
      },
    });
    const { client, emit } = fakeLiveClient();
    renderInRouter(<AlertsBell client={client} />);
    const bell = await screen.findByRole('button', { name: 'Alerts, 1 unread' });
    act(() => emit('ready', { topics: ['alerts'] }));

    // A new alert on the stream: the count follows without a poll.
    unread = 2;
    act(() => emit('alerts', { topic: 'alerts', count: 1, alerts: [] }));
    await screen.findByRole('button', { name: 'Alerts, 2 unread' });

    fireEvent.click(bell);
    expect(await screen.findByText('Regulator opens a probe 2')).toBeTruthy();
    expect(screen.getByText('Defcon 1')).toBeTruthy();
    expect(screen.getAllByText('2 minutes ago')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => {
      expect(api.callsTo('POST /api/alerts/mine/seen')[0]?.body).toEqual({
        up_to: alert(2, true).id,
      });
    });
    await screen.findByRole('button', { name: 'Alerts' });
    client.close();
  });

  it("shows a rule's in-app alert as the user's own and opens its quote", async () => {
    stubApi({
      'GET /api/alerts/mine': () => ({
        body: success({
          alerts: [
            {
              id: '00000000-0000-4000-8000-000000000009',
              kind: 'rule',
              link: '/ticker/NASDAQ%3ANVDA',
              article_id: null,
              title: 'NASDAQ:NVDA rose to 181.00, above your level of 180.00',
              defcon_level: null,
              sentiment: 'neutral',
              symbols: ['NASDAQ:NVDA'],
              created_at: Math.floor(Date.now() / 1000) - 60,
              unread: true,
            },
            alert(1, false),
          ],
          unread: 1,
          has_more: false,
          instant: true,
        }),
      }),
      'POST /api/alerts/mine/seen': () => ({ body: success({ unread: 0 }) }),
    });
    const { client } = fakeLiveClient();
    const { router } = renderInRouter(<AlertsBell client={client} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Alerts, 1 unread' }));
    expect(await screen.findByText('Your alert')).toBeTruthy();
    expect(screen.getByText('Defcon 1')).toBeTruthy();
    fireEvent.click(
      screen.getByRole('button', {
        name: 'Unread: NASDAQ:NVDA rose to 181.00, above your level of 180.00',
      }),
    );
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/ticker/NASDAQ%3ANVDA');
    });
    client.close();
  });

  it('says so when there are no alerts, and when they could not be loaded', async () => {
    let fail = true;
    stubApi({
      'GET /api/alerts/mine': () =>
        fail
          ? failure(500, 'down')
          : { body: success({ alerts: [], unread: 0, has_more: false, instant: false }) },
    });
    const { client } = fakeLiveClient();
    renderInRouter(<AlertsBell client={client} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Alerts' }));
    expect(
      await screen.findByText('Your alerts could not be loaded.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No alerts yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Standard plan' }).getAttribute('href')).toBe(
      '/pricing',
    );
    client.close();
  });
});
