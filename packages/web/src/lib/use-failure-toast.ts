import { useEffect } from 'react';
import { ApiError } from './api-client';
import { showErrorToast } from './toast';

/**
 * Spec §8: a failed load shows a danger toast bottom-right with the error text. A query that keeps
 * failing while it polls toasts once, when it starts failing. An unreachable server was already
 * toasted by the API client.
 */
export function useFailureToast(error: Error | null, title: string): void {
  const message =
    error && !(error instanceof ApiError && error.status === 0) ? error.message : null;
  useEffect(() => {
    if (message !== null) showErrorToast(message, title);
  }, [message, title]);
}
