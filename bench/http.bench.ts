import {
  answers,
  freePort,
  load,
  printTable,
  startBenchDatabase,
  startProcess,
} from './lib/harness.ts';

/** bench/http: our /api/health against a bare Fastify route, measured in the same run. */
export async function runHttpBench(options: { seconds: number }) {
  const database = await startBenchDatabase();
  const referencePort = await freePort();
  const appPort = await freePort();
  const reference = await startProcess(
    ['bench/lib/reference-server.ts', String(referencePort), database.url],
    {},
    answers(`http://127.0.0.1:${referencePort}/bare`),
  );
  const app = await startProcess(
    ['packages/server/src/main.ts', '--role=api'],
    { PORT: String(appPort), HOST: '127.0.0.1', DATABASE_URL: database.url, LOG_LEVEL: 'warn' },
    answers(`http://127.0.0.1:${appPort}/api/health`),
  );
  try {
    const seconds = options.seconds;
    const bare = await load('reference: bare route', `http://127.0.0.1:${referencePort}/bare`, {
      seconds,
    });
    const select = await load(
      'reference: indexed SELECT',
      `http://127.0.0.1:${referencePort}/select`,
      { seconds },
    );
    const health = await load(
      'GET /api/health (SELECT 1)',
      `http://127.0.0.1:${appPort}/api/health`,
      { seconds },
    );
    printTable(
      `bench/http (${seconds} s per route, 32 connections; ratio to the bare route)`,
      [bare, select, health],
      bare,
    );
    return { bare, select, health };
  } finally {
    await app.stop();
    await reference.stop();
    await database.stop();
  }
}
