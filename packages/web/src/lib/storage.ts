/**
 * Typed wrappers around `window.localStorage` that never throw: private browsing modes, disabled
 * cookies or a full quota make storage unavailable, and the app must keep working without it.
 */

function getStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readStorage(key: string): string | null {
  try {
    return getStorage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Returns false when the value could not be stored. */
export function writeStorage(key: string, value: string): boolean {
  try {
    const storage = getStorage();
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeStorage(key: string): void {
  try {
    getStorage()?.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

export interface StoredValue<T> {
  readonly key: string;
  /** The stored value, or the fallback when it is missing, unreadable or invalid. */
  get(): T;
  set(value: T): void;
  remove(): void;
}

/** Anything with zod's `safeParse` shape: a zod schema, or a tiny validator from `fromGuard`. */
export interface Validator<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** A validator from a type guard, for values too simple to pull zod into the main chunk. */
export function fromGuard<T>(guard: (value: unknown) => value is T): Validator<T> {
  return {
    safeParse: (value) => (guard(value) ? { success: true, data: value } : { success: false }),
  };
}

/** A JSON value in localStorage, validated on every read. */
export function createStoredValue<T>(
  key: string,
  schema: Validator<T>,
  fallback: T,
): StoredValue<T> {
  return {
    key,
    get() {
      const raw = readStorage(key);
      if (raw === null) return fallback;
      try {
        const parsed = schema.safeParse(JSON.parse(raw));
        return parsed.success ? parsed.data : fallback;
      } catch {
        return fallback;
      }
    },
    set(value) {
      writeStorage(key, JSON.stringify(value));
    },
    remove() {
      removeStorage(key);
    },
  };
}
