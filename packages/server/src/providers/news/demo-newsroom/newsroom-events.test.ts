import { describe, expect, it } from 'vitest';
import { loadDemoCompanies } from '../../../demo/companies.ts';
import { isTradingDay } from '../../market-data/demo/trading-calendar.ts';
import { newsroomCompanies } from './company-figures.ts';
import { createDemoNewsroom } from './demo-newsroom-source.ts';
import { createNewsroomCalendar } from './newsroom-events.ts';
import { monthDayAfter, usd, usdAmount } from './story-text.ts';

/**
 * The demo market calendar and the demo newsroom tell the same story: every results and dividend
 * story has its calendar event with the figures and dates the story prints, and the calendar has
 * no reported result or declared dividend the newsroom did not write. Checked on two dates years
 * apart, so the agreement does not hang on one stretch of the synthetic prices.
 */
describe.each([
  ['a Saturday in March 2027', '2027-03-13T15:00:00Z'],
  ['a Saturday in August 2031', '2031-08-16T15:00:00Z'],
])('the demo calendar and the newsroom on %s', (_name, at) => {
  const now = new Date(at);
  const companies = loadDemoCompanies();
  const writers = new Set(newsroomCompanies(companies).map((c) => c.symbol));
  const stories = createDemoNewsroom({ days: 20 }).storiesAt(now);
  const days = [...new Set(stories.map((s) => s.day))].sort();
  const from = days[0]!;
  const to = days.at(-1)!;
  const events = createNewsroomCalendar({ companies })
    .events(from, to, now)
    .filter((e) => writers.has(e.symbol));

  it('has an earnings event with the story’s reported and expected EPS for every results story', () => {
    const results = stories.filter((s) => s.kind === 'results');
    expect(results.length).toBeGreaterThan(40);
    for (const story of results) {
      const event = events.find(
        (e) => e.kind === 'earnings' && e.symbol === story.symbol && e.date === story.day,
      );
      expect(event, `${story.symbol} ${story.day}`).toBeDefined();
      expect(event!.timing).toBe(story.preOpen ? 'before-open' : 'after-close');
      expect(story.description).toContain(`earnings of ${usd(event!.eps_reported!)} a share`);
      expect(story.description).toContain(`${usd(event!.eps_estimate!)} analysts had expected`);
      expect(story.description).toContain(`revenue of ${usdAmount(event!.revenue_reported!)}`);
    }
    const reported = events.filter((e) => e.kind === 'earnings' && e.eps_reported !== null);
    expect(reported).toHaveLength(results.length);
  });

  it('has a dividend with the story’s amount, record and pay days for every declaration story', () => {
    const declared = stories.filter((s) => s.kind === 'dividend');
    expect(declared.length).toBeGreaterThan(15);
    for (const story of declared) {
      const event = events.find(
        (e) => e.kind === 'dividend' && e.symbol === story.symbol && e.declared_date === story.day,
      );
      expect(event, `${story.symbol} ${story.day}`).toBeDefined();
      expect(story.description).toContain(`${usd(event!.amount!)} a share`);
      expect(story.description).toContain(`payable on ${monthDayAfter(event!.pay_date!, 0)}`);
      expect(story.description).toContain(`of record on ${monthDayAfter(event!.record_date!, 0)}`);
      expect(event!.ex_date! <= event!.record_date!).toBe(true);
      // Registers close and payments go out on business days, never on a weekend or holiday.
      for (const day of [event!.ex_date!, event!.record_date!, event!.pay_date!]) {
        expect(isTradingDay(day), `${story.symbol} ${day}`).toBe(true);
      }
    }
    const withAmount = events.filter((e) => e.kind === 'dividend' && e.declared_date !== null);
    expect(withAmount).toHaveLength(declared.length);
  });
});
