import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { createLiveClient, type LiveClient } from '../../../lib/live/live-client';
import {
  announceArticles,
  MAX_PENDING,
  newArticlesLabel,
  NO_NEW_ARTICLES,
} from '../../../lib/live/new-articles';
import { newsFeedFor } from '../api/news-feed';
import { NewArticlesBar, useNewArticles } from './new-articles-bar';

type Emit = (name: string, data: unknown) => void;

function fakeClient(): { client: LiveClient; emit: () => Emit } {
  let emit: Emit = () => undefined;
  const client = createLiveClient({
    token: () => null,
    createSource: () => {
      const listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
      emit = (name, data) => {
        for (const listener of listeners.get(name) ?? []) {
          listener({ data: JSON.stringify(data) } as MessageEvent<string>);
        }
      };
      return {
        readyState: 1,
        onerror: null,
        close: () => undefined,
        addEventListener: (name: string, listener: (event: MessageEvent<string>) => void) => {
          listeners.set(name, [...(listeners.get(name) ?? []), listener]);
        },
      } as unknown as EventSource;
    },
  });
  return { client, emit: () => emit };
}

function Feed({
  client,
  initial,
  peek,
}: {
  client: LiveClient;
  initial: string[];
  peek?: () => Promise<string[]>;
}) {
  const [list, setList] = useState(initial);
  const shown = new Set(list);
  const fresh = useNewArticles('enriched', shown, client, peek);
  return (
    <div>
      <NewArticlesBar
        count={fresh.count}
        onShow={() => {
          fresh.clear();
          setList(['n1', 'n2', ...list]);
        }}
      />
      <ul>
        {list.map((id) => (
          <li key={id}>{id}</li>
        ))}
      </ul>
    </div>
  );
}

describe("the 'N new articles' bar", () => {
  afterEach(() => vi.useRealTimers());

  it('counts announced articles not listed yet, without moving the list, and shows them on click', async () => {
    const { client, emit } = fakeClient();
    renderWithProviders(<Feed client={client} initial={['a', 'b']} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 80)));
    expect(screen.queryByRole('button', { name: /new article/ })).toBeNull();

    act(() => {
      emit()('ready', { topics: ['news'] });
      emit()('news', { topic: 'news', stage: 'enriched', ids: ['n1', 'a'] });
      // Another stage, and an id announced twice, do not count.
      emit()('news', { topic: 'news', stage: 'ingested', ids: ['x'] });
      emit()('news', { topic: 'news', stage: 'enriched', ids: ['n2', 'n1'] });
    });
    // The events are read once their schema is in (imported on demand).
    expect(await screen.findByRole('button', { name: '2 new articles' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['a', 'b']);

    await userEvent.click(screen.getByRole('button', { name: '2 new articles' }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'n1',
      'n2',
      'a',
      'b',
    ]);
    expect(screen.queryByRole('button', { name: /new article/ })).toBeNull();
    client.close();
  });

  it("counts only announced articles that the feed's top shows (not older ones analysed late)", async () => {
    const { client, emit } = fakeClient();
    const peek = vi.fn(() => Promise.resolve(['n1', 'a', 'b']));
    renderWithProviders(<Feed client={client} initial={['a', 'b']} peek={peek} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 80)));
    act(() => {
      emit()('ready', { topics: ['news'] });
      emit()('news', { topic: 'news', stage: 'enriched', ids: ['n1', 'old'] });
    });
    expect(
      await screen.findByRole('button', { name: '1 new article' }, { timeout: 4_000 }),
    ).toBeTruthy();
    expect(peek).toHaveBeenCalled();
    client.close();
  });

  it('announcements without pause (an enrichment burst) do not hold back the read of the feed', async () => {
    const { client, emit } = fakeClient();
    const peek = vi.fn(() => Promise.resolve(['n1', 'a', 'b']));
    renderWithProviders(<Feed client={client} initial={['a', 'b']} peek={peek} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 80)));
    act(() => emit()('ready', { topics: ['news'] }));
    // Eight announcements 400 ms apart: each comes before the 1.5 s the first read waits.
    for (let i = 0; i < 8; i += 1) {
      act(() => {
        emit()('news', {
          topic: 'news',
          stage: 'enriched',
          ids: [i === 0 ? 'n1' : `x${String(i)}`],
        });
      });
      await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    }
    expect(peek).toHaveBeenCalled();
    expect(
      await screen.findByRole('button', { name: '1 new article' }, { timeout: 4_000 }),
    ).toBeTruthy();
    client.close();
  });

  it('labels one and several', () => {
    expect(newArticlesLabel(1)).toBe('1 new article');
    expect(newArticlesLabel(3)).toBe('3 new articles');
    const state = announceArticles(NO_NEW_ARTICLES, ['a', 'b', 'a'], new Set(['b']));
    expect(state.pending).toEqual(['a']);
    expect(announceArticles(state, ['a'], new Set())).toBe(state);
  });

  it('keeps at most the newest announced ids a filtered feed has not matched', () => {
    const ids = Array.from({ length: MAX_PENDING + 20 }, (_, i) => `id-${String(i)}`);
    const state = announceArticles(NO_NEW_ARTICLES, ids, new Set());
    expect(state.pending).toHaveLength(MAX_PENDING);
    expect(state.pending.at(-1)).toBe(`id-${String(MAX_PENDING + 19)}`);
  });

  it.each([
    ['latest', 'ingested'],
    ['latest_ai', 'enriched'],
    ['bullish', 'enriched'],
    ['bearish', 'enriched'],
    ['defcon', 'enriched'],
  ])('the %s feed shows the bar for %s articles', (kind, stage) => {
    expect(newsFeedFor(kind)?.live).toBe(stage);
  });
});
