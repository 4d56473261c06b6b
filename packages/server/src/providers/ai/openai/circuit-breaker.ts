/**
 * Stops calling a model that keeps failing. Each failure costs up to three timeouts before the
 * fallback, so a down server would hold an enrichment run for minutes per article; after
 * `threshold` failed tasks in a row the model is skipped for `cooldownMs`, then tried again.
 */
export interface CircuitBreakerOptions {
  threshold: number;
  cooldownMs: number;
  now?: () => number;
}

export const DEFAULT_BREAKER: CircuitBreakerOptions = { threshold: 3, cooldownMs: 60_000 };

export function createCircuitBreaker(options: CircuitBreakerOptions) {
  const now = options.now ?? Date.now;
  let failures = 0;
  let openUntil = 0;
  let lastReason = '';
  return {
    /** Why the model must not be called now, or null when it may be. */
    skipReason(): string | null {
      if (now() >= openUntil) return null;
      return `skipped after ${failures} failures in a row (last: ${lastReason})`;
    },
    success() {
      failures = 0;
      openUntil = 0;
    },
    failure(reason: string) {
      failures += 1;
      lastReason = reason;
      if (failures >= options.threshold) openUntil = now() + options.cooldownMs;
    },
  };
}
