import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { success, stubApi } from '../../../../test/api-stub';
import { fakeLiveClient } from '../../../../test/fake-live';
import { makeArticle } from '../../../../test/fixtures/news';
import { renderInRouter } from '../../../../test/render';
import { querySource } from '../api/news-feed';
import { stubIntersectionObserver } from '../intersection-observer-stub';
import { ScrollFeed } from './news-feed-list';

/** Every render of an article card, counted (the real card renders). */
const cards = vi.hoisted(() => ({ renders: 0 }));
vi.mock('./article-card', async (importOriginal) => {
  const { probedArticleCardModule } = await import('./article-card-probe');
  // The real card, memoised as the real one is, each drawing counted.
  return probedArticleCardModule(importOriginal, (draw) => {
    cards.renders += 1;
    return draw();
  });
});

const LOADED = { timeout: 8000 };

beforeEach(() => stubIntersectionObserver());
afterEach(() => vi.unstubAllGlobals());

/**
 * Each live announcement (and each read of the feed's top) changes the bar's state, which
 * re-renders the feed. The cards below must not be drawn again for it: during a burst of news a
 * phone spent 18.5 s of main thread redrawing them (Lighthouse mobile, total blocking time).
 */
describe('a live feed receiving announcements', () => {
  it('updates the bar without drawing the cards again', async () => {
    const listed = Array.from({ length: 5 }, (_, i) =>
      makeArticle({ id: `a${i}`, AI: { title: `Story ${i}` } }),
    );
    const announced = Array.from({ length: 8 }, (_, i) =>
      makeArticle({ id: `n${i}`, AI: { title: `New story ${i}` } }),
    );
    let top = listed;
    stubApi({ 'GET /api/news/query': () => ({ body: success({ news: top }) }) });
    const { client, emit } = fakeLiveClient();
    renderInRouter(
      <ScrollFeed
        source={querySource({ order_by: '-creation_date' })}
        live="enriched"
        client={client}
      />,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Story 4' }, LOADED)).toBeTruthy();
    await waitFor(() => expect(cards.renders).toBeGreaterThanOrEqual(5));
    const before = cards.renders;

    top = [...announced, ...listed];
    act(() => emit('ready', { topics: ['news'] }));
    for (const article of announced) {
      act(() => emit('news', { topic: 'news', stage: 'enriched', ids: [article.id] }));
    }
    // The bar counts them once the feed's top was read again (1.5 s after the announcements).
    expect(
      await screen.findByRole('button', { name: '8 new articles' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(cards.renders).toBe(before);
    expect(screen.queryByRole('heading', { level: 2, name: 'New story 0' })).toBeNull();
  });
});
