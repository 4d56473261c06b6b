import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache.ts';

// The fake clocks start past 0: lru-cache treats an entry stored at time 0 as never stale.
describe('createAnswerCache', () => {
  const body = (text: string) => ({ body: Buffer.from(text) });

  it('builds an answer once per key and lifetime, concurrent misses sharing the build', async () => {
    let now = 1_000;
    let builds = 0;
    const cache = createAnswerCache({ ttlMs: 5_000, now: () => now });
    const build = async () => {
      builds += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return body(`answer ${builds}`);
    };
    const [a, b] = await Promise.all([cache.get('k', build), cache.get('k', build)]);
    expect(builds).toBe(1);
    expect(a.toString()).toBe('answer 1');
    expect(b).toBe(a);
    now = 5_999;
    expect((await cache.get('k', build)).toString()).toBe('answer 1');
    now = 6_000;
    expect((await cache.get('k', build)).toString()).toBe('answer 2');
  });

  it('keeps an entry only for its own shorter lifetime, and nothing for none', async () => {
    let now = 1_000;
    const cache = createAnswerCache({ ttlMs: 5_000, now: () => now });
    await cache.get('short', () => Promise.resolve({ ...body('a'), ttlMs: 1_000 }));
    now = 2_000;
    expect((await cache.get('short', () => Promise.resolve(body('b')))).toString()).toBe('b');
    await cache.get('none', () => Promise.resolve({ ...body('c'), ttlMs: -5 }));
    expect((await cache.get('none', () => Promise.resolve(body('d')))).toString()).toBe('d');
  });

  it('stores no failure, and nothing a build read before clear()', async () => {
    const cache = createAnswerCache({ ttlMs: 5_000 });
    await expect(cache.get('k', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect((await cache.get('k', () => Promise.resolve(body('ok')))).toString()).toBe('ok');
    let release = () => {};
    const slow = cache.get('late', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return body('before the write');
    });
    await Promise.resolve();
    cache.clear();
    release();
    expect((await slow).toString()).toBe('before the write');
    expect((await cache.get('late', () => Promise.resolve(body('after')))).toString()).toBe(
      'after',
    );
  });

  it('refreshes a busy key ahead of its expiry: callers get the entry while one build runs', async () => {
    let now = 1_000;
    let builds = 0;
    let release = () => {};
    const cache = createAnswerCache({ ttlMs: 5_000, refreshAheadMs: 1_000, now: () => now });
    const build = async () => {
      builds += 1;
      const n = builds;
      if (n > 1) await new Promise<void>((resolve) => (release = resolve));
      return body(`answer ${n}`);
    };
    await cache.get('k', build);
    now = 4_500; // more than refreshAheadMs to live: a plain hit
    expect((await cache.get('k', build)).toString()).toBe('answer 1');
    expect(builds).toBe(1);
    now = 5_200; // inside the last second: one background build, the entry answers meanwhile
    expect((await cache.get('k', build)).toString()).toBe('answer 1');
    expect((await cache.get('k', build)).toString()).toBe('answer 1');
    expect(builds).toBe(2);
    now = 6_000; // the entry's lifetime is over: no stale answer, the caller waits for the build
    const waiting = cache.get('k', build);
    release();
    expect((await waiting).toString()).toBe('answer 2');
    expect(builds).toBe(2);
    // A failed background build is dropped; the entry stays until its own expiry.
    now = 10_500;
    const failing = () => {
      builds += 1;
      return Promise.reject(new Error('database down'));
    };
    expect((await cache.get('k', failing)).toString()).toBe('answer 2');
    await Promise.resolve();
    expect(builds).toBe(3);
    expect((await cache.get('k', failing)).toString()).toBe('answer 2');
    now = 11_000;
    await expect(cache.get('k', failing)).rejects.toThrow('database down');
  });
});
