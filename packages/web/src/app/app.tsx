import type { QueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { DrawnAtProvider, hydrationDone } from '../lib/hydration';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

export interface AppProps {
  /** main.tsx creates them first when the page came with its first screen drawn. */
  router?: ReturnType<typeof createAppRouter>;
  queryClient?: QueryClient;
  /** When the server drew the first screen the app hydrates (first-screen/take-first-screen.ts). */
  drawnAt?: number;
}

/** The tree the server draws too (first-screen/render.tsx): hydration needs the same shape. */
export function App({ router: givenRouter, queryClient, drawnAt }: AppProps) {
  const [router] = useState(() => givenRouter ?? createAppRouter());
  // The server's first screen (first-screen/) is hydrated or replaced: the root is the app's.
  useLayoutEffect(() => {
    hydrationDone();
    const root = document.getElementById('root');
    root?.removeAttribute('data-first-screen');
  }, []);
  return (
    <DrawnAtProvider value={drawnAt ?? null}>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </DrawnAtProvider>
  );
}
