import { describe, expect, it } from 'vitest';
import { createFeedCache, feedCacheKey } from './feed-cache.ts';

describe('the feed cache', () => {
  it('answers until the entry expires', () => {
    let now = 1_000;
    const cache = createFeedCache({ ttlMs: 5_000, now: () => now });
    cache.set('a', Buffer.from('one'));
    now += 4_999;
    expect(cache.get('a')?.toString()).toBe('one');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used entry beyond its bound', () => {
    const cache = createFeedCache({ maxEntries: 2 });
    cache.set('a', Buffer.from('a'));
    cache.set('b', Buffer.from('b'));
    expect(cache.get('a')).toBeDefined(); // a is now the most recent
    cache.set('c', Buffer.from('c'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('keys by the parameters in any order, without the session key, apart for admins', () => {
    const a = feedCacheKey(false, { limit: '20', order_by: '-creation_date', key: 'secret-1' });
    const b = feedCacheKey(false, { order_by: '-creation_date', limit: '20', key: 'secret-2' });
    expect(a).toBe(b);
    expect(a).not.toContain('secret');
    expect(feedCacheKey(true, { limit: '20', order_by: '-creation_date' })).not.toBe(a);
    expect(feedCacheKey(false, { limit: '21', order_by: '-creation_date' })).not.toBe(a);
  });
});
