import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { colorSchemeManager } from '../lib/color-scheme';
import { LazyModals } from './lazy-modals';
import { LazyNotifications } from './lazy-notifications';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

export interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client; the app creates one per mount. */
  queryClient?: QueryClient;
  /** 'test' turns off transitions and portals (Mantine). */
  env?: 'default' | 'test';
}

export function AppProviders({ children, queryClient, env = 'default' }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      env={env}
      withCssVariables={false}
    >
      <QueryClientProvider client={client}>
        <LazyNotifications />
        {children}
        <LazyModals />
      </QueryClientProvider>
    </MantineProvider>
  );
}
