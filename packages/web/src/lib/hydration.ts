import { createContext, startTransition, useContext, useEffect, useState } from 'react';

/**
 * The server draws an anonymous visitor's first screen of the feed and the company
 * page (app/first-screen/render.tsx) and the app hydrates that markup (main.tsx, `hydrateRoot`)
 * instead of drawing it again. The hydrating render must give exactly the server's markup, so
 * whatever the browser alone knows — the visitor's layout preferences, the screen width, time
 * zone and clock — is the server's during that render and switches after it, in a
 * transition (React slices it).
 *
 * True on the server (no window), and in the browser from `startHydrating()` until the hydrated
 * app's first effects (`hydrationDone()`).
 */
let drawingServerMarkup = typeof window === 'undefined';
/** Suspense boundaries of the server's markup not hydrated yet, and whether the root's part is. */
let boundariesLeft = 0;
let rootHydrated = false;

/** Suspense boundaries in server markup: React's `<!--$-->` comments (`$!`, `$?` included). */
function countBoundaries(container: Element): number {
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_COMMENT);
  let count = 0;
  while (walker.nextNode()) if (walker.currentNode.nodeValue?.startsWith('$')) count += 1;
  return count;
}

function finishIfDone(): void {
  if (rootHydrated && boundariesLeft <= 0 && typeof window !== 'undefined') {
    drawingServerMarkup = false;
  }
}

/**
 * main.tsx, just before `hydrateRoot`. React hydrates each Suspense boundary in a later commit
 * of its own (short tasks: `HydrationBoundary`), so the server's values hold until the root and
 * every boundary of `container` are hydrated.
 */
export function startHydrating(container?: Element): void {
  drawingServerMarkup = true;
  rootHydrated = false;
  boundariesLeft = container ? countBoundaries(container) : 0;
}

/**
 * Whether a render now draws the server's markup (on the server, or the browser's hydrating
 * render): state that only the browser knows must start as the server's then.
 */
export function isDrawingServerMarkup(): boolean {
  return drawingServerMarkup;
}

/** The app's first layout effect: the root's part is hydrated (or was drawn fresh). */
export function hydrationDone(): void {
  rootHydrated = true;
  finishIfDone();
}

/**
 * A `HydrationBoundary`'s content is in the page (hydrated, or drawn fresh); or `count`
 * boundaries the page's hydration does not wait for (`InViewBoundary`).
 */
export function boundaryHydrated(count = 1): void {
  if (!drawingServerMarkup || boundariesLeft <= 0) return;
  boundariesLeft -= count;
  finishIfDone();
}

/**
 * A part of the server's markup whose hydration waits until the visitor gets to it
 * (lib/in-view-boundary.tsx). `serverMarkup` is true until its own hydration commits: its
 * components start with the server's values then, whatever the page's state is by then.
 */
export interface HydrationGate {
  serverMarkup: boolean;
}

export const HydrationGateContext = createContext<HydrationGate | null>(null);

/**
 * False while the component draws the server's markup (on the server, and in the browser's
 * hydrating render), then true: the component renders again after hydration, in a transition.
 * A component mounted later (or by a fresh render, not a hydration) reads true at once.
 */
export function useHydrated(): boolean {
  // Also false in a part of the server's markup hydrated later (`HydrationGate`).
  const gate = useContext(HydrationGateContext);
  const [hydrated, setHydrated] = useState(!(drawingServerMarkup || gate?.serverMarkup));
  useEffect(() => {
    if (!hydrated) {
      startTransition(() => {
        setHydrated(true);
      });
    }
  }, [hydrated]);
  return hydrated;
}

/** When the server drew the page (epoch ms); null outside a drawn first screen. */
const DrawnAtContext = createContext<number | null>(null);

/** Provided by the server's renderer and by the hydrating app with the same instant. */
export const DrawnAtProvider = DrawnAtContext;

/**
 * How dates read: the time zone and current instant a component formats with (every date is
 * written in one fixed style: `@app/shared/display/dates`).
 */
export interface DisplayClock {
  /** undefined: the visitor's own. */
  timeZone: string | undefined;
  /** Epoch ms of "now"; undefined: the moment of the render (`Date.now()`). */
  now: number | undefined;
}

/** The server's: it does not know the visitor's zone, and drew at `drawnAt`. */
export const SERVER_TIME_ZONE = 'UTC';
const BROWSER_CLOCK: DisplayClock = { timeZone: undefined, now: undefined };

/**
 * The clock to format dates with: the server's (UTC, the instant it drew the page) while
 * the server's markup is drawn or hydrated, else the visitor's own.
 */
export function useDisplayClock(): DisplayClock {
  const hydrated = useHydrated();
  const drawnAt = useContext(DrawnAtContext);
  if (hydrated || drawnAt === null) return BROWSER_CLOCK;
  return { timeZone: SERVER_TIME_ZONE, now: drawnAt };
}

/** `new Date(clock.now)`, or the current moment. */
export function clockNow(clock: DisplayClock): Date {
  return clock.now === undefined ? new Date() : new Date(clock.now);
}
