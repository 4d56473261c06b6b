import { projectFields } from '@app/shared/query/project-fields';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { AuthUser } from '../../http/access.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { JobSender } from '../../jobs/job-catalog.ts';
import type { AssistantProvider } from '../../providers/ai/assistant/assistant-provider.ts';
import type { RateLimiter } from '../security/rate-limiter.ts';
import type { AssistantContextBuilder } from './assistant-context.ts';
import type { PromptEvents } from './prompt-events.ts';
import type { PromptRepository, PromptRow } from './prompt.repository.ts';
import { createPromptAnswering } from './prompt-answering.ts';
import { storedSelection, toPromptJson } from './prompt-json.ts';
import { promptQuery } from './prompt-query.ts';
import {
  checkDailyQuota,
  checkOpenPrompts,
  isUuid,
  PLAN_RULES,
  planOf,
  quotaDay,
  readSelection,
  titleOf,
  type PlanName,
} from './prompt-rules.ts';
import type { CreatePromptBody, PromptJson } from '@app/shared/api/prompts';

/** Entries of each list of `/prompts/state`. */
const STATE_LIMIT = 100;
/** Fields every projected prompt keeps. */
const ALWAYS_FIELDS = ['id', 'status', 'username', 'ai_queue_size', 'error'];

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** What `rm/ALL` may name. */
export type RemoveAllQuery = { types: PromptJson['type'][]; articleId?: string | null };

export type PromptServiceDeps = {
  repository: PromptRepository;
  events: PromptEvents;
  assistant: AssistantProvider;
  buildContext: AssistantContextBuilder;
  jobs: JobSender;
  limiter: RateLimiter;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The listings among `symbols` that exist (the companies module). */
  knownSymbols: (symbols: readonly string[]) => Promise<Set<string>>;
  /** Whether the caller may read the article (the news module's one visibility rule). */
  articleVisible: (id: string, viewer: AuthUser) => Promise<boolean>;
  /** Whether a user turned on the debug interface (the users module). */
  hasDebugInterface: (userId: string) => Promise<boolean>;
  /** Told when a prompt is answered or fails (the live updates of open pages). */
  onStatus?: (userId: string, promptId: string, status: 'PROCESSED' | 'FAILED') => Promise<void>;
  /** Told of a prompt's progress: queued, taken by a worker, each piece of its answer, a retry. */
  onProgress?: (userId: string, promptId: string, progress: PromptProgress) => void;
};

/** A prompt's progress before its end (the live updates of open pages). */
export type PromptProgress =
  { stage: 'queued' | 'writing' | 'retry' } | { stage: 'text'; text: string };

/** Prompts of spec §7 and the AI queue that answers them. */
export function createPromptService(deps: PromptServiceDeps) {
  const { repository, events, clock, log } = deps;

  const ownPrompt = async (caller: AuthUser, id: string): Promise<PromptRow> => {
    const row = isUuid(id) ? await repository.find(id, caller.id) : undefined;
    if (!row) throw notFound('Prompt not found.');
    return row;
  };

  /** Counts one prompt against the plan's daily quota (429 past it). */
  const countQuota = async (userId: string, plan: PlanName) => {
    const now = clock.now();
    const { day, resetsAt } = quotaDay(now);
    const windowSeconds = Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000));
    const rule = { name: 'prompts-day', limit: PLAN_RULES[plan].dailyQuota, windowSeconds };
    const { hits } = await deps.limiter.record(rule, `${userId}:${day}`);
    checkDailyQuota(hits, plan, now);
  };

  const enqueue = async (id: string, priority: number) => {
    try {
      const jobId = await deps.jobs.enqueue('prompts.answer', { promptId: id }, { priority });
      await repository.setJob(id, jobId);
    } catch (error) {
      // The prompt stays INDEX without a job; the sweep queues it again.
      log.error({ err: error, promptId: id }, 'could not queue a prompt');
    }
  };

  return {
    /** `POST /prompts/create`: a new prompt, or the caller's own one edited; queued for an answer. */
    async create(caller: AuthUser, body: CreatePromptBody): Promise<string> {
      const subtype = body.subtype ?? null;
      const selection = readSelection(body.selection, subtype);
      if (selection.kind === 'TICKERS') {
        const known = await deps.knownSymbols(selection.symbols);
        const unknown = selection.symbols.find((symbol) => !known.has(symbol));
        if (unknown !== undefined)
          throw badRequest(`Unknown symbol '${unknown}' in the selection.`);
      }
      const articleId = body.article_id ?? null;
      if (
        articleId !== null &&
        !(isUuid(articleId) && (await deps.articleVisible(articleId, caller)))
      ) {
        throw badRequest('News article not found.');
      }
      const account = await repository.account(caller.id);
      if (!account) throw notFound('User not found.');
      const now = clock.now();
      const plan = planOf(account, now);
      const priority = PLAN_RULES[plan].priority;
      const check = async (open: number) => {
        checkOpenPrompts(open);
        await countQuota(caller.id, plan);
      };
      const values = {
        title: titleOf(body.prompt),
        prompt: body.prompt,
        type: body.type,
        subtype,
        selection: storedSelection(selection),
        use_markdown: body.use_markdown ?? false,
        article_id: articleId,
        system: body.system?.trim() ? body.system : null,
        system_name: body.system_name ? body.system_name : null,
        raw: '[]',
        priority,
        queued_at: now,
        updated_at: now,
      };
      let id: string;
      if (body.id) {
        const edited = await repository.reopen(body.id, caller.id, values, check);
        if (!edited) throw notFound('Prompt not found.');
        id = edited;
      } else {
        id = await repository.create(
          { ...values, user_id: caller.id, creation_date: now, status_reason: null },
          check,
        );
      }
      await enqueue(id, priority);
      deps.onProgress?.(caller.id, id, { stage: 'queued' });
      return id;
    },

    /**
     * `/prompts/query`: the caller's prompts through the query language. `username` may name
     * only the caller unless an admin asks; `id=` is for admins and debug users.
     */
    async query(caller: AuthUser, query: unknown): Promise<Partial<PromptJson>[]> {
      const ast = promptQuery.parse(query, { now: clock.now() });
      const { username } = ast.extras as { username?: string };
      if (username !== undefined && !caller.is_admin && username !== caller.username) {
        throw forbidden('You can only read your own prompts.');
      }
      const byId = ast.filters.some((filter) => filter.field === 'id');
      if (byId && !caller.is_admin && !(await deps.hasDebugInterface(caller.id))) {
        throw forbidden('Only admins and debug users can query prompts by id.');
      }
      const scope = caller.is_admin
        ? username === undefined
          ? {}
          : { username }
        : { userId: caller.id };
      const rows = await repository.query(ast, scope);
      return rows.map(
        (row) => projectFields(toPromptJson(row), ast.only, ALWAYS_FIELDS) as Partial<PromptJson>,
      );
    },

    /** The user's saved e-mail summary prompt (their digest's instructions), or null. */
    async savedEmailPrompt(userId: string): Promise<string | null> {
      const ast = promptQuery.parse(
        { type: 'email_prompt', subtype: 'EMAIL_SUMMARY', order_by: '-creation_date', limit: '1' },
        { now: clock.now() },
      );
      const [row] = await repository.query(ast, { userId });
      return row?.prompt.trim() || null;
    },

    /** `/prompts/get/{id}`: one of the caller's prompts. */
    get: async (caller: AuthUser, id: string): Promise<PromptJson> =>
      toPromptJson(await ownPrompt(caller, id)),

    /** `/prompts/rm?id=`: removes one of the caller's prompts (404 when it is not theirs). */
    async remove(caller: AuthUser, id: string): Promise<number> {
      const removed = isUuid(id) ? await repository.remove(caller.id, id, clock.now()) : 0;
      if (removed === 0) throw notFound('Prompt not found.');
      return removed;
    },

    /** `/prompts/rm/ALL`: removes the caller's prompts of the named types (and article). */
    removeAll: (caller: AuthUser, filter: RemoveAllQuery): Promise<number> =>
      repository.removeAll(caller.id, filter, clock.now()),

    /** `/prompts/state` (admins): the waiting line in order, and what is being written. */
    async state() {
      const { waiting, processing } = await repository.queueState(STATE_LIMIT);
      const entry = (row: (typeof waiting)[number], date: Date) => ({
        date: epochSeconds(date),
        id: row.id,
        username: row.username,
        type: row.type,
        file: row.title,
        priority: row.priority,
        attempts: row.attempts,
      });
      return {
        priority: waiting.map((row) => entry(row, row.queued_at)),
        process: processing.map((row) => entry(row, row.started_at ?? row.queued_at)),
      };
    },

    /** Listens to one prompt's answer as it is written (the stream route). */
    events,

    ...createPromptAnswering(deps, enqueue),
  };
}

export type PromptService = ReturnType<typeof createPromptService>;
