import { sessionResponseSchema } from '@app/shared/api/users';
import type { RegisterRequest, SessionResponse } from '@app/shared/api/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { startSession } from './current-user';

/** POST /user/create (spec §7). 409 when the e-mail or username is taken, 429 when rate limited. */
export function postRegister(body: RegisterRequest): Promise<SessionResponse> {
  return apiPost('/user/create', body, {
    schema: sessionResponseSchema,
    notifyNetworkError: false,
  });
}

/** Creates the account and stores the new session. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postRegister,
    onSuccess: ({ token, current_user: user }) => {
      startSession(queryClient, { token, user });
    },
  });
}
