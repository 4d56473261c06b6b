import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeLiveClient } from '../../../test/fake-live';
import type { LiveClient } from './live-client';
import { useLive, useLiveConnected } from './use-live';

/** Subscribes to a topic (which opens the stream) and shows what useLiveConnected reads. */
function Reader({ client, renders }: { client: LiveClient; renders: boolean[] }) {
  useLive(['news'], () => undefined, undefined, client);
  const connected = useLiveConnected(client);
  renders.push(connected);
  return <p>{connected ? 'connected' : 'disconnected'}</p>;
}

/** Only reads the state. */
function LateReader({ client, renders }: { client: LiveClient; renders: boolean[] }) {
  const connected = useLiveConnected(client);
  renders.push(connected);
  return <p>late {connected ? 'connected' : 'disconnected'}</p>;
}

describe('useLiveConnected', () => {
  it('follows the stream: ready, then an error', async () => {
    const { client, emit, fail, urls } = fakeLiveClient();
    render(<Reader client={client} renders={[]} />);
    expect(screen.getByText('disconnected')).toBeTruthy();
    await waitFor(() => expect(urls).toHaveLength(1));

    act(() => emit('ready', { topics: ['news'] }));
    expect(await screen.findByText('connected')).toBeTruthy();

    act(() => fail());
    expect(await screen.findByText('disconnected')).toBeTruthy();
  });

  it('gives a component mounted while the stream is up `true` in its first render', async () => {
    const { client, emit, urls } = fakeLiveClient();
    render(<Reader client={client} renders={[]} />);
    await waitFor(() => expect(urls).toHaveLength(1));
    act(() => emit('ready', { topics: ['news'] }));
    expect(await screen.findByText('connected')).toBeTruthy();

    const late: boolean[] = [];
    render(<LateReader client={client} renders={late} />);
    expect(screen.getByText('late connected')).toBeTruthy();
    // Never a render that read the stream as down (it would have started polling).
    expect(late).not.toContain(false);
  });
});
