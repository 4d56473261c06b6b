import { projectFields } from '@app/shared/query/project-fields';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { AuthUser } from '../../http/access.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { JobSender } from '../../jobs/job-catalog.ts';
import type {
  AssistantProvider,
  AssistantRequest,
  ChatTurn,
} from '../../providers/ai/assistant/assistant-provider.ts';
import type { RateLimiter } from '../security/rate-limiter.ts';
import type { AssistantContextBuilder } from './assistant-context.ts';
import type { PromptEvents } from './prompt-events.ts';
import type { ClaimedPrompt, PromptRepository, PromptRow } from './prompt.repository.ts';
import { storedSelection, toCitation, toPromptJson } from './prompt-json.ts';
import { promptQuery } from './prompt-query.ts';
import {
  CHAT_HISTORY_TURNS,
  checkDailyQuota,
  checkOpenPrompts,
  failureReason,
  isRetryable,
  isUuid,
  PLAN_RULES,
  planOf,
  PROMPT_MAX_ATTEMPTS,
  quotaDay,
  readSelection,
  titleOf,
  type PlanName,
} from './prompt-rules.ts';
import type { CreatePromptBody, PromptJson } from '@app/shared/api/prompts';

/** Longest a provider may take over one answer before the attempt counts as failed. */
const ANSWER_TIMEOUT_MS = 120_000;
/** A waiting prompt without a live job for this long is requeued or ended by the sweep. */
const ORPHAN_AFTER_MS = 2 * 60_000;
/** Removed prompts are kept this long (the day's quota counts them), then deleted. */
const KEEP_REMOVED_MS = 2 * 86_400_000;
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
  /** Told when a prompt is answered or fails (the live updates of open pages, issue 18). */
  onStatus?: (userId: string, promptId: string, status: 'PROCESSED' | 'FAILED') => Promise<void>;
  /** Told of a prompt's progress: queued, taken by a worker, each piece of its answer, a retry. */
  onProgress?: (userId: string, promptId: string, progress: PromptProgress) => void;
};

/** A prompt's progress before its end (the live updates of open pages, issue 18). */
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

    /**
     * The `prompts.answer` job: writes one prompt's answer. A failure leaves the prompt waiting
     * and rethrows, so the queue retries with backoff, until the last attempt, which ends the
     * prompt FAILED with a reason its owner can read.
     */
    async answer(promptId: string): Promise<'answered' | 'skipped' | 'failed'> {
      const claimed = await repository.claim(promptId, clock.now());
      if (!claimed) return 'skipped';
      deps.onProgress?.(claimed.user_id, promptId, { stage: 'writing' });
      try {
        const request = await requestFor(claimed);
        const answer = await deps.assistant.answer(request, {
          onText: (piece) => {
            events.text(promptId, piece);
            deps.onProgress?.(claimed.user_id, promptId, { stage: 'text', text: piece });
          },
          signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
        });
        const raw: ChatTurn[] = [
          ...(claimed.system ? [{ role: 'system' as const, content: claimed.system }] : []),
          { role: 'user', content: claimed.prompt },
          { role: 'assistant', content: answer.text },
        ];
        const stored = await repository.complete(promptId, claimed.queue_seq, {
          ai_summary: answer.text,
          citations: JSON.stringify(answer.citations.map(toCitation)),
          raw: JSON.stringify(raw),
          provider: answer.provider,
          prompt_tokens: answer.usage?.prompt_tokens ?? null,
          completion_tokens: answer.usage?.completion_tokens ?? null,
          cost_usd: answer.usage?.cost_usd ?? null,
          processed_at: clock.now(),
          updated_at: clock.now(),
        });
        if (!stored) return 'skipped';
        const row = await repository.find(promptId, null);
        if (row) events.done(promptId, toPromptJson(row));
        await deps.onStatus?.(claimed.user_id, promptId, 'PROCESSED');
        return 'answered';
      } catch (error) {
        const reason = failureReason(error, claimed.attempts);
        if (claimed.attempts < PROMPT_MAX_ATTEMPTS && isRetryable(error)) {
          await repository.retryLater(promptId, reason, clock.now());
          events.retry(promptId, reason);
          deps.onProgress?.(claimed.user_id, promptId, { stage: 'retry' });
          throw error;
        }
        log.warn({ err: error, promptId, attempts: claimed.attempts }, 'prompt failed');
        if (await repository.fail(promptId, reason, clock.now())) {
          events.error(promptId, reason);
          await deps.onStatus?.(claimed.user_id, promptId, 'FAILED');
        }
        return 'failed';
      }
    },

    /**
     * The `prompts.sweep` job: a waiting prompt whose job is gone (never queued, or lost with a
     * worker) is queued again while it has attempts left, else ended FAILED; removed prompts
     * older than two days are deleted.
     */
    async sweep(): Promise<{ requeued: number; failed: number; purged: number }> {
      const now = clock.now();
      const orphans = await repository.orphans(new Date(now.getTime() - ORPHAN_AFTER_MS), 100);
      let requeued = 0;
      let failed = 0;
      for (const orphan of orphans) {
        if (orphan.attempts < PROMPT_MAX_ATTEMPTS) {
          const row = await repository.find(orphan.id, null);
          if (!row) continue;
          const account = await repository.account(row.user_id);
          const plan = account ? planOf(account, now) : 'free';
          await enqueue(orphan.id, PLAN_RULES[plan].priority);
          requeued += 1;
        } else {
          const reason = failureReason(new Error('its job was lost'), orphan.attempts);
          if (await repository.fail(orphan.id, reason, now)) {
            events.error(orphan.id, reason);
            failed += 1;
            const owner = deps.onStatus && (await repository.find(orphan.id, null));
            if (owner) await deps.onStatus?.(owner.user_id, orphan.id, 'FAILED');
          }
        }
      }
      const purged = await repository.purgeRemoved(new Date(now.getTime() - KEEP_REMOVED_MS));
      return { requeued, failed, purged };
    },
  };

  async function requestFor(claimed: ClaimedPrompt): Promise<AssistantRequest> {
    const plan = planOf(claimed, clock.now());
    const context = await deps.buildContext({
      userId: claimed.user_id,
      viewer: { is_admin: claimed.is_admin },
      selection: readSelection(claimed.selection, claimed.subtype),
      articleId: claimed.article_id,
    });
    const history: ChatTurn[] =
      claimed.type === 'CHAT'
        ? (
            await repository.history(
              claimed.user_id,
              claimed.article_id,
              claimed.id,
              CHAT_HISTORY_TURNS,
            )
          ).flatMap((turn) => [
            { role: 'user' as const, content: turn.prompt },
            { role: 'assistant' as const, content: turn.ai_summary },
          ])
        : [];
    return {
      type: claimed.type,
      question: claimed.prompt,
      persona:
        claimed.system_name || claimed.system
          ? { name: claimed.system_name ?? 'Custom', system: claimed.system ?? '' }
          : null,
      history,
      context,
      useMarkdown: claimed.use_markdown,
      maxTokens: PLAN_RULES[plan].maxTokens,
    };
  }
}

export type PromptService = ReturnType<typeof createPromptService>;
