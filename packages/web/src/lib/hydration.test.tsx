import { formatTime } from '@app/shared/display/dates';
import { timeAgo } from '@app/shared/display/timeago';
import { act, useLayoutEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HydrationBoundary } from './hydration-boundary';
import {
  clockNow,
  DrawnAtProvider,
  hydrationDone,
  startHydrating,
  useDisplayClock,
  useHydrated,
} from './hydration';

const MINUTE_MS = 60_000;

/** An article card's date: relative to the clock, in its zone. */
function Dated({ at }: { at: number }) {
  const clock = useDisplayClock();
  const hydrated = useHydrated();
  return (
    <p data-hydrated={hydrated}>
      {timeAgo(at / 1000, clockNow(clock))} · {formatTime(at / 1000, clock.timeZone, true)}
    </p>
  );
}

/** The app's tree: a date in the root's part, another in a boundary hydrated later. */
function Page({ drawnAt, at, bounded }: { drawnAt: number; at: number; bounded: boolean }) {
  // As app.tsx: the root's part is hydrated at its first layout effect.
  useLayoutEffect(() => {
    hydrationDone();
  }, []);
  return (
    <DrawnAtProvider value={drawnAt}>
      <Dated at={at} />
      {bounded && (
        <HydrationBoundary>
          <Dated at={at} />
        </HydrationBoundary>
      )}
    </DrawnAtProvider>
  );
}

/** Draws like the server's first screen, then hydrates it as main.tsx and app.tsx do. */
async function drawThenHydrate(drawnAt: number, at: number, bounded = false) {
  startHydrating();
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page drawnAt={drawnAt} at={at} bounded={bounded} />);
  startHydrating(container);
  document.body.append(container);
  const drawnText = container.textContent;
  const adopted = container.querySelector('p');
  const errors: unknown[] = [];
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, <Page drawnAt={drawnAt} at={at} bounded={bounded} />, {
      onRecoverableError: (error) => errors.push(error),
    });
    await Promise.resolve();
  });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return { container, drawnText, adopted, errors, unmount: () => root?.unmount() };
}

describe('hydrating the server’s first screen', () => {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(() => {
    hydrationDone();
    document.body.innerHTML = '';
  });

  it('reads hydrated at once in a fresh render (no server markup)', () => {
    function Probe() {
      return <i>{String(useHydrated())}</i>;
    }
    // jsdom has a window: outside startHydrating() a render is the browser's own.
    expect(renderToString(<Probe />)).toBe('<i>true</i>');
  });

  it('hydrates dates drawn at another instant without a mismatch, then shows the visitor’s', async () => {
    // The server drew the page a while ago (a kept drawing, a slow phone): a card written 5
    // minutes before the drawing read '5 minutes ago' there; now it is older.
    const drawnAt = Date.now() - 90 * MINUTE_MS;
    const at = drawnAt - 5 * MINUTE_MS;
    const { container, drawnText, adopted, errors, unmount } = await drawThenHydrate(drawnAt, at);

    expect(drawnText).toContain('5 minutes ago');
    expect(drawnText).toContain(formatTime(at / 1000, 'UTC', true));
    expect(errors).toEqual([]);
    // The server's element was adopted, then re-rendered with the browser's clock and zone.
    expect(container.querySelector('p')).toBe(adopted);
    expect(adopted?.getAttribute('data-hydrated')).toBe('true');
    expect(container.textContent).toContain('1 hour ago');
    expect(container.textContent).toContain(formatTime(at / 1000, undefined, true));
    unmount();
  });

  it('keeps the server’s dates for a boundary React hydrates after the root', async () => {
    const drawnAt = Date.now() - 90 * MINUTE_MS;
    const at = drawnAt - 5 * MINUTE_MS;
    const { container, drawnText, errors, unmount } = await drawThenHydrate(drawnAt, at, true);

    expect(drawnText.match(/5 minutes ago/g)).toHaveLength(2);
    expect(errors).toEqual([]);
    expect(container.textContent.match(/1 hour ago/g)).toHaveLength(2);
    unmount();
  });

  it('draws with the server’s clock while hydrating, the browser’s once hydration is over', () => {
    function Probe() {
      const { timeZone, now } = useDisplayClock();
      return <i>{[timeZone ?? 'local', now ?? 'now'].join(' ')}</i>;
    }
    const draw = () =>
      renderToString(
        <DrawnAtProvider value={1}>
          <Probe />
        </DrawnAtProvider>,
      );
    startHydrating();
    expect(draw()).toBe('<i>UTC 1</i>');
    hydrationDone();
    expect(draw()).toBe('<i>local now</i>');
  });
});
