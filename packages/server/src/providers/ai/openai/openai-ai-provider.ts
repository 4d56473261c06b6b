/**
 * The `openai` analyst: an OpenAI-compatible chat model writes the AI object of an article and
 * company analyses as JSON, validated field by field; transient failures and invalid answers are
 * retried, and when the model still fails the offline analyst stands in, with the reason in the
 * result's `provider`. Translation has no stand-in: its failure reaches the caller.
 */
import type { FastifyBaseLogger } from 'fastify';
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
import {
  createCircuitBreaker,
  DEFAULT_BREAKER,
  type CircuitBreakerOptions,
} from './circuit-breaker.ts';
import { companyAnswerSchema } from './company-answer.ts';
import { companyMessages, promptArticles } from './company-prompt.ts';
import { parseAnswer } from './json-answer.ts';
import { LlmCallError } from './llm-call-error.ts';
import { analysisMessages, promptSentences, translationMessages } from './prompts.ts';
import { DEFAULT_RETRY, withRetries, type RetryPolicy } from './retry.ts';
import { translationAnswerSchema } from './translation-answer.ts';
import type { z } from 'zod';

export interface OpenAiProviderOptions {
  client: ChatClient;
  /** Writes the analysis when the model fails (the offline analyst). */
  fallback: AiProvider;
  log: FastifyBaseLogger;
  retry?: RetryPolicy;
  /** When to stop calling a model that keeps failing; see circuit-breaker.ts. */
  breaker?: CircuitBreakerOptions;
}

/** Enough for the AI object (a paragraph and short fields) with room to spare. */
const ANALYSIS_MAX_TOKENS = 1_500;
const TRANSLATION_MAX_TOKENS = 2_000;
/** A 400-word analysis is about 600 tokens; markdown and citations add some. */
const COMPANY_MAX_TOKENS = 1_500;

/** The reason a call failed, short enough for a log line and the stored `provider`. */
export function failureReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').slice(0, 200);
}

export function createOpenAiProvider(options: OpenAiProviderOptions): AiProvider {
  const { client, fallback, log } = options;
  const retry = options.retry ?? DEFAULT_RETRY;
  const breaker = createCircuitBreaker(options.breaker ?? DEFAULT_BREAKER);

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
    const skip = breaker.skipReason();
    if (skip) throw new LlmCallError(skip, { retryable: false });
    try {
      const answer = await withRetries(
        async () => parseAnswer(schema, await client.completeJson(messages, { maxTokens })),
        retry,
        (error, delayMs, attempt) =>
          log.info(
            { task, attempt, delayMs, reason: error.message },
            'retrying the language model',
          ),
      );
      breaker.success();
      return answer;
    } catch (error) {
      breaker.failure(failureReason(error));
      throw error;
    }
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
