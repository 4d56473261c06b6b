import { z } from 'zod';
import type { AiTranslatable } from '../ai-provider.ts';

const field = (source: string) =>
  source.trim()
    ? z
        .string()
        .trim()
        .min(1)
        .max(source.length * 4 + 200)
    : z.string().trim();

/**
 * The model's translation of `source`: the same three fields, each non-empty when its source is
 * (and not absurdly longer than it, which would mean the model wrote something else).
 */
export function translationAnswerSchema(source: AiTranslatable) {
  return z.object({
    title: field(source.title),
    summary: field(source.summary),
    paragraph: field(source.paragraph),
  });
}
