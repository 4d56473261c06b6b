import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { fakeLiveClient } from '../../../../test/fake-live';
import { applyPromptEvent, refreshesLists, usePromptLive } from './prompt-live';

/** A live client over a fake EventSource whose events the test emits. */
const start = { id: 'p1', text: '', writing: false, gap: false };

describe('prompt progress from the live stream', () => {
  it('appends pieces at their offsets; a missed piece hides the text until the end; a retry starts over', () => {
    const event = (stage: 'writing' | 'text' | 'retry', offset?: number, text?: string) => ({
      topic: 'prompts' as const,
      id: 'p1',
      status: 'INDEX',
      stage,
      ...(offset !== undefined && { offset }),
      ...(text !== undefined && { text }),
    });
    let state = applyPromptEvent(start, event('writing'));
    expect(state).toMatchObject({ writing: true, text: '' });
    state = applyPromptEvent(state, event('text', 0, 'Apple '));
    state = applyPromptEvent(state, event('text', 6, 'trades'));
    expect(state).toMatchObject({ text: 'Apple trades', gap: false });
    const missed = applyPromptEvent(state, event('text', 40, 'later'));
    expect(missed).toMatchObject({ gap: true, writing: true });
    expect(applyPromptEvent(missed, event('retry'))).toEqual(start);
  });

  it('the end of a prompt, or a new one, refreshes the lists; pieces do not', () => {
    const base = { topic: 'prompts' as const, id: 'p1' };
    expect(refreshesLists({ ...base, status: 'INDEX', stage: 'queued' })).toBe(true);
    expect(refreshesLists({ ...base, status: 'PROCESSED', stage: 'answered' })).toBe(true);
    expect(refreshesLists({ ...base, status: 'FAILED', stage: 'failed' })).toBe(true);
    expect(refreshesLists({ ...base, status: 'PROCESSED' })).toBe(true);
    expect(refreshesLists({ ...base, status: 'INDEX', stage: 'text', offset: 0, text: 'a' })).toBe(
      false,
    );
  });

  it("shows a waiting prompt's answer as its pieces arrive, and only that prompt's", async () => {
    const { client, emit, urls } = fakeLiveClient();
    function Answer({ id }: { id: string }) {
      const live = usePromptLive(id, true, client);
      return (
        <p data-testid={id}>
          {live.writing ? 'writing: ' : 'waiting: '}
          {live.text}
        </p>
      );
    }
    renderWithProviders(
      <>
        <Answer id="p1" />
        <Answer id="p2" />
      </>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 80)));
    // One stream for both, on the caller's own topic (the token rides along).
    expect(urls).toHaveLength(1);
    expect(urls[0]).toContain('topics=prompts');
    expect(urls[0]).toContain('key=token-1');
    act(() => {
      emit('ready', { topics: ['prompts'] });
      emit('prompts', { topic: 'prompts', id: 'p1', status: 'INDEX', stage: 'writing' });
      emit('prompts', {
        topic: 'prompts',
        id: 'p1',
        status: 'INDEX',
        stage: 'text',
        offset: 0,
        text: 'Apple trades at 201 [1]. ',
      });
      emit('prompts', {
        topic: 'prompts',
        id: 'p1',
        status: 'INDEX',
        stage: 'text',
        offset: 25,
        text: 'Not advice.',
      });
    });
    expect(screen.getByTestId('p1').textContent).toBe(
      'writing: Apple trades at 201 [1]. Not advice.',
    );
    expect(screen.getByTestId('p2').textContent).toBe('waiting: ');
    client.close();
  });
});
