import type { QueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

export interface AppProps {
  /** Issue 18: main.tsx creates them first when the page came with its first screen drawn. */
  router?: ReturnType<typeof createAppRouter>;
  queryClient?: QueryClient;
}

export function App({ router: givenRouter, queryClient }: AppProps) {
  const [router] = useState(() => givenRouter ?? createAppRouter());
  // The server's first screen (first-screen/) is replaced: the root is the app's again.
  useLayoutEffect(() => {
    const root = document.getElementById('root');
    root?.removeAttribute('data-first-screen');
    root?.removeAttribute('inert');
  }, []);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
