import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-client';
import { showErrorToast } from '../../../lib/toast';
import { useViewer } from '../../users';

/**
 * Spec §8: a failed news load toasts only for debug users (an unreachable server was already
 * toasted by the API client). Everyone sees the failure inline; returns its text, or null.
 */
export function useNewsFailure(error: Error | null): string | null {
  const { debug } = useViewer();
  const message = error ? error.message : null;
  const toast = debug && error && !(error instanceof ApiError && error.status === 0);
  useEffect(() => {
    if (toast && message !== null) showErrorToast(message, 'News not loaded');
  }, [toast, message]);
  return message;
}
