import { Suspense, use, useId, useLayoutEffect, useState } from 'react';
import type { FulfilledReactPromise, PendingReactPromise, ReactNode } from 'react';
import { boundaryHydrated, HydrationGateContext, isDrawingServerMarkup } from './hydration';
import type { HydrationGate } from './hydration';

/** How far ahead of the viewport a part starts hydrating: it is ready when scrolled to. */
const VISIBLE_MARGIN = '300px 0px';
const MARKER_ATTRIBUTE = 'data-hydrate-in-view';

/**
 * Resolved when the part may hydrate. It carries its state the way React's `use` reads a
 * thenable's (`status`), set the moment it opens: React's hydration at a press in the part,
 * which is synchronous, must find it open before the promise's own callbacks have run.
 */
type Opened = Promise<void> & (PendingReactPromise<void> | FulfilledReactPromise<void>);

/** A part of the server's markup waiting for the visitor to get to it. */
interface ViewGate extends HydrationGate {
  opened: Opened;
  openNow: () => void;
  /** Its hydration committed: its components read the browser's values from now on. */
  hydrated: () => void;
}

function createViewGate(): ViewGate {
  let resolve = () => {};
  const opened: Opened = Object.assign(
    new Promise<void>((done) => {
      resolve = done;
    }),
    { status: 'pending' as const },
  );
  const gate: ViewGate = {
    serverMarkup: true,
    opened,
    openNow: () => {
      // (`void`: Object.assign returns the promise itself, nothing to wait for.)
      void Object.assign(opened, { status: 'fulfilled', value: undefined });
      resolve();
    },
    hydrated: () => {
      gate.serverMarkup = false;
    },
  };
  return gate;
}

/**
 * The part's server markup: the nodes after its marker up to the comment that closes its
 * Suspense boundary (`<!--/$-->`), and how many boundaries open in it (its own and nested ones).
 */
function regionOf(marker: Element): { elements: Element[]; boundaries: number } {
  const elements: Element[] = [];
  let boundaries = 1;
  let depth = 0;
  for (let node = marker.nextSibling; node !== null; node = node.nextSibling) {
    if (node.nodeType === Node.COMMENT_NODE) {
      const text = node.nodeValue ?? '';
      if (text.startsWith('$')) {
        depth += 1;
        boundaries += 1;
      } else if (text === '/$') {
        if (depth === 0) break;
        depth -= 1;
      }
    } else if (node instanceof Element) {
      elements.push(node);
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_COMMENT);
      while (walker.nextNode()) if (walker.currentNode.nodeValue?.startsWith('$')) boundaries += 1;
    }
  }
  return { elements, boundaries };
}

/**
 * Opens the gate when the part comes near the viewport, or when the visitor presses or focuses
 * something in it (before React's own listeners, so React hydrates it at once for that event).
 */
function watchRegion(gate: ViewGate, elements: readonly Element[]): () => void {
  const inRegion = (target: EventTarget | null) =>
    target instanceof Node && elements.some((element) => element.contains(target));
  const onInput = (event: Event) => {
    if (inRegion(event.target)) open();
  };
  const observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(
          (entries) => {
            if (entries.some((entry) => entry.isIntersecting)) open();
          },
          { rootMargin: VISIBLE_MARGIN },
        )
      : null;
  const events = ['pointerdown', 'focusin', 'keydown'] as const;
  const stop = () => {
    observer?.disconnect();
    for (const type of events) document.removeEventListener(type, onInput, true);
  };
  function open() {
    stop();
    gate.openNow();
  }
  if (observer === null || elements.length === 0) {
    open();
    return stop;
  }
  for (const element of elements) observer.observe(element);
  for (const type of events) document.addEventListener(type, onInput, true);
  return stop;
}

/** Suspends the part's hydration until its gate opens (the server's markup stays meanwhile). */
function WaitForView({ gate }: { gate: ViewGate }) {
  use(gate.opened);
  return null;
}

/** The part is hydrated: its components switch to the browser's values. */
function ViewGateMark({ gate }: { gate: ViewGate }) {
  useLayoutEffect(() => {
    gate.hydrated();
  }, [gate]);
  return null;
}

/**
 * A part below the first screen, drawn by the server and hydrated only once the visitor gets to
 * it (scrolls near it, presses or focuses something in it): a phone's first seconds are not
 * spent on parts it may never show. Until then its markup is the server's, links work as plain
 * links, and the page's own hydration does not wait for it. A fresh render draws it at once.
 * (A Suspense boundary like `HydrationBoundary`, counted with its nested ones when it commits.)
 */
export function InViewBoundary({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const id = useId();
  const [gate] = useState(() =>
    typeof window !== 'undefined' && isDrawingServerMarkup() ? createViewGate() : null,
  );
  useLayoutEffect(() => {
    if (gate === null) return;
    const marker = [...document.querySelectorAll(`[${MARKER_ATTRIBUTE}]`)].find(
      (element) => element.getAttribute(MARKER_ATTRIBUTE) === id,
    );
    if (marker === undefined) {
      gate.openNow();
      return;
    }
    const region = regionOf(marker);
    boundaryHydrated(region.boundaries);
    return watchRegion(gate, region.elements);
  }, [gate, id]);
  const drawnByServer = gate !== null || typeof window === 'undefined';
  return (
    <HydrationGateContext value={gate}>
      <Suspense fallback={fallback}>
        {drawnByServer && <span hidden {...{ [MARKER_ATTRIBUTE]: id }} />}
        {gate !== null && <WaitForView gate={gate} />}
        {gate !== null && <ViewGateMark gate={gate} />}
        {children}
      </Suspense>
    </HydrationGateContext>
  );
}
