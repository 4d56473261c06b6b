import { load, printTable, startBenchStack } from './lib/harness.ts';

/** bench/http: our /api/health against a bare Fastify route, measured in the same run. */
export async function runHttpBench(options: { seconds: number }) {
  const stack = await startBenchStack();
  try {
    const { seconds } = options;
    const bare = await load('reference: bare route', `${stack.reference}/bare`, { seconds });
    const select = await load('reference: indexed SELECT', `${stack.reference}/select`, {
      seconds,
    });
    const health = await load('GET /api/health (SELECT 1)', `${stack.api}/health`, { seconds });
    printTable(
      `bench/http (${seconds} s per route, 32 connections; ratio to the bare route)`,
      [bare, select, health],
      bare,
    );
  } finally {
    await stack.stop();
  }
}
