import { alertsSeenResponseSchema, myAlertsResponseSchema } from '@app/shared/api/alerts';
import type { MyAlertsResponse } from '@app/shared/api/alerts';
import { liveAlertEventSchema } from '@app/shared/api/live';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { liveClient, type LiveClient } from '../../../lib/live/live-client';
import { useLive, useLiveConnected } from '../../../lib/live/use-live';

/** How many alerts the bell lists. */
export const BELL_PAGE_SIZE = 10;
/** The bell's poll while the live stream is down (the stream tells it otherwise). */
export const BELL_POLL_MS = 60_000;

export type MyAlerts = Omit<MyAlertsResponse, 'status'>;

export const MY_ALERTS_QUERY_KEY = ['alerts', 'mine'] as const;

/** GET /alerts/mine: the caller's latest alerts and the unread count. */
export async function fetchMyAlerts(signal?: AbortSignal): Promise<MyAlerts> {
  const { status: _status, ...state } = await apiGet(
    '/alerts/mine',
    { limit: BELL_PAGE_SIZE },
    { schema: myAlertsResponseSchema, signal },
  );
  return state;
}

export function myAlertsQueryOptions() {
  return queryOptions({
    queryKey: MY_ALERTS_QUERY_KEY,
    queryFn: ({ signal }) => fetchMyAlerts(signal),
  });
}

/**
 * The bell's list: refreshed when the live stream announces an alert of the caller and
 * after a reconnect; polled every minute only while the stream is down.
 */
export function useMyAlerts(client: LiveClient = liveClient) {
  const queryClient = useQueryClient();
  const connected = useLiveConnected(client);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: MY_ALERTS_QUERY_KEY });
  useLive(
    ['alerts'],
    ({ event, data }) => {
      if (event === 'alerts' && liveAlertEventSchema.safeParse(data).success) refresh();
    },
    refresh,
    client,
  );
  return useQuery({
    ...myAlertsQueryOptions(),
    refetchInterval: connected ? false : BELL_POLL_MS,
  });
}

/** POST /alerts/mine/seen: everything up to `upTo` is read; the list shows it at once. */
export function useMarkAlertsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (upTo: string) =>
      (await apiPost('/alerts/mine/seen', { up_to: upTo }, { schema: alertsSeenResponseSchema }))
        .unread,
    onMutate: (upTo) => {
      queryClient.setQueryData<MyAlerts>(MY_ALERTS_QUERY_KEY, (state) => {
        if (!state) return state;
        const index = state.alerts.findIndex((alert) => alert.id === upTo);
        if (index === -1) return state;
        const alerts = state.alerts.map((alert, i) =>
          i >= index ? { ...alert, unread: false } : alert,
        );
        return { ...state, alerts, unread: alerts.filter((alert) => alert.unread).length };
      });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: MY_ALERTS_QUERY_KEY });
    },
  });
}
