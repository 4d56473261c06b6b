import { sessionResponseSchema } from '@app/shared/api/users';
import type { SessionResponse } from '@app/shared/api/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { startSession } from './current-user';

export interface LoginRequest {
  /** An e-mail address or a username. */
  email: string;
  password: string;
}

/** POST /user/login. Network failures are worded by the page (spec §8), so no generic toast. */
export function postLogin(body: LoginRequest): Promise<SessionResponse> {
  return apiPost('/user/login', body, {
    schema: sessionResponseSchema,
    notifyNetworkError: false,
  });
}

/** Logs in (also unlocks the lock screen) and stores the new session. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postLogin,
    onSuccess: ({ token, current_user: user }) => {
      startSession(queryClient, { token, user });
    },
  });
}
