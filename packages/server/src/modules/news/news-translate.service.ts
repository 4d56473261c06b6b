import type { NewsArticle } from '@app/shared/api/news';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest, conflict, notFound, serviceUnavailable } from '../../http/errors.ts';
import { AiCapabilityError } from '../../providers/ai/ai-capability-error.ts';
import type { AiProvider } from '../../providers/ai/ai-provider.ts';
import type { NewsRepository } from './news.repository.ts';

/** An article's AI texts in another language, through the configured analyst. */
export function createNewsTranslateService(deps: {
  repository: NewsRepository;
  ai: AiProvider;
  log: FastifyBaseLogger;
}) {
  const { ai, log, repository: news } = deps;
  return {
    /** The article (as the API shows it) with its AI title, summary and paragraph translated. */
    async translate(id: string, language: string, asAdmin: boolean): Promise<NewsArticle> {
      const row = await news.findVisibleArticle(id, { is_admin: asAdmin });
      if (!row) throw notFound('News article not found.');
      const article = JSON.parse(row.article) as NewsArticle;
      const aiObject = article.AI;
      if (!aiObject) throw conflict('This article has not been analysed yet.');
      let texts;
      try {
        texts = await ai.translate(
          { title: aiObject.title, summary: aiObject.summary, paragraph: aiObject.paragraph },
          language,
        );
      } catch (error) {
        if (error instanceof AiCapabilityError) throw badRequest(error.message);
        log.warn({ err: error, newsId: id, language }, 'translation failed');
        throw serviceUnavailable('The language model could not translate this article now.');
      }
      return {
        ...article,
        summary: texts.summary,
        ai_summary: texts.paragraph || texts.summary,
        AI: { ...aiObject, ...texts },
      };
    },
  };
}

export type NewsTranslateService = ReturnType<typeof createNewsTranslateService>;
