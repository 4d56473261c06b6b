import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorPanel, HomeButton } from '../components/error-panel';
import { ApiError, NETWORK_FAILURE_MESSAGE } from '../lib/api-client';
import { useCurrentUser } from '../features/users/api/current-user';
import { hasSeenLanding } from '../features/site/landing-seen';
import { useRouteGuard } from './route-handle';

export const ADMIN_ONLY_MESSAGE = 'This page is only available to administrators.';
export const DEV_ONLY_MESSAGE =
  'This page belongs to the developer gallery. It is shown to users who turn on the developer interface (my_dev_interface) in their profile.';

/** Where a failed user load sends the browser (spec §8). */
export function userLoadErrorPath(error: unknown): string {
  const unreachable = error instanceof ApiError && (error.status === 0 || error.status === 503);
  const message =
    unreachable || !(error instanceof Error) ? NETWORK_FAILURE_MESSAGE : error.message;
  return `/error?msg=${encodeURIComponent(message)}`;
}

/**
 * The prompt a visitor meets on a page for users: a chunk of its own (with its styles), as the
 * pages a visitor opens first (the feeds, a company) never show it; the article page, whose
 * questions box shows it to visitors, has it in its own chunk.
 */
const LoginPrompt = lazy(() =>
  import('../components/login-prompt').then((module) => ({ default: module.LoginPrompt })),
);

function Loading({ label }: { label: string }) {
  return (
    <Center mih={240} role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}

/** A page this user may not open: why, and the way home. */
function Forbidden({ title, message }: { title: string; message: string }) {
  return <ErrorPanel code="403" title={title} message={message} actions={<HomeButton />} />;
}

export interface GuardedOutletProps {
  /**
   * Load the user before any page shows (main layout: its menus need the user). The session pages
   * of the auth layout (login, lock, recovery…) replace the session, so they do not wait for it.
   */
  loadUserFirst: boolean;
}

/**
 * Spec §4 route guard, around the page of a layout: paths containing /error pass; a first-time
 * visitor of / goes to /landing; with a token the
 * current user is loaded first (a failure goes to /error); 'user' routes show visitors the login
 * prompt; 'admin' routes refuse everyone but admins.
 */
export function GuardedOutlet({ loadUserFirst }: GuardedOutletProps) {
  const guard = useRouteGuard();
  const { pathname } = useLocation();
  const needsUser = loadUserFirst || guard !== 'public';
  const { token, user, isError, error } = useCurrentUser({ enabled: needsUser });

  if (pathname.includes('/error')) return <Outlet />;
  // Spec §4: a visitor without a token who has not seen the landing page and opens / goes there.
  if (pathname === '/' && token === null && !hasSeenLanding()) {
    return <Navigate replace to="/landing" />;
  }
  if (token !== null && user === undefined && needsUser) {
    if (isError) return <Navigate replace to={userLoadErrorPath(error)} />;
    return <Loading label="Loading your account" />;
  }
  // The developer gallery answers everyone without the flag (visitors too) with a notice.
  if (guard === 'dev' && !user?.my_dev_interface) {
    return <Forbidden title="Developer interface only" message={DEV_ONLY_MESSAGE} />;
  }
  if (guard !== 'public' && token === null) {
    return (
      <Suspense fallback={<Loading label="Loading" />}>
        <LoginPrompt />
      </Suspense>
    );
  }
  if (guard === 'admin' && !user?.is_admin) {
    return <Forbidden title="Administrators only" message={ADMIN_ONLY_MESSAGE} />;
  }
  return <Outlet />;
}
