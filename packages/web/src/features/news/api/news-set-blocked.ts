import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { showErrorToast } from '../../../lib/toast';

export interface SetBlockedVariables {
  id: string;
  value: boolean;
}

/** POST /news/set/{id}/is_blocked {value} (admins only): hides or shows an article. */
export async function setNewsBlocked({ id, value }: SetBlockedVariables): Promise<void> {
  await apiPost(`/news/set/${encodeURIComponent(id)}/is_blocked`, { value });
}

export function useSetNewsBlocked(onDone: (value: boolean) => void) {
  return useMutation({
    mutationFn: setNewsBlocked,
    onSuccess: (_result, { value }) => onDone(value),
    onError: (error: Error) => showErrorToast(error.message, 'Article not updated'),
  });
}
