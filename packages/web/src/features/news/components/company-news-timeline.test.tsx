import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../test/api-stub';
import type { ApiCall } from '../../../../test/api-stub';
import { stubIntersectionObserver } from '../intersection-observer-stub';
import { CompanyNewsTimeline } from './company-news-timeline';
import { makeArticle, newsBody } from '../../../../test/fixtures/news';
import { renderInRouter } from '../../../../test/render';

const LOADED = { timeout: 8000 };

/** Epoch seconds of a local date and time. */
const at = (day: number, hour: number, minute = 0) =>
  new Date(2026, 10, day, hour, minute).getTime() / 1000;

beforeEach(() => {
  stubIntersectionObserver();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function companyNews(articles: ReturnType<typeof makeArticle>[]) {
  return stubApi({
    'GET /api/news/company/NASDAQ:AMD': (call: ApiCall) => {
      const skip = Number(call.search.get('skip') ?? 0);
      const limit = Number(call.search.get('limit') ?? 20);
      return { body: newsBody(articles.slice(skip, skip + limit)) };
    },
  });
}

describe('company news timeline', { timeout: 20_000 }, () => {
  it('groups the news by day, newest first, each with time, title link, sentiment and class', async () => {
    const api = companyNews([
      makeArticle({
        id: 'a1',
        creation_date: at(17, 15, 30),
        sentiment_score: [-6],
        AI: {
          title: 'Chip export rules tighten',
          sentiment_score: -6,
          classification: 'regulation',
        },
      }),
      makeArticle({
        id: 'a2',
        creation_date: at(17, 9, 5),
        AI: { title: 'AMD beats estimates', sentiment_score: 4, classification: 'earnings' },
      }),
      makeArticle({
        id: 'a3',
        creation_date: at(16, 11),
        AI: { title: 'New data centre chip', sentiment_score: 0, classification: 'product' },
      }),
    ]);
    renderInRouter(<CompanyNewsTimeline symbol="NASDAQ:AMD" />);

    const tuesday = await screen.findByRole(
      'region',
      { name: 'Tuesday, 17 November 2026' },
      LOADED,
    );
    const monday = screen.getByRole('region', { name: 'Monday, 16 November 2026' });
    const days = screen.getAllByRole('region', { name: /2026$/ });
    expect(days).toEqual([tuesday, monday]);

    const entries = within(tuesday).getAllByRole('article');
    expect(entries.map((entry) => entry.getAttribute('aria-label'))).toEqual([
      'Chip export rules tighten',
      'AMD beats estimates',
    ]);
    const first = entries[0] as HTMLElement;
    expect(within(first).getByRole('link').getAttribute('href')).toBe(
      '/n/a1#CHIP_EXPORT_RULES_TIGHTEN',
    );
    expect(within(first).getByText('15:30')).toBeTruthy();
    expect(within(first).getByText('Very bearish -6')).toBeTruthy();
    expect(within(first).getByText('regulation')).toBeTruthy();
    expect(within(monday).getByText('Neutral 0')).toBeTruthy();
    expect(Object.fromEntries(api.calls[0]?.search ?? [])).toEqual({ skip: '0', limit: '5' });
  });

  it("loads 5 more on 'Load more'", async () => {
    const api = companyNews(
      Array.from({ length: 7 }, (_, index) =>
        makeArticle({
          id: `s${String(index + 1)}`,
          creation_date: at(20, 12) - index * 60,
          AI: { title: `Story ${String(index + 1)}` },
        }),
      ),
    );
    renderInRouter(<CompanyNewsTimeline symbol="NASDAQ:AMD" />);
    await screen.findByRole('link', { name: 'Story 5' }, LOADED);
    expect(screen.queryByRole('link', { name: 'Story 6' })).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('link', { name: 'Story 7' }, LOADED)).toBeTruthy();
    expect(Object.fromEntries(api.calls[1]?.search ?? [])).toEqual({ skip: '5', limit: '5' });
    // A short page ends the timeline.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows "No news found." for a company without news', async () => {
    companyNews([]);
    renderInRouter(<CompanyNewsTimeline symbol="NASDAQ:AMD" />);
    expect(await screen.findByText('No news found.', {}, LOADED)).toBeTruthy();
  });
});
