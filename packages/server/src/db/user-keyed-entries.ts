/**
 * Entries kept in one process by key, each belonging to a user, at most `maxEntries` (the oldest
 * goes first): the store of the per-process caches whose entries a user's change must drop at once
 * (`notice-hub.ts` tells them; sessions, watchlists). `dropUser` is O(that user's entries).
 */
export function createUserKeyedEntries<E extends { userId: string }>(maxEntries: number) {
  const entries = new Map<string, E>();
  const byUser = new Map<string, Set<string>>();

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = byUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) byUser.delete(entry.userId);
  }

  return {
    get: (key: string): E | undefined => entries.get(key),

    set(key: string, entry: E) {
      drop(key);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) drop(oldest.value);
      }
      entries.set(key, entry);
      let keys = byUser.get(entry.userId);
      if (!keys) byUser.set(entry.userId, (keys = new Set()));
      keys.add(key);
    },

    drop,

    dropUser(userId: string) {
      for (const key of byUser.get(userId) ?? []) entries.delete(key);
      byUser.delete(userId);
    },

    clear() {
      entries.clear();
      byUser.clear();
    },

    size: () => entries.size,
  };
}
