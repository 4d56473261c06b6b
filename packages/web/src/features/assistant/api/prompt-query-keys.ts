/** TanStack Query keys of the assistant's calls; every prompt list sits under `['prompts']`. */
export const PROMPTS_QUERY_KEY = ['prompts'] as const;

export type PromptListKind = 'editor' | 'chat';

export function promptListQueryKey(
  kind: PromptListKind,
  username: string,
  articleId: string | null,
) {
  return [...PROMPTS_QUERY_KEY, 'list', kind, username, articleId ?? ''] as const;
}

export function promptQueryKey(id: string) {
  return [...PROMPTS_QUERY_KEY, 'one', id] as const;
}

export const QUEUE_STATE_QUERY_KEY = [...PROMPTS_QUERY_KEY, 'state'] as const;
