/**
 * The zod schema of the model's article analysis, and its conversion into an {@link AiAnalysis}.
 * Lenient where a model's habit is harmless (numbers as strings, `Bullish`, 6.6 for 7, a
 * classification in the wrong case), strict where the value would be wrong: an unknown category,
 * a number outside its scale (a model writing 15 on −10…10 misread the scale; clamping would hide
 * it), a missing text. A failed parse is retried by the caller.
 */
import { z } from 'zod';
import {
  ARTICLE_CLASSIFICATIONS,
  SENTIMENTS,
  type AiAnalysis,
  type DefconLevel,
} from '../ai-provider.ts';

const text = (max: number) =>
  z
    .string()
    .transform((s) => s.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1).max(max));

/** A number, or a string holding one, rounded to the nearest integer, within `min`…`max`. */
const integer = (min: number, max: number) =>
  z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
      z.number(),
    )
    .transform((n) => Math.round(n))
    .pipe(z.number().int().min(min).max(max));

const byLowerCase = new Map(ARTICLE_CLASSIFICATIONS.map((c) => [c.toLowerCase(), c]));

const lowerCase = z.string().transform((s) => s.trim().toLowerCase());

const isDefcon = (n: number): n is DefconLevel => n >= 1 && n <= 5;

export const analysisAnswerSchema = z.object({
  title: text(300),
  title_clickbait: text(300),
  summary: text(1_000),
  paragraph: text(4_000),
  classification: z
    .string()
    .transform((s) => byLowerCase.get(s.trim().toLowerCase()) ?? s)
    .pipe(z.enum(ARTICLE_CLASSIFICATIONS)),
  sentiment: lowerCase.pipe(z.enum(SENTIMENTS)),
  sentiment_score: integer(-10, 10),
  interest_score: integer(0, 10),
  defcon_level: integer(1, 5).transform((n) => (isDefcon(n) ? n : 5)),
  defcon_outcome: lowerCase.pipe(z.enum(['positive', 'negative'])),
  no_bullshit: text(500),
  gif_keywords: z
    .array(text(40))
    .min(1)
    .transform((words) => [...new Set(words.map((w) => w.toLowerCase()))].slice(0, 5)),
  article_icon: lowerCase.pipe(
    z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      .max(40),
  ),
  /** Indices into the numbered sentence list the prompt sent; checked against it later. */
  source_sentences: z.array(z.unknown()).default([]),
});

export type AnalysisAnswer = z.output<typeof analysisAnswerSchema>;

/**
 * The analysis the model's answer makes, its `sources` being the article's own sentences: an
 * index that is not an integer or names no sentence is dropped (models invent some).
 */
export function toAnalysis(answer: AnalysisAnswer, sentences: string[]): AiAnalysis {
  const indexes = new Set<number>();
  for (const value of answer.source_sentences) {
    const n = typeof value === 'string' ? Number(value) : value;
    if (typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < sentences.length) {
      indexes.add(n);
    }
  }
  const { source_sentences: _ignored, ...fields } = answer;
  return {
    ...fields,
    sources: [...indexes]
      .sort((a, b) => a - b)
      .map((index) => ({ index, text: sentences[index] ?? '' })),
  };
}
