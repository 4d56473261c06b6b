import { describe, expect, it } from 'vitest';
import { loadDemoCompanies } from '../../../demo/companies.ts';
import { corporateSchedule, scheduledEvents } from './corporate-schedule.ts';
import { createDemoMarketDataProvider } from './demo-market-data-provider.ts';
import { tradingDaysBetween } from './trading-calendar.ts';

describe('the demo corporate schedule', () => {
  const companies = loadDemoCompanies();

  it('reports four times a year, on trading days, and pays four dividends a year or none', () => {
    for (const company of companies.slice(0, 60)) {
      const schedule = corporateSchedule(company);
      const events = scheduledEvents(schedule, '2025-01-01', '2025-12-31');
      const earnings = events.filter((e) => e.kind === 'earnings');
      const dividends = events.filter((e) => e.kind === 'dividend');
      expect(earnings.length, company.symbol).toBeGreaterThanOrEqual(3);
      expect(earnings.length, company.symbol).toBeLessThanOrEqual(5);
      if (schedule.dividendPhase === null) expect(dividends).toEqual([]);
      else expect(Math.abs(dividends.length - earnings.length)).toBeLessThanOrEqual(1);
      for (const event of events)
        expect(tradingDaysBetween(event.date, event.date)).toHaveLength(1);
    }
  });

  it('is the same whatever range it is read through', () => {
    const schedule = corporateSchedule(companies[0]!);
    const year = scheduledEvents(schedule, '2026-01-01', '2026-12-31');
    const halves = [
      ...scheduledEvents(schedule, '2026-01-01', '2026-06-30'),
      ...scheduledEvents(schedule, '2026-07-01', '2026-12-31'),
    ];
    expect(halves).toEqual(year);
    expect(scheduledEvents(schedule, '2026-12-31', '2026-01-01')).toEqual([]);
    expect(scheduledEvents(schedule, '2010-01-01', '2014-12-31')).toEqual([]);
  });

  it('is served by the demo provider for known symbols only, oldest first', async () => {
    const provider = createDemoMarketDataProvider({ companies });
    const events = await provider.calendar!(
      ['NASDAQ:AAPL', 'nasdaq:msft', 'NASDAQ:NOPE'],
      '2026-01-01',
      '2026-12-31',
    );
    expect(new Set(events.map((e) => e.symbol))).toEqual(new Set(['NASDAQ:AAPL', 'NASDAQ:MSFT']));
    expect(events.map((e) => e.date)).toEqual([...events.map((e) => e.date)].sort());
    for (const event of events) expect(event.detail).toMatch(/^(Results|Quarterly dividend)/);
  });
});
