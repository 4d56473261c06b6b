import { sql } from 'kysely';
import { createDatabase, type Database } from '../packages/server/src/db/database.ts';
import { loadDemoCompanies } from '../packages/server/src/demo/companies.ts';
import type { AssistantContext } from '../packages/server/src/providers/ai/assistant/assistant-provider.ts';
import {
  buildDemoData,
  demoContext,
  type Article,
} from '../packages/server/src/providers/ai/assistant/offline/eval/demo-context.ts';
import {
  DEMO_PORTFOLIO,
  EVAL_NOW,
  readQuestions,
  type EvalQuestion,
} from '../packages/server/src/providers/ai/assistant/offline/eval/evaluate.ts';
import { answerOffline } from '../packages/server/src/providers/ai/assistant/offline/offline-assistant.ts';
import { PROMPT_LIST_FIELDS } from '@app/shared/api/prompts';
import {
  BENCH_PLANS,
  createBenchUsers,
  type BenchPlan,
  type BenchUser,
} from './lib/bench-users.ts';
import { startFakeLlm } from './lib/fake-llm.ts';
import {
  answers,
  freePort,
  load,
  printTable,
  startBenchStack,
  startProcess,
} from './lib/harness.ts';

/** Prompts queued at once through the real queue. */
const QUEUED = 1_000;
/** Users they come from (each plan a quarter): two prompts each, under the open-prompt limit of 3. */
const QUEUE_USERS = 500;
/** Prompts answered by the openai assistant against the fake LLM, read through the stream. */
const STREAMED = 30;
/** The fake LLM: tokens per answer and the fixed delay before each. */
const LLM_TOKENS = 100;
const LLM_TOKEN_DELAY_MS = 10;
/** The prompts table of the read routes. */
const READ_PROMPTS = 100_000;
const READ_USERS = 5_000;
/** The product's default AI_CONCURRENCY (config.ts). */
const DEFAULT_AI_CONCURRENCY = 2;

const PLAN_LABEL: Record<BenchPlan, string> = {
  tier3_monthly: 'tier3',
  tier2_monthly: 'tier2',
  tier1_monthly: 'tier1',
  free: 'free',
};
const PLAN_OF_PRIORITY: Record<number, BenchPlan> = {
  3: 'tier3_monthly',
  2: 'tier2_monthly',
  1: 'tier1_monthly',
  0: 'free',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const mean = (values: readonly number[]) =>
  values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Runs `task` over `items` with at most `limit` at a time. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const run = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, run));
  return results;
}

/** The 20 companies of the offline measure: the demo portfolio and ten more of the universe. */
function twentySymbols(): string[] {
  const symbols = [...DEMO_PORTFOLIO];
  for (const company of loadDemoCompanies()) {
    if (symbols.length >= 20) break;
    if (!symbols.includes(company.symbol)) symbols.push(company.symbol);
  }
  return symbols;
}

/**
 * The demo newsroom writes one to three stories a month about most companies: each company's
 * news is filled up to ten with the other stories, retold about it (its name, its listing, a new
 * id and an older date), so every company carries the ten articles the product hands over.
 */
function withTenNews(context: AssistantContext, pool: readonly Article[]): AssistantContext {
  const names = new Map(loadDemoCompanies().map((c) => [c.symbol, c.name]));
  let next = 0;
  const companies = context.companies.map((company) => {
    const news = [...company.news];
    while (news.length < 10 && pool.length > 0) {
      const source = pool[next % pool.length] as Article;
      next += 1;
      const sourceName = names.get(source.tickers[0] ?? '') ?? '';
      const retell = (text: string) =>
        sourceName ? text.split(sourceName).join(company.company_name) : text;
      const { text: _text, ...fact } = source;
      news.push({
        ...fact,
        id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
        title: retell(source.title),
        summary: retell(source.summary),
        tickers: [company.exchange_ticker],
        date: new Date(context.now.getTime() - (news.length + 1) * 2 * 86_400_000),
      });
    }
    return { ...company, news };
  });
  return { ...context, companies };
}

/** 1. The offline analyst on one core over a 20-company context (pure CPU, no database). */
function offlineThroughput(seconds: number) {
  const symbols = twentySymbols();
  const data = buildDemoData(EVAL_NOW, symbols);
  const context = withTenNews(demoContext(data, 'PORTFOLIO', symbols), [...data.articles.values()]);
  const newsCount = context.companies.reduce((sum, c) => sum + c.news.length, 0);
  const articleOf = (ticker: string): Article | null =>
    [...data.articles.values()].find((a) => a.tickers.includes(ticker)) ?? null;
  const questions = readQuestions();
  const requestOf = (question: EvalQuestion, i: number) => {
    const article = question.article ? articleOf(question.article.ticker) : null;
    const ctx: AssistantContext = { ...context, article };
    return {
      type: question.type,
      question: question.question,
      persona: { name: question.persona, system: '' },
      history: question.history ?? [],
      context: ctx,
      useMarkdown: i % 2 === 1,
      maxTokens: 1_000,
    };
  };
  const requests = questions.map(requestOf);
  for (const request of requests) answerOffline(request); // warm-up (JIT)
  const times: number[] = [];
  const started = performance.now();
  let chars = 0;
  for (let i = 0; performance.now() - started < Math.min(seconds, 5) * 1000; i += 1) {
    const request = requests[i % requests.length];
    if (!request) break;
    const t = performance.now();
    chars += answerOffline(request).text.length;
    times.push(performance.now() - t);
  }
  const elapsed = (performance.now() - started) / 1000;
  console.log(
    `\nbench/ai 1. offline assistant, one core: ${context.companies.length} companies × ${(newsCount / context.companies.length).toFixed(1)} news, ${questions.length} questions of the evaluation set in turn`,
  );
  console.log(
    `  ${Math.round(times.length / elapsed).toLocaleString('en-US')} answers/s (${times.length.toLocaleString('en-US')} in ${elapsed.toFixed(1)} s, mean ${Math.round(chars / times.length)} characters); per answer p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}, max ${ms(Math.max(...times))}`,
  );
}

/** Records every prompt's first finish, in order, with the database's clock. */
async function installFinishLog(db: Database) {
  await sql`create table bench_finished (seq bigserial primary key, id uuid not null,
    priority int not null, status text not null, at timestamptz not null default clock_timestamp())`.execute(
    db,
  );
  await sql`create function bench_on_finish() returns trigger language plpgsql as $$
    begin
      if old.status = 'INDEX' and new.status <> 'INDEX' then
        insert into bench_finished (id, priority, status) values (new.id, new.priority, new.status);
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger bench_finish after update of status on prompts
    for each row execute function bench_on_finish()`.execute(db);
}

/** Waits until the worker's own jobs (quotes, news, analyses) are done, so they are warm. */
async function settleBackgroundJobs(db: Database, since: Date, limitMs: number) {
  const started = performance.now();
  let quiet = 0;
  while (performance.now() - started < limitMs) {
    const { rows } = await sql<{ seen: string; pending: string }>`
      select count(*) filter (where created_on >= ${since}) as seen,
        count(*) filter (where state in ('created', 'retry', 'active') and start_after <= now()
          and name not in ('prompts.answer', 'market.backfill-history')
          and name not like '\_\_pgboss%') as pending
      from pgboss.job`.execute(db);
    const row = rows[0];
    quiet = row && Number(row.seen) > 0 && Number(row.pending) === 0 ? quiet + 1 : 0;
    if (quiet >= 3) return (performance.now() - started) / 1000;
    await sleep(500);
  }
  return (performance.now() - started) / 1000;
}

type CreateBody = {
  prompt: string;
  selection: string[];
  type: 'PORTFOLIO' | 'CHAT';
  system_name?: string;
  use_markdown?: boolean;
};

/** A prompt as the pages send it: the portfolio editor or the chat, from the evaluation set. */
function promptBody(questions: readonly EvalQuestion[], k: number): CreateBody {
  const question = questions[k % questions.length];
  if (!question) throw new Error('no question');
  const selection = question.selection === 'PORTFOLIO' ? ['PORTFOLIO'] : question.selection;
  return question.type === 'CHAT'
    ? { prompt: question.question, selection, type: 'CHAT', system_name: question.persona }
    : { prompt: question.question, selection, type: 'PORTFOLIO', use_markdown: k % 2 === 0 };
}

async function createPrompt(api: string, user: BenchUser, body: CreateBody) {
  const response = await fetch(`${api}/prompts/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { id?: string; error_msg?: string };
  if (!response.ok || !json.id) {
    throw new Error(`create: HTTP ${response.status} ${json.error_msg ?? ''}`);
  }
  return json.id;
}

/** The watchlist PORTFOLIO prompts read: the ten demo portfolio companies. */
async function giveWatchlists(db: Database, users: readonly BenchUser[]) {
  await sql`insert into watchlists (user_id, name, exchange_tickers)
    select id, 'default', ${DEMO_PORTFOLIO}::text[] from unnest(${users.map((u) => u.id)}::uuid[]) as id`.execute(
    db,
  );
}

/** 2a. 1,000 prompts queued at once, then drained by one worker process at the default concurrency. */
async function queueDrain(
  db: Database,
  api: string,
  databaseUrl: string,
  questions: readonly EvalQuestion[],
  seconds: number,
) {
  const users = await createBenchUsers(db, {
    prefix: 'queue',
    count: QUEUE_USERS,
    plan: (i) => BENCH_PLANS[i % 4] ?? 'free',
  });
  await giveWatchlists(db, users);
  await installFinishLog(db);
  // Plans interleaved in creation order, so first-come-first-served alone cannot give the order.
  const jobs = Array.from({ length: QUEUED }, (_, k) => k);
  const createStarted = performance.now();
  const ids = await mapLimit(jobs, 8, (k) =>
    createPrompt(api, users[k % QUEUE_USERS] as BenchUser, promptBody(questions, k)),
  );
  const createSeconds = (performance.now() - createStarted) / 1000;
  console.log(
    `\nbench/ai 2. ${ids.length.toLocaleString('en-US')} prompts of ${QUEUE_USERS} users (a quarter on each plan) created through POST /api/prompts/create in ${createSeconds.toFixed(1)} s (${Math.round(ids.length / createSeconds)}/s, 8 clients), no worker running`,
  );

  // The default concurrency for a fixed window: its rate, and what 1,000 would take at it.
  const windowSeconds = Math.max(15, 3 * seconds);
  const standard = await drainWith(
    db,
    databaseUrl,
    DEFAULT_AI_CONCURRENCY,
    ids.length,
    windowSeconds,
  );
  console.log(
    `  offline assistant, AI_CONCURRENCY=${DEFAULT_AI_CONCURRENCY} (default), one worker process, ${windowSeconds} s: ${standard.answered} answered (${standard.failed} failed), ` +
      `${standard.rate.toFixed(1)} answers/s from first to last answer → ${Math.round(ids.length / standard.rate)} s for ${ids.length.toLocaleString('en-US')}`,
  );
  console.log(`    the worker's own jobs meanwhile: ${standard.background}`);
  // The rest at the highest concurrency the configuration allows, to see the whole line drain.
  const wide = await drainWith(db, databaseUrl, 64, ids.length, 180);
  console.log(
    `  the other ${(ids.length - standard.answered).toLocaleString('en-US')} at AI_CONCURRENCY=64 (the maximum): drained in ${wide.seconds.toFixed(1)} s from the worker's spawn (${wide.failed} failed), ` +
      `${wide.rate.toFixed(1)} answers/s from first to last answer; ${wide.left} left`,
  );
  console.log(`    the worker's own jobs meanwhile: ${wide.background}`);
  const { rows: finished } = await sql<{ priority: number }>`
    select priority from bench_finished order by seq`.execute(db);
  // Finishing order per plan: rank 1 = first answer.
  const ranks = new Map<BenchPlan, number[]>();
  finished.forEach((row, index) => {
    const plan = PLAN_OF_PRIORITY[row.priority] ?? 'free';
    ranks.set(plan, [...(ranks.get(plan) ?? []), index + 1]);
  });
  console.log('  finishing order when all are queued at once (rank 1 = first answered):');
  console.log(
    '  plan'.padEnd(10) +
      'prompts'.padStart(9) +
      'mean'.padStart(9) +
      'best'.padStart(7) +
      'worst'.padStart(7),
  );
  const order: BenchPlan[] = ['tier3_monthly', 'tier2_monthly', 'tier1_monthly', 'free'];
  const stats = order.map((plan) => {
    const values = ranks.get(plan) ?? [];
    return {
      plan,
      count: values.length,
      mean: mean(values),
      best: Math.min(...values),
      worst: Math.max(...values),
    };
  });
  for (const s of stats) {
    console.log(
      `  ${PLAN_LABEL[s.plan]}`.padEnd(10) +
        String(s.count).padStart(9) +
        s.mean.toFixed(1).padStart(9) +
        (s.count ? String(s.best) : '-').padStart(7) +
        (s.count ? String(s.worst) : '-').padStart(7),
    );
  }
  let pass = finished.length === ids.length;
  for (let i = 1; i < stats.length; i += 1) {
    const higher = stats[i - 1];
    const lower = stats[i];
    if (!higher || !lower) continue;
    // Means in plan order, and no higher-plan prompt finishing after the lower plan's mean.
    if (!(higher.mean < lower.mean && higher.worst < lower.mean)) pass = false;
  }
  const inversions = stats.slice(1).reduce((sum, lower, i) => {
    const higher = stats[i];
    return sum + (ranks.get(lower.plan) ?? []).filter((r) => r < (higher?.worst ?? 0)).length;
  }, 0);
  console.log(
    `  ${pass ? 'PASS' : 'FAIL'}: tier3 before tier2 before tier1 before free under load (mean and worst rank); ${inversions} prompts finished before the last one of the plan above (jobs already running when a higher one was taken)`,
  );
}

/**
 * Starts a worker process at `concurrency`, waits until `total` prompts have finished or
 * `limitSeconds` have passed, then stops it (letting the answers under way finish).
 */
async function drainWith(
  db: Database,
  databaseUrl: string,
  concurrency: number,
  total: number,
  limitSeconds: number,
) {
  const count = async () => {
    const { rows } = await sql<{ n: string }>`select count(*) as n from bench_finished`.execute(db);
    return Number(rows[0]?.n ?? 0);
  };
  const before = await count();
  const spawned = new Date();
  const spawnedAt = performance.now();
  const worker = await startProcess(
    ['packages/server/src/main.ts', '--role=worker'],
    {
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      AI_PROVIDER: 'offline',
      AI_CONCURRENCY: String(concurrency),
    },
    () => Promise.resolve(true),
  );
  let done = before;
  try {
    const deadline = performance.now() + limitSeconds * 1000;
    while (done < total && performance.now() < deadline) {
      await sleep(200);
      done = await count();
    }
  } finally {
    await worker.stop();
  }
  const seconds = (performance.now() - spawnedAt) / 1000;
  const { rows } = await sql<{ n: string; failed: string; first: Date | null; last: Date | null }>`
    select count(*) as n, count(*) filter (where status <> 'PROCESSED') as failed,
      min(at) as first, max(at) as last
    from bench_finished where seq > ${before}`.execute(db);
  const row = rows[0];
  const answered = Number(row?.n ?? 0);
  const span = ((row?.last?.getTime() ?? 0) - (row?.first?.getTime() ?? 0)) / 1000;
  const { rows: background } = await sql<{ name: string; n: string; busy: number }>`
    select name, count(*) as n,
      coalesce(sum(extract(epoch from (coalesce(completed_on, now()) - started_on))), 0)::float8 as busy
    from pgboss.job
    where name <> 'prompts.answer' and name not like '\_\_pgboss%' and started_on >= ${spawned}
    group by name order by name`.execute(db);
  return {
    answered,
    failed: Number(row?.failed ?? 0),
    rate: answered > 1 && span > 0 ? (answered - 1) / span : 0,
    seconds,
    left: total - (await count()),
    background:
      background.map((b) => `${b.name} ×${b.n} (${b.busy.toFixed(1)} s)`).join(', ') || 'none',
  };
}

type StreamTiming = { firstToken: number; full: number; opened: number; provider: string };

/** Opens `/prompts/stream/{id}` and times the first `text` event and `done` from `t0`. */
async function readStream(
  api: string,
  user: BenchUser,
  id: string,
  t0: number,
): Promise<StreamTiming> {
  const response = await fetch(`${api}/prompts/stream/${id}`, {
    headers: { authorization: `Bearer ${user.token}`, accept: 'text/event-stream' },
  });
  const opened = performance.now() - t0;
  if (!response.ok || !response.body) throw new Error(`stream: HTTP ${response.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  let firstToken = Number.NaN;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      const event = /^event: (\w+)/m.exec(frame)?.[1];
      if (event === 'text' && Number.isNaN(firstToken)) firstToken = performance.now() - t0;
      if (event === 'done' || event === 'error') {
        const full = performance.now() - t0;
        const data = JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? '{}') as {
          prompt?: { provider?: string | null };
          error_msg?: string;
        };
        if (event === 'error') throw new Error(`stream error: ${data.error_msg ?? ''}`);
        return { firstToken, full, opened, provider: data.prompt?.provider ?? '' };
      }
    }
  }
  throw new Error('the stream ended without done');
}

/** 2b. AI_PROVIDER=openai against the fake LLM: first token and full answer seen by the client. */
async function openAiStreaming(db: Database, databaseUrl: string, questions: EvalQuestion[]) {
  const llm = await startFakeLlm({ tokens: LLM_TOKENS, tokenDelayMs: LLM_TOKEN_DELAY_MS });
  const port = await freePort();
  const server = await startProcess(
    ['packages/server/src/main.ts', '--role=all'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'error',
      RATE_LIMIT_SCALE: '10000',
      AI_PROVIDER: 'openai',
      OPENAI_BASE_URL: llm.url,
      OPENAI_API_KEY: 'sk-bench',
      OPENAI_MODEL: 'bench-model',
    },
    answers(`http://127.0.0.1:${port}/api/health`),
  );
  const api = `http://127.0.0.1:${port}/api`;
  try {
    const settled = await settleBackgroundJobs(db, new Date(Date.now() - 5_000), 60_000);
    const users = await createBenchUsers(db, {
      prefix: 'stream',
      count: STREAMED,
      plan: (i) => BENCH_PLANS[i % 4] ?? 'free',
    });
    await giveWatchlists(db, users);
    const chat = questions.filter((q) => q.type === 'CHAT');
    // As many clients as the worker answers at once: each asks, opens the stream, waits for done.
    const timings = await mapLimit(users, DEFAULT_AI_CONCURRENCY, async (user, k) => {
      const t0 = performance.now();
      const id = await createPrompt(api, user, promptBody(chat, k));
      return readStream(api, user, id, t0);
    });
    const viaModel = timings.filter((t) => t.provider.startsWith('openai')).length;
    const first = timings.map((t) => t.firstToken).filter((t) => !Number.isNaN(t));
    const full = timings.map((t) => t.full);
    const modelFirst = LLM_TOKEN_DELAY_MS;
    const modelFull = LLM_TOKENS * LLM_TOKEN_DELAY_MS;
    console.log(
      `\nbench/ai 2. AI_PROVIDER=openai, fake LLM streaming ${LLM_TOKENS} tokens at ${LLM_TOKEN_DELAY_MS} ms each (model alone: first token ${modelFirst} ms, whole answer ${modelFull} ms); ` +
        `${STREAMED} chat prompts, ${DEFAULT_AI_CONCURRENCY} clients (= AI_CONCURRENCY), API and worker in one process (npm start), background jobs settled in ${settled.toFixed(1)} s`,
    );
    console.log(
      `  from POST /prompts/create to, on /prompts/stream/{id}: first text event p50 ${ms(percentile(first, 50))}, p99 ${ms(percentile(first, 99))}; done p50 ${ms(percentile(full, 50))}, p99 ${ms(percentile(full, 99))}; stream open p50 ${ms(
        percentile(
          timings.map((t) => t.opened),
          50,
        ),
      )}`,
    );
    console.log(
      `  answered by the model: ${viaModel}/${timings.length}; ${first.length}/${timings.length} streams carried text before done; our overhead over the model: first token p50 ${ms(percentile(first, 50) - modelFirst)}, whole answer p50 ${ms(percentile(full, 50) - modelFull)}`,
    );
  } finally {
    await server.stop();
    await llm.close();
  }
}

/** 3. The prompts table at size: 100,000 prompts of 5,000 users, answered, with citations. */
export async function loadReadPrompts(db: Database) {
  const users = await createBenchUsers(db, {
    prefix: 'reader',
    count: READ_USERS,
    plan: (i) => BENCH_PLANS[i % 4] ?? 'free',
  });
  const [admin] = await createBenchUsers(db, {
    prefix: 'benchadmin',
    count: 1,
    plan: () => 'free',
    admin: true,
  });
  const started = performance.now();
  const symbols = DEMO_PORTFOLIO;
  // ~1,500 characters of answer, 6 citations, the raw chat of 3 turns; 1 % waiting, 1 % failed,
  // 2 % removed; 35 % editor prompts (5 % of them e-mail summaries), 65 % chat; 90 days of them.
  await sql`
    with u as (
      select id, row_number() over (order by username) as n,
        case when subscription = '' then 0 when subscription = 'tier1_monthly' then 1
             when subscription = 'tier2_monthly' then 2 else 3 end as priority
      from users where username like 'reader%'
    ), s as (
      -- n: the user, k: the user's k-th prompt (0 … 19).
      select i, ((i - 1) % ${READ_USERS}) + 1 as n, (i - 1) / ${READ_USERS} as k
      from generate_series(1, ${READ_PROMPTS}) as i
    ), g as (
      select i, n,
        case when k % 20 < 6 then 'PORTFOLIO' when k % 20 = 6 then 'email_prompt' else 'CHAT' end as type,
        case when (n + k * 7) % 100 = 0 then 'INDEX' when (n + k * 7) % 100 = 1 then 'FAILED'
          else 'PROCESSED' end as status,
        (n * 3 + k) % 50 = 7 as removed
      from s
    ), t as (
      select g.*, u.id as user_id, u.priority,
        (array['How is my portfolio doing this week?', 'What moved NVDA today and why?',
          'Compare Apple and Microsoft on growth and valuation.', 'What are the main risks in my portfolio?',
          'What should I watch next week?', 'Explain free cash flow yield.',
          'What is the latest news on Exxon Mobil?'])[1 + g.i % 7] || ' (' || g.i || ')' as prompt,
        repeat('Apple (NASDAQ:AAPL) closed at $229.10, up 1.2% on the day [1], after a report that services revenue grew 14% [2]. ' ||
          'Microsoft slipped 0.4% [3] while the analysis keeps a positive view on cloud margins [4]. ' ||
          'Energy was the weakest sector: Exxon Mobil fell 2.1% with crude [5]. Watch the next earnings dates [6]. ', 5)
          || E'\n\nFor information only, not financial advice.' as answer
      from g join u on u.n = g.n
    )
    insert into prompts (user_id, title, prompt, type, subtype, status, status_reason, creation_date,
      system, system_name, ai_summary, raw, selection, use_markdown, citations, provider,
      prompt_tokens, completion_tokens, processed_at, deleted, priority, queued_at, updated_at)
    select user_id, left(prompt, 80), prompt, type,
      case when type = 'email_prompt' then 'EMAIL_SUMMARY' end,
      status,
      case when status = 'FAILED' then 'The answer could not be written (3 attempts): timeout. Please try again later.' end,
      now() - make_interval(secs => (i * 77)::double precision),
      null,
      case when type = 'CHAT' then (array['Ray Dalio', 'Warren Buffett', 'AI Analyst', 'No bullshit',
        'Benjamin Graham', 'Donald Trump'])[1 + i % 6] end,
      case when status = 'PROCESSED' then answer end,
      case when status = 'PROCESSED' then jsonb_build_array(
        jsonb_build_object('role', 'user', 'content', prompt),
        jsonb_build_object('role', 'assistant', 'content', answer)) else '[]'::jsonb end,
      case when type = 'email_prompt' then array['EMAIL'] when i % 3 = 0 then ${symbols.slice(0, 3)}::text[]
        else array['PORTFOLIO'] end,
      i % 2 = 0,
      case when status = 'PROCESSED' then (
        select jsonb_agg(c) from (
          select jsonb_build_object('kind', 'quote', 'exchange_ticker', 'NASDAQ:AAPL',
            'as_of', 1764712800, 'url', '/ticker/NASDAQ:AAPL') as c
          union all select jsonb_build_object('kind', 'article', 'id', gen_random_uuid(),
            'title', 'Apple services revenue grows 14% as installed base expands', 'publisher', 'Market Brief',
            'date', 1764700000, 'url', '/news/view?id=' || gen_random_uuid())
          union all select jsonb_build_object('kind', 'quote', 'exchange_ticker', 'NASDAQ:MSFT',
            'as_of', 1764712800, 'url', '/ticker/NASDAQ:MSFT')
          union all select jsonb_build_object('kind', 'analysis', 'company_id', gen_random_uuid(),
            'exchange_ticker', 'NASDAQ:MSFT', 'date', 1764600000, 'url', '/analysis/NASDAQ:MSFT')
          union all select jsonb_build_object('kind', 'quote', 'exchange_ticker', 'NYSE:XOM',
            'as_of', 1764712800, 'url', '/ticker/NYSE:XOM')
          union all select jsonb_build_object('kind', 'article', 'id', gen_random_uuid(),
            'title', 'Exxon Mobil slides with crude as supply worries ease', 'publisher', 'Reuters',
            'date', 1764690000, 'url', '/news/view?id=' || gen_random_uuid())
        ) s) else '[]'::jsonb end,
      case when status = 'PROCESSED' then 'offline' end,
      case when status = 'PROCESSED' then 2400 end,
      case when status = 'PROCESSED' then 420 end,
      case when status = 'PROCESSED' then now() - make_interval(secs => (i * 77 - 5)::double precision) end,
      removed,
      priority,
      now() - make_interval(secs => (i * 77)::double precision),
      now()
    from t`.execute(db);
  await sql`vacuum analyze prompts`.execute(db);
  const seconds = (performance.now() - started) / 1000;
  const { rows } = await sql<{ bytes: string }>`
    select pg_total_relation_size('prompts') as bytes`.execute(db);
  console.log(
    `\nbench/ai 3. ${READ_PROMPTS.toLocaleString('en-US')} prompts of ${READ_USERS.toLocaleString('en-US')} users inserted by SQL in ${seconds.toFixed(1)} s (table with indexes and TOAST ${(Number(rows[0]?.bytes ?? 0) / 2 ** 20).toFixed(0)} MiB)`,
  );
  if (!admin) throw new Error('no admin');
  return { users, admin };
}

/**
 * 3. Company analyses at size: 30 (what the analyst keeps) for every company, each citing six of
 * the processed articles, written like the warm start's analyses; returns every listing's symbol.
 */
async function loadAnalyses(db: Database): Promise<string[]> {
  const started = performance.now();
  await sql`
    with src as (
      select coalesce((select ai_summary from company_prompts order by length(ai_summary) desc limit 1),
        repeat('## View' || E'\n\n' || 'Mixed: the week''s news leans positive [1] while the month''s move is down 3% [2]. ', 12))
        as ai_summary
    ), ids as (
      select array_agg(id order by creation_date desc) as ids
      from (select id, creation_date from news where status = 'PROCESSED'
            order by creation_date desc limit 60) n
    )
    insert into company_prompts (company_id, ai_summary, citations, sentiment_score, provider,
      inputs_fingerprint, news_count, ai_upload_date)
    select c.id, src.ai_summary,
      coalesce(ids.ids[1 + (c.n + k) % 50 : 6 + (c.n + k) % 50], '{}'),
      ((c.n + k) % 21) - 10, 'offline', md5(c.id::text || k), 6,
      now() - make_interval(mins => k * 15 + c.n % 15)
    from (select id, (row_number() over (order by id))::int as n from companies) c
    cross join generate_series(0, 29) as k
    cross join src cross join ids`.execute(db);
  await sql`vacuum analyze company_prompts`.execute(db);
  const { rows } = await sql<{ analyses: string; symbol: string | null }>`
    select (select count(*) from company_prompts) as analyses, s.exchange_ticker as symbol
    from securities s order by s.exchange_ticker`.execute(db);
  console.log(
    `\nbench/ai 3. company analyses: ${Number(rows[0]?.analyses ?? 0).toLocaleString('en-US')} (30 per company, six citations each) for ${rows.length} listings, inserted by SQL in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return rows.flatMap((row) => (row.symbol ? [row.symbol] : []));
}

/** 3. `/prompts/query` (the editor's and the chat's list), `/prompts/get/{id}`, `/prompts/state`. */
async function readRoutes(
  db: Database,
  stack: { api: string; reference: string },
  seconds: number,
) {
  const { users, admin } = await loadReadPrompts(db);
  // A user in the middle of the table, with the table's mix of prompts.
  const user = users[Math.floor(users.length / 2)] as BenchUser;
  const { rows: own } = await sql<{ id: string }>`
    select id from prompts where user_id = ${user.id} and not deleted order by creation_date desc`.execute(
    db,
  );
  const auth = { authorization: `Bearer ${user.token}` };
  // As the web asks them (features/assistant/api/prompt-list.ts): the listed fields only.
  const only = `only=${PROMPT_LIST_FIELDS.join(',')}`;
  const editor = `status=INDEX&type__in=PORTFOLIO,email_prompt&status=PROCESSED&order_by=-creation_date&limit=20&username=${user.username}&${only}`;
  const chat = `username=${user.username}&type=CHAT&order_by=-creation_date&limit=20&status=INDEX&status=PROCESSED&${only}`;
  for (const [name, query] of [
    ['editor', editor],
    ['chat', chat],
  ] as const) {
    const response = await fetch(`${stack.api}/prompts/query?${query}`, { headers: auth });
    const fullBody = await (
      await fetch(`${stack.api}/prompts/query?${query.replace(`&${only}`, '')}`, { headers: auth })
    ).text();
    const body = await response.text();
    const count = (JSON.parse(body) as { prompts?: unknown[] }).prompts?.length ?? 0;
    console.log(
      `  ${name} list of ${user.username}: HTTP ${response.status}, ${count} prompts, ${(body.length / 1024).toFixed(1)} KiB with only= (${(fullBody.length / 1024).toFixed(1)} KiB without)`,
    );
  }
  const symbols = await loadAnalyses(db);
  const reference = await load('reference: indexed SELECT', `${stack.reference}/select`, {
    seconds,
  });
  const rows = [reference];
  // Every route below resolves the session first: this route is that and little else.
  rows.push(
    await load('user/get/me (session only)', `${stack.api}/user/get/me`, {
      seconds,
      headers: auth,
    }),
  );
  rows.push(
    await load('query: editor list (20)', `${stack.api}/prompts/query?${editor}`, {
      seconds,
      headers: auth,
    }),
  );
  rows.push(
    await load('query: chat list (20)', `${stack.api}/prompts/query?${chat}`, {
      seconds,
      headers: auth,
    }),
  );
  const apiPath = new URL(stack.api).pathname;
  rows.push(
    await load('get/{id}', `${stack.api}/prompts/get/${own[0]?.id ?? ''}?${only}`, {
      seconds,
      headers: auth,
      paths: own.map((row) => `${apiPath}/prompts/get/${row.id}?${only}`),
    }),
  );
  rows.push(
    await load('state (admin)', `${stack.api}/prompts/state`, {
      seconds,
      headers: { authorization: `Bearer ${admin.token}` },
    }),
  );
  // The web's pages (features/analysis/api/company-analyses.ts): 2 a page, one more asked.
  rows.push(
    await load('latest_prompts (page 1)', `${stack.api}/company/latest_prompts?skip=0&limit=3`, {
      seconds,
    }),
  );
  rows.push(
    await load(
      'latest_prompts (pages 1-25)',
      `${stack.api}/company/latest_prompts?skip=0&limit=3`,
      {
        seconds,
        paths: Array.from(
          { length: 25 },
          (_, page) => `${apiPath}/company/latest_prompts?skip=${page * 2}&limit=3`,
        ),
      },
    ),
  );
  // A company's analyses page: five busy listings (as bench/market reads the company page), then
  // every listing once in turn, most of them asked for the first time in the run (cold).
  const busy = ['NASDAQ:AAPL', 'NASDAQ:NVDA', 'NYSE:JPM', 'NYSE:XOM', 'NASDAQ:AMD'];
  rows.push(
    await load(
      'query_prompts?symbol= (5)',
      `${stack.api}/company/query_prompts?symbol=${busy[0] ?? ''}&order_by=-ai_upload_date&skip=0&limit=3`,
      {
        seconds,
        paths: busy.map(
          (symbol) =>
            `${apiPath}/company/query_prompts?symbol=${encodeURIComponent(symbol)}&order_by=-ai_upload_date&skip=0&limit=3`,
        ),
      },
    ),
  );
  rows.push(
    await load(
      `query_prompts?symbol= (${symbols.length})`,
      `${stack.api}/company/query_prompts?symbol=${symbols[0] ?? ''}&order_by=-ai_upload_date&skip=0&limit=3`,
      {
        seconds,
        paths: symbols.map(
          (symbol) =>
            `${apiPath}/company/query_prompts?symbol=${encodeURIComponent(symbol)}&order_by=-ai_upload_date&skip=0&limit=3`,
        ),
      },
    ),
  );
  // A company page's AI review: the latest analysis with a summary, by ticker, every listing once.
  const review = (symbol: string) =>
    `company/query_prompts?symbol=${encodeURIComponent(symbol)}&ai_summary__exists=1&order_by=-ai_upload_date&limit=1`;
  rows.push(
    await load(
      `company review: query_prompts?symbol=&ai_summary__exists=1 (${symbols.length})`,
      `${stack.api}/${review(symbols[0] ?? '')}`,
      { seconds, paths: symbols.map((symbol) => `${apiPath}/${review(symbol)}`) },
    ),
  );
  printTable(
    `bench/ai 3. prompts read routes (${seconds} s per route, 32 connections; ratio to the indexed SELECT; target ≥ 0.5×, no errors)`,
    rows,
    reference,
  );
}

/**
 * bench/ai: the offline analyst's throughput on one core; 1,000 prompts through the real queue
 * (drain time, answers/s, the finishing order per plan); streamed answers from the openai
 * assistant against a local fake LLM, timed by the client; the prompts read routes at 100,000
 * prompts against the indexed-SELECT reference of the same run.
 */
export async function runAiBench(options: { seconds: number }) {
  const { seconds } = options;
  // `--part=read`: only the read routes (part 3), after the worker's first start.
  const readOnly = process.argv.includes('--part=read');
  if (!readOnly) offlineThroughput(seconds);

  // PROMPT_CACHE=off in the environment measures the read routes without the read cache.
  const stack = await startBenchStack({
    RATE_LIMIT_SCALE: '10000',
    ...(process.env.PROMPT_CACHE && { PROMPT_CACHE: process.env.PROMPT_CACHE }),
  });
  const db = createDatabase({
    url: stack.databaseUrl,
    maxConnections: 2,
    statementTimeoutMs: 0,
    queryTimeoutMs: 0,
  });
  try {
    // A worker's first start loads quotes, the demo news and their analyses: the context of the
    // answers. Done once before timing, then stopped, so the queue fills with no worker running.
    const warmStarted = new Date();
    const warm = await startProcess(
      ['packages/server/src/main.ts', '--role=worker'],
      { DATABASE_URL: stack.databaseUrl, LOG_LEVEL: 'warn' },
      () => Promise.resolve(true),
    );
    const warmSeconds = await settleBackgroundJobs(db, warmStarted, 120_000);
    await warm.stop();
    const { rows: counts } = await sql<{ news: string; quotes: string }>`
      select (select count(*) from news where status = 'PROCESSED') as news,
        (select count(*) from quote_snapshots) as quotes`.execute(db);
    console.log(
      `\nbench/ai: first worker start (quotes, demo news, analyses) settled in ${warmSeconds.toFixed(1)} s: ${counts[0]?.news ?? 0} processed articles, ${counts[0]?.quotes ?? 0} quotes`,
    );

    if (!readOnly) {
      const questions = readQuestions().filter((q) => !q.article && q.question.trim() !== '');
      await queueDrain(db, stack.api, stack.databaseUrl, questions, seconds);
      // Whatever the drain left (a slow machine) must not wait ahead of the streamed prompts.
      await sql`update prompts set deleted = true where status = 'INDEX'`.execute(db);
      await sql`delete from pgboss.job where name = 'prompts.answer' and state in ('created', 'retry')`.execute(
        db,
      );
      await openAiStreaming(db, stack.databaseUrl, questions);
    }
    await readRoutes(db, stack, seconds);
  } finally {
    await db.destroy();
    await stack.stop();
  }
}
