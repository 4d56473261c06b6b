import { formatTime } from '@app/shared/display/dates';
import { act, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HydrationBoundary } from './hydration-boundary';
import {
  DrawnAtProvider,
  hydrationDone,
  isDrawingServerMarkup,
  startHydrating,
  useDisplayClock,
  useHydrated,
} from './hydration';
import { InViewBoundary } from './in-view-boundary';

const MINUTE_MS = 60_000;

/** A dated line: the server's zone and instant while it is the server's markup. */
function Dated({ at, name }: { at: number; name: string }) {
  const clock = useDisplayClock();
  const hydrated = useHydrated();
  return (
    <p data-name={name} data-hydrated={hydrated}>
      {formatTime(at / 1000, clock.timeZone, true)}
    </p>
  );
}

/** The browser's IntersectionObserver, driven by the test: `reveal()` reports every target in view. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  targets: Element[] = [];
  private readonly callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
    FakeObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets = [];
  }
  static reveal() {
    for (const observer of FakeObserver.instances) {
      const entries = observer.targets.map((target) => ({ target, isIntersecting: true }));
      if (entries.length > 0) {
        observer.callback(
          entries as unknown as IntersectionObserverEntry[],
          observer as unknown as IntersectionObserver,
        );
      }
    }
  }
}

/** A page: a date in the root's part, one in a boundary, and a part below the first screen. */
function Page({ drawnAt, at, onPress }: { drawnAt: number; at: number; onPress: () => void }) {
  useLayoutEffect(() => {
    hydrationDone();
  }, []);
  return (
    <DrawnAtProvider value={drawnAt}>
      <Dated at={at} name="root" />
      <HydrationBoundary>
        <Dated at={at} name="boundary" />
      </HydrationBoundary>
      <InViewBoundary>
        <Dated at={at} name="below" />
        <HydrationBoundary>
          <button type="button" onClick={onPress}>
            Press
          </button>
        </HydrationBoundary>
      </InViewBoundary>
    </DrawnAtProvider>
  );
}

async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Draws like the server's first screen, then hydrates it as main.tsx and app.tsx do. */
async function drawThenHydrate(onPress = () => {}) {
  const drawnAt = Date.now() - 90 * MINUTE_MS;
  const at = drawnAt - 5 * MINUTE_MS;
  startHydrating();
  const container = document.createElement('div');
  // As on the server, where there is no window (the part is drawn, not suspended).
  vi.stubGlobal('window', undefined);
  const html = renderToString(<Page drawnAt={drawnAt} at={at} onPress={onPress} />);
  vi.unstubAllGlobals();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  container.innerHTML = html;
  const drawn = container.innerHTML;
  startHydrating(container);
  document.body.append(container);
  const below = container.querySelector('[data-name="below"]');
  const errors: unknown[] = [];
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, <Page drawnAt={drawnAt} at={at} onPress={onPress} />, {
      onRecoverableError: (error) => errors.push(error),
    });
    await Promise.resolve();
  });
  await settle();
  const line = (name: string) => container.querySelector(`[data-name="${name}"]`);
  return { container, drawn, at, below, line, errors, unmount: () => root?.unmount() };
}

describe('a part hydrated once the visitor gets to it', () => {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  beforeEach(() => {
    FakeObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    // Whatever a test left unhydrated, the next one starts outside any server markup.
    startHydrating();
    hydrationDone();
    document.body.innerHTML = '';
  });

  it('keeps the server’s markup out of view while the rest of the page is hydrated', async () => {
    const { drawn, at, below, line, errors, unmount } = await drawThenHydrate();
    const serverTime = formatTime(at / 1000, 'UTC', true);
    expect(drawn).toContain('data-hydrate-in-view');
    expect(errors).toEqual([]);
    // The page's own hydration is over without the part: the root and the boundary switched to
    // the visitor's clock, the part still reads the server's (its element never re-rendered).
    expect(isDrawingServerMarkup()).toBe(false);
    expect(line('root')?.getAttribute('data-hydrated')).toBe('true');
    expect(line('boundary')?.getAttribute('data-hydrated')).toBe('true');
    expect(line('below')).toBe(below);
    expect(line('below')?.getAttribute('data-hydrated')).toBe('false');
    expect(line('below')?.textContent).toContain(serverTime);
    // It is watched: the observer holds its elements (the line, the button), not the marker.
    expect(FakeObserver.instances.flatMap((observer) => observer.targets)).toHaveLength(2);
    unmount();
  });

  it('hydrates the server’s markup without a mismatch when it comes into view', async () => {
    const { at, below, line, errors, unmount } = await drawThenHydrate();
    await act(async () => {
      FakeObserver.reveal();
      await Promise.resolve();
    });
    await settle();
    await settle();
    expect(errors).toEqual([]);
    // Adopted, not drawn again, then switched to the visitor's clock like the rest.
    expect(line('below')).toBe(below);
    expect(line('below')?.getAttribute('data-hydrated')).toBe('true');
    expect(line('below')?.textContent).toContain(formatTime(at / 1000, undefined, true));
    unmount();
  });

  it('hydrates at once for a press in it, and the press reaches its handler', async () => {
    const onPress = vi.fn();
    const { container, errors, unmount } = await drawThenHydrate(onPress);
    const button = container.querySelector('button');
    expect(button).not.toBeNull();
    await act(async () => {
      button?.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
      button?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      await Promise.resolve();
    });
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(errors).toEqual([]);
    unmount();
  });

  it('draws its content at once in a fresh render, without a marker', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => {
      root.render(
        <InViewBoundary>
          <p>Below</p>
        </InViewBoundary>,
      );
      await Promise.resolve();
    });
    expect(container.innerHTML).toBe('<p>Below</p>');
    expect(FakeObserver.instances).toEqual([]);
    root.unmount();
  });
});
