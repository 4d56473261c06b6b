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
  /**
   * Also hand over the events of its topics the open stream carried before this subscription
   * came (at most the last `REPLAY_EVENTS` of each topic): for a listener whose code loads after the stream
   * opened for another component of the same topics, since a live event is not sent twice.
   */
  replay?: boolean;
}

/** Topic changes are gathered this long before the stream is reopened. */
const REOPEN_DELAY_MS = 50;
const EVENT_NAMES = ['news', 'quotes', 'alerts', 'prompts'] as const;
const USER_TOPICS = new Set(['alerts', 'prompts']);
/** Events of the open stream kept for a subscription that asks for them (`replay`). */
const REPLAY_EVENTS = 20;

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
  /** The open stream's latest events by topic, oldest first; emptied when another stream opens. */
  let heard = new Map<string, { order: number; message: LiveMessage }[]>();
  let heardCount = 0;

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
    const message = { event, data };
    heardCount += 1;
    const ofTopic = heard.get(data.topic) ?? [];
    heard.set(data.topic, [...ofTopic.slice(1 - REPLAY_EVENTS), { order: heardCount, message }]);
    for (const subscription of subscriptions) {
      if (subscription.topics.includes(data.topic)) subscription.onMessage(message);
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
    heard = new Map();
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
      if (subscription.replay) {
        const missed = subscription.topics.flatMap((topic) => heard.get(topic) ?? []);
        missed.sort((a, b) => a.order - b.order);
        for (const { message } of missed) subscription.onMessage(message);
      }
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
      heard = new Map();
      setConnected(false);
    },
  };
}

export type LiveClient = ReturnType<typeof createLiveClient>;

/** The page's one client. */
export const liveClient = createLiveClient();
