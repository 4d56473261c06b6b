import { SUBSCRIBE_FAILURE_MESSAGE, subscribeResponseSchema } from '@app/shared/api/site';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiPost } from '../../../lib/api-client';

/** POST /subscription/subscribe/email {email} (spec §7): starts the double opt-in. */
export async function subscribeToNewsletter(email: string): Promise<string> {
  const { message } = await apiPost(
    '/subscription/subscribe/email',
    { email },
    { schema: subscribeResponseSchema, notifyNetworkError: false },
  );
  return message;
}

/** Spec §8: the server's message, or the generic text when the server could not answer. */
export function subscribeFailureText(error: unknown): string {
  return error instanceof ApiError && error.status > 0 && error.status < 500 && error.message
    ? error.message
    : SUBSCRIBE_FAILURE_MESSAGE;
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
