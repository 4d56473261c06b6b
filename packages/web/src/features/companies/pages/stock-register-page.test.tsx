import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import type { ApiCall } from '../../../../test/api-stub';
import { renderRoute } from '../../../../test/render';
import { LOGIN_PROMPT_TEXT } from '../../../components/login-prompt';
import { makeCompany, suggestionBody } from '../../../../test/fixtures/companies';
import { preloadSuggestionInput } from '../../tickers';

const apple = makeCompany('NASDAQ:AAPL', { company_name: 'Apple Inc.' });
const appLovin = makeCompany('NASDAQ:APP', { company_name: 'AppLovin Corporation' });
const COMPANIES = [apple, appLovin];

function trackerServer(routes: Record<string, object> = {}) {
  return stubApi({
    'GET /api/ticker/suggestions': (call: ApiCall) => {
      const query = call.search.get('query') ?? '';
      const found = query.toLowerCase().includes('ap') ? [appLovin, apple] : [];
      return { body: suggestionBody(query, found) };
    },
    'GET /api/company/query': (call: ApiCall) => {
      const symbol = call.search.get('exchange_tickers');
      return {
        body: success({ companies: COMPANIES.filter((c) => c.exchange_tickers[0] === symbol) }),
      };
    },
    ...routes,
  });
}

const LOADED = { timeout: 4000 };

async function openTracker(url = '/stock/register') {
  const view = renderRoute(url);
  const field = await screen.findByRole('combobox', { name: 'Ticker or company' }, LOADED);
  return { ...view, field, user: userEvent.setup() };
}

// The suggestions list is a chunk the field loads when first used (tickers'
// suggestion-input.test.tsx): these tests start with it loaded.
beforeAll(async () => {
  await preloadSuggestionInput();
});

describe('stock tracker page', () => {
  it('takes the typed ticker when Enter is pressed and shows its company card', async () => {
    const api = trackerServer();
    const { field, user, router } = await openTracker();
    await user.type(field, 'aapl{Enter}');

    expect(await screen.findByRole('region', { name: 'Apple Inc.' }, LOADED)).toBeTruthy();
    expect(router.state.location.search).toBe('?symbol=NASDAQ%3AAAPL');
    expect((field as HTMLInputElement).value).toBe('NASDAQ:AAPL');
    expect(api.callsTo('GET /api/ticker/suggestions').length).toBeGreaterThan(0);
  });

  it('takes the first suggestion when the text matches none exactly', async () => {
    trackerServer();
    const { field, user } = await openTracker();
    await user.type(field, 'apple{Enter}');
    expect(
      await screen.findByRole('region', { name: 'AppLovin Corporation' }, LOADED),
    ).toBeTruthy();
  });

  it('shows the card of a picked suggestion', async () => {
    trackerServer();
    const { field, user } = await openTracker();
    await user.type(field, 'ap');
    await user.click(await screen.findByRole('option', { name: /NASDAQ:AAPL/ }));
    expect(await screen.findByRole('region', { name: 'Apple Inc.' }, LOADED)).toBeTruthy();
  });

  it('says so when nothing matches the typed text', async () => {
    trackerServer();
    const { field, user } = await openTracker();
    await user.type(field, 'zzz{Enter}');
    expect(await screen.findByText('No company or ticker matches "zzz".')).toBeTruthy();
  });

  it('asks visitors to log in, and their watch checkbox is disabled', async () => {
    trackerServer();
    await openTracker('/stock/register?symbol=NASDAQ:AAPL');
    const notice = screen.getByRole('note', { name: 'Login required' });
    expect(notice.textContent).toContain(LOGIN_PROMPT_TEXT);
    expect(within(notice).getByRole('link', { name: 'Register' }).getAttribute('href')).toBe(
      '/register?watch_stock=company',
    );
    expect(within(notice).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      `/login?next=${encodeURIComponent('/stock/register?symbol=NASDAQ:AAPL')}`,
    );
    const checkbox = await screen.findByRole('checkbox', { name: 'Watch NASDAQ:AAPL' });
    expect((checkbox as HTMLInputElement).disabled).toBe(true);
  });

  it('lets a logged-in user watch the chosen company', async () => {
    const user = makeUser();
    storeLoggedIn(user);
    trackerServer({
      'GET /api/user/get/me': success({ current_user: user }),
      'GET /api/ticker/user/watchlist/get/default': success({
        name: 'default',
        exchange_tickers: ['NASDAQ:AAPL'],
      }),
    });
    await openTracker('/stock/register?symbol=NASDAQ:AAPL');
    const checkbox = await screen.findByRole('checkbox', { name: 'Watch NASDAQ:AAPL' });
    await screen.findByRole('region', { name: 'Apple Inc.' }, LOADED);
    await expect.poll(() => (checkbox as HTMLInputElement).checked).toBe(true);
    expect((checkbox as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByText(LOGIN_PROMPT_TEXT)).toBeNull();
  });
});
