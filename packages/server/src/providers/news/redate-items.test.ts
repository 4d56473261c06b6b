import { describe, expect, it } from 'vitest';
import { createDemoWireSource, redateItems, WIRE_LEAD_MS } from './feed-source.ts';
import type { RawNewsItem } from './news-source.ts';

const item = (guid: string, publishedAt: string): RawNewsItem => ({
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
const times = (items: readonly RawNewsItem[]) => items.map((i) => i.publishedAt.getTime());
const gaps = (items: readonly RawNewsItem[]) => times(items).map((t, i, all) => t - (all[0] ?? 0));

describe('re-dating the bundled wire to the moment it is ingested', () => {
  const wire = [
    item('b', '2026-11-19T21:30:00Z'),
    item('a', '2026-11-20T21:05:00Z'),
    item('c', '2026-10-06T13:35:00Z'),
  ];

  it('puts the newest item three hours before now and keeps the order and the spacing', () => {
    const now = new Date('2027-06-14T15:00:00Z');
    const redated = redateItems(wire, now);
    expect(WIRE_LEAD_MS).toBe(3 * HOUR);
    expect(redated.map((i) => i.guid)).toEqual(['b', 'a', 'c']);
    expect(redated[1]?.publishedAt).toEqual(new Date('2027-06-14T12:00:00Z'));
    expect(gaps(redated)).toEqual(gaps(wire));
    expect(Math.max(...times(redated))).toBe(now.getTime() - 3 * HOUR);
  });

  it('works on a weekend and on a date before the fixture was written', () => {
    for (const now of [new Date('2027-01-09T10:00:00Z'), new Date('2025-03-02T23:59:00Z')]) {
      const redated = redateItems(wire, now);
      expect(Math.max(...times(redated))).toBe(now.getTime() - 3 * HOUR);
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
    expect(Math.max(...times(items))).toBe(now.getTime() - 3 * HOUR);
    // The fixture spans about seven weeks: the oldest story is still this spring's.
    expect(Math.min(...times(items))).toBeGreaterThan(now.getTime() - 60 * 24 * HOUR);
  });
});
