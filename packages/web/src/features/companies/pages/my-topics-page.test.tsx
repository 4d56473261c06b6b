import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi, success } from '../../../../test/api-stub';
import type { ApiCall } from '../../../../test/api-stub';
import { renderRoute } from '../../../../test/render';
import { makeCompany } from '../../../../test/fixtures/companies';
import { makeArticle } from '../../../../test/fixtures/news';

const apple = makeCompany('NASDAQ:AAPL', {
  company_name: 'Apple Inc.',
  safe_name: 'apple_inc',
  gics_sub_industry: 'Technology Hardware, Storage & Peripherals',
});

function topicsServer() {
  return stubApi({
    'GET /api/company/query': (call: ApiCall) => {
      const match =
        call.search.get('safe_name') === apple.safe_name ||
        call.search.get('exchange_tickers') === 'NASDAQ:AAPL';
      return { body: success({ companies: match ? [apple] : [] }) };
    },
    'GET /api/company/categories': success({ result: [{ _id: 'Financials', count: 3 }] }),
    'GET /api/news/company/NASDAQ:AAPL': success({
      news: [makeArticle({ id: 'aapl-news', AI: { title: 'Apple unveils a new phone' } })],
    }),
  });
}

const LOADED = { timeout: 4000 };

describe("'My topics' page", () => {
  it('loads the company by its safe name and shows its header and info card', async () => {
    const api = topicsServer();
    renderRoute('/company/news?company_name=apple_inc');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Apple Inc.' }, LOADED),
    ).toBeTruthy();
    expect(
      screen.getByText('Information Technology · Technology Hardware, Storage & Peripherals'),
    ).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Apple Inc.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Similar companies' }).getAttribute('href')).toBe(
      '/company/explore?exchange=NASDAQ&symbol=AAPL',
    );
    expect(api.callsTo('GET /api/company/query')[0]?.search.get('safe_name')).toBe('apple_inc');
  });

  it("shows the company's news timeline below its info card", async () => {
    const api = topicsServer();
    renderRoute('/company/news?company_name=apple_inc');
    const timeline = await screen.findByRole(
      'region',
      { name: 'News timeline' },
      { timeout: 8000 },
    );
    expect(
      await within(timeline).findByRole('link', { name: 'Apple unveils a new phone' }),
    ).toBeTruthy();
    expect(api.callsTo('GET /api/news/company/NASDAQ:AAPL')).toHaveLength(1);
  }, 20_000);

  it('goes to the explore page when company_name is missing', async () => {
    topicsServer();
    const { router } = renderRoute('/company/news');
    await waitFor(() => expect(router.state.location.pathname).toBe('/company/explore'), LOADED);
    expect(await screen.findByRole('heading', { name: 'Explore companies' }, LOADED)).toBeTruthy();
  });

  it('goes to the explore page when no company has that name', async () => {
    topicsServer();
    const { router } = renderRoute('/company/news?company_name=nobody_inc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/company/explore'), LOADED);
    expect(await screen.findByText('No company is known as “nobody_inc”.')).toBeTruthy();
  });
});
