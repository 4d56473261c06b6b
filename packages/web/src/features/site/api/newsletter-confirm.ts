import { confirmResponseSchema } from '@app/shared/api/site';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** POST /subscription/confirm {token}: confirms the address of the mail's single-use link. */
export async function confirmNewsletter(token: string): Promise<string> {
  const { email } = await apiPost(
    '/subscription/confirm',
    { token },
    { schema: confirmResponseSchema, notifyNetworkError: false },
  );
  return email;
}

export function useConfirmNewsletter() {
  return useMutation({ mutationFn: confirmNewsletter });
}
