import { describe, expect, it } from 'vitest';
import { newYorkTime } from '../../market-data/demo/trading-calendar.ts';
import {
  createDemoNewsroom,
  createDemoNewsroomSource,
  NEWSROOM_DAYS,
  NEWSROOM_PUBLISHER,
} from './demo-newsroom-source.ts';
import { DEMO_NOTE, type Story } from './story-text.ts';

const PUBLIC_URL = 'https://stockpulse.example';
/** One newsroom for the read-only checks: its day cache is what a long-running worker keeps. */
const newsroom = createDemoNewsroom();

const days = (stories: readonly Story[]) => [...new Set(stories.map((s) => s.day))].sort();
const perDay = (stories: readonly Story[]) =>
  days(stories).map((day) => stories.filter((s) => s.day === day).length);
/** New York wall-clock minutes of a story. */
const minutesOf = (story: Story) => newYorkTime(story.publishedAt).minutes;

describe('the demo newsroom', () => {
  const tuesday = new Date('2026-11-24T15:00:00Z'); // 10:00 in New York, the session under way

  it('writes the same stories for the same now, whoever asks and however often', async () => {
    const first = await createDemoNewsroomSource({
      publicUrl: PUBLIC_URL,
      now: () => tuesday,
    }).fetch();
    const again = await createDemoNewsroomSource({
      publicUrl: PUBLIC_URL,
      now: () => tuesday,
    }).fetch();
    expect(first.length).toBeGreaterThan(100);
    expect(again).toEqual(first);
    expect(newsroom.storiesAt(tuesday)).toEqual(newsroom.storiesAt(tuesday));
  });

  it('keys each story by company, kind and day, links it to our ticker page, and labels it demo data', async () => {
    const items = await createDemoNewsroomSource({
      publicUrl: PUBLIC_URL,
      now: () => tuesday,
    }).fetch();
    const guids = items.map((item) => item.guid);
    expect(new Set(guids).size).toBe(items.length);
    expect(new Set(items.map((item) => item.link)).size).toBe(items.length);
    for (const item of items) {
      const [, kind, exchange, ticker, day] =
        /^demo-newsroom:([\w-]+):(\w+):([\w.]+):([\d-]+)$/.exec(item.guid) ?? [];
      expect(kind, item.guid).toBeDefined();
      expect(item.link).toBe(`${PUBLIC_URL}/ticker/${exchange}:${ticker}?story=${kind}-${day}`);
      expect(item.publisher).toBe(NEWSROOM_PUBLISHER);
      expect(item.content.endsWith(DEMO_NOTE)).toBe(true);
      expect(`${item.title} ${item.description}`).not.toMatch(/undefined|NaN|Infinity/);
    }
  });

  it('keeps the same key, text and date for a story when asked again later', () => {
    const later = newsroom.storiesAt(new Date('2026-11-25T22:00:00Z'));
    const now = newsroom.storiesAt(tuesday);
    const byKey = new Map(later.map((s) => [`${s.kind}:${s.symbol}:${s.day}`, s]));
    // Both write 2026-11-12 to 2026-11-23 in full.
    const overlap = now.filter((s) => s.day >= '2026-11-12' && s.day < '2026-11-24');
    expect(overlap.length).toBeGreaterThan(100);
    for (const story of overlap)
      expect(byKey.get(`${story.kind}:${story.symbol}:${story.day}`)).toEqual(story);
  });

  it('dates nothing after now, and of a session under way only what came before the open', () => {
    const stories = newsroom.storiesAt(tuesday);
    for (const story of stories)
      expect(story.publishedAt.getTime()).toBeLessThanOrEqual(tuesday.getTime());
    const today = stories.filter((s) => s.day === '2026-11-24');
    expect(today.length).toBeGreaterThan(0);
    for (const story of today) {
      expect(story.preOpen).toBe(true);
      expect(minutesOf(story)).toBeLessThan(9 * 60 + 30);
    }
    // Earlier in the morning, fewer of them have come out.
    const early = newsroom.storiesAt(new Date('2026-11-24T11:45:00Z'));
    expect(early.filter((s) => s.day === '2026-11-24').length).toBeLessThan(today.length);
  });

  it('dates results before the open or after the close, ratings before the open, the rest during the day', () => {
    const stories = newsroom.storiesAt(new Date('2026-11-25T23:00:00Z'));
    for (const story of stories) {
      const minutes = minutesOf(story);
      if (story.kind === 'results' || story.kind === 'guidance') {
        expect(minutes < 9 * 60 + 30 || minutes >= 16 * 60, story.title).toBe(true);
      } else if (story.kind === 'rating') {
        expect(minutes).toBeLessThan(9 * 60 + 30);
      } else {
        expect(minutes).toBeGreaterThanOrEqual(10 * 60);
        expect(minutes).toBeLessThan(17 * 60);
      }
    }
  });

  it('writes the last ten sessions on a Saturday and on market holidays', () => {
    const cases: [string, string, string][] = [
      ['2026-11-21T15:00:00Z', '2026-11-09', '2026-11-20'], // Saturday
      ['2026-11-26T17:00:00Z', '2026-11-12', '2026-11-25'], // Thanksgiving
      ['2027-07-05T15:00:00Z', '2027-06-21', '2027-07-02'], // Independence Day observed
      ['2027-06-19T15:00:00Z', '2027-06-04', '2027-06-17'], // Saturday after Juneteenth observed
    ];
    for (const [now, first, last] of cases) {
      const stories = createDemoNewsroom().storiesAt(new Date(now));
      const written = days(stories);
      expect(written, now).toHaveLength(NEWSROOM_DAYS);
      expect(written[0]).toBe(first);
      expect(written.at(-1)).toBe(last);
      expect(written).not.toContain('2027-06-18'); // Juneteenth observed: no session, no news
    }
  });

  it('writes tens of stories a session across the universe (15–60), results on every one', () => {
    for (const now of ['2026-11-25T23:00:00Z', '2027-05-24T23:00:00Z', '2028-02-10T23:00:00Z']) {
      const stories = createDemoNewsroom().storiesAt(new Date(now));
      for (const count of perDay(stories)) {
        expect(count, now).toBeGreaterThanOrEqual(15);
        expect(count, now).toBeLessThanOrEqual(60);
      }
      for (const day of days(stories)) {
        const ofDay = stories.filter((s) => s.day === day);
        expect(
          ofDay.some((s) => s.kind === 'results'),
          day,
        ).toBe(true);
        expect(ofDay.filter((s) => s.kind === '52-week-high').length).toBeLessThanOrEqual(2);
        expect(ofDay.filter((s) => s.kind === 'volume').length).toBeLessThanOrEqual(2);
      }
    }
  });

  it('writes a few high-materiality events a week across the universe, not every day', () => {
    const stories = createDemoNewsroom({ days: 60 }).storiesAt(new Date('2027-03-05T23:00:00Z'));
    const events = stories.filter((s) =>
      ['halt', 'ceo-exit', 'probe', 'takeover-bid'].includes(s.kind),
    );
    // 60 sessions are 12 weeks: between 1 and 6 a week.
    expect(events.length).toBeGreaterThanOrEqual(12);
    expect(events.length).toBeLessThanOrEqual(72);
    expect(new Set(events.map((s) => s.kind)).size).toBe(4);
  });
});
