/**
 * The model's company analysis: its schema and the citation bookkeeping. The model cites the
 * numbered articles of the prompt (`[3]`, `[1, 4]`); markers are renumbered in order of first use
 * so that `[1]` is `citations[0]` (the contract). A marker naming an article the model was not
 * given fails validation (and is retried): the claim beside it would have no source.
 */
import { z } from 'zod';
import type { CompanyAnalysis, CompanyNewsInput } from '../ai-provider.ts';

const MARKER = /\[(\d+(?:\s*,\s*\d+)*)\](?!\()/g;

const score = z
  .preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number(),
  )
  .transform((n) => Math.round(n))
  .pipe(z.number().int().min(-10).max(10));

/** Validates an answer about `news` (the prompt's numbered list) into a {@link CompanyAnalysis}. */
export function companyAnswerSchema(news: readonly CompanyNewsInput[]) {
  return z
    .object({ markdown: z.string().trim().min(40).max(12_000), sentiment_score: score })
    .transform((answer, ctx): CompanyAnalysis => {
      const citations: string[] = [];
      const unknown: string[] = [];
      const markdown = answer.markdown
        // Headings from level 2 down (the contract): a model's `# Title` becomes `## Title`.
        .replace(/^#(?!#)\s*/gm, '## ')
        .replace(MARKER, (_marker, list: string) =>
          list
            .split(',')
            .map((number) => {
              const item = news[Number(number) - 1];
              if (!item) {
                unknown.push(number.trim());
                return '';
              }
              let index = citations.indexOf(item.id);
              if (index < 0) index = citations.push(item.id) - 1;
              return `[${index + 1}]`;
            })
            .join(''),
        );
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['markdown'],
          message: `cites article ${unknown.join(', ')}, which it was not given`,
        });
        return z.NEVER;
      }
      return { markdown, sentiment_score: answer.sentiment_score, citations };
    });
}
