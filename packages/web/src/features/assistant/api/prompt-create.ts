import { promptCreateResponseSchema } from '@app/shared/api/prompts';
import type { CreatePromptBody } from '@app/shared/api/prompts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { PROMPTS_QUERY_KEY } from './prompt-query-keys';

/** What the pages send to POST /prompts/create (spec §7). */
export type PromptDraft = Partial<Omit<CreatePromptBody, 'prompt'>> & { prompt: string };

/** POST /prompts/create: a new prompt (or, with `id`, an edit that is answered again). */
export async function createPrompt(draft: PromptDraft): Promise<string> {
  const { id } = await apiPost('/prompts/create', draft, { schema: promptCreateResponseSchema });
  return id;
}

/** Creates a prompt and refreshes every prompt list; the caller words the failure (spec §8). */
export function useCreatePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPrompt,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROMPTS_QUERY_KEY }),
  });
}
