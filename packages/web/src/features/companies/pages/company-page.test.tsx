import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import type { ApiCall } from '../../../../test/api-stub';
import { renderRoute } from '../../../../test/render';
import type { Financials } from '@app/shared/api/market';
import { makeCompany } from '../../../../test/fixtures/companies';
import { makeFinancials, watchlistBody } from '../../../../test/fixtures/market';
import { makeArticle } from '../../../../test/fixtures/news';
import { analysesBody, makeAnalysis } from '../../../../test/fixtures/analysis';
import type { CompanyAnalysis } from '@app/shared/api/analysis';

// jsdom has no canvas: the chart library is replaced by a recorder of what the page asks of it.
const chartMock = vi.hoisted(() => {
  const series = () => ({ setData: vi.fn(), applyOptions: vi.fn() });
  const charts: {
    remove: ReturnType<typeof vi.fn>;
    series: ReturnType<typeof series>[];
    paneIndexes: (number | undefined)[];
    paneHeights: number[];
  }[] = [];
  const createChart = vi.fn(() => {
    const chart = {
      remove: vi.fn(),
      series: [] as ReturnType<typeof series>[],
      paneIndexes: [] as (number | undefined)[],
      paneHeights: [] as number[],
    };
    charts.push(chart);
    return {
      addSeries: (_definition: unknown, _options: unknown, paneIndex?: number) => {
        const created = series();
        chart.series.push(created);
        chart.paneIndexes.push(paneIndex);
        return created;
      },
      panes: () =>
        [0, 1].map(() => ({ setHeight: (height: number) => chart.paneHeights.push(height) })),
      applyOptions: vi.fn(),
      timeScale: () => ({ fitContent: vi.fn() }),
      remove: chart.remove,
    };
  });
  return { charts, createChart };
});

vi.mock('lightweight-charts', () => ({
  createChart: chartMock.createChart,
  CandlestickSeries: { type: 'Candlestick' },
  HistogramSeries: { type: 'Histogram' },
  ColorType: { Solid: 'solid' },
  CrosshairMode: { Normal: 0 },
}));

const AMD = 'NASDAQ:AMD';
const bar = { creation_date: 1_700_000_000, open: 10, high: 12, low: 9, close: 11, volume: 1000 };

function companyServer(financials: Partial<Financials> = {}, analyses: CompanyAnalysis[] = []) {
  const related = Array.from({ length: 25 }, (_, index) =>
    makeCompany(`NYSE:R${index + 1}`, { company_name: `Related ${index + 1}` }),
  );
  return stubApi({
    'GET /api/company/query': (call: ApiCall) => ({
      body: success({
        companies:
          call.search.get('exchange_tickers') === AMD || call.search.get('id') === 'id-amd'
            ? [makeCompany(AMD, { company_name: 'Advanced Micro Devices, Inc.' })]
            : [],
      }),
    }),
    [`GET /api/company/financials/get/${AMD}`]: success({
      exchange_tickers: [AMD],
      financials: {
        [AMD]: makeFinancials(AMD, {
          price: 150.5,
          days_31: { close: 140, change_pct: 7.5 },
          days_365: { close: 100.25, change_pct: 50.12345 },
          ...financials,
        }),
      },
    }),
    [`GET /api/ticker/history/${AMD}`]: (call: ApiCall) => ({
      body: success({
        results: call.search.get('range') === '5y' ? [bar, bar] : [bar],
        source: 'demo',
      }),
    }),
    [`GET /api/company/get_related/${AMD}`]: success({
      result: makeCompany(AMD),
      related_companies: related,
    }),
    [`GET /api/ticker/invalidate/${AMD}`]: success(),
    'GET /api/ticker/user/watchlist/get/default': watchlistBody([AMD]),
    'GET /api/company/query_prompts': (call: ApiCall) => {
      // As the server does, a ticker stands for its company.
      const companyId =
        call.search.get('symbol') === AMD ? makeCompany(AMD).id : call.search.get('company_id');
      return {
        body: analysesBody(
          analyses.filter((analysis) => analysis.company_id === companyId),
          [],
        ),
      };
    },
    [`GET /api/news/company/${AMD}`]: success({
      news: [makeArticle({ id: 'amd-news', AI: { title: 'AMD ships a new chip' } })],
    }),
  });
}

describe('company page', () => {
  it('says how old the prices are when the server could only serve an old snapshot', async () => {
    companyServer({ updated_at: Math.floor(Date.now() / 1000) - 2 * 3600 });
    renderRoute(`/ticker/${AMD}`);
    await screen.findByRole('heading', { level: 1 }, { timeout: 5_000 });
    expect(await screen.findByText('Last updated 2 hours ago')).toBeTruthy();
  });

  it('shows the time of a fresh snapshot', async () => {
    companyServer({ updated_at: Math.floor(Date.now() / 1000) - 20 });
    renderRoute(`/ticker/${AMD}`);
    await screen.findByRole('heading', { level: 1 }, { timeout: 5_000 });
    expect(await screen.findByText(/^Updated /)).toBeTruthy();
  });

  it('sends a visit without id, name or symbol to /company/explore?nothing_here=1', async () => {
    stubApi({});
    const { router } = renderRoute('/company/view');
    // The first visit loads the lazy page chunks.
    await waitFor(
      () => {
        expect(router.state.location.pathname).toBe('/company/explore');
      },
      { timeout: 5000 },
    );
    expect(router.state.location.search).toBe('?nothing_here=1');
  });

  it("shows the company's news timeline", async () => {
    const api = companyServer();
    renderRoute(`/ticker/${AMD}`);
    const timeline = await screen.findByRole(
      'region',
      { name: 'News timeline' },
      { timeout: 8000 },
    );
    expect(
      (await within(timeline).findByRole('link', { name: 'AMD ships a new chip' })).getAttribute(
        'href',
      ),
    ).toBe('/n/amd-news#AMD_SHIPS_A_NEW_CHIP');
    expect(api.callsTo(`GET /api/news/company/${AMD}`)).toHaveLength(1);
  }, 20_000);

  it("shows the company's latest AI review with its sentiment, date and sources, linked to its analyses", async () => {
    const amd = makeCompany(AMD);
    const api = companyServer({}, [
      makeAnalysis(amd, { ai_summary: 'AMD gains share in data centres [1].', sentiment_score: 6 }),
    ]);
    renderRoute(`/ticker/${AMD}`);
    const review = await screen.findByRole('region', { name: 'AI review' }, { timeout: 8000 });
    expect(await within(review).findByText(/AMD gains share in data centres/)).toBeTruthy();
    // The cited articles wait behind "Sources (1)" (the timeline beside lists the same stories).
    expect(within(review).queryByRole('link', { name: 'Chip maker beats estimates' })).toBeNull();
    const sources = within(review).getByRole('button', { name: 'Sources (1)' });
    expect(sources.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(sources);
    expect(
      await within(review).findByRole('link', { name: 'Chip maker beats estimates' }),
    ).toBeTruthy();
    expect(sources.getAttribute('aria-expanded')).toBe('true');
    expect(within(review).getByText('2 hours ago')).toBeTruthy();
    expect(within(review).getByText(/ 6$/).closest('.mantine-Badge-root')).toBeTruthy();
    expect(
      within(review)
        .getByRole('link', { name: `All analyses of ${AMD}` })
        .getAttribute('href'),
    ).toBe(`/analysis/${AMD}`);
    const call = api.callsTo('GET /api/company/query_prompts')[0];
    // By ticker: the URL follows from the page's path, so the server draws the review.
    expect(call?.search.get('symbol')).toBe(AMD);
    expect(call?.search.get('ai_summary__exists')).toBe('1');
    expect(call?.search.get('order_by')).toBe('-ai_upload_date');
    expect(call?.search.get('limit')).toBe('1');
  }, 20_000);

  it('says plainly when the AI analyst has not reviewed the company', async () => {
    companyServer();
    renderRoute(`/ticker/${AMD}`);
    const review = await screen.findByRole('region', { name: 'AI review' }, { timeout: 8000 });
    expect(
      await within(review).findByText('The AI analyst has not reviewed this company yet.'),
    ).toBeTruthy();
    expect(within(review).getByRole('link', { name: `All analyses of ${AMD}` })).toBeTruthy();
  }, 20_000);

  it("shows 'Company not found' for an unknown symbol", async () => {
    companyServer();
    renderRoute('/ticker/NYSE:NOPE');
    expect(await screen.findByRole('heading', { name: 'Company not found' })).toBeTruthy();
  });

  it('shows the header, stock table with month and year, chart, related companies and watch box', async () => {
    const chartsBefore = chartMock.charts.length;
    storeLoggedIn(makeUser());
    const api = companyServer();
    const { unmount } = renderRoute(`/ticker/${AMD}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Advanced Micro Devices, Inc.' }),
    ).toBeTruthy();
    expect(screen.getByLabelText('Quote type').textContent).toBe('EQUITY');

    const prices = await screen.findByLabelText(`Prices of ${AMD}`);
    expect(within(prices).getByText('Month (31 days)')).toBeTruthy();
    expect(within(prices).getByText('Year (365 days)')).toBeTruthy();
    expect(within(prices).getByText('+7.50%')).toBeTruthy();
    expect(within(prices).getByText('+50.12%')).toBeTruthy();
    expect(within(prices).getByText('$150.50')).toBeTruthy();
    expect(api.callsTo(`GET /api/company/financials/get/${AMD}`)[0]?.search.get('add')).toBe(
      '31,365',
    );

    const related = await screen.findByRole('region', { name: 'Related companies' });
    await within(related).findByText('Related 1');
    expect(within(related).getAllByRole('link')).toHaveLength(20);
    expect(within(related).getByRole('link', { name: 'Related 1' }).getAttribute('href')).toBe(
      '/ticker/NYSE:R1',
    );
    expect(api.callsTo(`GET /api/company/get_related/${AMD}`)[0]?.search.get('limit')).toBe('25');

    await waitFor(() => {
      expect(
        screen.getByRole<HTMLInputElement>('checkbox', { name: /Watch NASDAQ:AMD/ }).checked,
      ).toBe(true);
    });
    expect(api.callsTo(`GET /api/ticker/invalidate/${AMD}`)).toHaveLength(1);
    expect(screen.getAllByText('Demo data').length).toBeGreaterThan(0);
    await waitFor(() => {
      expect(document.title).toBe('Advanced Micro Devices, Inc. · StockPulse');
    });

    // The chart: candles, and volumes in a second pane of 100 px; removed with the page. The
    // library is loaded lazily, so the chart comes a moment after the page.
    await waitFor(() => {
      expect(chartMock.charts.length).toBeGreaterThan(chartsBefore);
    });
    const chart = chartMock.charts.at(-1)!;
    expect(chart.paneIndexes).toEqual([undefined, 1]);
    expect(chart.paneHeights).toEqual([100]);
    await waitFor(() => {
      expect(chart.series[0]?.setData).toHaveBeenCalledWith([
        { time: bar.creation_date, open: 10, high: 12, low: 9, close: 11 },
      ]);
    });
    await userEvent.setup().click(screen.getByRole('radio', { name: '5Y' }));
    await waitFor(() => {
      expect(chart.series[0]?.setData).toHaveBeenLastCalledWith([
        expect.objectContaining({ close: 11 }),
        expect.objectContaining({ close: 11 }),
      ]);
    });
    expect(
      api.callsTo(`GET /api/ticker/history/${AMD}`).map((call) => call.search.get('range')),
    ).toEqual(['1y', '5y']);
    act(() => unmount());
    expect(chart.remove).toHaveBeenCalled();
  });

  it('finds the company by id on /company/view and refreshes the ticker for visitors too', async () => {
    const api = companyServer();
    renderRoute('/company/view?id=id-amd');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Advanced Micro Devices, Inc.' }),
    ).toBeTruthy();
    await screen.findByLabelText(`Prices of ${AMD}`);
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: /Watch NASDAQ:AMD/ }).disabled,
    ).toBe(true);
    await waitFor(() => expect(api.callsTo(`GET /api/ticker/invalidate/${AMD}`)).toHaveLength(1));
    expect(api.callsTo('GET /api/ticker/user/watchlist/get/default')).toHaveLength(0);
  });
});
