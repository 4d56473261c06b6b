import { createElement, lazy, memo } from 'react';
import type { ComponentType } from 'react';
import { HydrationBoundary } from './hydration-boundary';
import { readyModule } from './ready-module';

/** Every deferred component's loader, for `preloadDeferredComponents`. */
const preloads = new Set<() => Promise<unknown>>();

export interface DeferredComponent<P> {
  /** Draws the component in a Suspense boundary of its own (`HydrationBoundary`); memoised. */
  Component: ComponentType<P>;
  preload: () => Promise<ComponentType<P>>;
}

/**
 * A component whose code is not part of a page's first load. The server draws it into the page's
 * HTML (`preloadDeferredComponents` first), and the browser hydrates it once its chunk has
 * arrived: a boundary that suspends while hydrating leaves the server's markup in place until
 * then. A fresh render (a signed-in visitor, a later page) draws `fallback` with the same props
 * meanwhile; a failed download (offline) draws `unavailable`. The download starts when the
 * component is first drawn: a page that does not draw it (a feed has no chart) never loads it.
 */
export function deferredComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { fallback, unavailable }: { fallback: ComponentType<P>; unavailable: ComponentType<P> },
): DeferredComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      () => unavailable,
    );
    return loading;
  };
  preloads.add(preload);
  const Loaded = lazy(() =>
    loaded ? readyModule(loaded) : preload().then((component) => ({ default: component })),
  );
  // Memoised: a parent's render with the same props must not reach a boundary still waiting
  // for its chunk (an update there makes React drop the server's markup for the fallback).
  const Deferred = memo(function Deferred(props: P) {
    return (
      <HydrationBoundary fallback={createElement(fallback, props)}>
        {createElement(Loaded, props)}
      </HydrationBoundary>
    );
  });
  return { Component: Deferred as ComponentType<P>, preload };
}

/**
 * Loads every deferred component declared so far, so that a render draws them without suspending:
 * the server before it draws a page (`renderToString` cannot wait), the tests before they render.
 */
export async function preloadDeferredComponents(): Promise<void> {
  await Promise.all([...preloads].map((preload) => preload()));
}
