import type { ServerResponse } from 'node:http';
import {
  LIVE_HEARTBEAT_MS,
  LIVE_MAX_STREAMS_PER_CLIENT,
  LIVE_RETRY_MS,
} from '@app/shared/api/live';
import { z } from 'zod';
import { tooManyRequests } from '../../http/errors.ts';
import { queryParams } from '../../http/strict-query.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import type { LiveBus, LivePart } from './live-bus.ts';
import { parseTopics } from './live-topics.ts';

/** A stream whose client stops reading is closed once this much waits unsent. */
const MAX_BUFFERED_BYTES = 1_048_576;

const frame = (event: string, data: unknown, id?: string) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const route = moduleRoutes({ tags: ['live'], errors: errorAnswers() });

/**
 * `GET /api/live?topics=…` (text/event-stream): the live updates of the open page.
 * `ready` once the process listens, then events named by topic kind (`news`, `quotes`, `alerts`,
 * `prompts`, each with its `topic` in the data) and `reset` when events may have been missed.
 * Heartbeat comments every 15 s, `retry: 3000`, `Last-Event-ID` replay of the last few hundred
 * notifications. At most 6 streams per client (the user, or a visitor's address): 429 beyond.
 */
export function liveRoutes(app: ZodApp, { bus }: { bus: LiveBus }) {
  // A notification's data is serialised once for all the streams it reaches.
  const bodies = new WeakMap<object, string>();
  const bodyOf = (data: Record<string, unknown>) => {
    let body = bodies.get(data);
    if (body === undefined) {
      body = JSON.stringify(data).slice(1, -1);
      bodies.set(data, body);
    }
    return body;
  };
  const streams = new Set<ServerResponse>();
  const perClient = new Map<string, number>();
  // One timer for every open stream: a thousand streams cost no thousand timers.
  const heartbeat = setInterval(() => {
    for (const raw of streams) raw.write(': keep-alive\n\n');
  }, LIVE_HEARTBEAT_MS);
  heartbeat.unref();
  // Open streams never go idle: the server's close ends them, or it would wait for the clients.
  app.addHook('preClose', (done) => {
    clearInterval(heartbeat);
    for (const raw of streams) raw.end();
    done();
  });

  app.get(
    '/live',
    route({
      access: 'public',
      summary:
        "Server-Sent Events of the open page: `news`, `quotes:EXCHANGE:TICKER` (public), `alerts` and `prompts` (the caller's own)",
      querystring: queryParams({
        topics: z
          .string()
          .max(4_000)
          .describe('Comma-separated: news, quotes:EXCHANGE:TICKER, alerts, prompts'),
      }),
      headers: z.object({ 'last-event-id': z.string().max(64).optional() }).loose(),
      response: z.string().describe('text/event-stream'),
      errors: errorAnswers(400, 401, 429),
    }),
    async (request, reply) => {
      const topics = parseTopics(request.query.topics, request.user);
      const client = request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
      const held = perClient.get(client) ?? 0;
      if (held >= LIVE_MAX_STREAMS_PER_CLIENT) {
        throw tooManyRequests(
          `At most ${String(LIVE_MAX_STREAMS_PER_CLIENT)} live streams at once. Please close another page.`,
        );
      }
      perClient.set(client, held + 1);

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      raw.write(`retry: ${String(LIVE_RETRY_MS)}\n\n`);
      streams.add(raw);

      const state = { closed: false };
      let unsubscribe = () => {};
      const finish = () => {
        if (state.closed) return;
        state.closed = true;
        streams.delete(raw);
        const left = (perClient.get(client) ?? 1) - 1;
        if (left > 0) perClient.set(client, left);
        else perClient.delete(client);
        unsubscribe();
        raw.end();
      };
      raw.on('close', finish);
      const send = (text: string) => {
        if (state.closed) return;
        raw.write(text);
        if (raw.writableLength > MAX_BUFFERED_BYTES) finish();
      };

      const listening = await bus.subscribe(
        {
          topics: new Set(topics.keys()),
          deliver: (id: string, event: string, parts: LivePart[]) => {
            for (const [topic, data] of parts) {
              const body = bodyOf(data);
              const name = JSON.stringify(topics.get(topic) ?? topic);
              send(
                `id: ${id}\nevent: ${event}\ndata: {"topic":${name}${body === '' ? '' : `,${body}`}}\n\n`,
              );
            }
          },
          reset: (reason: string) => send(frame('reset', { reason })),
        },
        request.headers['last-event-id'],
      );
      if (state.closed) {
        listening();
        return;
      }
      unsubscribe = listening;
      send(frame('ready', { topics: [...new Set(topics.values())] }));
    },
  );
}
