import {
  PROMPT_LIST_FIELDS,
  PROMPT_LIST_LIMIT,
  promptListItemsResponseSchema,
} from '@app/shared/api/prompts';
import type { PromptJson } from '@app/shared/api/prompts';
import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { ApiQuery } from '../../../lib/api-client';
import { promptListQueryKey } from './prompt-query-keys';
import type { PromptListKind } from './prompt-query-keys';

/** Spec §9: the prompt editor's list is polled every 1 s while a prompt waits for its answer. */
export const EDITOR_POLL_MS = 1_000;
/** Spec §9: the chat polls its unprocessed prompts every 5 s. */
export const CHAT_POLL_MS = 5_000;

/** `only=` of the lists and polls: the fields the assistant shows (a third of the bytes). */
export const PROMPT_LIST_ONLY = PROMPT_LIST_FIELDS.join(',');

/**
 * A listed prompt as the components take it: the fields lists do not carry (`raw`, the persona's
 * `system` text, `provider`) are shown nowhere, so they stand empty.
 */
export function toListedPrompt(
  item: z.output<typeof promptListItemsResponseSchema>['prompts'][number],
): PromptJson {
  return { ...item, raw: [], system: null, provider: null };
}

/**
 * The two list queries of spec §7, exactly (plus `only=`): the editor's PORTFOLIO and e-mail prompts, and the
 * chat's CHAT prompts (of one article when `articleId` is set, else the INDEX and PROCESSED ones).
 */
export function promptListQuery(
  kind: PromptListKind,
  username: string,
  articleId: string | null,
): ApiQuery {
  if (kind === 'editor') {
    return {
      status: ['INDEX', 'PROCESSED'],
      type__in: 'PORTFOLIO,email_prompt',
      order_by: '-creation_date',
      limit: PROMPT_LIST_LIMIT,
      username,
      only: PROMPT_LIST_ONLY,
    };
  }
  return {
    username,
    type: 'CHAT',
    order_by: '-creation_date',
    limit: PROMPT_LIST_LIMIT,
    ...(articleId ? { article_id: articleId } : { status: ['INDEX', 'PROCESSED'] }),
    only: PROMPT_LIST_ONLY,
  };
}

/** GET /prompts/query: the caller's prompts of one list, newest first. */
export async function fetchPromptList(
  kind: PromptListKind,
  username: string,
  articleId: string | null,
  signal?: AbortSignal,
): Promise<PromptJson[]> {
  const { prompts } = await apiGet('/prompts/query', promptListQuery(kind, username, articleId), {
    schema: promptListItemsResponseSchema,
    signal,
  });
  return prompts.map(toListedPrompt);
}

export function promptListQueryOptions(
  kind: PromptListKind,
  username: string,
  articleId: string | null,
) {
  return queryOptions({
    queryKey: promptListQueryKey(kind, username, articleId),
    queryFn: ({ signal }) => fetchPromptList(kind, username, articleId, signal),
  });
}

/** True while a prompt still waits for (or is being given) its answer. */
export function isUnprocessed(prompt: Pick<PromptJson, 'status'>): boolean {
  return prompt.status === 'INDEX';
}

/**
 * The caller's prompts of one list. The editor's list polls every 1 s while any of them waits
 * (`poll`: false while the live stream is up and brings the changes instead); the chat refreshes
 * its list only on demand (its waiting prompts are polled one by one).
 */
export function usePromptList(
  kind: PromptListKind,
  username: string | null,
  articleId: string | null = null,
  { poll = true }: { poll?: boolean } = {},
) {
  return useQuery({
    ...promptListQueryOptions(kind, username ?? '', articleId),
    enabled: username !== null && username !== '',
    refetchInterval: (query) =>
      poll && kind === 'editor' && query.state.data?.some(isUnprocessed) ? EDITOR_POLL_MS : false,
  });
}
