import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../../src/app.ts';
import { fixedClock } from '../../src/clock.ts';
import { loadConfig } from '../../src/config.ts';
import type { AnyJobDefinition } from '../../src/jobs/define-job.ts';
import { createJobQueue, type JobQueue } from '../../src/jobs/queue.ts';
import { ensureDemoCompanies } from '../../src/modules/companies/demo-companies.ts';
import { createServices, type Services } from '../../src/modules/create-services.ts';
import { answerPromptJob } from '../../src/modules/prompts/prompt.jobs.ts';
import type {
  AnswerOptions,
  AssistantAnswer,
  AssistantProvider,
  AssistantRequest,
} from '../../src/providers/ai/assistant/assistant-provider.ts';
import { NOT_ADVICE_LINE } from '../../src/providers/ai/assistant/assistant-provider.ts';
import { createDemoMarketDataProvider } from '../../src/providers/market-data/demo/demo-market-data-provider.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { bearer, registerUser, type TestUser } from './factories.ts';

/** Business time of the prompts tests: a Tuesday afternoon in New York. */
export const PROMPTS_NOW = '2026-11-24T19:00:00.000Z';

type Behaviour = (
  request: AssistantRequest,
  options: AnswerOptions | undefined,
) => Promise<AssistantAnswer>;

/**
 * A stand-in assistant that answers from the context it is given (the first company's quote,
 * cited) and records every request; `behave` swaps in another behaviour (fail, wait, stream).
 */
export function recordingAssistant() {
  const requests: AssistantRequest[] = [];
  const cited: Behaviour = (request, options) => {
    const company = request.context.companies[0];
    const pieces = company?.quote
      ? [`${company.company_name} trades at ${company.quote.price} [1]. `, NOT_ADVICE_LINE]
      : ['I have no data on that selection. ', NOT_ADVICE_LINE];
    for (const piece of pieces) options?.onText?.(piece);
    return Promise.resolve({
      text: pieces.join(''),
      citations:
        company?.quote != null
          ? [
              {
                kind: 'quote',
                exchange_ticker: company.exchange_ticker,
                as_of: company.quote.as_of,
              },
            ]
          : [],
      provider: 'test-assistant',
      usage: { prompt_tokens: 120, completion_tokens: 30, cost_usd: 0.0004 },
    });
  };
  let behaviour: Behaviour = cited;
  const assistant: AssistantProvider & {
    requests: AssistantRequest[];
    behave: (next: Behaviour | null) => void;
  } = {
    name: 'test-assistant',
    requests,
    behave: (next) => {
      behaviour = next ?? cited;
    },
    answer(request, options) {
      requests.push(request);
      return behaviour(request, options);
    },
  };
  return assistant;
}

export type RecordingAssistant = ReturnType<typeof recordingAssistant>;

export type PromptsTestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  jobs: JobQueue;
  services: Services;
  assistant: RecordingAssistant;
  clock: ReturnType<typeof fixedClock>;
  close: () => Promise<void>;
};

/**
 * The real app and, when `worker` is set, a worker over the same services (one process, as
 * `npm start` runs them), so the worker's answers reach the app's streams. The demo companies
 * and demo market data on a pinned clock; the worker runs only the answer job (no schedules).
 */
export async function buildPromptsTestApp(
  options: { worker?: boolean; env?: Record<string, string> } = {},
): Promise<PromptsTestApp> {
  const database = await createTestDatabase();
  await ensureDemoCompanies(database.db);
  const clock = fixedClock(PROMPTS_NOW);
  // Many registrations from one address: the accounts' limits are scaled up (the AI quotas are not).
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SCALE: '1000',
    ...options.env,
  });
  const log = pino({ level: 'silent' });
  const definitions: AnyJobDefinition[] = [answerPromptJob];
  const jobs = await createJobQueue({
    url: database.url,
    log,
    worker: options.worker ?? false,
    definitions,
  });
  const assistant = recordingAssistant();
  const deps = {
    config,
    db: database.db,
    jobs,
    log,
    clock,
    marketData: createDemoMarketDataProvider({ now: () => clock.now() }),
    assistant,
  };
  const services = createServices(deps);
  const app = await buildApp({ ...deps, services });
  await app.ready();
  if (options.worker) await jobs.startWorker({ services, log });
  return {
    app,
    database,
    jobs,
    services,
    assistant,
    clock,
    close: async () => {
      await app.close();
      await jobs.stop(1_000);
      services.close();
      await database.drop();
    },
  };
}

/** Sets a user's plan as the billing webhook would. */
export async function subscribe(
  t: { database: TestDatabase },
  user: TestUser,
  plan: 'tier1_monthly' | 'tier2_monthly' | 'tier3_monthly',
) {
  await t.database.db
    .updateTable('users')
    .set({ subscription: plan, subscription_status: 'active' })
    .where('id', '=', user.user.id)
    .execute();
}

/** Small helpers that read like the client's calls. */
export function promptCalls(app: FastifyInstance) {
  return {
    register: () => registerUser(app),
    create: (user: TestUser | null, body: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/prompts/create',
        headers: user ? bearer(user.token) : {},
        payload: body as object,
      }),
    get: (user: TestUser | null, url: string) =>
      app.inject({ method: 'GET', url, headers: user ? bearer(user.token) : {} }),
  };
}
