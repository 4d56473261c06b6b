import { livePromptEventSchema, type LivePromptEvent } from '@app/shared/api/live';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { liveClient, type LiveClient, type LiveMessage } from '../../../lib/live/live-client';
import { useLive, useLiveConnected } from '../../../lib/live/use-live';
import { PROMPTS_QUERY_KEY } from './prompt-query-keys';

/**
 * The caller's prompts on the live stream (`prompts`, the caller's own topic). While
 * the stream is up the assistant does not poll (spec §9's polls are the fallback): a prompt's
 * answer pieces arrive as `text` events and its end (`answered`, `failed`) refreshes the lists.
 */

/** A `prompts` event of the live stream, or null for anything else. */
export function promptEventOf(message: LiveMessage): LivePromptEvent | null {
  if (message.event !== 'prompts') return null;
  const parsed = livePromptEventSchema.safeParse(message.data);
  return parsed.success ? parsed.data : null;
}

/** Whether the event ends the prompt (or tells of one the lists may not show yet). */
export function refreshesLists(event: LivePromptEvent): boolean {
  if (event.stage === 'queued' || event.stage === 'answered' || event.stage === 'failed') {
    return true;
  }
  return event.stage === undefined && event.status !== 'INDEX';
}

const pendingRefresh = new WeakSet<QueryClient>();

/** After a prompt's end the lists are read again after these delays while it still shows waiting. */
const END_REREAD_MS = [1_500, 5_000];

/**
 * Refetches the prompt lists once for all the events handled in one go (several components hear
 * the same event).
 */
export function refreshPrompts(queryClient: QueryClient): void {
  if (pendingRefresh.has(queryClient)) return;
  pendingRefresh.add(queryClient);
  queueMicrotask(() => {
    pendingRefresh.delete(queryClient);
    void queryClient.invalidateQueries({ queryKey: PROMPTS_QUERY_KEY });
  });
}

/** The answer of one prompt as the live stream has told it. */
export interface LiveAnswer {
  /** The answer written so far, from its start ('' until known). */
  text: string;
  /** A worker is writing the answer. */
  writing: boolean;
}

interface AnswerState extends LiveAnswer {
  id: string;
  /** Pieces were missed (the page opened mid-answer): the text is not shown until the end. */
  gap: boolean;
}

const NOTHING = (id: string): AnswerState => ({ id, text: '', writing: false, gap: false });

/** Adds one event of prompt `state.id` to what is known of its answer. */
export function applyPromptEvent(state: AnswerState, event: LivePromptEvent): AnswerState {
  switch (event.stage) {
    case 'writing':
      return { ...NOTHING(state.id), writing: true };
    case 'text': {
      const piece = event.text ?? '';
      const offset = event.offset ?? 0;
      if (offset === 0) return { id: state.id, text: piece, writing: true, gap: false };
      if (!state.gap && offset === state.text.length) {
        return { ...state, text: state.text + piece, writing: true };
      }
      return { ...state, writing: true, gap: true };
    }
    case 'retry':
      return NOTHING(state.id);
    default:
      return state;
  }
}

/**
 * What the live stream says of prompt `id` while it waits: its answer as written so far, and
 * whether a worker is on it. Its end refreshes the prompt lists (which then show the stored answer).
 */
export function usePromptLive(
  id: string,
  waiting: boolean,
  client: LiveClient = liveClient,
): LiveAnswer {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AnswerState>(() => NOTHING(id));
  const waitingNow = useRef(waiting);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => {
    waitingNow.current = waiting;
  });
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  // Subscribed while mounted, waiting or not: the stream's topics stay the same when a new
  // prompt appears, so it is not reopened (and nothing is missed) at the moment that matters.
  useLive(
    ['prompts'],
    (message) => {
      const event = promptEventOf(message);
      if (!waiting || event?.id !== id) return;
      if (!refreshesLists(event)) {
        setState((current) => applyPromptEvent(current.id === id ? current : NOTHING(id), event));
        return;
      }
      refreshPrompts(queryClient);
      // Another process's answer cache may not have heard of the change yet: read again while
      // the list still shows the prompt waiting.
      if (event.stage === 'queued') return;
      for (const delay of END_REREAD_MS) {
        timers.current.push(
          setTimeout(() => {
            if (waitingNow.current) refreshPrompts(queryClient);
          }, delay),
        );
      }
    },
    undefined,
    client,
  );
  const mine = state.id === id && waiting ? state : NOTHING(id);
  return { text: mine.gap ? '' : mine.text, writing: mine.writing };
}

/**
 * Keeps a page's prompt lists current from the live stream (the chat): a prompt queued from
 * another tab or answered shows at once; after a reconnect, or when the stream comes up, the
 * lists are read again since events may have been missed. Subscribing for the page's whole life
 * keeps the stream's topics steady, so a new question does not reopen it.
 */
export function usePromptListLive(client: LiveClient = liveClient): boolean {
  const queryClient = useQueryClient();
  const connected = useLiveConnected(client);
  useLive(
    ['prompts'],
    (message) => {
      const event = promptEventOf(message);
      if (event && refreshesLists(event)) refreshPrompts(queryClient);
    },
    () => refreshPrompts(queryClient),
    client,
  );
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) refreshPrompts(queryClient);
    wasConnected.current = connected;
  }, [connected, queryClient]);
  return connected;
}
