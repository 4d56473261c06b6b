import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { AiProvider } from './ai-provider.ts';
import { createOfflineAiProvider } from './offline/offline-ai-provider.ts';
import { createChatClient } from './openai/chat-client.ts';
import { createOpenAiProvider } from './openai/openai-ai-provider.ts';

type AiConfig = Pick<
  AppConfig,
  'aiProvider' | 'openaiBaseUrl' | 'openaiApiKey' | 'openaiModel' | 'openaiTimeoutMs'
>;

/**
 * The analyst `AI_PROVIDER` picks: `offline`, or `openai` (an OpenAI-compatible endpoint) with the
 * offline analyst as its fallback. Streaming is on: it lets a long answer through under a
 * per-chunk idle timeout instead of one timeout for the whole answer.
 */
export function createAiProvider(config: AiConfig, log: FastifyBaseLogger): AiProvider {
  const offline = createOfflineAiProvider();
  if (config.aiProvider === 'offline') return offline;
  return createOpenAiProvider({
    client: createChatClient({
      baseUrl: config.openaiBaseUrl,
      apiKey: config.openaiApiKey,
      model: config.openaiModel,
      timeoutMs: config.openaiTimeoutMs,
      stream: true,
    }),
    fallback: offline,
    log,
  });
}
