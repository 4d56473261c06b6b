import { CONTACT_FAILURE_MESSAGE, contactResponseSchema } from '@app/shared/api/site';
import type { ContactRequest } from '@app/shared/api/site';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiPost } from '../../../lib/api-client';

/** POST /contact/submit {name,email,subject,message} (spec §7). */
export async function submitContact(message: ContactRequest): Promise<string> {
  const answer = await apiPost('/contact/submit', message, {
    schema: contactResponseSchema,
    notifyNetworkError: false,
  });
  return answer.message;
}

/** Spec §8: the server's error_msg, or the generic text when the server could not answer. */
export function contactFailureText(error: unknown): string {
  return error instanceof ApiError && error.status > 0 && error.status < 500 && error.message
    ? error.message
    : CONTACT_FAILURE_MESSAGE;
}

export function useContactSubmit() {
  return useMutation({ mutationFn: submitContact });
}
