import type { QueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { DrawnAtProvider, hydrationDone } from '../lib/hydration';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

export interface AppProps {
  /** main.tsx creates it first when the page came with its first screen drawn. */
  queryClient?: QueryClient;
  /** When the server drew the first screen the app hydrates (first-screen/take-first-screen.ts). */
  drawnAt?: number;
}

/** The tree the server draws too (first-screen/render.tsx): hydration needs the same shape. */
export function App({ queryClient, drawnAt }: AppProps) {
  // The server's first screen (first-screen/) is hydrated or replaced: the root is the app's.
  useLayoutEffect(() => {
    hydrationDone();
    const root = document.getElementById('root');
    root?.removeAttribute('data-first-screen');
  }, []);
  return (
    <DrawnAtProvider value={drawnAt ?? null}>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </DrawnAtProvider>
  );
}
