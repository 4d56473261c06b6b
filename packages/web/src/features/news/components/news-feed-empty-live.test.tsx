import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { success, stubApi } from '../../../../test/api-stub';
import { fakeLiveClient } from '../../../../test/fake-live';
import { makeArticle } from '../../../../test/fixtures/news';
import { renderInRouter } from '../../../../test/render';
import { querySource } from '../api/news-feed';
import { stubIntersectionObserver } from '../intersection-observer-stub';
import { ScrollFeed } from './news-feed-list';

const LOADED = { timeout: 8000 };

beforeEach(() => stubIntersectionObserver());
afterEach(() => vi.unstubAllGlobals());

describe('an empty live feed (a fresh start whose articles are still being analysed)', () => {
  it('shows announced articles at once, without a bar to click', async () => {
    let analysed: ReturnType<typeof makeArticle>[] = [];
    stubApi({ 'GET /api/news/query': () => ({ body: success({ news: analysed }) }) });
    const { client, emit, urls } = fakeLiveClient();
    renderInRouter(
      <ScrollFeed
        source={querySource({ order_by: '-creation_date' })}
        live="enriched"
        client={client}
      />,
    );
    expect(await screen.findByText('No news found.', {}, LOADED)).toBeTruthy();

    await waitFor(() => expect(urls).toHaveLength(1)); // the stream opens on the feed's topic
    analysed = [makeArticle({ id: 'first', AI: { title: 'The first analysed story' } })];
    act(() => emit('ready', { topics: ['news'] }));
    act(() => emit('news', { topic: 'news', stage: 'enriched', ids: ['first'] }));

    expect(
      await screen.findByRole('heading', { level: 2, name: 'The first analysed story' }, LOADED),
    ).toBeTruthy();
    expect(screen.queryByText('No news found.')).toBeNull();
    expect(screen.queryByRole('button', { name: /new article/ })).toBeNull();
  });
});
