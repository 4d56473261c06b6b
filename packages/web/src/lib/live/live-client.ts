import { LIVE_MAX_TOPICS } from '@app/shared/api/live-limits';
import { API_BASE } from '../api-client';
import { getStoredToken, subscribeToSession } from '../session';

/** One live event as a page hears it: the event name and its data (with its `topic`). */
export interface LiveMessage {
  event: string;
  data: { topic: string } & Record<string, unknown>;
}

export interface LiveSubscription {
  topics: readonly string[];
  onMessage: (message: LiveMessage) => void;
  /** Events may have been missed (reconnect, server reset): refetch what the page shows. */
  onReset?: () => void;
}

/** Topic changes are gathered this long before the stream is reopened. */
const REOPEN_DELAY_MS = 50;
const EVENT_NAMES = ['news', 'quotes', 'alerts', 'prompts'] as const;
const USER_TOPICS = new Set(['alerts', 'prompts']);

type Source = Pick<EventSource, 'addEventListener' | 'close' | 'readyState'> & {
  onerror: ((this: EventSource, ev: Event) => unknown) | null;
};

/**
 * The page's one live stream (`GET /api/live`): components subscribe to topics, the
 * client opens a single EventSource on their union (reopened when it changes) and hands each
 * event to the subscriptions of its topic. `connected` is true between the stream's `ready` and
 * an error; while it is false, pages keep their §9 polling. The browser's EventSource reconnects
 * by itself (`retry:` and `Last-Event-ID`); after a reconnect subscribers get `onReset`, since
 * events may have been missed. Without EventSource (old browsers, unit tests) nothing connects.
 */
export function createLiveClient(
  options: {
    createSource?: (url: string) => Source;
    token?: () => string | null;
    /** Told when the session changes (login, logout): the user topics come or go with it. */
    onSessionChange?: (listener: () => void) => () => void;
  } = {},
) {
  const createSource =
    options.createSource ??
    (typeof EventSource === 'undefined'
      ? undefined
      : (url: string): Source => new EventSource(url));
  const token = options.token ?? getStoredToken;
  const onSessionChange =
    options.onSessionChange ?? (options.token === undefined ? subscribeToSession : undefined);
  let watchingSession = false;
  const subscriptions = new Set<LiveSubscription>();
  const stateListeners = new Set<() => void>();
  let source: Source | undefined;
  /** The open stream's topics and the token it carries: a change of either reopens it. */
  let openKey = '';
  let connected = false;
  let everReady = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const setConnected = (next: boolean) => {
    if (connected === next) return;
    connected = next;
    for (const listener of stateListeners) listener();
  };

  const wantedTopics = () => {
    const topics = new Set<string>();
    const signedIn = token() !== null;
    for (const subscription of subscriptions) {
      for (const topic of subscription.topics) {
        if (!USER_TOPICS.has(topic) || signedIn) topics.add(topic);
      }
    }
    return [...topics].sort().slice(0, LIVE_MAX_TOPICS);
  };

  const deliver = (event: string, raw: string) => {
    let data: LiveMessage['data'];
    try {
      data = JSON.parse(raw) as LiveMessage['data'];
    } catch {
      return;
    }
    for (const subscription of subscriptions) {
      if (subscription.topics.includes(data.topic)) subscription.onMessage({ event, data });
    }
  };

  const resetAll = () => {
    for (const subscription of subscriptions) subscription.onReset?.();
  };

  function reopen() {
    timer = undefined;
    const topics = wantedTopics();
    const key = topics.join(',');
    const auth = topics.some((topic) => USER_TOPICS.has(topic)) ? token() : null;
    const nextKey = `${key}\n${auth ?? ''}`;
    if (nextKey === openKey && source) return;
    source?.close();
    source = undefined;
    openKey = nextKey;
    everReady = false;
    setConnected(false);
    if (!createSource || topics.length === 0) return;
    const params = new URLSearchParams({ topics: key });
    if (auth !== null) params.set('key', auth);
    const next = createSource(`${API_BASE}/live?${params.toString()}`);
    source = next;
    next.addEventListener('ready', () => {
      if (source !== next) return;
      // A reconnect of the same stream: what happened meanwhile may be lost.
      if (everReady) resetAll();
      everReady = true;
      setConnected(true);
    });
    for (const name of EVENT_NAMES) {
      next.addEventListener(name, (event) => {
        if (source === next) deliver(name, (event as MessageEvent<string>).data);
      });
    }
    next.addEventListener('reset', () => {
      if (source === next) resetAll();
    });
    next.onerror = () => {
      if (source !== next) return;
      setConnected(false);
      // A refusal (400/401/429) closes the EventSource for good: the page keeps polling.
    };
  }

  const schedule = () => {
    if (timer !== undefined) return;
    timer = setTimeout(reopen, REOPEN_DELAY_MS);
  };

  return {
    subscribe(subscription: LiveSubscription): () => void {
      if (!watchingSession && onSessionChange) {
        watchingSession = true;
        onSessionChange(schedule);
      }
      subscriptions.add(subscription);
      schedule();
      return () => {
        subscriptions.delete(subscription);
        schedule();
      };
    },
    /** Whether the stream is up (so pages may stop polling). */
    isConnected: () => connected,
    onConnectedChange(listener: () => void): () => void {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    /** Closes the stream (tests, sign-out). */
    close() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      source?.close();
      source = undefined;
      openKey = '';
      setConnected(false);
    },
  };
}

export type LiveClient = ReturnType<typeof createLiveClient>;

/** The page's one client. */
export const liveClient = createLiveClient();
