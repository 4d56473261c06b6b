import { readStorage, removeStorage } from './storage';

/** localStorage keys of the session (spec §3 "Locally stored"). */
export const SESSION_KEYS = {
  token: 'userToken',
  userName: 'userName',
  userData: 'userData',
} as const;

const listeners = new Set<() => void>();

export function getStoredToken(): string | null {
  const token = readStorage(SESSION_KEYS.token);
  return token === null || token === '' ? null : token;
}

/** Removes the stored user name, token and user data (logout, 401). */
export function clearStoredSession(): void {
  removeStorage(SESSION_KEYS.userName);
  removeStorage(SESSION_KEYS.token);
  removeStorage(SESSION_KEYS.userData);
  notifySessionChange();
}

/** Tells subscribers (top bar, menus) that the stored session changed in this tab. */
export function notifySessionChange(): void {
  for (const listener of listeners) listener();
}

/** Subscribes to session changes in this tab and in other tabs (the `storage` event). */
export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SESSION_KEYS.token) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
