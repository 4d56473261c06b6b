import { describe, expect, it } from 'vitest';
import { timelineDays } from './timeline-days';
import { makeArticle } from '../../../test/fixtures/news';

/** Epoch seconds of a local date and time. */
const at = (year: number, month: number, day: number, hour: number, minute = 0) =>
  new Date(year, month - 1, day, hour, minute).getTime() / 1000;

describe('news timeline days', () => {
  it('groups articles by local day, days and articles newest first', () => {
    const articles = [
      makeArticle({ id: 'mon-morning', creation_date: at(2026, 11, 16, 9) }),
      makeArticle({ id: 'tue-evening', creation_date: at(2026, 11, 17, 22, 30) }),
      makeArticle({ id: 'mon-night', creation_date: at(2026, 11, 16, 23, 59) }),
      makeArticle({ id: 'tue-dawn', creation_date: at(2026, 11, 17, 0, 1) }),
    ];
    const days = timelineDays(articles);
    expect(days.map((day) => day.day)).toEqual(['2026-11-17', '2026-11-16']);
    expect(days.map((day) => day.label)).toEqual([
      'Tuesday, 17 November 2026',
      'Monday, 16 November 2026',
    ]);
    expect(days.map((day) => day.articles.map((article) => article.id))).toEqual([
      ['tue-evening', 'tue-dawn'],
      ['mon-night', 'mon-morning'],
    ]);
  });

  it('has no days without articles', () => {
    expect(timelineDays([])).toEqual([]);
  });

  it("groups by the given zone's days (the server's first screen and its hydration: UTC)", () => {
    // 23:30 UTC on 16 November is already 17 November in Tokyo (UTC+9).
    const lateUtc = Date.UTC(2026, 10, 16, 23, 30) / 1000;
    const [day] = timelineDays([makeArticle({ id: 'late', creation_date: lateUtc })], 'Asia/Tokyo');
    expect(day?.label).toBe('Tuesday, 17 November 2026');
  });
});
