import {
  pushDevicesResponseSchema,
  pushKeyResponseSchema,
  pushSubscribeResponseSchema,
  pushTestResponseSchema,
} from '@app/shared/api/push';
import type { PushDevice, PushSubscribeBody } from '@app/shared/api/push';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { showErrorToast, showInfoToast, showSuccessToast } from '../../../lib/toast';

export const PUSH_DEVICES_QUERY_KEY = ['push', 'devices'] as const;

/** GET /push/key: the server's VAPID public key (base64url). */
export async function fetchPushKey(): Promise<string> {
  return (await apiGet('/push/key', undefined, { schema: pushKeyResponseSchema })).public_key;
}

/** GET /push/devices: the caller's browsers with notifications on. */
export async function fetchPushDevices(signal?: AbortSignal): Promise<PushDevice[]> {
  return (await apiGet('/push/devices', undefined, { schema: pushDevicesResponseSchema, signal }))
    .devices;
}

export function pushDevicesQueryOptions() {
  return queryOptions({
    queryKey: PUSH_DEVICES_QUERY_KEY,
    queryFn: ({ signal }) => fetchPushDevices(signal),
  });
}

export function usePushDevices() {
  return useQuery(pushDevicesQueryOptions());
}

/** POST /push/subscribe with this browser's subscription. */
export async function postPushSubscription(body: PushSubscribeBody): Promise<PushDevice> {
  return (await apiPost('/push/subscribe', body, { schema: pushSubscribeResponseSchema })).device;
}

/** POST /push/devices/{id}/remove: the caller's browsers that are left. */
export async function removePushDevice(id: string): Promise<PushDevice[]> {
  return (
    await apiPost(`/push/devices/${encodeURIComponent(id)}/remove`, undefined, {
      schema: pushDevicesResponseSchema,
    })
  ).devices;
}

export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePushDevice,
    onSuccess: (devices) => queryClient.setQueryData(PUSH_DEVICES_QUERY_KEY, devices),
    onError: (error) => showErrorToast(error.message),
  });
}

/** POST /push/test: a test notification to every browser of the caller. */
export function useSendTestPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('/push/test', undefined, { schema: pushTestResponseSchema }),
    onSuccess: ({ sent, removed, failed }) => {
      if (sent > 0) showSuccessToast(`Test notification sent to ${plural(sent)}.`);
      if (removed > 0)
        showInfoToast(
          `${plural(removed)} no longer took notifications and ${removed === 1 ? 'was' : 'were'} removed.`,
        );
      if (failed > 0) showErrorToast(`The push service did not take it for ${plural(failed)}.`);
      if (sent + removed + failed === 0) showInfoToast('No browser has notifications on.');
      void queryClient.invalidateQueries({ queryKey: PUSH_DEVICES_QUERY_KEY });
    },
    onError: (error) => showErrorToast(error.message),
  });
}

const plural = (n: number) => `${String(n)} browser${n === 1 ? '' : 's'}`;
