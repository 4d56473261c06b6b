import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, loadPage } from './lazy-page';

const Page = () => null;

describe('lazy page chunks', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves to the page component', async () => {
    await expect(loadPage(() => Promise.resolve(Page))).resolves.toBe(Page);
  });

  it('fails with a ChunkLoadError after 120 s', async () => {
    vi.useFakeTimers();
    const pending = loadPage(() => new Promise(() => undefined));
    const assertion = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
    await assertion;
  });

  it('turns a failed chunk download into a ChunkLoadError', async () => {
    const error = await loadPage(() => Promise.reject(new TypeError('Failed to fetch'))).catch(
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toContain('Failed to fetch');
  });
});
