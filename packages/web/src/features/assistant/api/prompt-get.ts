import { promptListItemsResponseSchema } from '@app/shared/api/prompts';
import type { PromptJson } from '@app/shared/api/prompts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { CHAT_POLL_MS, isUnprocessed, PROMPT_LIST_ONLY, toListedPrompt } from './prompt-list';
import { promptQueryKey } from './prompt-query-keys';

/** GET /prompts/get/{id}: one of the caller's prompts (spec §7: `prompts[0]`), the fields shown. */
export async function fetchPrompt(id: string, signal?: AbortSignal): Promise<PromptJson> {
  const { prompts } = await apiGet(
    `/prompts/get/${encodeURIComponent(id)}`,
    { only: PROMPT_LIST_ONLY },
    { schema: promptListItemsResponseSchema, signal },
  );
  const [prompt] = prompts;
  if (!prompt) throw new Error('The prompt is no longer available.');
  return toListedPrompt(prompt);
}

/**
 * Spec §4/§9: an unprocessed chat prompt is polled every 5 s until it is answered. `initial` is
 * the copy the list holds; polling stops once the prompt is no longer waiting.
 */
export function usePromptPoll(initial: PromptJson, enabled: boolean) {
  return useQuery({
    queryKey: promptQueryKey(initial.id),
    queryFn: ({ signal }) => fetchPrompt(initial.id, signal),
    initialData: initial,
    enabled: enabled && isUnprocessed(initial),
    refetchInterval: (query) =>
      query.state.data && isUnprocessed(query.state.data) ? CHAT_POLL_MS : false,
  });
}
