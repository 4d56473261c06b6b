import { z } from 'zod';
import { currentUser } from '../../http/access.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import type { PromptEvent } from './prompt-events.ts';
import type { PromptService } from './prompt.service.ts';
import type { PromptJson } from '@app/shared/api/prompts';

/** How often an open stream reads the prompt's status (answers written by another process). */
export const STREAM_POLL_MS = 3_000;
/** A comment line keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;
/** Longest a stream stays open; the page then polls `/prompts/get/{id}`. */
const STREAM_MAX_MS = 10 * 60_000;

/** One Server-Sent Event. */
const frame = (event: string, data: unknown) =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The event that ends a stream for a prompt that is no longer waiting, or null while it waits. */
function finalFrame(prompt: PromptJson): string | null {
  if (prompt.status === 'PROCESSED') return frame('done', { prompt });
  if (prompt.status === 'FAILED') {
    return frame('error', { error_msg: prompt.error ?? 'The answer failed.', prompt });
  }
  return null;
}

const route = moduleRoutes({ tags: ['prompts'], errors: errorAnswers() });

/**
 * `GET /prompts/stream/{id}` (text/event-stream): the answer of one of the caller's prompts as it
 * is written — `text` events with each piece (the text written so far comes first), `retry` when
 * an attempt failed and another follows, then `done` with the prompt, or `error`. A prompt that is
 * already answered gets `done` at once. Pieces come from the in-process hub, so they reach pages
 * served by the process whose worker writes the answer (`npm start`); with the API and the worker
 * apart, the stream still ends with `done` by reading the status every few seconds, and clients
 * may keep polling `/prompts/get/{id}` as the old client does (spec §9).
 */
export function promptStreamRoutes(app: ZodApp, { prompts }: { prompts: PromptService }) {
  app.get(
    '/prompts/stream/:id',
    route({
      access: 'user',
      summary:
        "Server-Sent Events of one of the caller's prompts: `text` pieces while it is written, then `done` (the prompt) or `error`",
      params: z.object({ id: z.string().max(64) }),
      response: z.string().describe('text/event-stream'),
      errors: errorAnswers(401, 404),
    }),
    async (request, reply) => {
      const caller = currentUser(request);
      const { id } = request.params;
      const first = await prompts.get(caller, id);

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      // Sends the headers now (Node holds them until the first body bytes) and tells an
      // EventSource to reconnect after 3 s.
      raw.write('retry: 3000\n\n');
      let closed = false;
      const timers: NodeJS.Timeout[] = [];
      let unsubscribe = () => {};
      const finish = (last?: string) => {
        if (closed) return;
        closed = true;
        for (const timer of timers) clearInterval(timer);
        unsubscribe();
        if (last !== undefined) raw.write(last);
        raw.end();
      };
      raw.on('close', () => finish());

      const settled = finalFrame(first);
      if (settled !== null) {
        finish(settled);
        return;
      }

      const onEvent = (event: PromptEvent) => {
        if (closed) return;
        switch (event.type) {
          case 'text':
            raw.write(frame('text', { text: event.text }));
            return;
          case 'retry':
            raw.write(frame('retry', { reason: event.reason }));
            return;
          case 'done':
            finish(frame('done', { prompt: event.prompt }));
            return;
          case 'error':
            finish(frame('error', { error_msg: event.message }));
            return;
        }
      };
      const subscription = prompts.events.subscribe(id, onEvent);
      unsubscribe = subscription.unsubscribe;
      if (subscription.sofar !== '') raw.write(frame('text', { text: subscription.sofar }));

      // The answer may have been stored between the first read and the subscription, or by a
      // worker in another process: read the status now and every few seconds.
      const check = async () => {
        try {
          const current = await prompts.get(caller, id);
          const last = finalFrame(current);
          if (last !== null) finish(last);
        } catch (error) {
          request.log.warn({ err: error, promptId: id }, 'prompt stream check failed');
          finish(frame('error', { error_msg: 'The prompt is no longer available.' }));
        }
      };
      timers.push(setInterval(() => void check(), STREAM_POLL_MS));
      timers.push(setInterval(() => !closed && raw.write(': keep-alive\n\n'), HEARTBEAT_MS));
      timers.push(setTimeout(() => finish(), STREAM_MAX_MS));
      await check();
    },
  );
}
