import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi, success } from '../../../../test/api-stub';
import type { ApiCall } from '../../../../test/api-stub';
import { renderRoute } from '../../../../test/render';

const SECTORS = [
  { _id: 'Financials', count: 3 },
  { _id: 'Information Technology', count: 2 },
];

const SUB_INDUSTRIES: Record<string, { _id: string; count: number }[]> = {
  Financials: [
    { _id: 'Diversified Banks', count: 2 },
    { _id: 'Reinsurance', count: 1 },
  ],
  'Information Technology': [{ _id: 'Semiconductors', count: 2 }],
};

const COMPANIES: Record<
  string,
  { id: string; company_name: string; exchange_tickers: string[] }[]
> = {
  'Diversified Banks': [
    { id: 'c1', company_name: 'Bank of America Corporation', exchange_tickers: ['NYSE:BAC'] },
    { id: 'c2', company_name: 'JPMorgan Chase & Co.', exchange_tickers: ['NYSE:JPM'] },
  ],
  Semiconductors: [
    { id: 'c3', company_name: 'Advanced Micro Devices, Inc.', exchange_tickers: ['NASDAQ:AMD'] },
    { id: 'c4', company_name: 'NVIDIA Corporation', exchange_tickers: ['NASDAQ:NVDA'] },
  ],
};

function exploreServer() {
  return stubApi({
    'GET /api/company/categories': (call: ApiCall) => {
      const sector = call.search.get('gics_sector');
      if (sector === null) return { body: success({ result: SECTORS }) };
      expect(call.search.get('group')).toBe('gics_sub_industry');
      return { body: success({ result: SUB_INDUSTRIES[sector] ?? [] }) };
    },
    'GET /api/company/query_cache': (call: ApiCall) => {
      expect(call.search.get('only')).toBe('company_name,exchange_tickers');
      const subIndustry = call.search.get('gics_sub_industry') ?? '';
      return { body: success({ companies: COMPANIES[subIndustry] ?? [] }) };
    },
    'GET /api/company/query': (call: ApiCall) => ({
      body: success({
        companies:
          call.search.get('exchange_tickers') === 'NASDAQ:AMD'
            ? [
                {
                  id: 'c3',
                  company_name: 'Advanced Micro Devices, Inc.',
                  gics_sector: 'Information Technology',
                  gics_sub_industry: 'Semiconductors',
                },
              ]
            : [],
      }),
    }),
  });
}

const LOADED = { timeout: 4000 };
const BANNER = "You don't have anything in your portfolio";

async function openExplore(url = '/company/explore') {
  const view = renderRoute(url);
  await screen.findByRole('button', { name: /^Financials/ }, LOADED);
  return { ...view, user: userEvent.setup() };
}

describe('explore page', () => {
  it('lists the sectors with their counts', async () => {
    exploreServer();
    await openExplore();
    expect(screen.getByRole('button', { name: 'Financials, 3 companies' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Information Technology, 2 companies' }),
    ).toBeTruthy();
    expect(screen.getByText(/5 companies in 2 sectors/)).toBeTruthy();
  });

  it('opens a sector onto its sub-industries, and a sub-industry onto company links', async () => {
    const api = exploreServer();
    const { user } = await openExplore();
    expect(api.calls.filter((call) => call.search.has('gics_sector'))).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /^Financials/ }));
    const banks = await screen.findByRole('button', { name: 'Diversified Banks, 2 companies' });
    expect(screen.getByRole('button', { name: 'Reinsurance, 1 company' })).toBeTruthy();
    expect(
      api.callsTo('GET /api/company/categories').map((call) => call.search.get('gics_sector')),
    ).toEqual([null, 'Financials']);

    await user.click(banks);
    const list = await screen.findByRole('list', { name: 'Companies in Diversified Banks' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Bank of America Corporation BAC', '/ticker/NYSE:BAC'],
      ['JPMorgan Chase & Co. JPM', '/ticker/NYSE:JPM'],
    ]);
    expect(api.callsTo('GET /api/company/query_cache')[0]?.search.get('gics_sub_industry')).toBe(
      'Diversified Banks',
    );
  });

  it('opens the sector and sub-industry of ?exchange=&symbol= and highlights the company', async () => {
    exploreServer();
    await openExplore('/company/explore?exchange=NASDAQ&symbol=AMD');

    const list = await screen.findByRole('list', { name: 'Companies in Semiconductors' }, LOADED);
    const amd = within(list).getByRole('link', { name: /Advanced Micro Devices/ });
    expect(amd.getAttribute('aria-current')).toBe('true');
    expect(
      within(list)
        .getByRole('link', { name: /NVIDIA/ })
        .getAttribute('aria-current'),
    ).toBeNull();
    expect(screen.getByRole('button', { name: /^Financials/ }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });

  it('says so when the company to highlight is unknown', async () => {
    exploreServer();
    await openExplore('/company/explore?exchange=NASDAQ&symbol=NOPE');
    expect(await screen.findByText('No company is listed as NASDAQ:NOPE.')).toBeTruthy();
  });

  it.each(['nothing_here=1', 'nothingHere=1'])(
    "shows the sad banner 'You don't have anything in your portfolio' with ?%s",
    async (flag) => {
      exploreServer();
      await openExplore(`/company/explore?${flag}`);
      expect(screen.getByText(BANNER)).toBeTruthy();
    },
  );

  it('has no banner without the flag', async () => {
    exploreServer();
    await openExplore();
    await waitFor(() => expect(screen.queryByText(BANNER)).toBeNull());
  });
});
