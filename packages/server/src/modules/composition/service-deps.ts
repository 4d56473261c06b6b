import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { NoticeHub } from '../../db/notice-hub.ts';
import type { JobSender } from '../../jobs/job-catalog.ts';
import type { AiProvider } from '../../providers/ai/ai-provider.ts';
import type { AssistantProvider } from '../../providers/ai/assistant/assistant-provider.ts';
import type { MarketDataProvider } from '../../providers/market-data/market-data-provider.ts';
import type { LiveBus } from '../live/live-bus.ts';
import type { Mailer } from '../messaging/mailer.ts';
import type { RateLimiter } from '../security/rate-limiter.ts';
import type { UserServices } from '../users/user-services.ts';
import type { UnsubscribeService } from '../unsubscribe/unsubscribe.service.ts';

export type ServiceDeps = {
  db: Database;
  /**
   * DATABASE_READ_URL's read-only pool (a replica, which may lag), for the read-heavy public
   * reads that opt in below; defaults to `db`. Writes and read-your-own-writes stay on `db`.
   */
  readDb?: Database;
  config: AppConfig;
  log: FastifyBaseLogger;
  /** Business time; nothing below reads the machine's clock for it. */
  clock: Clock;
  /** Where services send jobs (the API and the worker pass their queue). */
  jobs: JobSender;
  /** Defaults to the provider `MARKET_DATA` selects; tests may pass their own. */
  marketData?: MarketDataProvider;
  /** Defaults to the analyst `AI_PROVIDER` selects; tests may pass their own. */
  ai?: AiProvider;
  /** Defaults to the assistant `AI_PROVIDER` selects; tests may pass their own. */
  assistant?: AssistantProvider;
  /** The TLS agent for push services; defaults to Node's own (tests trust a local push service). */
  pushAgent?: Agent;
};

/** What every group of services below may use: the process's connections, config and clock. */
export type CompositionBase = Pick<ServiceDeps, 'db' | 'config' | 'log' | 'clock' | 'jobs'> & {
  /** The process's one LISTEN connection, shared by every cache and the live bus. */
  hub: NoticeHub;
};

/** The services the composition root builds first and every later group may use. */
export type Foundation = {
  mailer: Mailer;
  limiter: RateLimiter;
  live: LiveBus;
  users: UserServices;
  unsubscribe: UnsubscribeService;
};
