import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { showErrorToast } from '../../../lib/toast';
import { dropCachedAdminUser } from './admin-users';
import { dropFromCachedQueue } from './validation-queue';

/** GET /user/admin/rm/{username}: deletes an account (answers status 'deleted'). */
export function removeUser(username: string): Promise<unknown> {
  return apiGet(`/user/admin/rm/${encodeURIComponent(username)}`);
}

/**
 * Spec §4: the row is marked deleted while the call runs (`isPending`), then gone from the list
 * when the server confirms.
 */
export function useAdminRemove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSuccess: (_response, username) => {
      dropCachedAdminUser(queryClient, username);
      dropFromCachedQueue(queryClient, username);
    },
    onError: (error) => {
      showErrorToast(error.message);
    },
  });
}
