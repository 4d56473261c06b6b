import type { newsArticleSchema } from '@app/shared/api/news';
import { newsResponseSchema } from '@app/shared/api/news';
import { currentUserResponseSchema } from '@app/shared/api/users';
import autocannon from 'autocannon';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { compileResponseSerializer } from '../packages/server/src/http/serializer.ts';
import { load, printTable, startBenchStack, type LoadResult } from './lib/harness.ts';

const USER = {
  id: '7d3f5c1e-8a44-4c1e-9a55-0c1f1b2d3e4f',
  username: 'reader42',
  email: 'reader42@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  company: 'Analytical Engines',
  address: '12 St James’s Square',
  city: 'London',
  country: 'GB',
  postal_code: 'SW1Y 4JH',
  about_me: 'Long-term investor; dividends and index funds.',
  share_referral_code: 'ADA42',
  my_telegram_chat_id: '',
  my_debug_interface: false,
  my_dev_interface: false,
  my_clickbait: false,
  my_email_summary: true,
  my_email_alerts_daily: false,
  my_instant_alerts: true,
  my_email_replies: true,
  is_admin: false,
  is_email_validated: true,
  is_valid: true,
  validation_status: 'approved',
  subscription: 'tier1_monthly',
  subscription_status: 'active',
  creation_date: 1_763_000_000,
  last_access_date: 1_764_000_000,
  last_email_date: null,
  // A row carries more than the API shows; the serializer must leave it out.
  password_hash: '$argon2id$v=19$m=19456,t=2,p=1$…',
};

const sentence = (i: number) =>
  `Company ${String(i)} raised its full-year guidance after record quarterly revenue, citing cloud demand and margins.`;

/** A complete article as the feed shows it (AI object, tickers, NER), about 2.5 KB of JSON. */
function article(i: number): z.input<typeof newsArticleSchema> {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    title: `Acme Corp ${String(i)} beats estimates and lifts outlook`,
    source_title: `Acme Corp ${String(i)} beats estimates`,
    no_bullshit: 'Acme made more money than expected and expects more.',
    link: `https://news.example.com/acme-${String(i)}`,
    publisher: 'Example Wire',
    creation_date: 1_764_000_000 - i * 60,
    summary: sentence(i),
    ai_summary: `${sentence(i)} ${sentence(i + 1)}`,
    articles: [],
    sentiment_score: [7],
    interest_score: 6,
    related_exchange_tickers: ['NASDAQ:ACME', 'NYSE:WIDG'],
    NER: [
      { name: 'Acme Corp', tickers: ['NASDAQ:ACME'] },
      { name: 'Widget Inc', tickers: ['NYSE:WIDG'] },
    ],
    named_exchange_tickers: { 'NASDAQ:ACME': 'Acme Corp', 'NYSE:WIDG': 'Widget Inc' },
    no_comments: 3,
    is_blocked: false,
    experiment: null,
    AI: {
      title: `Acme ${String(i)} lifts its outlook`,
      title_clickbait: 'You will not believe what Acme just did',
      summary: sentence(i),
      paragraph: `${sentence(i)} ${sentence(i + 2)} ${sentence(i + 3)}`,
      classification: 'Company Results',
      sentiment: 'positive',
      sentiment_score: 7,
      interest_score: 6,
      article_icon: 'chart-up',
      gif_keywords: ['money', 'celebration'],
      defcon_level: 3,
      defcon_outcome: 'positive',
      no_bullshit: 'Acme made more money than expected.',
      sources: [
        { index: 0, text: sentence(i) },
        { index: 2, text: sentence(i + 2) },
      ],
      provider: 'offline',
    },
    story_id: null,
  };
}

/** Like `load`, for a revalidation: a 304 is the expected answer, anything else an error. */
async function loadRevalidation(
  name: string,
  url: string,
  etag: string,
  seconds: number,
): Promise<LoadResult> {
  const request = { url, connections: 32, headers: { 'if-none-match': etag } };
  await autocannon({ ...request, duration: 2 });
  const result = await autocannon({ ...request, duration: seconds });
  const notModified = result['3xx'];
  const errors = result.errors + result.timeouts + (result.requests.total - notModified);
  return { name, url, rps: result.requests.average, p99: result.latency.p99, errors };
}

/** Calls per second of `write(data)` over about `ms` milliseconds. */
function perSecond(write: (data: unknown) => string, data: unknown, ms = 1_500): number {
  for (let i = 0; i < 200; i += 1) write(data);
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < 100; i += 1) write(data);
    calls += 100;
    elapsed = performance.now() - start;
  }
  return (calls / elapsed) * 1_000;
}

/** The compiled serializer against zod's (encode, then JSON.stringify), one core. */
function serializerBench() {
  const cases: [string, z.ZodType, unknown][] = [
    ['/user/get/me answer', currentUserResponseSchema, { status: 'success', current_user: USER }],
    [
      'feed answer, 20 articles',
      newsResponseSchema,
      { status: 'success', news: Array.from({ length: 20 }, (_, i) => article(i)) },
    ],
  ];
  console.log('\nbench/http serializer (one core, calls/s; zod = encode + JSON.stringify)');
  console.log(
    `${'answer'.padEnd(28)}${'bytes'.padStart(8)}${'zod'.padStart(10)}${'compiled'.padStart(10)}${'×'.padStart(7)}`,
  );
  for (const [name, schema, data] of cases) {
    const compiled = compileResponseSerializer(schema);
    if (!('stringify' in compiled)) throw new Error(`${name}: ${compiled.reason}`);
    const zod = zodSerializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' });
    const bytes = compiled.stringify(data).length;
    if (
      JSON.stringify(JSON.parse(zod(data))) !== JSON.stringify(JSON.parse(compiled.stringify(data)))
    ) {
      throw new Error(`${name}: the compiled serializer writes something else than zod`);
    }
    const slow = perSecond(zod, data);
    const fast = perSecond(compiled.stringify, data);
    console.log(
      name.padEnd(28) +
        String(bytes).padStart(8) +
        Math.round(slow).toString().padStart(10) +
        Math.round(fast).toString().padStart(10) +
        (fast / slow).toFixed(1).padStart(7),
    );
  }
}

/**
 * bench/http: the serializer alone; then our /api/health against a bare Fastify route, and a
 * large public JSON answer (100 companies) as asked plainly, revalidated (If-None-Match → 304)
 * and compressed (brotli, gzip), measured in the same run.
 */
export async function runHttpBench(options: { seconds: number }) {
  serializerBench();
  const stack = await startBenchStack();
  try {
    const { seconds } = options;
    const bare = await load('reference: bare route', `${stack.reference}/bare`, { seconds });
    const select = await load('reference: indexed SELECT', `${stack.reference}/select`, {
      seconds,
    });
    const health = await load('GET /api/health (SELECT 1)', `${stack.api}/health`, { seconds });
    const companies = `${stack.api}/company/query?limit=100`;
    const first = await fetch(companies);
    const etag = first.headers.get('etag');
    const size = (await first.arrayBuffer()).byteLength;
    const plain = await load(`companies (100, ${String(Math.round(size / 1024))} KiB)`, companies, {
      seconds,
    });
    const revalidated = etag
      ? await loadRevalidation('companies, If-None-Match (304)', companies, etag, seconds)
      : await load('companies, If-None-Match (no ETag)', companies, { seconds });
    const brotli = await load('companies, Accept-Encoding: br', companies, {
      seconds,
      headers: { 'accept-encoding': 'br' },
    });
    const gzip = await load('companies, Accept-Encoding: gzip', companies, {
      seconds,
      headers: { 'accept-encoding': 'gzip' },
    });
    printTable(
      `bench/http (${String(seconds)} s per route, 32 connections; ratio to the bare route)`,
      [bare, select, health, plain, revalidated, brotli, gzip],
      bare,
    );
  } finally {
    await stack.stop();
  }
}
