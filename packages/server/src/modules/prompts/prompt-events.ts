import type { PromptJson } from '@app/shared/api/prompts';

/** What an open stream of one prompt hears. */
export type PromptEvent =
  | { type: 'text'; text: string }
  | { type: 'retry'; reason: string }
  | { type: 'done'; prompt: PromptJson }
  | { type: 'error'; message: string };

type Listener = (event: PromptEvent) => void;

/** Longest text kept for late listeners of one answer (characters). */
const MAX_BUFFERED_CHARS = 200_000;

/**
 * The in-process hub between the worker writing an answer and the pages streaming it
 * (`/prompts/stream/{id}`). It lives in the composition root, so it connects the API and the
 * worker of one process (`npm start`); with the API and the worker apart, the stream hears
 * nothing from here and falls back to reading the prompt's status (see prompt-stream.routes.ts).
 * The text written so far is kept while an answer is under way, so a page that opens the stream
 * late still gets the whole answer.
 */
export function createPromptEvents() {
  const listeners = new Map<string, Set<Listener>>();
  const written = new Map<string, string>();

  const emit = (id: string, event: PromptEvent) => {
    for (const listener of listeners.get(id) ?? []) listener(event);
  };

  return {
    /** Listens to one prompt; returns the text written so far and how to stop listening. */
    subscribe(id: string, listener: Listener): { sofar: string; unsubscribe: () => void } {
      let set = listeners.get(id);
      if (!set) {
        set = new Set();
        listeners.set(id, set);
      }
      set.add(listener);
      return {
        sofar: written.get(id) ?? '',
        unsubscribe: () => {
          const current = listeners.get(id);
          current?.delete(listener);
          if (current?.size === 0) listeners.delete(id);
        },
      };
    },
    text(id: string, piece: string) {
      const sofar = (written.get(id) ?? '') + piece;
      if (sofar.length <= MAX_BUFFERED_CHARS) written.set(id, sofar);
      emit(id, { type: 'text', text: piece });
    },
    /** An attempt failed and the prompt waits for another: the text so far is void. */
    retry(id: string, reason: string) {
      written.delete(id);
      emit(id, { type: 'retry', reason });
    },
    done(id: string, prompt: PromptJson) {
      written.delete(id);
      emit(id, { type: 'done', prompt });
    },
    error(id: string, message: string) {
      written.delete(id);
      emit(id, { type: 'error', message });
    },
    /** Open streams (for tests and the log). */
    listenerCount: (id: string) => listeners.get(id)?.size ?? 0,
  };
}

export type PromptEvents = ReturnType<typeof createPromptEvents>;
