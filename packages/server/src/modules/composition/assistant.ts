import type { AiProvider } from '../../providers/ai/ai-provider.ts';
import type { AssistantProvider } from '../../providers/ai/assistant/assistant-provider.ts';
import { createAnalysisRepository } from '../analysis/analysis.repository.ts';
import { createAnalysisService } from '../analysis/analysis.service.ts';
import { createCompanyRepository } from '../companies/company.repository.ts';
import { createCompanyService } from '../companies/company.service.ts';
import { createPromptPublisher } from '../live/live-publishers.ts';
import { createAssistantContextBuilder } from '../prompts/assistant-context.ts';
import { createPromptEvents } from '../prompts/prompt-events.ts';
import { createPromptRepository } from '../prompts/prompt.repository.ts';
import { createPromptService } from '../prompts/prompt.service.ts';
import { createPromptReadCache } from '../prompts/prompt-read-cache.ts';
import { cacheForgettingRepository, createPromptReads } from '../prompts/prompt-reads.ts';
import type { MarketGroup } from './market.ts';
import type { NewsGroup } from './news.ts';
import type { CompositionBase, Foundation } from './service-deps.ts';

/** The companies, the analyst's company analyses and the assistant's prompts and answers. */
export function composeAssistant(
  deps: CompositionBase &
    Pick<Foundation, 'live' | 'limiter' | 'users'> &
    Pick<MarketGroup, 'market' | 'watchlists' | 'portfolio'> &
    Pick<NewsGroup, 'news'> & { ai: AiProvider; assistant: AssistantProvider },
) {
  const { db, hub, config, log, clock, jobs, news } = deps;
  const companies = createCompanyService({ repository: createCompanyRepository(db), clock, log });
  const analysis = createAnalysisService({
    repository: createAnalysisRepository(db),
    ai: deps.ai,
    log,
    clock,
  });

  // Prompt progress and answer pieces on the owner's live topic, in order per prompt: the one
  // hub between the worker writing answers and the pages streaming them.
  const promptLive = createPromptPublisher(deps.live);
  // Serialised prompt answers per API process, dropped on the database's notices.
  const promptReadCache = config.promptCache ? createPromptReadCache({ hub }) : undefined;
  const prompts = createPromptService({
    repository: cacheForgettingRepository(createPromptRepository(db), promptReadCache),
    events: createPromptEvents(),
    assistant: deps.assistant,
    buildContext: createAssistantContextBuilder({
      clock,
      watchlists: deps.watchlists,
      holdings: deps.portfolio,
      companies,
      quotes: deps.market.quotes,
      news,
      analysis,
    }),
    jobs,
    limiter: deps.limiter,
    clock,
    log,
    knownSymbols: (symbols) => companies.knownSymbols(symbols),
    articleVisible: async (id, viewer) => (await news.articleFact(id, viewer)) !== undefined,
    hasDebugInterface: deps.users.hasDebugInterface,
    onStatus: (userId, id, status) => promptLive.status(userId, id, status),
    onProgress: (userId, id, progress) => promptLive.progress(userId, id, progress),
  });
  const promptReads = createPromptReads({ prompts, cache: promptReadCache, clock });
  return { companies, analysis, prompts, promptReadCache, promptReads };
}

export type AssistantGroup = ReturnType<typeof composeAssistant>;
