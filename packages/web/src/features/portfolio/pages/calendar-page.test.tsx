import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import type { ApiCall } from '../../../../test/api-stub';
import { makeEvent } from '../../../../test/fixtures/portfolio';
import { renderInRouter } from '../../../../test/render';
import { CalendarPage } from './calendar-page';

const EVENTS = 'GET /api/calendar/events';
const CREATE = 'POST /api/calendar/events/create';

function calendarServer() {
  storeLoggedIn(makeUser());
  let events = [
    makeEvent({ id: 'own-1', date: '2026-03-10', title: 'Review the portfolio' }),
    makeEvent({
      id: null,
      kind: 'earnings',
      date: '2026-03-12',
      title: 'Apple earnings',
      symbol: 'NASDAQ:AAPL',
      reason: 'holding',
      source: 'demo',
    }),
    makeEvent({
      id: null,
      kind: 'dividend',
      date: '2026-03-20',
      title: 'IBM dividend',
      symbol: 'NYSE:IBM',
      reason: 'watchlist',
      source: 'demo',
    }),
  ];
  return stubApi({
    [EVENTS]: () => ({ body: success({ events }) }),
    [CREATE]: (call: ApiCall) => {
      const created = makeEvent({ id: 'own-2', ...(call.body as object) });
      events = [...events, created];
      return { body: success({ event: created }) };
    },
    'POST /api/calendar/events/update/own-1': (call: ApiCall) => {
      const updated = makeEvent({ id: 'own-1', ...(call.body as object) });
      events = events.map((event) => (event.id === 'own-1' ? updated : event));
      return { body: success({ event: updated }) };
    },
    'GET /api/calendar/events/rm/own-1': () => {
      events = events.filter((event) => event.id !== 'own-1');
      return { body: { status: 'deleted', id: 'own-1' } };
    },
  });
}

describe('/dashboard/calendar', () => {
  it('shows the month with earnings, dividends and own events, and the agenda', async () => {
    const api = calendarServer();
    renderInRouter(<CalendarPage />, '/dashboard/calendar?month=2026-03');

    expect(await screen.findByRole('heading', { name: 'March 2026' })).toBeTruthy();
    const call = api.callsTo(EVENTS)[0];
    // March 2026 in whole weeks: Monday 23 February to Sunday 5 April.
    expect(call?.search.get('from')).toBe('2026-02-23');
    expect(call?.search.get('to')).toBe('2026-04-05');
    const tenth = await screen.findByRole('gridcell', { name: 'Tue 10 Mar 2026' });
    expect(
      within(tenth).getByRole('button', { name: 'Edit My event: Review the portfolio' }),
    ).toBeTruthy();
    const twelfth = screen.getByRole('gridcell', { name: 'Thu 12 Mar 2026' });
    expect(within(twelfth).getByTitle('Earnings: Apple earnings')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Agenda' }));
    await waitFor(() => expect(api.callsTo(EVENTS).at(-1)?.search.get('from')).toBe('2026-03-01'));
    expect(api.callsTo(EVENTS).at(-1)?.search.get('to')).toBe('2026-03-31');
    expect(await screen.findByText('IBM dividend')).toBeTruthy();
    expect(screen.getByText('Dividend')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'NASDAQ:AAPL' }).getAttribute('href')).toBe(
      '/ticker/NASDAQ:AAPL',
    );

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('heading', { name: 'April 2026' })).toBeTruthy();
  });

  it('adds an event only once a title is entered (spec §5)', async () => {
    const api = calendarServer();
    renderInRouter(<CalendarPage />, '/dashboard/calendar?month=2026-03');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Add an event on Wed 18 Mar 2026' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'New event' });
    const add = within(dialog).getByRole('button', { name: 'Add event' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), '   ');
    expect((add as HTMLButtonElement).disabled).toBe(true);
    await user.click(add);
    expect(api.callsTo(CREATE)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /^Title/ }), 'Rebalance');
    await user.type(within(dialog).getByRole('textbox', { name: /^Ticker/ }), 'nasdaq:aapl');
    expect((add as HTMLButtonElement).disabled).toBe(false);
    await user.click(add);

    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(api.callsTo(CREATE)[0]?.body).toEqual({
      title: 'Rebalance',
      date: '2026-03-18',
      note: '',
      symbol: 'NASDAQ:AAPL',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const cell = screen.getByRole('gridcell', { name: 'Wed 18 Mar 2026' });
    expect(
      await within(cell).findByRole('button', { name: 'Edit My event: Rebalance' }),
    ).toBeTruthy();
  });

  it('edits and deletes an own event', async () => {
    const api = calendarServer();
    renderInRouter(<CalendarPage />, '/dashboard/calendar?month=2026-03');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Edit My event: Review the portfolio' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    const title = within(dialog).getByRole('textbox', { name: /^Title/ });
    await user.clear(title);
    await user.type(title, 'Review and rebalance');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/calendar/events/update/own-1')[0]?.body).toEqual({
        title: 'Review and rebalance',
        date: '2026-03-10',
        note: '',
      }),
    );

    await user.click(
      await screen.findByRole('button', { name: 'Edit My event: Review and rebalance' }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('GET /api/calendar/events/rm/own-1')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Edit My event: Review/ })).toBeNull(),
    );
  });
});
