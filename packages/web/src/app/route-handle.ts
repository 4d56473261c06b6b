import { useMatches } from 'react-router';
import type { RouteGuard, RouteMeta } from './route-types';

/** What every route of the table carries in its react-router `handle`. */
export interface RouteHandle {
  guard: RouteGuard;
  meta?: RouteMeta;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'guard' in value;
}

/** Meta of the deepest matched route that has any. */
export function useRouteMeta(): RouteMeta | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle) && handle.meta) return handle.meta;
  }
  return undefined;
}

/** Guard of the deepest matched route ('public' when none says otherwise). */
export function useRouteGuard(): RouteGuard {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.guard;
  }
  return 'public';
}
