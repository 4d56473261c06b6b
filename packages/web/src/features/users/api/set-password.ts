import { currentUserResponseSchema } from '@app/shared/api/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { cacheCurrentUser } from './current-user';

/** POST /user/set/password: the server revokes the other sessions and keeps this one. */
export function postPassword(value: string) {
  return apiPost('/user/set/password', { value }, { schema: currentUserResponseSchema });
}

export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postPassword,
    onSuccess: ({ current_user: user }) => {
      cacheCurrentUser(queryClient, user);
    },
  });
}
