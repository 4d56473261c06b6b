import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createStoredValue, readStorage, removeStorage, writeStorage } from './storage';

describe('storage helpers', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads, writes and removes strings', () => {
    expect(writeStorage('k', 'v')).toBe(true);
    expect(readStorage('k')).toBe('v');
    removeStorage('k');
    expect(readStorage('k')).toBeNull();
  });

  it('keeps working when storage throws (private mode, quota)', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(readStorage('k')).toBeNull();
    expect(writeStorage('k', 'v')).toBe(false);
    expect(() => {
      removeStorage('k');
    }).not.toThrow();
    expect(createStoredValue('n', z.number(), 5).get()).toBe(5);
  });

  it('keeps working when localStorage itself is unavailable', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(readStorage('k')).toBeNull();
    expect(writeStorage('k', 'v')).toBe(false);
  });

  it('stores typed JSON values and falls back on missing, malformed or invalid data', () => {
    const value = createStoredValue('flag', z.boolean(), true);
    expect(value.get()).toBe(true);
    value.set(false);
    expect(window.localStorage.getItem('flag')).toBe('false');
    expect(value.get()).toBe(false);
    window.localStorage.setItem('flag', '{not json');
    expect(value.get()).toBe(true);
    window.localStorage.setItem('flag', '"yes"');
    expect(value.get()).toBe(true);
    value.remove();
    expect(window.localStorage.getItem('flag')).toBeNull();
  });
});
