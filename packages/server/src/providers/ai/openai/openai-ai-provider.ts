/**
 * The `openai` analyst: an OpenAI-compatible chat model writes the AI object of an article and
 * company analyses as JSON, validated field by field; transient failures and invalid answers are
 * retried, and when the model still fails the offline analyst stands in, with the reason in the
 * result's `provider`. Translation has no stand-in: its failure reaches the caller.
 */
import type {
  AiAnalysis,
  AiArticleInput,
  AiProvider,
  CompanyAnalysis,
  CompanyAnalysisInput,
} from '../ai-provider.ts';
import { splitSentences } from '../offline/text.ts';
import { analysisAnswerSchema, toAnalysis } from './analysis-answer.ts';
import type { ChatClient, ChatMessage } from './chat-client.ts';
import { companyAnswerSchema } from './company-answer.ts';
import { companyMessages, promptArticles } from './company-prompt.ts';
import { createGuardedCalls, failureReason, type GuardOptions } from './guarded-calls.ts';
import { parseAnswer } from './json-answer.ts';
import { analysisMessages, promptSentences, translationMessages } from './prompts.ts';
import { translationAnswerSchema } from './translation-answer.ts';
import type { z } from 'zod';

export interface OpenAiProviderOptions extends GuardOptions {
  client: ChatClient;
  /** Writes the analysis when the model fails (the offline analyst). */
  fallback: AiProvider;
}

/** Enough for the AI object (a paragraph and short fields) with room to spare. */
const ANALYSIS_MAX_TOKENS = 1_500;
const TRANSLATION_MAX_TOKENS = 2_000;
/** A 400-word analysis is about 600 tokens; markdown and citations add some. */
const COMPANY_MAX_TOKENS = 1_500;

export function createOpenAiProvider(options: OpenAiProviderOptions): AiProvider {
  const { client, fallback, log } = options;
  const guarded = createGuardedCalls(options);

  /**
   * Asks, parses and validates, retrying transient failures and answers that fail the schema;
   * skipped at once while the breaker is open.
   */
  async function ask<Schema extends z.ZodType>(
    task: string,
    messages: ChatMessage[],
    schema: Schema,
    maxTokens: number,
  ): Promise<z.output<Schema>> {
    return guarded(task, async () =>
      parseAnswer(schema, await client.completeJson(messages, { maxTokens })),
    );
  }

  async function analyzeWithFallback(article: AiArticleInput): Promise<AiAnalysis> {
    const sentences = promptSentences(splitSentences(article.text));
    try {
      const answer = await ask(
        'analyze',
        analysisMessages(article, sentences),
        analysisAnswerSchema,
        ANALYSIS_MAX_TOKENS,
      );
      return { ...toAnalysis(answer, sentences), provider: `openai (${client.model})` };
    } catch (error) {
      const reason = failureReason(error);
      log.warn(
        { reason, title: article.title.slice(0, 120) },
        'the language model failed; the offline analyst wrote this article analysis',
      );
      const analysis = await fallback.analyze(article);
      return { ...analysis, provider: `offline (openai failed: ${reason})` };
    }
  }

  async function analyzeCompanyWithFallback(input: CompanyAnalysisInput): Promise<CompanyAnalysis> {
    const news = promptArticles(input);
    try {
      const analysis = await ask(
        'analyze-company',
        companyMessages(input, news),
        companyAnswerSchema(news),
        COMPANY_MAX_TOKENS,
      );
      return { ...analysis, provider: `openai (${client.model})` };
    } catch (error) {
      const reason = failureReason(error);
      log.warn(
        { reason, company: input.exchange_ticker },
        'the language model failed; the offline analyst wrote this company analysis',
      );
      const analysis = await fallback.analyzeCompany(input);
      return { ...analysis, provider: `offline (openai failed: ${reason})` };
    }
  }

  return {
    name: 'openai',
    analyze: analyzeWithFallback,

    // No fallback: the offline analyst cannot translate. Failures reach the caller.
    translate: (texts, language) =>
      ask(
        'translate',
        translationMessages(texts, language),
        translationAnswerSchema(texts),
        TRANSLATION_MAX_TOKENS,
      ),

    analyzeCompany: analyzeCompanyWithFallback,
  };
}
