import { dayNumber } from '@app/shared/dates';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { PortfolioSnapshot } from '@app/shared/api/portfolio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, registerUser, type TestUser } from './helpers/factories.ts';

/** A Friday evening after the close: the demo provider has the day's bar. */
const FRIDAY = '2026-11-20T22:00:00Z';
const week = (day: string) => Math.floor((dayNumber(day) + 3) / 7);

describe('portfolio answers: the long value series and compressed answers', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true, clock: fixedClock(FRIDAY) });
    user = await registerUser(t.app);
    for (const [symbol, date] of [
      ['NASDAQ:AAPL', '2023-03-01'],
      ['NASDAQ:MSFT', '2024-06-03'],
      ['NASDAQ:AAPL', '2026-02-02'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/portfolio/transactions/create',
        headers: bearer(user.token),
        payload: { type: 'buy', symbol, date, quantity: 5, price: 100, fees: 1 },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api${url}`,
      headers: { ...bearer(user.token), ...headers },
    });
  const snapshot = async (range: string) => {
    const res = await get(`/portfolio/snapshot?range=${range}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PortfolioSnapshot>();
  };

  it('sends every day of the last year and one point a week before it, each with its own figures', async () => {
    const max = await snapshot('MAX');
    const year = await snapshot('1Y');
    const days = max.series.map((p) => p.date);
    expect(days[0]).toBe('2023-03-01');
    expect(days.at(-1)).toBe('2026-11-20');
    // The last year: the same days and figures as the 1Y range (its indexes start at its own 100).
    const recent = max.series.filter((p) => p.date >= year.series[1]!.date);
    expect(recent.map((p) => p.date)).toEqual(year.series.slice(1).map((p) => p.date));
    const yearly = new Map(year.series.map((p) => [p.date, p]));
    for (const point of recent) {
      expect(point.value).toBe(yearly.get(point.date)?.value);
      expect(point.net_invested).toBe(yearly.get(point.date)?.net_invested);
    }
    // Before it: at most one point a week (the first day aside), none missing a week.
    const older = max.series.filter((p) => dayNumber(p.date) < dayNumber('2026-11-20') - 365);
    const weeks = older.slice(1).map((p) => week(p.date));
    expect(new Set(weeks).size).toBe(weeks.length);
    for (let i = 1; i < weeks.length; i++) expect(weeks[i]! - weeks[i - 1]!).toBeLessThanOrEqual(2);
    expect(older.length).toBeLessThan(200);
    // The second purchase's day is a week's last point only if it was; the investment shows.
    expect(older.at(-1)!.net_invested).toBe(1_002);
    // Returns are computed over every day, not the points sent.
    expect(max.returns).toEqual(year.returns);
    expect(max.summary).toEqual(year.summary);
  });

  it('answers compressed as the caller accepts, the same bytes each call', async () => {
    // A ledger of 30 entries (about 6 KiB of JSON) in a second portfolio.
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(user.token), payload });
    expect((await post('/portfolio/create', { name: 'ledger' })).statusCode).toBe(200);
    const rows = Array.from(
      { length: 30 },
      (_, i) => `2026-10-${String(i + 1).padStart(2, '0')},buy,NASDAQ:AAPL,1,100,0,USD,`,
    );
    const imported = await post('/portfolio/import', {
      portfolio: 'ledger',
      csv: ['date,type,symbol,quantity,price,fees,currency,note', ...rows].join('\n'),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    for (const url of [
      '/portfolio/snapshot?range=MAX',
      '/portfolio/transactions?portfolio=ledger',
    ]) {
      const plain = await get(url);
      expect(plain.rawPayload.length).toBeGreaterThan(2_048);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const again = await get(url, { 'accept-encoding': 'br' });
      expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
      const gzip = await get(url, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      const refused = await get(url, { 'accept-encoding': 'br;q=0, gzip;q=0' });
      expect(refused.headers['content-encoding']).toBeUndefined();
    }
  });
});
