import { successResponse } from '@app/shared/api/envelope';
import { userSchema } from '@app/shared/api/users';
import type { AdminSettableKey, User } from '@app/shared/api/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { showErrorToast, showInfoToast } from '../../../lib/toast';
import { replaceCachedAdminUser } from './admin-users';
import { dropFromCachedQueue } from './validation-queue';
import { USERS_QUERY_KEY } from '../../users';

/** The answer of the admin actions on one user. */
export const adminUserResponseSchema = successResponse({ user: userSchema });

/** Spec §8: the admin save notice (the trailing space is part of it). */
export const ADMIN_SAVED_MESSAGE = 'Saved ';

export interface AdminUpdate {
  username: string;
  key: AdminSettableKey;
  value: boolean;
}

/** POST /user/admin/update {username, key, value}: sets one property of any user. */
export async function postAdminUpdate(update: AdminUpdate): Promise<User> {
  const response = await apiPost('/user/admin/update', update, { schema: adminUserResponseSchema });
  return response.user;
}

export function useAdminUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAdminUpdate,
    onSuccess: async (user) => {
      replaceCachedAdminUser(queryClient, user);
      if (user.is_email_validated) dropFromCachedQueue(queryClient, user.username);
      showInfoToast(ADMIN_SAVED_MESSAGE);
      // The admin may have changed their own flags.
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
    onError: (error) => {
      showErrorToast(error.message);
    },
  });
}
