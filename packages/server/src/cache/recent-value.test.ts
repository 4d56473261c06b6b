import { describe, expect, it } from 'vitest';
import { recentValue } from './recent-value.ts';

describe('recentValue', () => {
  const counter = () => {
    let reads = 0;
    let time = 0;
    return {
      read: () => Promise.resolve((reads += 1)),
      now: () => time,
      advance: (ms: number) => (time += ms),
      reads: () => reads,
    };
  };

  it('reads once per lifetime, and again once it has passed', async () => {
    const c = counter();
    const value = recentValue(5_000, c.read, c.now);
    expect(await value.get()).toBe(1);
    c.advance(4_999);
    expect(await value.get()).toBe(1);
    c.advance(1);
    expect(await value.get()).toBe(2);
  });

  it('lets concurrent readers share one read', async () => {
    const c = counter();
    const value = recentValue(5_000, c.read, c.now);
    expect(await Promise.all([value.get(), value.get(), value.get()])).toEqual([1, 1, 1]);
    expect(c.reads()).toBe(1);
  });

  it('reads again after clear(), and drops a read that started before it', async () => {
    let release: (n: number) => void = () => undefined;
    const value = recentValue(
      5_000,
      () => new Promise<number>((resolve) => (release = resolve)),
      () => 0,
    );
    const early = value.get();
    value.clear();
    release(1);
    expect(await early).toBe(1);
    const late = value.get();
    release(2);
    expect(await late).toBe(2);
    expect(await value.get()).toBe(2);
  });

  it('keeps no failed read', async () => {
    let fail = true;
    const value = recentValue(
      5_000,
      () => (fail ? Promise.reject(new Error('down')) : Promise.resolve(7)),
      () => 0,
    );
    await expect(value.get()).rejects.toThrow('down');
    fail = false;
    expect(await value.get()).toBe(7);
  });
});
