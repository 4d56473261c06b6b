import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useStoredToken } from '../lib/use-stored-token';
import { useDocumentMeta } from './document-meta';
import { usePageLoading } from './page-loading';
import { useScrollRestoration } from './scroll-restoration';
import classes from './root-route.module.css';

// Signed-in users only: the chunk (and its schemas) stays out of what visitors load.
const LiveAlerts = lazy(() =>
  import('../features/alerts/components/live-alerts').then((module) => ({
    default: module.LiveAlerts,
  })),
);

/**
 * The top route: document meta, scroll restoration, a progress bar while a page loads, and the
 * signed-in user's live alerts.
 */
export function RootRoute() {
  useDocumentMeta();
  useScrollRestoration();
  const pageLoading = usePageLoading();
  const token = useStoredToken();
  return (
    <>
      {pageLoading && (
        <div className={classes.progress} role="progressbar" aria-label="Loading page" />
      )}
      <Outlet />
      {token !== null && (
        <Suspense fallback={null}>
          <LiveAlerts />
        </Suspense>
      )}
    </>
  );
}
