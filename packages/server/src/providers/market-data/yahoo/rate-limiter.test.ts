import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter.ts';

describe('the rate limiter', () => {
  it('spaces starts by 1/requestsPerSecond and holds new starts during a pause', async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 20, concurrency: 5 });
    const starts: number[] = [];
    const task = () => {
      starts.push(performance.now());
      return Promise.resolve();
    };
    await Promise.all([limiter.run(task), limiter.run(task), limiter.run(task)]);
    expect(starts[2]! - starts[0]!).toBeGreaterThanOrEqual(95);

    const pausedAt = performance.now();
    limiter.pauseUntil(Date.now() + 200);
    await limiter.run(task);
    expect(starts[3]! - pausedAt).toBeGreaterThanOrEqual(190);
  });

  it('passes results and errors through and frees the slot either way', async () => {
    const limiter = createRateLimiter({ requestsPerSecond: 1000, concurrency: 1 });
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limiter.run(() => Promise.resolve(42))).resolves.toBe(42);
    expect(() => createRateLimiter({ requestsPerSecond: 0, concurrency: 1 })).toThrow();
  });
});
