import { promptSchema } from '@app/shared/api/prompts';
import type { PromptJson } from '@app/shared/api/prompts';
import { useQueryClient } from '@tanstack/react-query';
import { createParser } from 'eventsource-parser';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { buildApiUrl } from '../../../lib/api-client';
import { getStoredToken } from '../../../lib/session';
import { PROMPTS_QUERY_KEY, promptQueryKey } from './prompt-query-keys';

const textEvent = z.object({ text: z.string() });
const doneEvent = z.object({ prompt: promptSchema });
const errorEvent = z.object({ error_msg: z.string() });

export interface StreamHandlers {
  /** A piece of the answer as it is written. */
  onText: (piece: string) => void;
  /** An attempt failed and another starts: the text so far is void. */
  onRetry: () => void;
}

/**
 * GET /prompts/stream/{id} (text/event-stream) over `fetch`, so the session token travels in the
 * Authorization header as on every other call (EventSource cannot send headers). Resolves with the
 * answered prompt, or null when the stream ended without one (the page then polls, spec §9).
 */
export async function streamPrompt(
  id: string,
  handlers: StreamHandlers,
  signal: AbortSignal,
): Promise<PromptJson | null> {
  const token = getStoredToken();
  const response = await fetch(buildApiUrl(`/prompts/stream/${encodeURIComponent(id)}`), {
    headers: {
      Accept: 'text/event-stream',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok || !response.body) return null;

  const outcome: { prompt: PromptJson | null; failure: string | null } = {
    prompt: null,
    failure: null,
  };
  const parser = createParser({
    onEvent(event) {
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      if (event.event === 'text') {
        const parsed = textEvent.safeParse(data);
        if (parsed.success) handlers.onText(parsed.data.text);
      } else if (event.event === 'retry') {
        handlers.onRetry();
      } else if (event.event === 'done') {
        const parsed = doneEvent.safeParse(data);
        if (parsed.success) outcome.prompt = parsed.data.prompt;
      } else if (event.event === 'error') {
        const parsed = errorEvent.safeParse(data);
        outcome.failure = parsed.success
          ? parsed.data.error_msg
          : 'The answer could not be written.';
      }
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(value);
  }
  if (outcome.failure !== null) throw new Error(outcome.failure);
  return outcome.prompt;
}

export interface AnswerStream {
  /** The answer written so far ('' before the first piece). */
  text: string;
  /** True while the stream is open. */
  streaming: boolean;
}

/**
 * Streams the answer of prompt `id` while `active`; on its end the answered prompt replaces the
 * cached copies (the list and the one-prompt poll), so the page shows the stored answer with its
 * citations. A failed stream just ends: the page's polling (spec §9) still brings the answer.
 */
export function useAnswerStream(id: string, active: boolean): AnswerStream {
  const queryClient = useQueryClient();
  // The stream's own state, tagged with its prompt so a stale one is never shown for another.
  const [state, setState] = useState<{ id: string; text: string; ended: boolean } | null>(null);

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    streamPrompt(
      id,
      {
        onText: (piece) =>
          setState((current) => ({
            id,
            text: (current?.id === id && !current.ended ? current.text : '') + piece,
            ended: false,
          })),
        onRetry: () => setState({ id, text: '', ended: false }),
      },
      controller.signal,
    )
      .then((prompt) => {
        if (prompt) queryClient.setQueryData(promptQueryKey(prompt.id), prompt);
      })
      .catch(() => undefined)
      .finally(() => {
        if (controller.signal.aborted) return;
        setState((current) => ({ id, text: current?.id === id ? current.text : '', ended: true }));
        void queryClient.invalidateQueries({ queryKey: PROMPTS_QUERY_KEY });
      });
    return () => controller.abort();
  }, [id, active, queryClient]);

  const mine = state?.id === id ? state : null;
  return {
    text: active && mine ? mine.text : '',
    streaming: active && !(mine?.ended ?? false),
  };
}
