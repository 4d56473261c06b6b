import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInRouter } from '../../../../test/render';
import { fakeLiveClient } from '../../../../test/fake-live';
import { alertToastTitle, LiveAlerts, MAX_ALERT_TOASTS } from './live-alerts';

const alert = (n: number) => ({
  article_id: `00000000-0000-4000-8000-00000000000${String(n)}`,
  title: `Regulator opens a probe ${String(n)}`,
  defcon_level: n === 1 ? 1 : 2,
  sentiment: 'bearish',
  symbols: ['NASDAQ:AAPL'],
});

describe('live alerts (in-app notifications)', () => {
  it('names the defcon level and the listings', () => {
    expect(alertToastTitle(alert(1))).toBe('Defcon 1 alert · NASDAQ:AAPL');
    expect(alertToastTitle({ ...alert(2), symbols: [] })).toBe('Defcon 2 alert');
  });

  it("shows the caller's alert as a toast linking to its article; at most three at once", async () => {
    const { client, emit, urls } = fakeLiveClient();
    renderInRouter(<LiveAlerts client={client} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 80)));
    expect(urls[0]).toContain('topics=alerts');
    act(() => {
      emit('ready', { topics: ['alerts'] });
      emit('alerts', { topic: 'alerts', count: 2, alerts: [alert(1)] });
    });
    expect(await screen.findByText('Defcon 1 alert · NASDAQ:AAPL')).toBeTruthy();
    expect(screen.getByText('Regulator opens a probe 1')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read the article' }).getAttribute('href')).toBe(
      `/news/view?id=${alert(1).article_id}`,
    );

    act(() => {
      emit('alerts', {
        topic: 'alerts',
        count: 5,
        alerts: [alert(2), alert(3), alert(4), alert(5), alert(6)],
      });
    });
    expect(await screen.findByText('Regulator opens a probe 4')).toBeTruthy();
    expect(screen.queryByText('Regulator opens a probe 5')).toBeNull();
    expect(screen.getByText(`and ${String(5 - MAX_ALERT_TOASTS)} more alerts`)).toBeTruthy();
    // A digest (no instant alerts) shows nothing.
    act(() => emit('alerts', { topic: 'alerts', count: 1 }));
    client.close();
  });

  it('shows an alert the stream carried before its code had loaded (the bell opened the stream)', async () => {
    const { client, emit } = fakeLiveClient();
    const bell = client.subscribe({ topics: ['alerts'], onMessage: () => undefined });
    await act(() => new Promise((resolve) => setTimeout(resolve, 80)));
    emit('ready', { topics: ['alerts'] });
    emit('alerts', { topic: 'alerts', count: 1, alerts: [alert(7)] });
    renderInRouter(<LiveAlerts client={client} />);
    expect(await screen.findByText('Regulator opens a probe 7')).toBeTruthy();
    bell();
    client.close();
  });
});
