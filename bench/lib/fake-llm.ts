/**
 * A local OpenAI-compatible chat-completions server for benchmarks (node:http on port 0). Free-text
 * requests (`stream: true`) get an answer of `tokens` words streamed as SSE, one token per event
 * with a fixed `tokenDelayMs` before each, so the time to the first token and to the whole answer
 * are known; JSON requests (`response_format`, the news analyst) get a 400 at once, so the product
 * falls back to its offline analyst without retries.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeLlm = {
  /** Base URL for OPENAI_BASE_URL, e.g. `http://127.0.0.1:1234/v1`. */
  url: string;
  /** Streamed answers started. */
  answered: () => number;
  close: () => Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const WORDS = (
  'The portfolio moved with the market this week [1]. Revenue guidance from the largest holding ' +
  'was raised [2], while the energy name fell on lower oil prices [3]. Watch the next earnings ' +
  'date, the dividend decision and the sector rotation that drove the last sessions.'
).split(' ');

export async function startFakeLlm(options: {
  tokenDelayMs: number;
  tokens: number;
}): Promise<FakeLlm> {
  let answered = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        stream?: boolean;
        response_format?: unknown;
        stream_options?: { include_usage?: boolean };
      };
      if (req.url !== '/v1/chat/completions' || body.response_format || !body.stream) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'the benchmark LLM only streams text' } }));
        return;
      }
      answered += 1;
      void (async () => {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        const send = (payload: object) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
        for (let i = 0; i < options.tokens; i += 1) {
          await sleep(options.tokenDelayMs);
          if (res.destroyed) return;
          const word = WORDS[i % WORDS.length] ?? '';
          send({
            object: 'chat.completion.chunk',
            choices: [{ index: 0, delta: { content: i === 0 ? word : ` ${word}` } }],
          });
        }
        if (body.stream_options?.include_usage) {
          send({
            object: 'chat.completion.chunk',
            choices: [],
            usage: { prompt_tokens: 2_000, completion_tokens: options.tokens },
          });
        }
        res.end('data: [DONE]\n\n');
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    answered: () => answered,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
