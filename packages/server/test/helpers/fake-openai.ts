/**
 * A local OpenAI-compatible chat-completions server (node:http on port 0) for tests. It answers
 * POST /chat/completions from a queue of scripted replies (then a default), non-streaming or as
 * SSE when the request says `stream: true`, with the answer text cut into small chunks so JSON
 * (and even `data:` lines) arrive split across network writes.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino, type Logger } from 'pino';
import type { AiProvider } from '../../src/providers/ai/ai-provider.ts';
import { createOfflineAiProvider } from '../../src/providers/ai/offline/offline-ai-provider.ts';
import {
  createChatClient,
  type ChatClientOptions,
} from '../../src/providers/ai/openai/chat-client.ts';
import {
  createOpenAiProvider,
  type OpenAiProviderOptions,
} from '../../src/providers/ai/openai/openai-ai-provider.ts';

export type ChatRequestBody = {
  model: string;
  messages: { role: string; content: string }[];
  stream?: boolean;
  temperature?: number;
  response_format?: { type: string };
  max_tokens?: number;
  stream_options?: { include_usage?: boolean };
};

export type RecordedRequest = { url: string; headers: IncomingHttpHeaders; body: ChatRequestBody };

/** What the server does with one request. */
export type FakeReply =
  /** The assistant's answer text (an object is JSON-encoded). */
  | {
      answer: string | object;
      chunkDelayMs?: number;
      /** Token counts reported with the answer (streamed: when the request asks for usage). */
      usage?: { prompt_tokens: number; completion_tokens: number };
    }
  | { status: number; headers?: Record<string, string>; body?: string }
  /** Accept the request and never answer. */
  | { hang: true };

export type FakeOpenAi = {
  /** Base URL, e.g. `http://127.0.0.1:1234/v1`. */
  url: string;
  requests: RecordedRequest[];
  /** Replies for the next requests, in order; after them `fallbackReply` answers. */
  enqueue: (...replies: FakeReply[]) => void;
  close: () => Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A valid analysis answer for an article, with overrides. */
export function analysisAnswer(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Acme Corp beats estimates and raises guidance',
    title_clickbait: 'Acme smashes forecasts — and it is not done yet',
    summary: 'Acme beat estimates and raised its outlook.',
    paragraph: 'Acme reported revenue up 18%. It raised its full-year outlook on cloud demand.',
    classification: 'Company Results',
    sentiment: 'bullish',
    sentiment_score: 7,
    interest_score: 8,
    defcon_level: 2,
    defcon_outcome: 'positive',
    no_bullshit: 'Acme is selling more and expects to keep doing so.',
    gif_keywords: ['rocket', 'money'],
    article_icon: 'trending-up',
    source_sentences: [0, 2],
    ...overrides,
  };
}

/** The default: an analysis, or a translation prefixed with the language tag. */
export function defaultReply(body: ChatRequestBody): FakeReply {
  const system = body.messages[0]?.content ?? '';
  if (system.startsWith('You translate')) {
    const user = body.messages[1]?.content ?? '';
    const language = /Target language: (\S+)/.exec(user)?.[1] ?? '?';
    const source = JSON.parse(user.slice(user.indexOf('{'))) as Record<string, string>;
    const translated = Object.fromEntries(
      Object.entries(source).map(([key, value]) => [key, value ? `[${language}] ${value}` : '']),
    );
    return { answer: translated };
  }
  return { answer: analysisAnswer() };
}

async function sendAnswer(
  res: ServerResponse,
  body: ChatRequestBody,
  reply: {
    answer: string | object;
    chunkDelayMs?: number;
    usage?: { prompt_tokens: number; completion_tokens: number };
  },
) {
  const text = typeof reply.answer === 'string' ? reply.answer : JSON.stringify(reply.answer);
  if (!body.stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'chatcmpl-test',
        object: 'chat.completion',
        model: body.model,
        choices: [
          { index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' },
        ],
        ...(reply.usage && { usage: reply.usage }),
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(': keep-alive comment\n\n');
  const event = (delta: object) =>
    `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta }] })}\n\n`;
  const events = [event({ role: 'assistant', content: '' })];
  for (let i = 0; i < text.length; i += 7) events.push(event({ content: text.slice(i, i + 7) }));
  if (reply.usage && body.stream_options?.include_usage) {
    events.push(
      `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [], usage: reply.usage })}\n\n`,
    );
  }
  events.push('data: [DONE]\n\n');
  for (const line of events) {
    // Each event in two writes: the client must buffer partial lines.
    const cut = Math.floor(line.length / 2);
    res.write(line.slice(0, cut));
    if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
    res.write(line.slice(cut));
  }
  res.end();
}

export async function startFakeOpenAi(
  fallbackReply: (body: ChatRequestBody) => FakeReply = defaultReply,
): Promise<FakeOpenAi> {
  const queue: FakeReply[] = [];
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequestBody;
      requests.push({ url: req.url, headers: req.headers, body });
      const reply = queue.shift() ?? fallbackReply(body);
      if ('hang' in reply) return;
      if ('status' in reply) {
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        res.end(reply.body ?? JSON.stringify({ error: { message: `status ${reply.status}` } }));
        return;
      }
      sendAnswer(res, body, reply).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => queue.push(...replies),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The openai analyst pointed at `fake` with test settings (key `sk-test`, model `test-model`,
 * 2 s timeout, streaming, short retry delays), falling back to the offline analyst.
 */
export function openAiProviderFor(
  fake: FakeOpenAi,
  options: {
    client?: Partial<ChatClientOptions>;
    log?: Logger;
    maxDelayMs?: number;
    breaker?: OpenAiProviderOptions['breaker'];
  } = {},
): AiProvider {
  return createOpenAiProvider({
    client: createChatClient({
      baseUrl: fake.url,
      apiKey: 'sk-test',
      model: 'test-model',
      timeoutMs: 2_000,
      stream: true,
      ...options.client,
    }),
    fallback: createOfflineAiProvider(),
    log: options.log ?? pino({ level: 'silent' }),
    retry: { retries: 2, baseDelayMs: 10, maxDelayMs: options.maxDelayMs ?? 100 },
    ...(options.breaker && { breaker: options.breaker }),
  });
}
