import { z } from 'zod';
import { queryFlagSchema } from '../query/query-flag.ts';
import { defineQuerySpec } from '../query/query-spec.ts';
import { successResponse } from './envelope.ts';

/** Spec §3 AI object: what the analyst wrote about an article. */
export const newsAiSchema = z.object({
  title: z.string(),
  title_clickbait: z.string(),
  summary: z.string(),
  paragraph: z.string(),
  classification: z.string(),
  sentiment: z.string(),
  sentiment_score: z.number(),
  /**
   * Probability (0 … 1) that `sentiment` is right, from the offline analyst's calibration. Null
   * or absent when unknown: an LLM's call, a call that follows the writer's own figures, or an
   * analysis stored before confidences were kept.
   */
  sentiment_confidence: z.number().min(0).max(1).nullable().optional(),
  interest_score: z.number(),
  article_icon: z.string(),
  gif_keywords: z.array(z.string()),
  defcon_level: z.number().int().min(1).max(5),
  defcon_outcome: z.string(),
  no_bullshit: z.string(),
  /** The sentences the summary drew from (index among the article's sentences), for citations. */
  sources: z.array(z.object({ index: z.number(), text: z.string() })),
  /** Which analyst wrote it (`offline`, or a model name). */
  provider: z.string(),
});
export type NewsAi = z.infer<typeof newsAiSchema>;

/** Spec §3 News article, as the API shows it (`creation_date` in epoch seconds). */
export const newsArticleSchema = z.object({
  id: z.string(),
  title: z.string(),
  source_title: z.string(),
  no_bullshit: z.string().nullable(),
  link: z.string(),
  publisher: z.string(),
  creation_date: z.number(),
  /**
   * The feed gave no usable date (none, unreadable, or more than a day ahead): `creation_date` is
   * when the item was first seen, shown as "first seen …".
   */
  date_estimated: z.boolean().optional(),
  summary: z.string().nullable(),
  ai_summary: z.string().nullable(),
  articles: z.array(z.string()),
  /** The first element is the article's score, −10 … +10. */
  sentiment_score: z.array(z.number()),
  interest_score: z.number().nullable(),
  related_exchange_tickers: z.array(z.string()),
  NER: z.array(z.object({ name: z.string(), tickers: z.array(z.string()) })),
  /** Derived map: exchange ticker → the name it was found under. */
  named_exchange_tickers: z.record(z.string(), z.string()),
  /** Comments on the article (0 until comments exist). */
  no_comments: z.number(),
  is_blocked: z.boolean(),
  experiment: z.string().nullable(),
  AI: newsAiSchema.nullable(),
  /** One card per story: the id of the story's first article; null for that article itself. */
  story_id: z.string().nullable().optional(),
  /** The story's other reports (other sources of the same news), oldest first. */
  also_reported_by: z
    .array(z.object({ id: z.string(), publisher: z.string(), link: z.string(), title: z.string() }))
    .optional(),
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;

/** `/news/query`: the filters of spec §7, and nothing else. */
export const newsQuerySpec = defineQuerySpec({
  fields: {
    id: { type: 'string', ops: ['eq', 'in'] },
    creation_date: { type: 'date', sortable: true },
    publisher: { type: 'string', ops: ['eq', 'in', 'icontains'] },
    experiment: { type: 'string', ops: ['eq', 'ne', 'in', 'exists'] },
    ai_summary: { type: 'string', ops: ['ne', 'exists'], projectable: true },
    related_exchange_tickers: { type: 'string[]' },
    sentiment_score: { type: 'number', ops: ['gt', 'gte', 'lt', 'lte'], sortable: true },
    interest_score: { type: 'number', sortable: true },
    AI__defcon_level: { type: 'integer', ops: ['eq', 'lt', 'lte', 'gt', 'gte', 'in'] },
    AI__classification: { type: 'string', ops: ['eq', 'ne', 'in'] },
  },
  defaultOrder: ['-creation_date'],
  defaultLimit: 20,
  maxLimit: 100,
  extras: { no_cache: queryFlagSchema },
});

export const newsResponseSchema = successResponse({ news: z.array(newsArticleSchema.partial()) });

/**
 * `/news/translate/{id}/{lang}`: the article with `AI.title`, `AI.summary` and `AI.paragraph`
 * translated into `language`, and `summary` / `ai_summary` made from them as the analyst does
 * (`ai_summary` is the paragraph, or the summary when the paragraph is empty). Every other field,
 * `title` (the source's headline) included, is as stored.
 */
export const newsTranslationResponseSchema = successResponse({
  news: z.array(newsArticleSchema),
  language: z.string(),
});

/**
 * `/news/reindex/{id}` (debug): the article, and whether the analyst ran. It runs only
 * when what it reads (title, description, text, publisher, listings, the writer's hint, the
 * analyst) changed since the stored analysis; `/news/force_reindex/{id}` always runs it.
 */
export const newsReindexResponseSchema = successResponse({
  news: z.array(newsArticleSchema.partial()),
  reindexed: z.boolean(),
  message: z.string(),
});
export type NewsReindex = z.infer<typeof newsReindexResponseSchema>;

/** `/news/test/tickers/{newsId}` (debug): the ticker linker's answer on one article. */
export const newsTickerTestResponseSchema = successResponse({
  response: z.object({
    related_exchange_tickers: z.array(z.string()),
    NER: z.array(z.object({ name: z.string(), tickers: z.array(z.string()) })),
    named_exchange_tickers: z.array(z.string()),
  }),
  validated_tickers: z.array(z.string()),
  unvalidated_tickers: z.array(z.string()),
});
export type NewsTickerTest = z.infer<typeof newsTickerTestResponseSchema>;
