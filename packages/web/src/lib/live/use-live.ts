import { startTransition, useEffect, useRef, useState } from 'react';
import { isDrawingServerMarkup } from '../hydration';
import { liveClient, type LiveClient, type LiveMessage } from './live-client';

/**
 * Listens to live topics while the component is mounted (`news`, `quotes:NASDAQ:AAPL`, `alerts`,
 * `prompts`); the callbacks may change between renders without reopening the stream. With
 * `replay`, the open stream's earlier events of these topics come first (`LiveSubscription`).
 */
export function useLive(
  topics: readonly string[],
  onMessage: (message: LiveMessage) => void,
  onReset?: () => void,
  client: LiveClient = liveClient,
  replay = false,
) {
  const handlers = useRef({ onMessage, onReset });
  useEffect(() => {
    handlers.current = { onMessage, onReset };
  });
  const key = [...new Set(topics)].sort().join(',');
  useEffect(() => {
    if (key === '') return undefined;
    return client.subscribe({
      topics: key.split(','),
      onMessage: (message) => handlers.current.onMessage(message),
      onReset: () => handlers.current.onReset?.(),
      replay,
    });
  }, [key, client, replay]);
}

/**
 * Whether the live stream is up: pages poll (spec §9) only while it is not. A change re-renders
 * its readers in a transition, which React slices: it only switches polling on or off, and the
 * stream's `ready` arrives while a phone is still busy with the page's start (with
 * `useSyncExternalStore` every reader re-rendered at once, in one task). A component mounted
 * later reads the stream's state at once; the server's markup was drawn disconnected.
 */
export function useLiveConnected(client: LiveClient = liveClient): boolean {
  const [connected, setConnected] = useState(
    () => !isDrawingServerMarkup() && client.isConnected(),
  );
  useEffect(() => {
    const sync = () => {
      startTransition(() => {
        setConnected(client.isConnected());
      });
    };
    // It may have changed between the render and this effect.
    sync();
    return client.onConnectedChange(sync);
  }, [client]);
  return connected;
}
