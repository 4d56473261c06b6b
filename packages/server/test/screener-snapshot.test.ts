import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createScreenerAnswers,
  METRICS_REFRESHED,
  SCREENER_CHANNEL,
} from '../src/modules/screener/screener-answers.ts';
import { screenerQuery } from '../src/modules/screener/screener-query.ts';
import {
  createScreenerSnapshot,
  type ScreenerSnapshot,
} from '../src/modules/screener/screener-snapshot.ts';
import {
  createScreenerRepository,
  type ScreenerRepository,
} from '../src/modules/screener/screener.repository.ts';
import { createScreenerSnapshotRepository } from '../src/modules/screener/screener-snapshot.repository.ts';
import { createNoticeHub } from '../src/db/notice-hub.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { buildSecondApp } from './helpers/app.ts';
import { waitFor } from './helpers/wait.ts';

/** Small pools, so that filters hit boundaries and sorts meet ties and unknowns. */
const NUMBERS = [null, null, 0, -0, 1, 1.5, -2.25, 10, 10, 100, 1e12, -1e-3, Infinity, NaN];
const NUMBER_FILTERS = ['0', '-0', '1', '1.5', '-2.25', '10', '99.9', '100', '1000000000000', '-5'];
const SECTORS = ['Energy', 'energy', 'Utilities', 'Énergie', 'alpha', 'Zeta', 'a b', null];
const INDUSTRIES = ['Oil', 'oil', 'Gas', 'Ölfeld', 'Solar', null];
const EXCHANGES = ['NYSE', 'NASDAQ', 'LSE', 'xetra'];
const NAMES = [
  'Acme',
  'acme',
  'ACME Corp',
  'Ærø Shipping',
  'Zed & Co',
  'b_c%d',
  'Öl AG',
  'K\u212Aelvin',
];
const NUMERIC_FIELDS = [
  'price',
  'market_cap',
  'change_pct_1',
  'change_pct_8',
  'change_pct_31',
  'change_pct_365',
  'from_high_pct',
  'from_low_pct',
  'avg_volume',
  'dividend_yield',
  'pe_ratio',
  'sentiment_7d',
] as const;
const LISTINGS = 400;

/** A deterministic pseudo-random sequence (the data set is the same on every run). */
function generator(seed: number) {
  let state = seed;
  return <T>(items: readonly T[]): T => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return items[state % items.length] as T;
  };
}

let testDb: TestDatabase;
let repository: ScreenerRepository;
let snapshot: ScreenerSnapshot;
/**
 * The same listings, every page found by walking the order (as a screen of many matches is), and
 * numeric bounds read from prefix sets of 16 listings (as 50,000 listings are read in blocks).
 */
let walking: ScreenerSnapshot;
let symbols: string[];
let dump: () => ReturnType<ReturnType<typeof createScreenerSnapshotRepository>['dump']>;

async function seed(db: TestDatabase['db']) {
  const pick = generator(7);
  symbols = Array.from(
    { length: LISTINGS },
    (_, i) => `${pick(EXCHANGES)}:T${i}${pick(['', 'a', 'B'])}`,
  );
  for (const [i, symbol] of symbols.entries()) {
    const [exchange = '', ticker = ''] = symbol.split(':');
    const company = await db
      .insertInto('companies')
      .values({
        company_name: pick(NAMES),
        safe_name: `c${i}`,
        exchange_tickers: [symbol],
        gics_sector: 'Energy',
        gics_sub_industry: 'Oil',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('securities')
      .values({ exchange_ticker: symbol, ticker, exchange, company_id: company.id })
      .execute();
    const numbers = Object.fromEntries(NUMERIC_FIELDS.map((field) => [field, pick(NUMBERS)]));
    await sql`
      insert into screener_metrics (exchange_ticker, company_name, sector, industry, exchange,
        currency, price, market_cap, change_pct_1, change_pct_8, change_pct_31, change_pct_365,
        high_52w, low_52w, from_high_pct, from_low_pct, avg_volume, dividend_yield, pe_ratio,
        news_count_7d, sentiment_7d, computed_at)
      values (${symbol}, ${pick(NAMES)}, ${pick(SECTORS)}, ${pick(INDUSTRIES)}, ${exchange},
        ${pick(['USD', null])}, ${numbers.price}::float8, ${numbers.market_cap}::float8,
        ${numbers.change_pct_1}::float8, ${numbers.change_pct_8}::float8,
        ${numbers.change_pct_31}::float8, ${numbers.change_pct_365}::float8,
        ${pick(NUMBERS)}::float8, ${pick(NUMBERS)}::float8,
        ${numbers.from_high_pct}::float8, ${numbers.from_low_pct}::float8,
        ${numbers.avg_volume}::float8, ${numbers.dividend_yield}::float8,
        ${numbers.pe_ratio}::float8, ${pick([0, 0, 1, 2, 5, 100])},
        ${numbers.sentiment_7d}::float8,
        ${new Date(Date.UTC(2026, 5, 15, 18, pick([0, 15, 30])))})`.execute(db);
  }
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  await seed(testDb.db);
  repository = createScreenerRepository(testDb.db);
  dump = () => createScreenerSnapshotRepository(testDb.db).dump();
  snapshot = createScreenerSnapshot(await dump());
  walking = createScreenerSnapshot(await dump(), { sortMatchesMax: 0, block: 16 });
}, 120_000);
afterAll(() => testDb.drop());

const numberFilter = fc.record({
  field: fc.constantFrom(...NUMERIC_FIELDS),
  op: fc.constantFrom('gt', 'gte', 'lt', 'lte', 'exists'),
  value: fc.constantFrom(...NUMBER_FILTERS),
});
const newsFilter = fc.record({
  field: fc.constant('news_count_7d'),
  op: fc.constantFrom('gt', 'gte', 'lt', 'lte'),
  value: fc.constantFrom('0', '1', '2', '5', '99', '-1'),
});
const textValue = (pool: readonly (string | null)[]) =>
  fc.constantFrom(...pool.map((value) => value ?? 'NULL'));
const textFilter = fc.oneof(
  ...(
    [
      ['sector', SECTORS],
      ['industry', INDUSTRIES],
      ['exchange', EXCHANGES],
    ] as const
  ).map(([field, pool]) =>
    fc.oneof(
      fc.record({
        field: fc.constant(field),
        op: fc.constantFrom('eq', 'ne'),
        value: textValue(pool),
      }),
      fc.record({
        field: fc.constant(field),
        op: fc.constantFrom('in', 'nin'),
        value: fc
          .uniqueArray(textValue(pool), { minLength: 1, maxLength: 3 })
          .map((values) => values.join(',')),
      }),
    ),
  ),
);
const likeFilter = fc.record({
  field: fc.constantFrom('company_name', 'exchange_ticker'),
  op: fc.constantFrom('icontains', 'istartswith'),
  value: fc.constantFrom('ac', 'AC', 'acme c', '_', '%', 'kelvin', 'ø', 'ÆR', 'nyse:t1', 'T2', 'b'),
});
/** A listing's symbol, or one no listing has (a symbol is nearly one listing each). */
const symbolValue = fc.oneof(
  fc.nat({ max: LISTINGS - 1 }).map((i) => symbols[i] ?? 'NONE:XX'),
  fc.constant('NONE:XX'),
);
const symbolFilter = fc.oneof(
  fc.record({ field: fc.constant('exchange_ticker'), op: fc.constant('eq'), value: symbolValue }),
  fc.record({
    field: fc.constant('exchange_ticker'),
    op: fc.constant('in'),
    value: fc
      .uniqueArray(symbolValue, { minLength: 1, maxLength: 3 })
      .map((values) => values.join(',')),
  }),
);
const anyFilter = fc.oneof(numberFilter, newsFilter, textFilter, likeFilter, symbolFilter);
const order = fc.record({
  field: fc.constantFrom(...Object.keys(screenerQuery.spec.fields)),
  desc: fc.boolean(),
});
const screen = fc.record({
  filters: fc.array(anyFilter, { maxLength: 3 }),
  order: fc.array(order, { minLength: 1, maxLength: 2 }),
  skip: fc.constantFrom(0, 0, 3, 25, 390),
  limit: fc.constantFrom(1, 10, 100),
  within: fc.option(fc.integer({ min: 0, max: 2 ** 31 }), { nil: null }),
});

describe('the screener snapshot', () => {
  it('answers any screen with the same rows, order and count as the SQL', async () => {
    await fc.assert(
      fc.asyncProperty(screen, async ({ filters, order: orderBy, skip, limit, within }) => {
        const query: Record<string, string | string[]> = {
          order_by: orderBy.map(({ field, desc }) => `${desc ? '-' : ''}${field}`).join(','),
          skip: String(skip),
          limit: String(limit),
        };
        for (const { field, op, value } of filters) {
          const key = op === 'eq' ? field : `${field}__${op}`;
          const text = op === 'exists' ? (value.includes('0') ? '0' : '1') : value;
          const existing = query[key];
          query[key] = existing === undefined ? text : [existing, text].flat();
        }
        let ast;
        try {
          ast = screenerQuery.parse(query);
        } catch {
          return; // A screen the language refuses (a field filtered twice by one operator).
        }
        const limited =
          within === null
            ? null
            : [...symbols.filter((_, i) => (i * 7 + within) % 5 === 0), 'NONE:XX'];
        const fromMemory = snapshot.page(ast, limited);
        const [rows, total] = await Promise.all([
          repository.page(ast, limited),
          repository.count(ast, limited),
        ]);
        const nonAscii = ast.filters.some(
          (filter) => filter.op === 'icontains' && !/^[\x20-\x7e]*$/.test(filter.value),
        );
        const nonAsciiStart = ast.filters.some(
          (filter) => filter.op === 'istartswith' && !/^[\x20-\x7e]*$/.test(filter.value),
        );
        if (nonAscii || nonAsciiStart) {
          // Folded by PostgreSQL only: the caller asks the SQL.
          expect(fromMemory).toBeNull();
          return;
        }
        expect(fromMemory).not.toBeNull();
        expect(fromMemory?.total).toBe(total);
        expect(fromMemory?.rows.map((row) => row.exchange_ticker)).toEqual(
          rows.map((row) => row.exchange_ticker),
        );
        expect(fromMemory?.rows).toEqual(rows.map(({ computed_at: _at, ...row }) => row));
        const newest = Math.max(...rows.map((row) => Math.floor(row.computed_at.getTime() / 1000)));
        expect(fromMemory?.computedAt).toBe(rows.length > 0 ? newest : null);
        const walked = walking.page(ast, limited);
        expect(walked?.total).toBe(total);
        expect(walked?.rows.map((row) => row.exchange_ticker)).toEqual(
          rows.map((row) => row.exchange_ticker),
        );
      }),
      { numRuns: 400 },
    );
  }, 120_000);

  it('lists the same facets as the SQL', async () => {
    expect(snapshot.facets()).toEqual(await repository.facets());
  });
});

describe('the snapshot held by each API process', () => {
  it('is loaded at first use and again after the metrics refresh’s notice', async () => {
    const db = testDb.db;
    const hub = createNoticeHub({ db });
    const answers = createScreenerAnswers({
      hub,
      keepAnswers: false,
      loadMetrics: dump,
    });
    try {
      // Not listening yet: nothing from memory; then PostgreSQL answers until it is loaded.
      expect(answers.snapshot()).toBeNull();
      await answers.ready();
      expect(answers.snapshot()).toBeNull();
      await answers.loaded();
      const first = answers.snapshot();
      expect(first?.size).toBe(LISTINGS);
      expect(answers.snapshot()).toBe(first);
      const ast = screenerQuery.parse({ exchange_ticker: symbols[0] ?? '' });
      const price = first?.page(ast, null)?.rows[0]?.price;

      // A write without the notice is not seen; the refresh's notice makes the next use reload.
      await sql`update screener_metrics set price = 123.25 where exchange_ticker = ${symbols[0]}`.execute(
        db,
      );
      expect(answers.snapshot()?.page(ast, null)?.rows[0]?.price).toBe(price);
      await sql`select pg_notify(${SCREENER_CHANNEL}, ${METRICS_REFRESHED})`.execute(db);
      await waitFor(async () => {
        await answers.loaded();
        const next = answers.snapshot();
        return next !== null && next !== first;
      });
      expect(answers.snapshot()?.page(ast, null)?.rows[0]?.price).toBe(123.25);
    } finally {
      await answers.close();
      await hub.close();
    }
  });
});

describe('an API process with SCREENER_SNAPSHOT on', () => {
  it('answers screens and facets from its snapshot as it answered them from PostgreSQL', async () => {
    const second = await buildSecondApp(testDb.url, { env: { SCREENER_SNAPSHOT: 'on' } });
    try {
      const ask = async (url: string) => {
        const res = await second.app.inject({ method: 'GET', url });
        expect(res.statusCode, res.body).toBe(200);
        // Pages are written from each row's kept JSON: exactly the bytes JSON.stringify writes.
        expect(res.body).toBe(JSON.stringify(res.json()));
        return res.json<unknown>();
      };
      const screens = [
        '/api/screener/query?sector__in=Energy,NULL&order_by=-price&limit=100',
        '/api/screener/query?company_name__icontains=acme&pe_ratio__exists=1&order_by=company_name&skip=2',
        '/api/screener/query?news_count_7d__gte=1&order_by=-sentiment_7d,exchange&limit=50',
      ];
      // Before its snapshot is loaded, the process reads PostgreSQL.
      const fromSql = await Promise.all(screens.map(ask));
      const facetsFromSql = await ask('/api/screener/facets');
      expect(second.services.screener.cacheStats()?.snapshot).toBeNull();
      await waitFor(async () => {
        await ask(screens[0] ?? '');
        return second.services.screener.cacheStats()?.snapshot === LISTINGS;
      });
      const before = second.services.screener.cacheStats()?.served;
      expect(before?.sql).toBeGreaterThanOrEqual(screens.length);
      expect(await Promise.all(screens.map(ask))).toEqual(fromSql);
      expect(await ask('/api/screener/facets')).toEqual(facetsFromSql);
      // Every screen asked once loaded was answered from memory, none read PostgreSQL.
      expect(second.services.screener.cacheStats()?.served).toEqual({
        snapshot: (before?.snapshot ?? 0) + screens.length,
        sql: before?.sql,
      });
      const nonAscii = '/api/screener/query?company_name__icontains=%C3%B8';
      await ask(nonAscii);
      expect(second.services.screener.cacheStats()?.served.sql).toBe((before?.sql ?? 0) + 1);
    } finally {
      await second.close();
    }
  });
});
