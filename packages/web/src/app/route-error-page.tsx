import { Button, Center } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Component } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorPanel, HomeButton } from '../components/error-panel';
import { reloadPage } from '../lib/browser';

function describe(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'An unexpected error occurred';
}

/** What a page that threw (or whose chunk failed to load) shows in its place. */
export function RouteErrorPage({ error }: { error: unknown }) {
  return (
    <Center mih="60vh" p="md">
      <ErrorPanel
        title="Oops! Something went wrong"
        message={describe(error)}
        actions={
          <>
            <Button variant="default" leftSection={<IconRefresh size={18} />} onClick={reloadPage}>
              Reload
            </Button>
            <HomeButton />
          </>
        }
      />
    </Center>
  );
}

interface BoundaryProps {
  /** The location the error belongs to: another location renders the route again. */
  locationKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  /** The location of the error; `null` while there is none. */
  erroredAt: string | null;
}

/**
 * React catches render errors only in a class component's `getDerivedStateFromError` (and logs
 * them itself: React 19's `onCaughtError` default).
 */
class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, erroredAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, erroredAt: null };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    if (state.error === undefined) return null;
    // The error was just caught: it belongs to this location.
    if (state.erroredAt === null) return { erroredAt: props.locationKey };
    // The reader went elsewhere: that page is rendered afresh.
    if (state.erroredAt !== props.locationKey) return { error: undefined, erroredAt: null };
    return null;
  }

  override render() {
    if (this.state.error !== undefined) return <RouteErrorPage error={this.state.error} />;
    return this.props.children;
  }
}

/**
 * Errors of a route's element (a page that throws, a chunk that fails to load) show the error
 * page in its place, inside its layout so the menus stay usable, until the location changes.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <ErrorBoundary locationKey={key}>{children}</ErrorBoundary>;
}
