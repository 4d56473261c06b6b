import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, stubApi, success } from '../../../../test/api-stub';
import { makeTrackRecord } from '../../../../test/fixtures/track-record';
import { renderRoute } from '../../../../test/render';
import { TRACK_RECORD_DEMO, TRACK_RECORD_PENDING } from './track-record-page';

/** Lazy pages and charts take a while on the first render of a file. */
const SLOW = { timeout: 5_000 };

describe('/analysis/track-record', { timeout: 20_000 }, () => {
  it('shows the hit rates with their intervals, the breakdowns, calibration, best and worst calls, on demo data', async () => {
    const api = stubApi({
      'GET /api/analysis/track-record': success({ track_record: makeTrackRecord() }),
    });
    renderRoute('/analysis/track-record');
    expect(
      await screen.findByRole('heading', { level: 1, name: "The analyst's track record" }, SLOW),
    ).toBeTruthy();
    expect(await screen.findByText(TRACK_RECORD_DEMO, {}, SLOW)).toBeTruthy();
    const five = within(screen.getByRole('group', { name: 'Over 5 days' }));
    expect(five.getByText('55.0%')).toBeTruthy();
    expect(five.getByText('95% interval 46.1% – 63.6%')).toBeTruthy();
    expect(five.getByText(/66 of 120 calls · mean \+0\.42% vs market/)).toBeTruthy();
    const directions = within(screen.getByRole('table', { name: 'By direction' }));
    expect(directions.getByRole('rowheader', { name: 'Bullish calls' })).toBeTruthy();
    expect(directions.getAllByText('(46.1%–63.6%, n=120)')).toHaveLength(6);
    expect(screen.getByRole('table', { name: 'By sentiment band' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'By classification' })).toBeTruthy();
    const calibration = within(screen.getByRole('table', { name: 'Calibration figures' }));
    expect(calibration.getAllByText('+1.20%')).toHaveLength(3);
    const best = within(screen.getByRole('table', { name: 'Best calls' }));
    expect(
      best
        .getByRole('link', { name: 'Acme beats estimates and raises its outlook' })
        .getAttribute('href'),
    ).toBe('/news/view?id=news-1');
    expect(best.getByRole('link', { name: 'Acme Corp' }).getAttribute('href')).toBe(
      '/ticker/NYSE:ACME',
    );
    expect(best.getByText('Bullish +6.5')).toBeTruthy();
    expect(best.getByText('+5.12%')).toBeTruthy();
    const worst = within(screen.getByRole('table', { name: 'Worst calls' }));
    expect(worst.getByText('Bearish -4.0')).toBeTruthy();
    expect(
      screen.getByText(/120 scored calls from 140 articles \(12 list articles left out/),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Methodology' })).toBeTruthy();
    expect(screen.getByText(/95% Wilson score intervals/)).toBeTruthy();
    expect(api.callsTo('GET /api/analysis/track-record')).toHaveLength(1);
  });

  it('says no demo data with real prices and names the benchmark listing', async () => {
    stubApi({
      'GET /api/analysis/track-record': success({
        track_record: makeTrackRecord({
          demo: false,
          benchmark: { name: 'SPDR S&P 500 ETF', symbol: 'NYSEARCA:SPY' },
        }),
      }),
    });
    renderRoute('/analysis/track-record');
    expect(await screen.findByText(/market: SPDR S&P 500 ETF/, {}, SLOW)).toBeTruthy();
    expect(screen.queryByText(TRACK_RECORD_DEMO)).toBeNull();
  });

  it('explains that the record is being computed before the first run, with the methodology', async () => {
    stubApi({ 'GET /api/analysis/track-record': success({ track_record: null }) });
    renderRoute('/analysis/track-record');
    expect(await screen.findByText(TRACK_RECORD_PENDING, {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Methodology' })).toBeTruthy();
  });

  it('shows the error when the record cannot be loaded', async () => {
    stubApi({
      'GET /api/analysis/track-record': () => failure(503, 'Unable to connect to the server.'),
    });
    renderRoute('/analysis/track-record');
    expect(await screen.findByText('The track record could not be loaded', {}, SLOW)).toBeTruthy();
  });
});
