/**
 * The `openai` assistant: a chat model answers from the numbered source list, streamed piece by
 * piece to `onText` with its markers already renumbered; the citations are the sources the text
 * uses. Failures are retried while nothing has been streamed; then the offline assistant answers,
 * with the reason in `provider`. A circuit breaker skips a model that keeps failing.
 */
import {
  NOT_ADVICE_LINE,
  type AssistantAnswer,
  type AssistantProvider,
  type AssistantRequest,
  type AnswerOptions,
} from '../assistant-provider.ts';
import { createStreamingRenumbering } from '../citations.ts';
import type { ChatClient, ChatUsage } from '../../openai/chat-client.ts';
import {
  createGuardedCalls,
  failureReason,
  type GuardOptions,
} from '../../openai/guarded-calls.ts';
import { LlmCallError } from '../../openai/llm-call-error.ts';
import { assistantMessages, promptSources } from './assistant-messages.ts';

export interface OpenAiAssistantOptions extends GuardOptions {
  client: ChatClient;
  /** Answers when the model fails (the offline assistant). */
  fallback: AssistantProvider;
  /** Price of 1,000 tokens (prompt and completion alike) in USD; cost is null without it. */
  pricePer1kTokensUsd?: number;
}

export function createOpenAiAssistant(options: OpenAiAssistantOptions): AssistantProvider {
  const { client, fallback, log } = options;
  const guarded = createGuardedCalls(options);

  const costOf = (usage: ChatUsage): number | null =>
    options.pricePer1kTokensUsd === undefined
      ? null
      : ((usage.prompt_tokens + usage.completion_tokens) / 1000) * options.pricePer1kTokensUsd;

  async function ask(request: AssistantRequest, call: AnswerOptions): Promise<AssistantAnswer> {
    const sources = promptSources(request);
    const messages = assistantMessages(request, sources);
    let streamed = false;
    return guarded('assistant', async () => {
      const renumbering = createStreamingRenumbering(sources.citations, (piece) => {
        streamed = true;
        call.onText?.(piece);
      });
      try {
        const { usage } = await client.streamText(messages, {
          maxTokens: request.maxTokens,
          onText: (piece) => renumbering.push(piece),
          ...(call.signal && { signal: call.signal }),
        });
        let text = renumbering.end().trimEnd();
        if (!text.endsWith(NOT_ADVICE_LINE)) {
          const tail = `\n\n${NOT_ADVICE_LINE}`;
          call.onText?.(tail);
          text += tail;
        }
        return {
          text,
          citations: renumbering.citations,
          provider: `openai (${client.model})`,
          ...(usage && { usage: { ...usage, cost_usd: costOf(usage) } }),
        };
      } catch (error) {
        // Pieces already shown cannot be taken back: no retry after the stream has begun.
        if (streamed && error instanceof LlmCallError && error.retryable) {
          throw new LlmCallError(error.message, { retryable: false });
        }
        throw error;
      }
    });
  }

  return {
    name: 'openai',
    async answer(request, call = {}) {
      try {
        return await ask(request, call);
      } catch (error) {
        const reason = failureReason(error);
        log.warn(
          { reason, type: request.type },
          'the language model failed; the offline assistant answered',
        );
        const answer = await fallback.answer(request, call);
        return { ...answer, provider: `offline (openai failed: ${reason})` };
      }
    },
  };
}
