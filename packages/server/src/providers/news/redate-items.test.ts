import { describe, expect, it } from 'vitest';
import { createDemoWireSource, redateItems, WIRE_LEAD_MS } from './feed-source.ts';
import type { RawNewsItem } from './news-source.ts';

type Dated = RawNewsItem & { publishedAt: Date };

const item = (guid: string, publishedAt: string): Dated => ({
  guid,
  link: `https://example.com/${guid}`,
  title: guid,
  description: '',
  content: '',
  publisher: 'Reuters',
  publishedAt: new Date(publishedAt),
  sourceTitle: 'Wire',
});

const HOUR = 3_600_000;
const times = (items: readonly RawNewsItem[]) =>
  items.map((i) => i.publishedAt?.getTime() ?? Number.NaN);
const gaps = (items: readonly RawNewsItem[]) => times(items).map((t, i, all) => t - (all[0] ?? 0));

describe('re-dating the bundled wire to the moment it is ingested', () => {
  const wire = [
    item('b', '2026-11-19T21:30:00Z'),
    item('a', '2026-11-20T21:05:00Z'),
    item('c', '2026-10-06T13:35:00Z'),
  ];

  const newestAge = (items: readonly RawNewsItem[], now: Date) =>
    now.getTime() - Math.max(...times(items));

  it('dates the newest item within a week before now, on its weekday, keeping order and spacing', () => {
    // Monday 15:00: the newest item (a Friday 21:05) becomes the Friday before.
    const now = new Date('2027-06-14T15:00:00Z');
    const redated = redateItems(wire, now);
    expect(WIRE_LEAD_MS).toBe(3 * HOUR);
    expect(redated.map((i) => i.guid)).toEqual(['b', 'a', 'c']);
    expect(redated[1]?.publishedAt).toEqual(new Date('2027-06-11T21:05:00Z'));
    expect(gaps(redated)).toEqual(gaps(wire));
  });

  it('keeps every weekday, on a weekend and on a date before the fixture was written', () => {
    const dates = ['2027-01-09T10:00:00Z', '2025-03-02T23:59:00Z', '2026-11-26T13:40:00Z'];
    for (const now of dates.map((d) => new Date(d))) {
      const redated = redateItems(wire, now);
      expect(newestAge(redated, now)).toBeGreaterThanOrEqual(3 * HOUR);
      expect(newestAge(redated, now)).toBeLessThan(3 * HOUR + 7 * 24 * HOUR);
      expect(redated.map((i) => i.publishedAt?.getUTCDay())).toEqual(
        wire.map((i) => i.publishedAt.getUTCDay()),
      );
      expect(gaps(redated)).toEqual(gaps(wire));
    }
  });

  it('changes nothing but the dates, and leaves its input as it was', () => {
    const redated = redateItems(wire, new Date('2027-06-14T15:00:00Z'));
    expect(redated.map(({ publishedAt: _, ...rest }) => rest)).toEqual(
      wire.map(({ publishedAt: _, ...rest }) => rest),
    );
    expect(wire[1]?.publishedAt).toEqual(new Date('2026-11-20T21:05:00Z'));
    expect(redateItems([], new Date())).toEqual([]);
  });

  it('serves the bundled wire dated before the clock it is given', async () => {
    const now = new Date('2027-05-24T15:00:00Z');
    const items = await createDemoWireSource({ now: () => now }).fetch();
    expect(items).toHaveLength(33);
    expect(newestAge(items, now)).toBeGreaterThanOrEqual(3 * HOUR);
    expect(newestAge(items, now)).toBeLessThan(3 * HOUR + 7 * 24 * HOUR);
    // The wrap that says "Stocks ended mixed on Friday" is dated a Friday.
    const wrap = items.find((i) => i.title.startsWith('Markets wrap'));
    expect(wrap?.description).toContain('on Friday');
    expect(wrap?.publishedAt?.getUTCDay()).toBe(5);
    // The fixture spans about seven weeks: the oldest story is still this spring's.
    expect(Math.min(...times(items))).toBeGreaterThan(now.getTime() - 60 * 24 * HOUR);
  });
});
