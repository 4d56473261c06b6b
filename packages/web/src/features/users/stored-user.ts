import type { User } from '@app/shared/api/users';
import { getStoredUserName, readStoredUserData } from '../../lib/session';

/**
 * The locally cached user (localStorage `userData`, spec §3). It was validated when it arrived, so
 * a structural check is enough here, and keeps zod out of the entry chunk.
 */

const STRING_KEYS = ['id', 'username', 'email', 'first_name', 'last_name'] as const;
const BOOLEAN_KEYS = ['is_admin', 'is_email_validated', 'my_debug_interface'] as const;

export function isStoredUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    STRING_KEYS.every((key) => typeof record[key] === 'string') &&
    BOOLEAN_KEYS.every((key) => typeof record[key] === 'boolean')
  );
}

/** The cached user when it belongs to the stored user name, else null. */
export function readStoredUser(): User | null {
  const data = readStoredUserData();
  if (!isStoredUser(data)) return null;
  const userName = getStoredUserName();
  return userName === null || userName === data.username ? data : null;
}

export type PersonName = Pick<User, 'first_name' | 'last_name'>;

/** Spec §3 session store: the user shown when nobody is logged in. */
export const PLACEHOLDER_NAME: PersonName = { first_name: 'Guest', last_name: 'User' };

export function fullName(person: PersonName | null | undefined): string {
  const name = `${person?.first_name ?? ''} ${person?.last_name ?? ''}`.trim();
  return name || `${PLACEHOLDER_NAME.first_name} ${PLACEHOLDER_NAME.last_name}`;
}

/** Avatar initials: first letters of first and last name, else of the username. */
export function initials(person: PersonName & { username?: string }): string {
  const letters = `${person.first_name.trim().charAt(0)}${person.last_name.trim().charAt(0)}`;
  return (letters || (person.username ?? '?').slice(0, 2)).toUpperCase();
}
