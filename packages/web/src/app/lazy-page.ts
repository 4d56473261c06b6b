import type { ComponentType } from 'react';

/** Spec §8/§9: a lazy chunk that has not loaded after 120 s fails with a ChunkLoadError. */
export const CHUNK_TIMEOUT_MS = 120_000;

export type PageLoader = () => Promise<ComponentType>;

export class ChunkLoadError extends Error {
  constructor(message = 'This page could not be loaded. Please check your connection and reload.') {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

export function loadPage(loader: PageLoader, timeoutMs = CHUNK_TIMEOUT_MS): Promise<ComponentType> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new ChunkLoadError());
    }, timeoutMs);
  });
  const chunk = loader().catch((error: unknown) => {
    throw new ChunkLoadError(
      error instanceof Error
        ? `This page could not be loaded (${error.message}). Please reload.`
        : undefined,
    );
  });
  return Promise.race([chunk, timeout]).finally(() => {
    clearTimeout(timer);
  });
}
