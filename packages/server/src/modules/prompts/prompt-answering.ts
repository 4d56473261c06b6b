import type {
  AssistantRequest,
  ChatTurn,
} from '../../providers/ai/assistant/assistant-provider.ts';
import type { ClaimedPrompt } from './prompt.repository.ts';
import { toCitation, toPromptJson } from './prompt-json.ts';
import {
  CHAT_HISTORY_TURNS,
  failureReason,
  isRetryable,
  PLAN_RULES,
  planOf,
  PROMPT_MAX_ATTEMPTS,
  readSelection,
} from './prompt-rules.ts';
import type { PromptServiceDeps } from './prompt.service.ts';

/** Longest a provider may take over one answer before the attempt counts as failed. */
const ANSWER_TIMEOUT_MS = 120_000;
/** A waiting prompt without a live job for this long is requeued or ended by the sweep. */
const ORPHAN_AFTER_MS = 2 * 60_000;
/** Removed prompts are kept this long (the day's quota counts them), then deleted. */
const KEEP_REMOVED_MS = 2 * 86_400_000;

/**
 * The AI queue's side of the prompt service: the `prompts.answer` and `prompts.sweep` jobs.
 * `enqueue` queues a prompt's job (the service's, shared with create).
 */
export function createPromptAnswering(
  deps: PromptServiceDeps,
  enqueue: (id: string, priority: number) => Promise<void>,
) {
  const { repository, events, clock, log } = deps;

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

  return {
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
}
