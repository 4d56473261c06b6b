import { alertSettingsResponseSchema } from '@app/shared/api/alerts';
import type { AlertSettingsResponse, AlertSettingsUpdate } from '@app/shared/api/alerts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { showErrorToast } from '../../../lib/toast';

export type AlertSettingsState = Omit<AlertSettingsResponse, 'status'>;

export const ALERT_SETTINGS_QUERY_KEY = ['alerts', 'settings'] as const;

/** GET /alerts/settings: the caller's time zone, quiet hours, hourly cap and plan. */
export async function fetchAlertSettings(signal?: AbortSignal): Promise<AlertSettingsState> {
  const { status: _status, ...state } = await apiGet('/alerts/settings', undefined, {
    schema: alertSettingsResponseSchema,
    signal,
  });
  return state;
}

export function alertSettingsQueryOptions() {
  return queryOptions({
    queryKey: ALERT_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => fetchAlertSettings(signal),
  });
}

export function useAlertSettings() {
  return useQuery(alertSettingsQueryOptions());
}

/** POST /alerts/settings with the changed settings; the answer replaces the cached state. */
export async function postAlertSettings(update: AlertSettingsUpdate): Promise<AlertSettingsState> {
  const { status: _status, ...state } = await apiPost('/alerts/settings', update, {
    schema: alertSettingsResponseSchema,
  });
  return state;
}

export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAlertSettings,
    onSuccess: (state) => {
      queryClient.setQueryData(ALERT_SETTINGS_QUERY_KEY, state);
    },
    onError: (error) => {
      showErrorToast(error.message);
    },
  });
}
