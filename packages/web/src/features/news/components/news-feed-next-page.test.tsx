// vitest: fresh modules
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { success, stubApi } from '../../../../test/api-stub';
import { makeArticle } from '../../../../test/fixtures/news';
import { renderInRouter } from '../../../../test/render';
import { querySource } from '../api/news-feed';
import { stubIntersectionObserver } from '../intersection-observer-stub';
import { ScrollFeed } from './news-feed-list';

/** A card's drawing on a phone: long enough that React would yield after each one if it may. */
const CARD_RENDER_MS = 8;

const drawn = vi.hoisted(() => ({ spans: new Map<string, [number, number]>() }));
vi.mock('./article-card', async (importOriginal) => {
  const { probedArticleCardModule } = await import('./article-card-probe');
  return probedArticleCardModule(importOriginal, (draw, props) => {
    const start = performance.now();
    while (performance.now() - start < CARD_RENDER_MS) {
      // A slow phone's card.
    }
    const element = draw();
    drawn.spans.set(props.article.id, [start, performance.now()]);
    return element;
  });
});

const LOADED = { timeout: 8000 };

let observer: ReturnType<typeof stubIntersectionObserver>;
beforeEach(() => {
  observer = stubIntersectionObserver();
  drawn.spans.clear();
});
afterEach(() => vi.unstubAllGlobals());

/**
 * The scroll feed grows by a page as the reader nears its end. Drawing the page's cards with the
 * answer took one task as long as all of them (70–140 ms at a phone's CPU); they are drawn as a
 * transition, which React renders in slices with the browser's turn between them.
 */
describe('the scroll feed’s next page', () => {
  it('is drawn in slices the browser can answer input between, and asked for once', async () => {
    const articles = Array.from({ length: 10 }, (_, i) =>
      makeArticle({ id: `a${i}`, AI: { title: `Story ${i}` } }),
    );
    const api = stubApi({
      'GET /api/news/query': (call) => {
        const skip = Number(call.search.get('skip') ?? 0);
        const limit = Number(call.search.get('limit') ?? 5);
        return { body: success({ news: articles.slice(skip, skip + limit) }) };
      },
    });
    renderInRouter(<ScrollFeed source={querySource({ order_by: '-creation_date' })} />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Story 4' }, LOADED)).toBeTruthy();

    // Another task's turns, as the browser's input would take them.
    const turns: number[] = [];
    const ticker = setInterval(() => turns.push(performance.now()), 0);
    try {
      observer.scrollSentinelIntoView();
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Story 9' }, LOADED),
      ).toBeTruthy();
    } finally {
      clearInterval(ticker);
    }

    const spans = ['a5', 'a6', 'a7', 'a8', 'a9'].map((id) => drawn.spans.get(id));
    expect(spans.every((span) => span !== undefined)).toBe(true);
    const first = Math.min(...spans.map((span) => span?.[0] ?? Infinity));
    const last = Math.max(...spans.map((span) => span?.[1] ?? -Infinity));
    expect(turns.some((at) => at > first && at < last)).toBe(true);
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(screen.queryByLabelText('Loading more news')).toBeNull();
    expect(api.callsTo('GET /api/news/query').map((call) => call.search.get('skip'))).toEqual([
      '0',
      '5',
    ]);
  });
});
