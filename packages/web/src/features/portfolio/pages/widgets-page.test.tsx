import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failure, makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import type { StubHandler } from '../../../../test/api-stub';
import { makeArticle } from '../../../../test/fixtures/news';
import {
  makeEvent,
  makeHolding,
  makeRecommendation,
  makeSnapshot,
  snapshotBody,
} from '../../../../test/fixtures/portfolio';
import { makePrompt } from '../../../../test/fixtures/prompts';
import { renderInRouter } from '../../../../test/render';
import { WidgetsPage } from './widgets-page';

const SAVE = 'POST /api/user/widgets';
const ALL = [
  { id: 'movers', visible: true },
  { id: 'holdings_news', visible: true },
  { id: 'ai_summary', visible: true },
  { id: 'upcoming_events', visible: true },
  { id: 'recommendations', visible: true },
];

function widgetServer(
  save: StubHandler = (call) => ({ body: success(call.body as object) }),
  overrides: Record<string, StubHandler | ReturnType<typeof failure>> = {},
) {
  const user = makeUser({ username: 'ada' });
  storeLoggedIn(user);
  return stubApi({
    'GET /api/user/get/me': success({ current_user: user }),
    'GET /api/user/widgets': success({ widgets: ALL }),
    [SAVE]: save,
    'GET /api/portfolio/snapshot': snapshotBody(
      makeSnapshot([
        makeHolding('NASDAQ:AAPL', { day_change_pct: 1.12, day_change: 20 }),
        makeHolding('NYSE:IBM', { day_change_pct: -3.4, day_change: -32.1 }),
      ]),
    ),
    'GET /api/news/query': success({
      news: [makeArticle({ id: 'n1', title: 'Apple unveils a new chip' })],
    }),
    'GET /api/prompts/query': success({ prompts: [makePrompt()] }),
    'GET /api/calendar/events': success({
      events: [makeEvent({ title: 'Apple earnings', kind: 'earnings', id: null })],
    }),
    'GET /api/company/recommendations': success({
      recommendations: [
        makeRecommendation('NYSE:XOM', { change_pct_31: 4.56, change_pct_365: -25.49 }),
      ],
    }),
    ...overrides,
  });
}

function titles(): string[] {
  return screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
}

describe('/dashboard/widgets', () => {
  it('shows every widget with its content: movers, news, AI summary, events, recommendations', async () => {
    const api = widgetServer();
    renderInRouter(<WidgetsPage />, '/dashboard/widgets');

    const movers = await screen.findByRole('table', { name: 'Movers today' });
    const rows = within(movers)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['NYSE:IBM-3.40%-$32.10', 'NASDAQ:AAPL+1.12%+$20.00']);
    expect(await screen.findByRole('link', { name: 'Apple unveils a new chip' })).toBeTruthy();
    const news = api.callsTo('GET /api/news/query')[0];
    expect(news?.search.get('related_exchange_tickers__in')).toBe('NASDAQ:AAPL,NYSE:IBM');
    expect(await screen.findByText(/NASDAQ:AAPL rose 1.20%/)).toBeTruthy();
    expect((await screen.findByText(/Apple earnings/)).textContent).toBe(
      'Earnings · Apple earnings',
    );
    const recommendations = await screen.findByRole('table', { name: 'Recommendations' });
    // Spec §9: percentages without decimals in the recommendations table.
    expect(within(recommendations).getByText('+5%')).toBeTruthy();
    expect(within(recommendations).getByText('-25%')).toBeTruthy();
    expect(api.callsTo('GET /api/company/recommendations')[0]?.search.get('limit')).toBe('20');
  });

  it('hides, shows and reorders with buttons and stores the exact list each time', async () => {
    const api = widgetServer();
    renderInRouter(<WidgetsPage />, '/dashboard/widgets');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Recommendations' });
    expect(titles()).toEqual([
      'Portfolio movers today',
      'News on my holdings',
      'My latest AI portfolio summary',
      'Upcoming events',
      'Recommendations',
    ]);
    const firstUp = screen.getByRole<HTMLButtonElement>('button', {
      name: 'Move Portfolio movers today up',
    });
    expect(firstUp.disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Hide News on my holdings' }));
    await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1));
    expect(api.callsTo(SAVE)[0]?.body).toEqual({
      widgets: ALL.map((item) =>
        item.id === 'holdings_news' ? { ...item, visible: false } : item,
      ),
    });
    expect(await screen.findByRole('button', { name: 'Show News on my holdings' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Move Recommendations up' }));
    await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(2));
    expect(api.callsTo(SAVE)[1]?.body).toEqual({
      widgets: [
        { id: 'movers', visible: true },
        { id: 'holdings_news', visible: false },
        { id: 'ai_summary', visible: true },
        { id: 'recommendations', visible: true },
        { id: 'upcoming_events', visible: true },
      ],
    });
    await waitFor(() => expect(titles().slice(3)).toEqual(['Recommendations', 'Upcoming events']));

    const show = screen.getByRole('button', { name: 'Show News on my holdings' });
    show.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(3));
    expect(api.callsTo(SAVE)[2]?.body).toMatchObject({
      widgets: expect.arrayContaining([{ id: 'holdings_news', visible: true }]),
    });
  });

  it('only logs when the recommendations cannot be loaded (spec §8: no toast)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    widgetServer(undefined, {
      'GET /api/company/recommendations': failure(500, 'The recommender is down.'),
    });
    renderInRouter(<WidgetsPage />, '/dashboard/widgets');
    expect(
      await screen.findByText('Recommendations could not be loaded.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('Recommendations could not be loaded', expect.anything());
    expect(screen.queryByText('The recommender is down.')).toBeNull();
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
    warn.mockRestore();
  });

  it('puts the list back and toasts the error when saving fails', async () => {
    widgetServer(() => failure(400, 'Unknown widget.'));
    renderInRouter(<WidgetsPage />, '/dashboard/widgets');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Move Portfolio movers today down' }),
    );
    expect(await screen.findByText('Unknown widget.')).toBeTruthy();
    await waitFor(() => expect(titles()[0]).toBe('Portfolio movers today'));
  });
});
