import { useEffect, useRef, useSyncExternalStore } from 'react';
import { liveClient, type LiveClient, type LiveMessage } from './live-client';

/**
 * Listens to live topics while the component is mounted (`news`, `quotes:NASDAQ:AAPL`, `alerts`,
 * `prompts`); the callbacks may change between renders without reopening the stream.
 */
export function useLive(
  topics: readonly string[],
  onMessage: (message: LiveMessage) => void,
  onReset?: () => void,
  client: LiveClient = liveClient,
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
    });
  }, [key, client]);
}

/** Whether the live stream is up: pages poll (spec §9) only while it is not. */
export function useLiveConnected(client: LiveClient = liveClient): boolean {
  return useSyncExternalStore(
    (listener) => client.onConnectedChange(listener),
    () => client.isConnected(),
    () => false,
  );
}
