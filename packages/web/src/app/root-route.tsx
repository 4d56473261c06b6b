import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useDocumentMeta } from './document-meta';
import classes from './root-route.module.css';

/** The top route: document meta, scroll restoration and a progress bar while a page loads. */
export function RootRoute() {
  useDocumentMeta();
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' && (
        <div className={classes.progress} role="progressbar" aria-label="Loading page" />
      )}
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
