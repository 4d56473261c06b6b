import type { PromptJson } from '@app/shared/api/prompts';

/** Spec §5: delete-all and clear-chat ask first. */
export const CONFIRM_PROCEED = 'Are you sure you want to proceed?';

/** Spec §8: the prefix of a chat send failure. */
export const SEND_FAILED = 'Failed sending prompt';

/** Of two copies of one prompt (the list's and a poll's or a stream's), the further along. */
export function furthest(a: PromptJson, b: PromptJson | undefined): PromptJson {
  if (!b) return a;
  const rank = (prompt: PromptJson) => (prompt.status === 'INDEX' ? 0 : 1);
  if (rank(a) !== rank(b)) return rank(a) > rank(b) ? a : b;
  return (b.ai_summary?.length ?? 0) >= (a.ai_summary?.length ?? 0) ? b : a;
}
