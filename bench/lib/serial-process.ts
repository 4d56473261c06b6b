/**
 * One client's calls, one after another, in a process of its own (harness `serialCalls`;
 * `BENCH_LOAD_PROCESS=0`: in the benchmark's process instead), for the same reason as
 * `load-process.ts`: the benchmark's own process holds what it loaded, and its major garbage
 * collections (17–24 ms) landed in these timings as clusters of slow calls. Reads the calls
 * as JSON on stdin; prints each call's milliseconds and the last answer's size as one JSON line.
 */
import { timeSerialCalls, type SerialCalls } from './serial-calls.ts';

let input = '';
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) input += chunk as string;
const result = await timeSerialCalls(JSON.parse(input) as SerialCalls);
process.stdout.write(`${JSON.stringify(result)}\n`);
