import { messageResponseSchema } from '@app/shared/api/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { showErrorToast } from '../../../lib/toast';
import { USERS_QUERY_KEY } from './current-user';

/** GET /user/validate_email: e-mails the user a link to confirm they are human. */
export async function requestEmailValidation(): Promise<string> {
  const response = await apiGet('/user/validate_email', undefined, {
    schema: messageResponseSchema,
  });
  return response.message;
}

export function useValidateEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestEmailValidation,
    // validation_status moves to email_sent: reload the user.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
    onError: (error) => {
      showErrorToast(error.message);
    },
  });
}
