import { readStorage, writeStorage } from '../../lib/storage';

/** Spec §3/§4: the flag in browser storage and the cookie of the same name. */
export const LANDING_SEEN_KEY = 'hasSeenLanding';
/** Spec §9: the landing cookie lasts 30 days. */
export const LANDING_COOKIE_DAYS = 30;

function readCookie(name: string): string | null {
  try {
    for (const part of document.cookie.split(';')) {
      const [key, ...rest] = part.trim().split('=');
      if (key === name) return decodeURIComponent(rest.join('='));
    }
  } catch {
    // Cookies can be blocked (sandboxed frames): the visitor then counts as not having seen it.
  }
  return null;
}

/** Whether this browser has seen the landing page (storage or cookie). */
export function hasSeenLanding(): boolean {
  return readStorage(LANDING_SEEN_KEY) === 'true' || readCookie(LANDING_SEEN_KEY) === 'true';
}

/**
 * Spec §4: `hasSeenLanding` true in storage plus a cookie of the same name for 30 days, path /,
 * SameSite Lax; when storage fails the cookie alone carries it.
 */
export function markLandingSeen(): void {
  writeStorage(LANDING_SEEN_KEY, 'true');
  try {
    const maxAge = LANDING_COOKIE_DAYS * 86_400;
    document.cookie = `${LANDING_SEEN_KEY}=true; max-age=${maxAge}; path=/; SameSite=Lax`;
  } catch {
    // Cookies blocked: storage (when it worked) is all there is.
  }
}
