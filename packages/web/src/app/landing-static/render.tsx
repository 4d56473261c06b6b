import '@mantine/core/styles.css';
import '../global.css';
import { MantineProvider, Notification } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { IconBell } from '@tabler/icons-react';
import {
  SUBSCRIBE_FAILURE_MESSAGE,
  SUBSCRIBE_SUCCESS_MESSAGE,
  SUBSCRIBING_LABEL,
} from '@app/shared/api/site';
import { PAGE_PATHS } from '@app/shared/app-routes';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { FIGURES_UNKNOWN } from '../../features/site/pages/landing-data';
import { LandingPage } from '../../features/site/pages/landing-page';
import { AuthLayout } from '../layouts/auth-layout';
import { RouteHandleContext } from '../route-handle';
import type { RouteHandle } from '../route-handle';
import { appRoutes } from '../routes';
import { cssVariablesResolver, theme } from '../theme';
import classes from './landing-static.module.css';

/** The texts the enhancer needs, carried by the page (the enhancer stays free of zod). */
export const LANDING_TEXTS = {
  success: SUBSCRIBE_SUCCESS_MESSAGE,
  failure: SUBSCRIBE_FAILURE_MESSAGE,
  pending: SUBSCRIBING_LABEL,
  unknown: FIGURES_UNKNOWN,
};

/** The toasts the enhancer shows, drawn by Mantine so they look like the app's (lib/toast). */
function ToastTemplates() {
  return (
    <>
      <template id="landing-toast-success">
        <Notification color="teal" title={SUBSCRIBE_SUCCESS_MESSAGE} className={classes.toast}>
          {' '}
        </Notification>
      </template>
      <template id="landing-toast-error">
        <Notification
          color="red"
          icon={<IconBell size={18} aria-hidden />}
          className={classes.toast}
        >
          {' '}
        </Notification>
      </template>
    </>
  );
}

/**
 * /landing as static HTML, drawn at build time by the app's own components (the auth
 * layout and the landing page, as a first-time visitor sees them) so the first paint needs no
 * JavaScript. `landing-enhance.ts` brings the few live parts (subscribe form, fade-in, landing
 * seen); every link is an ordinary link into the app. Sections start hidden: the enhancer reveals
 * them as they scroll into view, like FadeInSection.
 */
export function renderLandingBody(): string {
  const landing = appRoutes.find((route) => route.path === PAGE_PATHS.landing);
  if (landing?.kind !== 'page') throw new Error('The route table has no /landing page.');
  const handle: RouteHandle = { guard: landing.guard, meta: landing.meta };
  // FadeInSection shows its section at once without IntersectionObserver: it exists in browsers.
  const globals = globalThis as { IntersectionObserver?: unknown };
  globals.IntersectionObserver ??= function IntersectionObserver() {
    // Never called while rendering: only its presence counts.
  };
  const queryClient = new QueryClient();
  return renderToString(
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={landing.path}>
          <RouteHandleContext value={handle}>
            <Routes>
              <Route element={<AuthLayout />}>
                <Route path={landing.path} element={<LandingPage />} />
              </Route>
            </Routes>
          </RouteHandleContext>
        </StaticRouter>
        <div className={classes.toasts} id="landing-toasts" aria-live="polite" />
        <ToastTemplates />
        <script
          type="application/json"
          id="landing-texts"
          dangerouslySetInnerHTML={{ __html: JSON.stringify(LANDING_TEXTS) }}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
}
