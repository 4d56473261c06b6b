import type { User } from '@app/shared/api/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { showErrorToast, showInfoToast } from '../../../lib/toast';
import { adminUserResponseSchema } from './admin-update';
import { replaceCachedAdminUser } from './admin-users';
import { dropFromCachedQueue } from './validation-queue';

/** POST /user/admin/reject/{username}: refuses an account waiting for approval. */
export async function postAdminReject(username: string): Promise<User> {
  const response = await apiPost(
    `/user/admin/reject/${encodeURIComponent(username)}`,
    {},
    { schema: adminUserResponseSchema },
  );
  return response.user;
}

export function useAdminReject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAdminReject,
    onSuccess: (user) => {
      replaceCachedAdminUser(queryClient, user);
      dropFromCachedQueue(queryClient, user.username);
      showInfoToast(`${user.username} was rejected`);
    },
    onError: (error) => {
      showErrorToast(error.message);
    },
  });
}
