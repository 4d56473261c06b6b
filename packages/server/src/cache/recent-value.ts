/**
 * A value read at most once per `ttlMs` per process (the admin lists' aggregate counts: a count
 * over 100,000 rows costs more than the page it comes with). Concurrent readers of an expired
 * value share one read; a failed read is not kept. `clear()` drops it (after a write of this
 * process). Time is the monotonic clock, not the business clock: this is a cache lifetime.
 */
export type RecentValue<T> = { get(): Promise<T>; clear(): void };

export function recentValue<T>(
  ttlMs: number,
  read: () => Promise<T>,
  now: () => number = () => performance.now(),
): RecentValue<T> {
  let kept: { value: T; until: number } | undefined;
  let reading: Promise<T> | undefined;
  let generation = 0;
  return {
    get() {
      if (kept && now() < kept.until) return Promise.resolve(kept.value);
      if (reading) return reading;
      const started = generation;
      const promise = read()
        .then((value) => {
          if (started === generation) kept = { value, until: now() + ttlMs };
          return value;
        })
        .finally(() => {
          if (reading === promise) reading = undefined;
        });
      reading = promise;
      return promise;
    },
    clear() {
      generation += 1;
      kept = undefined;
      reading = undefined;
    },
  };
}
