import { Suspense, useContext, useLayoutEffect } from 'react';
import type { ReactNode } from 'react';
import { boundaryHydrated, HydrationGateContext } from './hydration';

/**
 * Counts its Suspense boundary as hydrated when it commits (`boundaryHydrated`): every boundary
 * of the server's markup holds one, or the browser's clock would never take over from the
 * server's (lib/hydration.ts). One in a part hydrated in view was counted with that part.
 */
export function HydrationMark() {
  const gate = useContext(HydrationGateContext);
  useLayoutEffect(() => {
    if (gate === null) boundaryHydrated();
  }, [gate]);
  return null;
}

/**
 * A Suspense boundary around a part of a page the server draws. When the app hydrates
 * the server's markup, React hydrates each boundary in a render and commit of its own after the
 * root's, so the first commit — and the effects and synchronous updates Mantine's components
 * start in it — is split into shorter tasks. A deferred component in it (lib/deferred-component.ts)
 * keeps the server's markup until its chunk is in; a fresh render draws `fallback` meanwhile.
 * A part below a phone's first screen may wait for the visitor instead (`InViewBoundary`).
 */
export function HydrationBoundary({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      <HydrationMark />
      {children}
    </Suspense>
  );
}
