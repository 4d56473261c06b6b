import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, storeLoggedIn, stubApi } from '../../../../test/api-stub';
import type { ApiCall } from '../../../../test/api-stub';
import {
  emptySnapshot,
  makeHolding,
  makeSnapshot,
  snapshotBody,
} from '../../../../test/fixtures/portfolio';
import { renderInRouter } from '../../../../test/render';
import { ChartsPage } from './charts-page';

// jsdom has no canvas: the chart library is replaced by a recorder of the lines it is given.
const chartMock = vi.hoisted(() => {
  const lines: { options: Record<string, unknown>; data: unknown[] }[] = [];
  const createChart = vi.fn(() => ({
    addSeries: () => {
      const line = { options: {} as Record<string, unknown>, data: [] as unknown[] };
      lines.push(line);
      return {
        setData: (data: unknown[]) => {
          line.data = data;
        },
        applyOptions: (options: Record<string, unknown>) => {
          line.options = { ...line.options, ...options };
        },
      };
    },
    applyOptions: vi.fn(),
    timeScale: () => ({ fitContent: vi.fn() }),
    remove: vi.fn(),
  }));
  return { lines, createChart };
});

vi.mock('lightweight-charts', () => ({
  createChart: chartMock.createChart,
  LineSeries: { type: 'Line' },
  ColorType: { Solid: 'solid' },
}));

const SNAPSHOT = 'GET /api/portfolio/snapshot';

function portfolio() {
  return makeSnapshot(
    [
      makeHolding('NASDAQ:AAPL', { contribution_pct: 12.5 }),
      makeHolding('NYSE:IBM', { contribution_pct: -3.25, gics_sector: 'Industrials' }),
    ],
    {
      allocation: {
        sector: [
          { name: 'Information Technology', value: 1800, weight_pct: 65.45 },
          { name: 'Industrials', value: 950, weight_pct: 34.55 },
        ],
        sub_industry: [],
      },
    },
  );
}

describe('/dashboard/charts', () => {
  it('draws the portfolio against the benchmark, the allocation and the contributions', async () => {
    storeLoggedIn(makeUser());
    const api = stubApi({
      [SNAPSHOT]: (call: ApiCall) => ({
        body: snapshotBody({
          ...portfolio(),
          range: (call.search.get('range') ?? '1Y') as '1Y',
        }),
      }),
    });
    renderInRouter(<ChartsPage />, '/dashboard/charts');

    expect(
      await screen.findByRole('img', { name: /time-weighted return against Demo universe/ }),
    ).toBeTruthy();
    expect(api.callsTo(SNAPSHOT)[0]?.search.get('range')).toBe('1Y');
    const [portfolioLine, benchmarkLine, valueLine, investedLine] = chartMock.lines.slice(-4);
    expect(portfolioLine?.options.title).toBe('Portfolio');
    expect(portfolioLine?.data).toEqual([
      { time: '2026-03-02', value: 100 },
      { time: '2026-03-03', value: 110 },
      { time: '2026-03-04', value: 120 },
    ]);
    expect(benchmarkLine?.options.title).toBe('Demo universe (equal weight)');
    expect(benchmarkLine?.data).toContainEqual({ time: '2026-03-04', value: 95.5 });
    expect(valueLine?.data).toContainEqual({ time: '2026-03-04', value: 1800 });
    expect(investedLine?.data).toContainEqual({ time: '2026-03-04', value: 1501 });
    expect(
      within(screen.getByRole('group', { name: 'Portfolio return' })).getByText('+19.93%'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Benchmark return' })).getByText('-4.50%'),
    ).toBeTruthy();

    const allocation = screen.getByRole('table', { name: 'Allocation by sector' });
    const rows = within(allocation)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['Information Technology$1,800.0065.45%', 'Industrials$950.0034.55%']);

    const gains = screen.getByRole('group', { name: 'Added to the return' });
    expect(within(gains).getByText('NASDAQ:AAPL')).toBeTruthy();
    expect(within(gains).getByText('+12.50 pts')).toBeTruthy();
    const losses = screen.getByRole('group', { name: 'Took from the return' });
    expect(within(losses).getByText('NYSE:IBM')).toBeTruthy();
    expect(within(losses).getByText('-3.25 pts')).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('radio', { name: 'YTD' }));
    await waitFor(() => expect(api.callsTo(SNAPSHOT).at(-1)?.search.get('range')).toBe('YTD'));
    expect(screen.getByRole('radio', { name: 'Max' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '1M' })).toBeTruthy();
  });

  it('offers to track a purchase when nothing is recorded', async () => {
    storeLoggedIn(makeUser());
    stubApi({ [SNAPSHOT]: snapshotBody(emptySnapshot()) });
    renderInRouter(<ChartsPage />, '/dashboard/charts');
    const card = await screen.findByRole('region', { name: 'Your portfolio' });
    expect(within(card).getByRole('link', { name: 'Track a purchase' })).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
