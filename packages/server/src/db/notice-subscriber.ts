import { NOTICE_HUB_CHANNEL } from './notice-confirmations.ts';

/** What PostgreSQL accepts unquoted as a channel name (channels are spliced into LISTEN). */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Why a subscriber must forget what it holds. */
export type NoticeResetReason = 'listening' | 'lost' | 'closed';

export type NoticeSubscription = {
  /** The subscriber's channel: its notices, and the subject of its confirmations. */
  channel: string;
  /** Further channels whose notices (and confirmation subjects) go to `onNotice` as they are. */
  extraChannels?: readonly string[];
  /** The log's prefix, e.g. `session cache`. */
  label: string;
  /** What a confirmation confirms, for the log (`write` unless told). */
  confirmNoun?: string;
  /** A notice on `channel` or one of `extraChannels`. */
  onNotice: (payload: string, channel: string) => void;
  /** A confirmation of `channel` that names a subject, handled before this process acknowledges. */
  onConfirmRequest?: (subject: string) => void;
  /**
   * Notices may have been missed (the connection was lost, listens anew, or is closed): whatever
   * the subscriber holds is void. The generation was bumped just before.
   */
  onReset: (reason: NoticeResetReason) => void;
};

export type Subscriber = {
  options: NoticeSubscription;
  channels: readonly string[];
  generation: number;
  listening: boolean;
  open: boolean;
};

/** What a subscriber's handle asks of its hub. */
export type HubSide = {
  join: (subscriber: Subscriber) => void;
  leave: (subscriber: Subscriber) => void;
  ensureListening: () => void;
  ready: () => Promise<void>;
  confirmEverywhere: (subscriber: Subscriber, subject?: string) => Promise<void>;
  pid: () => string;
};

/** A subscriber of the notice hub, as its cache (or the live bus) holds it. */
export function noticeListener(options: NoticeSubscription, hub: HubSide) {
  const channels = [options.channel, ...(options.extraChannels ?? [])];
  for (const channel of channels) {
    if (!CHANNEL_NAME.test(channel) || channel === NOTICE_HUB_CHANNEL)
      throw new Error(`notice hub: "${channel}" is not a channel name`);
  }
  const subscriber: Subscriber = { options, channels, generation: 0, listening: false, open: true };
  const join = () => {
    if (subscriber.open) hub.join(subscriber);
    return subscriber.open;
  };
  return {
    /** Starts listening in the background if not yet (and not closed). */
    ensureListening: () => {
      if (join()) hub.ensureListening();
    },

    /** Starts listening if not yet, and waits for it (a failure is not thrown: it stays off). */
    ready: async (): Promise<void> => {
      if (join()) await hub.ready();
    },

    /** Whether this subscriber's channels are LISTENed (nothing may be served from memory otherwise). */
    isListening: () => subscriber.listening,

    /**
     * Whether memory may serve now: true while this subscriber listens; otherwise starts
     * listening in the background (not if closed) and answers false, so the caller reads anew.
     */
    listens: (): boolean => {
      if (subscriber.listening) return true;
      if (join()) hub.ensureListening();
      return false;
    },

    /** The current generation. */
    generation: () => subscriber.generation,

    /** Counts a change (a notice, a local write); returns the new generation. */
    bump: () => (subscriber.generation += 1),

    /** The hub connection's backend pid while this subscriber listens, else ''. */
    pid: () => (subscriber.listening ? hub.pid() : ''),

    /**
     * Asks every listening process to confirm (with `subject`, handed to their subscribers of
     * this channel first) and waits until each one acknowledged. A process that does not answer
     * within two seconds (it died) is not waited for. This subscriber starts listening first if
     * it does not yet; if it cannot, there is nothing to wait with.
     */
    confirmEverywhere: async (subject?: string): Promise<void> => {
      if (join()) await hub.confirmEverywhere(subscriber, subject);
    },

    /** Leaves the hub (its channels stay LISTENed: another subscriber may come). */
    close: async (): Promise<void> => {
      if (!subscriber.open) return;
      subscriber.open = false;
      subscriber.listening = false;
      hub.leave(subscriber);
      await Promise.resolve();
    },
  };
}

export type NoticeListener = ReturnType<typeof noticeListener>;
