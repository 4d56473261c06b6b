import { promptRemoveResponseSchema } from '@app/shared/api/prompts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { ApiQuery } from '../../../lib/api-client';
import { PROMPTS_QUERY_KEY } from './prompt-query-keys';

/** GET /prompts/rm?id=: removes one of the caller's prompts. */
export async function removePrompt(id: string): Promise<number> {
  const { removed } = await apiGet('/prompts/rm', { id }, { schema: promptRemoveResponseSchema });
  return removed;
}

/** Which of the caller's prompts "remove all" means (spec §7). */
export type RemoveAllScope = { kind: 'editor' } | { kind: 'chat'; articleId: string | null };

export function removeAllQuery(scope: RemoveAllScope): ApiQuery {
  if (scope.kind === 'editor') return { type__in: 'email_prompt,PORTFOLIO' };
  return { type: 'CHAT', ...(scope.articleId ? { article_id: scope.articleId } : {}) };
}

/** GET /prompts/rm/ALL?…: removes the caller's prompts of one list. */
export async function removeAllPrompts(scope: RemoveAllScope): Promise<number> {
  const { removed } = await apiGet('/prompts/rm/ALL', removeAllQuery(scope), {
    schema: promptRemoveResponseSchema,
  });
  return removed;
}

export function useRemovePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePrompt,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROMPTS_QUERY_KEY }),
  });
}

export function useRemoveAllPrompts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAllPrompts,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROMPTS_QUERY_KEY }),
  });
}
