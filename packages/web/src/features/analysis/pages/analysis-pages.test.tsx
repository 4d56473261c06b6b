import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failure, stubApi, success } from '../../../../test/api-stub';
import type { ApiCall, StubHandler } from '../../../../test/api-stub';
import { renderRoute } from '../../../../test/render';
import type { Company } from '@app/shared/api/companies';
import type { CompanyAnalysis } from '@app/shared/api/analysis';
import { analysesBody, makeAnalysis, makeLatestAnalyses } from '../../../../test/fixtures/analysis';
import { makeCompany } from '../../../../test/fixtures/companies';
import { makeFinancials } from '../../../../test/fixtures/market';

// jsdom has no canvas: the chart library is replaced by an inert stand-in.
vi.mock('lightweight-charts', () => ({
  createChart: () => ({
    addSeries: () => ({ setData: vi.fn(), applyOptions: vi.fn() }),
    panes: () => [0, 1].map(() => ({ setHeight: vi.fn() })),
    applyOptions: vi.fn(),
    timeScale: () => ({ fitContent: vi.fn() }),
    remove: vi.fn(),
  }),
  CandlestickSeries: { type: 'Candlestick' },
  HistogramSeries: { type: 'Histogram' },
  ColorType: { Solid: 'solid' },
  CrosshairMode: { Normal: 0 },
}));

const bar = { creation_date: 1_700_000_000, open: 10, high: 12, low: 9, close: 11, volume: 1000 };

/** Prices and history of every company's main listing, as the stock table and chart ask. */
function marketRoutes(companies: Company[]): Record<string, object> {
  const routes: Record<string, object> = {};
  for (const company of companies) {
    const symbol = company.exchange_tickers[0] ?? '';
    routes[`GET /api/company/financials/get/${symbol}`] = success({
      exchange_tickers: [symbol],
      financials: { [symbol]: makeFinancials(symbol) },
    });
    routes[`GET /api/ticker/history/${symbol}`] = success({ results: [bar], source: 'demo' });
  }
  return routes;
}

/** /company/latest_prompts over `analyses`, paged by skip and limit. */
function latestServer(analyses: CompanyAnalysis[], companies: Company[]) {
  const latest: StubHandler = (call: ApiCall) => {
    const skip = Number(call.search.get('skip') ?? 0);
    const limit = Number(call.search.get('limit') ?? 20);
    const page = analyses.slice(skip, skip + limit);
    const about = companies.filter((c) => page.some((a) => a.company_id === c.id));
    return { body: analysesBody(page, about) };
  };
  return stubApi({ 'GET /api/company/latest_prompts': latest, ...marketRoutes(companies) });
}

/** Lazy pages, markdown and charts take a while on the first render of a file. */
const SLOW = { timeout: 5_000 };
const articles = () => screen.findAllByRole('article', {}, SLOW);

describe('analyst summaries pages', { timeout: 20_000 }, () => {
  it("lists each company's latest analysis on /, 2 a page, with company link, prices and chart", async () => {
    const { companies, analyses } = makeLatestAnalyses(2);
    const api = latestServer(analyses, companies);
    renderRoute('/');
    const items = await articles();
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByRole('link', { name: 'Company 1' }).getAttribute('href')).toBe(
      '/ticker/NASDAQ:T1',
    );
    expect(first.getByRole('heading', { name: 'Prices' })).toBeTruthy();
    expect(first.getByRole('heading', { name: 'Chart' })).toBeTruthy();
    expect(first.getByText('2 hours ago')).toBeTruthy();
    expect((await first.findAllByText('Demo data', {}, SLOW)).length).toBeGreaterThan(0);
    const call = api.callsTo('GET /api/company/latest_prompts')[0];
    expect(call?.search.get('skip')).toBe('0');
    expect(call?.search.get('limit')).toBe('3');
    await waitFor(() => {
      expect(document.title).toBe('AI News: Company Analysis · StockPulse');
    });
  });

  it('renders the markdown headings 4 levels down (## → h6) and links citations to the articles', async () => {
    const company = makeCompany('NYSE:ACME', { company_name: 'Acme Corp' });
    const analysis = makeAnalysis(company, {
      ai_summary: '# Top\n\n## News flow\n\n- Acme beats [1] and buys Widget [2].\n',
      citations: [
        {
          id: 'n-1',
          title: 'Acme beats estimates!',
          link: null,
          publisher: null,
          creation_date: null,
        },
        { id: 'n-2', title: null, link: null, publisher: null, creation_date: null },
      ],
    });
    latestServer([analysis], [company]);
    renderRoute('/analysis/latest');
    const item = within((await articles())[0]!);
    expect(item.getByRole('heading', { level: 5, name: 'Top' })).toBeTruthy();
    expect(item.getByRole('heading', { level: 6, name: 'News flow' })).toBeTruthy();
    expect(item.getByRole('link', { name: '[1]' }).getAttribute('href')).toBe(
      '/n/n-1#ACME_BEATS_ESTIMATES',
    );
    expect(item.getByRole('link', { name: '[2]' }).getAttribute('href')).toBe('/n/n-2');
  });

  it('never renders raw HTML from the analysis', async () => {
    const company = makeCompany('NYSE:ACME');
    const analysis = makeAnalysis(company, {
      ai_summary:
        '## View\n\n<script>window.hacked = true</script><b>bold</b> <img src="x" onerror="alert(1)"> ' +
        '[click](javascript:alert(1)) text\n\n<div class="evil">block</div>\n',
    });
    latestServer([analysis], [company]);
    const { container } = renderRoute('/');
    await screen.findByRole('heading', { level: 6, name: 'View' }, SLOW);
    expect(container.querySelector('script, b, img, div.evil')).toBeNull();
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('pages with Back and Next, 2 analyses a page', async () => {
    const { companies, analyses } = makeLatestAnalyses(5);
    const api = latestServer(analyses, companies);
    const { router } = renderRoute('/analysis/latest');
    await screen.findByRole('link', { name: 'Company 1' }, SLOW);
    expect(screen.getByRole('button', { name: 'Back' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Company 3' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Company 4' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Company 1' })).toBeNull();
    expect(router.state.location.search).toBe('?page=2');
    expect(api.callsTo('GET /api/company/latest_prompts').at(-1)?.search.get('skip')).toBe('2');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Company 5' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('link', { name: 'Company 3' })).toBeTruthy();
  });

  it("says 'No articles found.' when there is no analysis", async () => {
    latestServer([], []);
    renderRoute('/');
    expect(await screen.findByText('No articles found.', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Analysis pages' })).toBeNull();
  });

  it('shows the error when the analyses cannot be loaded', async () => {
    stubApi({ 'GET /api/company/latest_prompts': () => failure(500, 'Something broke.') });
    renderRoute('/');
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain('Analyses could not be loaded');
    expect(alert.textContent).toContain('Something broke.');
  });

  it("shows one company's analyses on /analysis/{symbol}, titled 'Analysis of {symbol}'", async () => {
    const company = makeCompany('NASDAQ:AMD', { company_name: 'Advanced Micro Devices, Inc.' });
    const older = makeAnalysis(company, { ai_summary: '## Older view\n\nOlder.' });
    const newer = makeAnalysis(company, { ai_summary: '## Newer view\n\nNewer.' });
    const api = stubApi({
      'GET /api/company/query_prompts': success({ news: [newer, older], companies: [company] }),
      ...marketRoutes([company]),
    });
    renderRoute('/analysis/nasdaq:amd');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Analysis of NASDAQ:AMD' }, SLOW),
    ).toBeTruthy();
    const items = await articles();
    expect(within(items[0]!).getByRole('heading', { name: 'Newer view' })).toBeTruthy();
    expect(within(items[1]!).getByRole('heading', { name: 'Older view' })).toBeTruthy();
    // One stock table and chart for the page, not one per analysis.
    expect(screen.getAllByRole('heading', { name: 'Prices' })).toHaveLength(1);
    const query = api.callsTo('GET /api/company/query_prompts')[0]?.search;
    expect(query?.get('symbol')).toBe('NASDAQ:AMD');
    expect(query?.get('order_by')).toBe('-ai_upload_date');
    await waitFor(() => {
      expect(document.title).toBe('Analysis of NASDAQ:AMD · StockPulse');
    });
  });

  it("says 'Company not found' for an unknown symbol", async () => {
    stubApi({ 'GET /api/company/query_prompts': () => failure(404, 'Company not found') });
    renderRoute('/analysis/NASDAQ:NOPE');
    expect(await screen.findByText('Company not found', {}, SLOW)).toBeTruthy();
  });
});
