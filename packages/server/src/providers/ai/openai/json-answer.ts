import type { z } from 'zod';
import { LlmCallError } from './llm-call-error.ts';

/**
 * The JSON object in a model's answer. Models asked for JSON still sometimes wrap it in a
 * ```json fence or a sentence; the outermost `{…}` is taken.
 */
export function extractJson(answer: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(answer)?.[1] ?? answer;
  const start = fenced.indexOf('{');
  const end = fenced.lastIndexOf('}');
  if (start < 0 || end < start)
    throw new LlmCallError('invalid JSON: no object', { retryable: true });
  try {
    return JSON.parse(fenced.slice(start, end + 1));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new LlmCallError(`invalid JSON: ${message.slice(0, 120)}`, { retryable: true });
  }
}

/** Parses and validates an answer; a mismatch is a retryable error naming the fields. */
export function parseAnswer<Schema extends z.ZodType>(
  schema: Schema,
  answer: string,
): z.output<Schema> {
  const parsed = schema.safeParse(extractJson(answer));
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  throw new LlmCallError(`invalid answer: ${issues}`, { retryable: true });
}
