import { describe, expect, it } from 'vitest';
import { loadDemoCompanies } from '../../../demo/companies.ts';
import { createDemoMarketDataProvider } from '../../market-data/demo/demo-market-data-provider.ts';
import { newsroomCompanies } from './company-figures.ts';
import { createDemoNewsroom } from './demo-newsroom-source.ts';

/**
 * The demo calendar announces results and dividends on the days the demo newsroom writes them:
 * both read market-data/demo/corporate-schedule.ts, and this holds them to it.
 */
describe('the demo calendar and the demo newsroom', () => {
  const companies = loadDemoCompanies();
  const provider = createDemoMarketDataProvider({ companies });
  // Twenty sessions through Friday 2027-03-12, read on the Saturday after.
  const stories = createDemoNewsroom({ days: 20 }).storiesAt(new Date('2027-03-13T15:00:00Z'));
  const days = [...new Set(stories.map((s) => s.day))].sort();
  const from = days[0]!;
  const to = days.at(-1)!;
  const symbols = newsroomCompanies(companies).map((c) => c.symbol);

  const key = (symbol: string, day: string) => `${symbol} ${day}`;
  const written = (kind: string) =>
    stories
      .filter((s) => s.kind === kind)
      .map((s) => key(s.symbol, s.day))
      .sort();

  it('dates every results story the newsroom writes, and nothing else, as earnings', async () => {
    const events = await provider.calendar!(symbols, from, to);
    const announced = events
      .filter((e) => e.kind === 'earnings')
      .map((e) => key(e.symbol, e.date))
      .sort();
    expect(days).toHaveLength(20);
    expect(announced.length).toBeGreaterThan(50);
    expect(announced).toEqual(written('results'));
  });

  it('dates every dividend declaration the newsroom writes, and nothing else', async () => {
    const events = await provider.calendar!(symbols, from, to);
    const announced = events
      .filter((e) => e.kind === 'dividend')
      .map((e) => key(e.symbol, e.date))
      .sort();
    expect(announced.length).toBeGreaterThan(20);
    expect(announced).toEqual(written('dividend'));
  });

  it("says when in the day results come, as the newsroom's story is timed", async () => {
    const events = await provider.calendar!(symbols, from, to);
    const results = stories.filter((s) => s.kind === 'results');
    for (const story of results) {
      const event = events.find(
        (e) => e.kind === 'earnings' && e.symbol === story.symbol && e.date === story.day,
      );
      expect(event?.detail).toBe(
        story.preOpen ? 'Results before the open' : 'Results after the close',
      );
    }
  });

  it('gives a later share class the dates of the company it belongs to', async () => {
    const classes = companies.filter((c) => c.name.startsWith('Alphabet'));
    expect(classes.length).toBe(2);
    const [first, second] = classes;
    const of = async (symbol: string) =>
      (await provider.calendar!([symbol], '2026-01-01', '2026-12-31')).map((e) => [e.kind, e.date]);
    expect(await of(second!.symbol)).toEqual(await of(first!.symbol));
  });
});
