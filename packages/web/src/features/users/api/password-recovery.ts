import { messageResponseSchema } from '@app/shared/api/users';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** POST /user/password_recovery: e-mails a one-time recovery link to the account's owner. */
export function postPasswordRecovery(email: string) {
  return apiPost(
    '/user/password_recovery',
    { email },
    { schema: messageResponseSchema, notifyNetworkError: false },
  );
}

export function usePasswordRecovery() {
  return useMutation({ mutationFn: postPasswordRecovery });
}
