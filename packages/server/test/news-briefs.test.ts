import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCompanies } from '../src/modules/companies/demo-companies.ts';
import { ingestNewsJob } from '../src/modules/news/news.jobs.ts';
import { createMarketServices } from '../src/modules/quotes/market-services.ts';
import { createDemoMarketDataProvider } from '../src/providers/market-data/demo/demo-market-data-provider.ts';
import { createMarketBriefSource } from '../src/providers/news/market-briefs/market-brief-source.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { jobDeps } from './helpers/job-deps.ts';
import { createBriefMarketRepository } from '../src/modules/quotes/brief-market.repository.ts';

const log = pino({ level: 'silent' });
// Saturday: the quotes are Friday 2026-11-20's closes.
const saturday = new Date('2026-11-21T15:00:00Z');
const fridayClose = new Date('2026-11-20T21:00:00Z');
const provider = createDemoMarketDataProvider({ now: () => saturday });
const PUBLIC_URL = 'https://stockpulse.example';

/** Listings whose history the briefs' 52-week and volume figures come from. */
const WITH_HISTORY = ['NASDAQ:AAPL', 'NASDAQ:NVDA', 'NYSE:XOM', 'NYSE:JPM', 'NASDAQ:MSFT'];

const newsJobDeps = (database: TestDatabase) =>
  jobDeps(
    database.db,
    { PUBLIC_URL, NEWS_FULL_TEXT: 'false' },
    { marketData: provider, clock: { now: () => saturday } },
  );

describe('market briefs from the demo prices', () => {
  let database: TestDatabase;
  const briefs = () =>
    createMarketBriefSource({
      readMarket: createBriefMarketRepository(database.db).read,
      publicUrl: PUBLIC_URL,
      now: () => saturday,
    });
  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureDemoCompanies(database.db);
  });
  afterAll(() => database.drop());

  it('writes nothing before the first quote refresh, nor while only a few companies are quoted', async () => {
    expect(await briefs().fetch()).toEqual([]);
    const market = createMarketServices({
      db: database.db,
      provider,
      log,
      jobs: { enqueue: () => Promise.resolve(null) },
      clock: { now: () => saturday },
    });
    const symbols = await market.quotes.allSymbols();
    await market.quotes.refresh(symbols.slice(0, 50), { backfill: false });
    expect(await briefs().fetch()).toEqual([]);
  });

  it('writes the movers, sector moves and breakouts from the stored quotes and bars', async () => {
    const market = createMarketServices({
      db: database.db,
      provider,
      log,
      jobs: { enqueue: () => Promise.resolve(null) },
      clock: { now: () => saturday },
    });
    for (const symbol of WITH_HISTORY) await market.history.ensureLoaded(symbol);
    await market.quotes.refresh(await market.quotes.allSymbols(), { backfill: false });
    // Make two breakouts certain: Apple above its year's high, Exxon at five times its volume.
    await database.db
      .updateTable('quote_snapshots')
      .set({ day_high: 10_000 })
      .where('exchange_ticker', '=', 'NASDAQ:AAPL')
      .execute();
    await sql`
      update price_series set volume[cardinality(volume)] = (
        select (avg(v) * 5)::bigint from price_series p, unnest(p.volume) v
        where p.exchange_ticker = 'NYSE:XOM' and p.month >= '2026-08-01')
      where exchange_ticker = 'NYSE:XOM' and month = '2026-11-01'`.execute(database.db);

    const items = await briefs().fetch();
    const guids = items.map((item) => item.guid);
    expect(guids).toEqual(
      expect.arrayContaining([
        'market-brief:gainers:2026-11-20',
        'market-brief:losers:2026-11-20',
        'market-brief:sectors:2026-11-20',
        'market-brief:52-week:2026-11-20',
        'market-brief:unusual-volume:NYSE:XOM:2026-11-20',
      ]),
    );
    for (const item of items) {
      expect(item.publisher).toBe('Market Brief');
      expect(item.publishedAt).toEqual(fridayClose);
      expect(item.link.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    }
    expect(new Set(items.map((item) => item.link)).size).toBe(items.length);

    // The gainers' headline names the day's best performer with its change.
    const { rows } = await sql<{ company_name: string; change_pct: number; price: number }>`
      select c.company_name, q.change_pct, q.price from quote_snapshots q
      join securities s using (exchange_ticker) join companies c on c.id = s.company_id
      order by q.change_pct desc limit 1`.execute(database.db);
    const best = rows[0];
    if (!best) throw new Error('no quotes');
    const gainers = items.find((item) => item.guid.includes(':gainers:'));
    expect(gainers?.title).toContain(
      `${best.change_pct >= 10 ? best.change_pct.toFixed(0) : best.change_pct.toFixed(1)}%`,
    );
    expect(gainers?.description).toContain(
      `$${best.price.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    );

    expect(items.find((item) => item.guid.includes(':52-week:'))?.content).toContain(
      'Apple (NASDAQ:AAPL) traded as high as $10,000.00',
    );
    const volume = items.find((item) => item.guid.includes(':unusual-volume:'));
    expect(volume?.title).toMatch(
      /^Exxon Mobil trades \d\.\d times its usual volume as shares (rise|fall)/,
    );
    expect(volume?.link).toBe(`${PUBLIC_URL}/ticker/NYSE:XOM?brief=unusual-volume-2026-11-20`);
  });

  it('stores each brief once a trading day, linked to the companies it names', async () => {
    await ingestNewsJob.handler({}, newsJobDeps(database));
    const stored = await database.db
      .selectFrom('news')
      .selectAll()
      .where('source', '=', 'market-brief')
      .execute();
    expect(stored.length).toBeGreaterThanOrEqual(5);
    const volume = stored.find((row) => row.guid.includes(':unusual-volume:'));
    expect(volume?.related_exchange_tickers).toContain('NYSE:XOM');
    expect(volume?.articles[0]).toMatch(/50-day average/);
    expect(volume?.status).toBe('WAITING_INDEX');

    await ingestNewsJob.handler({}, newsJobDeps(database));
    const again = await database.db
      .selectFrom('news')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('source', '=', 'market-brief')
      .executeTakeFirstOrThrow();
    expect(Number(again.n)).toBe(stored.length);
  });
});
