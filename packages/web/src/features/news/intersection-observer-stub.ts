import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Test helper: replaces IntersectionObserver with a recorder, so a test can scroll the newest
 * observed sentinel into view. Call in beforeEach; `vi.unstubAllGlobals()` undoes it.
 */
export function stubIntersectionObserver() {
  const observers: {
    callback: IntersectionObserverCallback;
    options?: IntersectionObserverInit;
  }[] = [];
  class IntersectionObserverStub {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      observers.push({ callback, options });
    }
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
    takeRecords(): IntersectionObserverEntry[] {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', IntersectionObserverStub);
  return {
    observers,
    /** The newest sentinel comes within 300 px of the bottom. */
    scrollSentinelIntoView() {
      const observer = observers.at(-1);
      if (!observer) throw new Error('No IntersectionObserver was created');
      act(() => {
        observer.callback(
          [{ isIntersecting: true } as IntersectionObserverEntry],
          observer as unknown as IntersectionObserver,
        );
      });
    },
  };
}
