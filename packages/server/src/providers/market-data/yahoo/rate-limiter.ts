/** Paces outgoing requests so a provider stays within the rate its source tolerates. */
export interface RateLimiter {
  /** Runs `task` once a start slot and a concurrency slot are free; FIFO. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Starts nothing new before `until` (epoch ms), e.g. after the source asked us to back off. */
  pauseUntil(until: number): void;
}

/**
 * A token bucket holding one token, refilled every `1000 / requestsPerSecond` ms (so starts are
 * evenly spaced and never bunch up), plus a cap of `concurrency` tasks in flight.
 */
export function createRateLimiter(options: {
  requestsPerSecond: number;
  concurrency: number;
}): RateLimiter {
  if (!(options.requestsPerSecond > 0)) throw new Error('requestsPerSecond must be positive');
  if (!(options.concurrency >= 1)) throw new Error('concurrency must be at least 1');
  const spacingMs = 1000 / options.requestsPerSecond;
  const waiting: (() => void)[] = [];
  let nextStartAt = 0;
  let active = 0;
  let timer: NodeJS.Timeout | undefined;

  function pump(): void {
    if (timer) return;
    while (waiting.length > 0 && active < options.concurrency) {
      const now = Date.now();
      if (now < nextStartAt) {
        timer = setTimeout(() => {
          timer = undefined;
          pump();
        }, nextStartAt - now);
        return;
      }
      nextStartAt = now + spacingMs;
      active += 1;
      waiting.shift()?.();
    }
  }

  return {
    async run(task) {
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        pump();
      });
      try {
        return await task();
      } finally {
        active -= 1;
        pump();
      }
    },
    pauseUntil(until) {
      if (until <= nextStartAt) return;
      nextStartAt = until;
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
      }
      pump();
    },
  };
}
