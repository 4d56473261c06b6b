import { createDatabase } from '../packages/server/src/db/database.ts';
import { createBenchUsers } from './lib/bench-users.ts';
import { load, printTable, serialCalls, startBenchDatabase, startStackOn } from './lib/harness.ts';

const SYMBOLS = 50;
const TRANSACTIONS = 2_000;
const YEARS = 10;
const SERIAL_CALLS = 200;
/**
 * `BENCH_PORTFOLIO_ROUTES=MAX,transactions`: only the load rows whose names contain one of these
 * (the reference always runs); `BENCH_PORTFOLIO_NODE_ARGS` adds Node arguments to the API process
 * (`--cpu-prof …`, `--import <a diagnostics module>`).
 */
const ONLY = (process.env.BENCH_PORTFOLIO_ROUTES ?? '').split(',').filter(Boolean);
const NODE_ARGS = (process.env.BENCH_PORTFOLIO_NODE_ARGS ?? '').split(' ').filter(Boolean);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** A small seeded generator, so every run builds the same ledger. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** 40 entries per listing over ten years: buys, partial sales, dividends, fees and a few splits. */
export function ledgerCsv(symbols: readonly string[], today: number): string {
  const random = seeded(42);
  const lines = ['date,type,symbol,quantity,price,fees,currency,note'];
  const perSymbol = TRANSACTIONS / symbols.length;
  const rows: { date: string; line: string }[] = [];
  for (const symbol of symbols) {
    const days = Array.from({ length: perSymbol }, () =>
      Math.floor(random() * YEARS * 365 + 1),
    ).sort((a, b) => b - a);
    let held = 0;
    days.forEach((ago, i) => {
      const date = isoDay(today - ago * 86_400_000);
      const roll = random();
      const price = (50 + random() * 150).toFixed(2);
      let line: string;
      if (i === 0 || held === 0 || roll < 0.55) {
        const qty = 1 + Math.floor(random() * 20);
        held += qty;
        line = `${date},buy,${symbol},${qty},${price},1,USD,`;
      } else if (roll < 0.8) {
        const qty = Math.max(1, Math.floor(held / 3));
        held -= qty;
        line = `${date},sell,${symbol},${qty},${price},1,USD,`;
      } else if (roll < 0.95) {
        line = `${date},dividend,${symbol},${held},0.25,0,USD,`;
      } else if (roll < 0.98) {
        line = `${date},fee,${symbol},1,2.50,0,USD,custody`;
      } else {
        held *= 2;
        line = `${date},split,${symbol},2,0,0,USD,`;
      }
      rows.push({ date, line });
    });
  }
  // Stable by date: each listing's own entries keep their order within a day.
  rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return [...lines, ...rows.map((r) => r.line)].join('\n');
}

/**
 * bench/portfolio: the stored ten-year history of every demo listing (the benchmark's universe),
 * a user with 2,000 transactions over 50 listings and 10 years imported through the API, then the
 * full snapshot (holdings, returns of every range with TWR/XIRR/benchmark, value series) timed one
 * call at a time (reused, then with a held listing's quote moved before each call) and under
 * autocannon against the indexed-SELECT reference.
 */
export async function runPortfolioBench(options: { seconds: number }) {
  const { seconds } = options;
  const stack = await startStackOn(
    await startBenchDatabase(),
    { RATE_LIMIT_SCALE: '10000' },
    NODE_ARGS,
  );
  const db = createDatabase({ url: stack.databaseUrl, maxConnections: 2 });
  try {
    const all = (
      await db
        .selectFrom('securities')
        .select('exchange_ticker')
        .orderBy('exchange_ticker')
        .execute()
    ).map((row) => row.exchange_ticker);
    // Ten years of bars of every listing, loaded the way the product loads them (first view).
    const loadStarted = performance.now();
    for (let i = 0; i < all.length; i += 8) {
      await Promise.all(
        all.slice(i, i + 8).map(async (symbol) => {
          const res = await fetch(`${stack.api}/ticker/history/${symbol}?range=1m`);
          await res.arrayBuffer();
        }),
      );
    }
    console.log(
      `\nbench/portfolio: ten-year history of ${all.length} listings loaded in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
    );

    const [user] = await createBenchUsers(db, { prefix: 'investor', count: 1, plan: () => 'free' });
    if (!user) throw new Error('no bench user');
    const headers = { authorization: `Bearer ${user.token}` };
    const step = Math.floor(all.length / SYMBOLS);
    const symbols = Array.from({ length: SYMBOLS }, (_, i) => all[i * step] ?? '');
    const today = Date.parse(`${isoDay(Date.now())}T00:00:00Z`) - 86_400_000;
    const csv = ledgerCsv(symbols, today);
    const importStarted = performance.now();
    const imported = await fetch(`${stack.api}/portfolio/import`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ csv }),
    });
    const importBody = (await imported.json()) as { imported?: number; error_msg?: string };
    if (!imported.ok) throw new Error(`import failed: ${importBody.error_msg ?? imported.status}`);
    console.log(
      `bench/portfolio: ${importBody.imported ?? 0} transactions (${SYMBOLS} listings, ${YEARS} years, ${(csv.length / 1024).toFixed(0)} KiB CSV) imported and validated in ${(performance.now() - importStarted).toFixed(0)} ms`,
    );

    const snapshot = async (range: string) => {
      const started = performance.now();
      const res = await fetch(`${stack.api}/portfolio/snapshot?range=${range}`, { headers });
      const text = await res.text();
      if (!res.ok) throw new Error(`snapshot ${range}: HTTP ${res.status} ${text.slice(0, 200)}`);
      return { ms: performance.now() - started, bytes: text.length, body: text };
    };
    const cold = await snapshot('1Y');
    const parsed = JSON.parse(cold.body) as {
      holdings: unknown[];
      series: unknown[];
      returns: {
        range: string;
        twr_pct: number | null;
        mwr_pct: number | null;
        benchmark_pct: number | null;
      }[];
    };
    console.log(
      `bench/portfolio: first snapshot (the benchmark universe computed and cached) ${cold.ms.toFixed(0)} ms; ${parsed.holdings.length} holdings, ${parsed.series.length} points (1Y), ${(cold.bytes / 1024).toFixed(0)} KiB`,
    );
    console.log(
      `  returns: ${parsed.returns.map((r) => `${r.range} TWR ${r.twr_pct?.toFixed(1) ?? '–'}% MWR ${r.mwr_pct?.toFixed(1) ?? '–'}% bench ${r.benchmark_pct?.toFixed(1) ?? '–'}%`).join('; ')}`,
    );

    console.log(`\nfull snapshot, one client, ${SERIAL_CALLS} calls each (target p99 ≤ 50 ms):`);
    for (const range of ['1Y', 'MAX']) {
      const { times, bytes } = await serialCalls({
        urls: Array.from(
          { length: SERIAL_CALLS + 10 },
          () => `${stack.api}/portfolio/snapshot?range=${range}`,
        ),
        headers,
        warmup: 10,
      });
      console.log(
        `  range=${range}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (${(bytes / 1024).toFixed(0)} KiB)`,
      );
    }

    // A quote of a held listing moves before every call (as the minute refresh does): the
    // finished snapshot cannot be reused, today is recomputed from the cached daily series.
    const moved = symbols[0] ?? '';
    const moveQuote = async (i: number) => {
      const price = 100 + i / 100;
      const row = {
        exchange_ticker: moved,
        price,
        previous_close: 100,
        open: 100,
        day_low: 99,
        day_high: 102,
        change: price - 100,
        change_pct: price - 100,
        currency: 'USD',
        source: 'demo',
        as_of: new Date(),
      };
      await db
        .insertInto('quote_snapshots')
        .values(row)
        .onConflict((oc) => oc.column('exchange_ticker').doUpdateSet(row))
        .execute();
    };
    for (const range of ['1Y', 'MAX']) {
      const times: number[] = [];
      for (let i = 0; i < SERIAL_CALLS + 10; i += 1) {
        await moveQuote(i);
        const result = await snapshot(range);
        if (i >= 10) times.push(result.ms);
      }
      console.log(
        `  range=${range}, a quote moved before each call: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
      );
    }

    const reference = await load('reference: indexed SELECT', `${stack.reference}/select`, {
      seconds,
    });
    const rows = [reference];
    /** Runs a row's load unless BENCH_PORTFOLIO_ROUTES names others. */
    const measure = async (name: string, path: string, rowHeaders: Record<string, string>) => {
      if (ONLY.length > 0 && !ONLY.some((part) => name.includes(part))) return;
      rows.push(await load(name, `${stack.api}${path}`, { seconds, headers: rowHeaders }));
    };
    for (const range of ['1Y', 'MAX']) {
      await measure(`snapshot range=${range}`, `/portfolio/snapshot?range=${range}`, headers);
    }
    await measure('transactions (2,000)', '/portfolio/transactions', headers);
    await measure(
      'transactions, a page of 100',
      '/portfolio/transactions?skip=1000&limit=100',
      headers,
    );
    // As a browser asks (every browser sends Accept-Encoding): the answers' compressed bytes.
    const browser = { ...headers, 'accept-encoding': 'gzip, deflate, br, zstd' };
    for (const [name, path] of [
      ['snapshot range=1Y, br', '/portfolio/snapshot?range=1Y'],
      ['snapshot range=MAX, br', '/portfolio/snapshot?range=MAX'],
      ['transactions (2,000), br', '/portfolio/transactions'],
    ] as const) {
      const res = await fetch(`${stack.api}${path}`, { headers: browser });
      const sent = Number(res.headers.get('content-length') ?? 0);
      const text = await res.text();
      console.log(
        `  ${path}: ${(text.length / 1024).toFixed(0)} KiB, sent as ${res.headers.get('content-encoding') ?? 'identity'} ${(sent / 1024).toFixed(0)} KiB`,
      );
      await measure(name, path, browser);
    }
    printTable(
      `bench/portfolio (${seconds} s per route, 32 connections; ratio to the indexed SELECT)`,
      rows,
      reference,
    );
  } finally {
    await db.destroy();
    await stack.stop();
  }
}
