import { currentUserResponseSchema } from '@app/shared/api/users';
import type { User, UserSettableKey } from '@app/shared/api/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { showErrorToast } from '../../../lib/toast';
import { cacheCurrentUser } from './current-user';

export interface UserValueChange {
  key: UserSettableKey;
  value: string | boolean;
}

/** POST /user/set/{key} {value} (spec §7): answers the updated user. */
export async function postUserValue({ key, value }: UserValueChange): Promise<User> {
  const response = await apiPost(
    `/user/set/${encodeURIComponent(key)}`,
    { value },
    { schema: currentUserResponseSchema },
  );
  return response.current_user;
}

/** Saves one profile field or preference and updates the cached user; failures are toasted. */
export function useSetUserValue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postUserValue,
    onSuccess: (user) => {
      cacheCurrentUser(queryClient, user);
    },
    onError: (error) => {
      showErrorToast(error.message);
    },
  });
}
