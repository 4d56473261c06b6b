import { createLiveClient, type LiveClient } from '../src/lib/live/live-client';

/** Delivers one named event with its JSON data to the page's stream listeners. */
export type Emit = (name: string, data: unknown) => void;

/**
 * A live client on a stand-in EventSource that is always open: `emit` plays the server's events
 * to what the components subscribed, `fail` breaks the open stream (its `onerror`), `urls` are
 * the stream addresses the client opened.
 */
export function fakeLiveClient(): {
  client: LiveClient;
  emit: Emit;
  fail: () => void;
  urls: string[];
} {
  const listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  const urls: string[] = [];
  let source: EventSource | undefined;
  const client = createLiveClient({
    token: () => 'token-1',
    createSource: (url) => {
      urls.push(url);
      listeners.clear();
      source = {
        readyState: 1,
        onerror: null,
        close: () => undefined,
        addEventListener: (name: string, listener: (event: MessageEvent<string>) => void) => {
          listeners.set(name, [...(listeners.get(name) ?? []), listener]);
        },
      } as unknown as EventSource;
      return source;
    },
  });
  const fail = () => {
    if (source) source.onerror?.call(source, new Event('error'));
  };
  const emit: Emit = (name, data) => {
    for (const listener of listeners.get(name) ?? []) {
      listener({ data: JSON.stringify(data) } as MessageEvent<string>);
    }
  };
  return { client, emit, fail, urls };
}
