import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { AiProvider } from './ai-provider.ts';
import { createOfflineAiProvider } from './offline/offline-ai-provider.ts';
import { createStreamingChatClient, type ChatEndpointConfig } from './openai/chat-client.ts';
import { createOpenAiProvider } from './openai/openai-ai-provider.ts';

type AiConfig = Pick<AppConfig, 'aiProvider'> & ChatEndpointConfig;

/**
 * The analyst `AI_PROVIDER` picks: `offline`, or `openai` (an OpenAI-compatible endpoint) with the
 * offline analyst as its fallback. Streaming is on: it lets a long answer through under a
 * per-chunk idle timeout instead of one timeout for the whole answer.
 */
export function createAiProvider(config: AiConfig, log: FastifyBaseLogger): AiProvider {
  const offline = createOfflineAiProvider();
  if (config.aiProvider === 'offline') return offline;
  return createOpenAiProvider({
    client: createStreamingChatClient(config),
    fallback: offline,
    log,
  });
}
