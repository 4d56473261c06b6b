import { readStorage, removeStorage, writeStorage } from './storage';

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

export function getStoredUserName(): string | null {
  const name = readStorage(SESSION_KEYS.userName);
  return name === null || name === '' ? null : name;
}

/** The stored user data, parsed but not validated (see features/users/stored-user.ts). */
export function readStoredUserData(): unknown {
  const raw = readStorage(SESSION_KEYS.userData);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export interface StoredSession {
  token: string;
  userName: string;
  /** The user as JSON-able data; `null` removes a stale copy (it is loaded again). */
  userData: unknown;
}

/** Stores a new session (login, register, unlock, token recovery). */
export function storeSession({ token, userName, userData }: StoredSession): void {
  writeStorage(SESSION_KEYS.token, token);
  writeStorage(SESSION_KEYS.userName, userName);
  if (userData === null) removeStorage(SESSION_KEYS.userData);
  else writeStorage(SESSION_KEYS.userData, JSON.stringify(userData));
  notifySessionChange();
}

/** Refreshes the cached copy of the user (after /user/get/me or a profile change). */
export function storeUserData(userData: unknown): void {
  writeStorage(SESSION_KEYS.userData, JSON.stringify(userData));
}

/** Lock screen: forgets the token but keeps the user name and data, so the name still shows. */
export function removeStoredToken(): void {
  removeStorage(SESSION_KEYS.token);
  notifySessionChange();
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
