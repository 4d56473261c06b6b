import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
// The modules that declare deferred components a page loads with its lazy chunk: declared here,
// they are loaded before every test, not only when a test file imports them itself.
import '../src/components/markdown/markdown-text';
import '../src/features/market/components/deferred-price-chart';
import '../src/features/news/components/search-highlight';
import '../src/features/news/components/article-icon';
import { preloadDeferredComponents } from '../src/lib/deferred-component';

// findBy*/waitFor give up after 1 s by default: a page's first render with its lazy chunks and
// mocked answers took longer on a loaded 2-core machine (load average 25: dozens of tests failed
// at 1 s, then at Vitest's 5 s). A passing test is not slowed; only a failing one waits longer.
configure({ asyncUtilTimeout: 5_000 });
// Deferred components (markdown, the sidebar) draw at once, as on the server and once the browser
// has loaded them (markdown-text-loading.test.tsx covers the time before). Before each test: by
// then the test file's imports have declared theirs.
beforeEach(async () => {
  await preloadDeferredComponents();
});
// Same for a whole test (Vitest's default is 5 s); the server project allows 30 s.
vi.setConfig({ testTimeout: 20_000 });

// Mantine reads media queries (colour scheme, breakpoints); jsdom has no matchMedia.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList,
});

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;

// Mantine's autosizing Textarea listens to font loading; jsdom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

// react-router's ScrollRestoration and Mantine's ScrollArea scroll; jsdom does not implement it.
window.scrollTo = vi.fn();
Element.prototype.scrollIntoView = vi.fn();

// Spec §4 sends a first-time visitor of / to /landing: tests start as a visitor who has seen it
// (the landing-seen cookie); the landing's own tests clear it.
beforeEach(() => {
  document.cookie = 'hasSeenLanding=true; path=/';
});

afterEach(() => {
  cleanup();
  // Toasts and modals live in global stores: start every test without them.
  notifications.clean();
  modals.closeAll();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.head.querySelector('link[rel="canonical"]')?.remove();
});
