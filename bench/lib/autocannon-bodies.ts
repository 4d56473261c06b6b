import { createRequire } from 'node:module';

/**
 * autocannon keeps each response's body as a string (`body += chunk`, UTF-8 decoding every chunk)
 * for its `onResponse`/`verifyBody` options, which no suite uses. Decoding a compressed (binary)
 * body costs the load generator far more than an ASCII one: 0.13 ms for a 13 KB brotli body and
 * 0.41 ms for a 24 KB gzip body against 0.07 ms for the 179 KB JSON they hold (measured on this
 * machine), so the client, on the same two cores, slowed every compressed route it measured — the
 * 5-year history asked with `Accept-Encoding: br` read 0.08–0.10× while the server was two-thirds
 * idle. Imported by the harness before any load runs: bodies are counted (bytes), not kept.
 * `BENCH_KEEP_BODIES=1` keeps autocannon as it is (to compare).
 */
const require = createRequire(import.meta.url);
const Queue = require('autocannon/lib/pipelinedRequestsQueue.js') as {
  prototype: { addBody: (data: unknown) => void };
};
if (process.env.BENCH_KEEP_BODIES !== '1') Queue.prototype.addBody = () => undefined;
