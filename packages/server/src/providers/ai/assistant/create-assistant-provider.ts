import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../../config.ts';
import { createStreamingChatClient, type ChatEndpointConfig } from '../openai/chat-client.ts';
import type { AssistantProvider } from './assistant-provider.ts';
import { createOfflineAssistant } from './offline/offline-assistant.ts';
import { createOpenAiAssistant } from './openai/openai-assistant.ts';

type AssistantConfig = Pick<AppConfig, 'aiProvider'> & ChatEndpointConfig;

/**
 * The assistant `AI_PROVIDER` picks: `offline` (the rule-based analyst over the user's data), or
 * `openai` (an OpenAI-compatible chat model, streamed) with the offline assistant as its fallback
 * behind a circuit breaker. Build it once: the breaker's state lives in the instance.
 */
export function createAssistantProvider(
  config: AssistantConfig,
  log: FastifyBaseLogger,
  options: { pricePer1kTokensUsd?: number } = {},
): AssistantProvider {
  const offline = createOfflineAssistant();
  if (config.aiProvider === 'offline') return offline;
  return createOpenAiAssistant({
    client: createStreamingChatClient(config, { temperature: 0.3 }),
    fallback: offline,
    log,
    ...(options.pricePer1kTokensUsd !== undefined && {
      pricePer1kTokensUsd: options.pricePer1kTokensUsd,
    }),
  });
}
