import { createHash } from 'node:crypto';
import { newsAiSchema } from '@app/shared/api/news';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { AiProvider } from '../../providers/ai/ai-provider.ts';
import { sentimentCall } from '../../providers/ai/sentiment-call.ts';
import { sentimentOfHint } from '../../providers/ai/sentiment-hint.ts';
import type { NewsRepository } from './news.repository.ts';

/** Articles enriched per job run; fresh ones first. */
export const ENRICH_BATCH = 50;

/** What the analyst reads of an article (and which analyst reads it). */
export type EnrichInputs = {
  title: string;
  description: string;
  articles: readonly string[];
  publisher: string;
  related_exchange_tickers: readonly string[];
  sentiment_hint: number | null;
};

/**
 * A fingerprint of everything enrichment reads: the texts, the publisher, the linked listings,
 * the writer's sentiment hint, and the analyst's name (another provider gives another analysis).
 * Stored with each analysis (`news.enrich_inputs`), so 'reindex' runs the analyst again only
 * when one of them changed.
 */
export function enrichFingerprint(inputs: EnrichInputs, analyst: string): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        1,
        analyst,
        inputs.title,
        inputs.description,
        inputs.articles,
        inputs.publisher,
        inputs.related_exchange_tickers,
        inputs.sentiment_hint,
      ]),
    )
    .digest('hex');
}

/** What one enrichment did: analysed, failed, or (reindex) nothing to do, inputs unchanged. */
export type EnrichOutcome = 'PROCESSED' | 'FAILED' | 'UNCHANGED';

/**
 * The analyst's pass over stored articles: WAITING_INDEX → PROCESSED with the AI object (and the
 * columns the feeds filter on), or FAILED with the reason. One article failing never stops the
 * batch.
 */
export function createNewsEnrichService(deps: {
  repository: NewsRepository;
  ai: AiProvider;
  log: FastifyBaseLogger;
  clock: Clock;
}) {
  const { repository, ai, log, clock } = deps;

  /**
   * Analyses one article. With `onlyIfChanged` (the debug menu's 'reindex') an article already
   * analysed from the same inputs by the same analyst is left as it is ('UNCHANGED'); otherwise
   * ('force reindex', the queue) the analyst always runs.
   */
  async function enrichOne(
    id: string,
    options: { onlyIfChanged?: boolean } = {},
  ): Promise<EnrichOutcome> {
    const row = await repository.forAnalysis(id);
    if (!row) return 'FAILED';
    const fingerprint = enrichFingerprint(row, ai.name);
    if (
      options.onlyIfChanged === true &&
      row.status === 'PROCESSED' &&
      row.enrich_inputs === fingerprint
    ) {
      return 'UNCHANGED';
    }
    try {
      const text = [row.description, ...row.articles].filter(Boolean).join('\n\n');
      const analysis = await ai.analyze({
        title: row.title,
        text,
        publisher: row.publisher,
        tickers: row.related_exchange_tickers,
        ...(row.sentiment_hint !== null && { sentimentHint: row.sentiment_hint }),
      });
      // A writer's hint computed from its figures (market briefs) decides the sentiment, whatever
      // the analyst read into words such as 'lags' or 'weakest'. Whoever made the call, the
      // stored score follows it (sentimentCall): the feeds and the track record read its sign.
      const call =
        row.sentiment_hint !== null
          ? sentimentOfHint(row.sentiment_hint)
          : sentimentCall(analysis.sentiment, analysis.sentiment_score);
      analysis.sentiment = call.sentiment;
      analysis.sentiment_score = call.score;
      // The analyst's confidence is of its own call; a call made by the hint has none (unknown).
      analysis.sentiment_confidence =
        row.sentiment_hint !== null ? null : (analysis.sentiment_confidence ?? null);
      // The analysis names its writer when that is not the provider (an LLM's fallback).
      const stored = { ...analysis, provider: analysis.provider ?? ai.name };
      await repository.storeAnalysis(id, {
        // Validated here, on the way in: the API sends the stored object as it is (apiNewsJson in
        // news.repository.ts).
        AI: JSON.stringify(newsAiSchema.parse(stored)),
        ai_summary: analysis.paragraph || analysis.summary,
        summary: analysis.summary,
        no_bullshit: analysis.no_bullshit,
        sentiment_score: [analysis.sentiment_score],
        interest_score: analysis.interest_score,
        status: 'PROCESSED',
        status_reason: null,
        enrich_inputs: fingerprint,
        updated_at: clock.now(),
      });
      return 'PROCESSED';
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ err: error, newsId: id }, 'news enrichment failed');
      await repository.storeAnalysis(id, {
        status: 'FAILED',
        status_reason: reason.slice(0, 500),
        enrich_inputs: null,
        updated_at: clock.now(),
      });
      return 'FAILED';
    }
  }

  return {
    enrichOne,

    /** Enriches up to `limit` waiting articles, newest first. */
    async enrichWaiting(limit = ENRICH_BATCH) {
      const counts = { processed: 0, failed: 0 };
      for (const id of await repository.waitingIds(limit)) {
        if ((await enrichOne(id)) === 'PROCESSED') counts.processed += 1;
        else counts.failed += 1;
      }
      return counts;
    },
  };
}

export type NewsEnrichService = ReturnType<typeof createNewsEnrichService>;
