import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@app/shared/api/users';
import { apiPost } from '../../../lib/api-client';
import { getStoredToken } from '../../../lib/session';
import { showErrorToast } from '../../../lib/toast';
import { cacheCurrentUser, currentUserQueryKey } from './current-user';

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
