import autocannon from 'autocannon';
import './autocannon-bodies.ts';

/**
 * One load run in a process of its own (harness `load`; `BENCH_LOAD_PROCESS=0`: in the
 * benchmark's process instead): the request options as JSON on stdin (10,000 paths are too long
 * for argv); prints autocannon's figures as one JSON line. The benchmark's own process holds
 * what it loaded and built (histories, ledgers, parsed answers), so its major garbage
 * collections run 17–24 ms (measured with a GC observer in bench/portfolio): any
 * response in flight then is timed that much longer, and large answers, which allocate the most
 * per response, paid it most. A process that only generates load has a small heap.
 */
let input = '';
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) input += chunk as string;
const options = JSON.parse(input) as autocannon.Options & { warmup: number };
const { warmup, ...request } = options;
await autocannon({ ...request, duration: warmup });
const result = await autocannon(request);
process.stdout.write(
  `${JSON.stringify({
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  })}\n`,
);
