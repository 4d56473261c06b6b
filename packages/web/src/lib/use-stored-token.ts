import { useSyncExternalStore } from 'react';
import { getStoredToken, subscribeToSession } from './session';

/** The stored session token, re-rendering when it is set or cleared. */
export function useStoredToken(): string | null {
  return useSyncExternalStore(subscribeToSession, getStoredToken, () => null);
}
