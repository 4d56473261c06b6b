import { ApiError } from '../../lib/api-client';
import { showErrorToast } from '../../lib/toast';
import { safeRedirectPath } from '@app/shared/safe-redirect';

/** Spec §8: register and login when the server cannot be reached. */
export const AUTH_NETWORK_ERROR =
  'There was a problem accessing this server, please try again later';
/** Spec §8: unlock when the server cannot be reached (spelled so in the product). */
export const UNLOCK_NETWORK_ERROR = 'There was an error accesing this server';

/** A failed login/register/unlock: the network text, or the server's error_msg, as a red toast. */
export function toastAuthError(error: unknown, networkMessage = AUTH_NETWORK_ERROR): void {
  const unreachable =
    error instanceof ApiError &&
    (error.status === 0 || (error.status >= 502 && error.status <= 504));
  const message = error instanceof Error && !unreachable ? error.message : networkMessage;
  showErrorToast(message);
}

/** `?next=` when it is a path of this site, else `fallback`. */
export function safeNextPath(next: string | null, fallback: string): string {
  return safeRedirectPath(next, window.location.origin, fallback);
}
