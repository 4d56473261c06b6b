import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, stubApi, success } from '../../../../test/api-stub';
import { makeArticle } from '../../../../test/fixtures/news';
import { renderRoutes } from '../../../../test/render';
import { DrawnAtProvider, hydrationDone, startHydrating } from '../../../lib/hydration';
import type * as ArticleTextModule from './article-text';
import type * as TimeagoModule from '@app/shared/display/timeago';
import { ArticleCard } from './article-card';
import { timeAgo } from '@app/shared/display/timeago';

/** Every render of a card's AI text (markdown), counted (the real component renders). */
const texts = vi.hoisted(() => ({ renders: 0 }));
vi.mock('./article-text', async (importOriginal) => {
  const real = await importOriginal<typeof ArticleTextModule>();
  return {
    ...real,
    ArticleText: (props: Parameters<typeof real.ArticleText>[0]) => {
      texts.renders += 1;
      return real.ArticleText(props);
    },
  };
});

/** The instants each 'x ago' was computed from. */
const clocks = vi.hoisted(() => ({ nows: [] as number[] }));
vi.mock('@app/shared/display/timeago', async (importOriginal) => {
  const real = await importOriginal<typeof TimeagoModule>();
  return {
    ...real,
    timeAgo: (seconds: number, now: Date) => {
      clocks.nows.push(now.getTime());
      return real.timeAgo(seconds, now);
    },
  };
});

afterEach(() => hydrationDone());

/**
 * While the server's first screen is hydrated a card reads 'x ago' from the
 * instant the server drew it, then from the visitor's clock. That switch happens in every card
 * right after hydration; it must draw the time again, not the whole card with its markdown (a
 * phone's blocking time after the feed's first paint).
 */
describe('an article card after hydration', () => {
  it('switches its time to the visitor’s clock without drawing its text again', async () => {
    const drawnAt = Date.UTC(2026, 0, 5, 12, 0, 0);
    const article = makeArticle({
      id: 'h1',
      creation_date: (drawnAt - 2 * 3_600_000) / 1000,
      AI: { title: 'Hydrated story', summary: 'Revenue rose **12%** on cloud demand.' },
    });
    stubApi({ 'GET /api/user/get/me': success({ current_user: makeUser() }) });
    // As main.tsx before hydrateRoot: components start on the server's values.
    startHydrating();
    renderRoutes([
      {
        path: '*',
        element: (
          <DrawnAtProvider value={drawnAt}>
            <ArticleCard article={article} />
          </DrawnAtProvider>
        ),
      },
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Hydrated story' })).toBeTruthy();
    // First the server's instant, then the visitor's own clock.
    await waitFor(() => expect(clocks.nows.length).toBeGreaterThanOrEqual(2));
    expect(clocks.nows[0]).toBe(drawnAt);
    expect(clocks.nows.at(-1)).not.toBe(drawnAt);
    expect(screen.getByRole('article').querySelector('time')?.textContent).toBe(
      timeAgo(article.creation_date, new Date(clocks.nows.at(-1) ?? 0)),
    );
    expect(texts.renders).toBe(1);
  });
});
