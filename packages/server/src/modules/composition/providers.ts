import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { AppConfig } from '../../config.ts';
import { createAssistantProvider } from '../../providers/ai/assistant/create-assistant-provider.ts';
import { createAiProvider } from '../../providers/ai/create-ai-provider.ts';
import { createGiphyClient } from '../../providers/gif/giphy.ts';
import { createMarketDataProvider } from '../../providers/market-data/create-market-data-provider.ts';
import { createTelegramBot } from '../../providers/telegram/telegram-bot.ts';
import type { ServiceDeps } from './service-deps.ts';

/** How long a GIPHY search may take before the bundled animation is answered instead. */
const GIPHY_TIMEOUT_MS = 2_500;

/**
 * The outside world's clients that the config selects (MARKET_DATA, AI_PROVIDER, GIPHY_API_KEY,
 * TELEGRAM_BOT_TOKEN), one each for the whole process; tests may pass their own market data,
 * analyst and assistant. The payments provider and the news sources need module repositories,
 * so their groups build them.
 */
export function createProviders(
  deps: Pick<ServiceDeps, 'marketData' | 'ai' | 'assistant'> & {
    config: AppConfig;
    log: FastifyBaseLogger;
    clock: Clock;
  },
) {
  const { config, log, clock } = deps;
  const marketData = deps.marketData ?? createMarketDataProvider(config, log, clock);
  // One analyst for the whole process (AI_PROVIDER): the openai one falls back to the offline one.
  const ai = deps.ai ?? createAiProvider(config, log);
  // One assistant for the whole process (AI_PROVIDER).
  const assistant =
    deps.assistant ??
    createAssistantProvider(config, log, {
      ...(config.openaiPricePer1kTokensUsd !== undefined && {
        pricePer1kTokensUsd: config.openaiPricePer1kTokensUsd,
      }),
    });
  const giphy = config.giphyApiKey
    ? createGiphyClient({
        apiKey: config.giphyApiKey,
        baseUrl: config.giphyBaseUrl,
        timeoutMs: GIPHY_TIMEOUT_MS,
      })
    : null;
  // The Telegram bot: off without TELEGRAM_BOT_TOKEN.
  const telegramBot = config.telegram.botToken
    ? createTelegramBot({ token: config.telegram.botToken, apiRoot: config.telegram.apiRoot })
    : null;
  return { marketData, ai, assistant, giphy, telegramBot };
}

export type Providers = ReturnType<typeof createProviders>;
