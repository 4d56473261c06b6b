import type { TelegramInfo } from '@app/shared/api/telegram';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@app/shared/api/users';
import { apiGet, apiPost } from '../../../lib/api-client';
import { getStoredToken } from '../../../lib/session';
import { showErrorToast } from '../../../lib/toast';
import { cacheCurrentUser, currentUserQueryKey } from './current-user';

// The response schemas are imported on demand (zod stays out of a page's first load): the
// menus ask for the bot's info on every page.
export type TelegramBotInfo = Omit<TelegramInfo, 'status'>;

/** GET /telegram/info: whether the bot runs, its @username, and the menus' community links. */
export async function fetchTelegramInfo(signal?: AbortSignal): Promise<TelegramBotInfo> {
  const { telegramInfoResponseSchema } = await import('@app/shared/api/telegram');
  const { status: _status, ...info } = await apiGet('/telegram/info', undefined, {
    schema: telegramInfoResponseSchema,
    signal,
    // The menus ask on every page; a missing link is no reason for a toast.
    notifyNetworkError: false,
  });
  return info;
}

export function telegramInfoQueryOptions() {
  return queryOptions({
    queryKey: ['telegram', 'info'] as const,
    queryFn: ({ signal }) => fetchTelegramInfo(signal),
    // Server settings: they change with a restart, not while the page is open.
    staleTime: 10 * 60_000,
    retry: false,
  });
}

export function useTelegramInfo() {
  return useQuery(telegramInfoQueryOptions());
}

/** POST /telegram/link: a one-time deep link `https://t.me/<bot>?start=<code>` (15 minutes). */
export async function postTelegramLink(): Promise<{ url: string; expiresAt: Date }> {
  const { telegramLinkResponseSchema } = await import('@app/shared/api/telegram');
  const { url, expires_at } = await apiPost('/telegram/link', undefined, {
    schema: telegramLinkResponseSchema,
  });
  return { url, expiresAt: new Date(expires_at * 1000) };
}

export function useTelegramLink() {
  return useMutation({
    mutationFn: postTelegramLink,
    onError: (error) => showErrorToast(error.message),
  });
}

/** POST /telegram/unregister: forgets the linked chat; the cached user follows. */
export function useTelegramUnregister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { telegramUnregisterResponseSchema } = await import('@app/shared/api/telegram');
      return apiPost('/telegram/unregister', undefined, {
        schema: telegramUnregisterResponseSchema,
      });
    },
    onSuccess: () => {
      const user = queryClient.getQueryData<User>(currentUserQueryKey(getStoredToken()));
      if (user) cacheCurrentUser(queryClient, { ...user, my_telegram_chat_id: '' });
    },
    onError: (error) => showErrorToast(error.message),
  });
}
