import type { TelegramInfo } from '@app/shared/api/telegram';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

// The response schemas are imported on demand (zod stays out of a page's first load): the
// menus ask for the bot's info on every page. Linking and unlinking (mutations, the profile
// page's) are telegram-link.ts, so that TanStack's mutation code stays off every page too.
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
