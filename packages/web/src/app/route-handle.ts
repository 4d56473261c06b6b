import { createContext, useContext } from 'react';
import type { RouteGuard, RouteMeta } from './route-types';

/** What every route of the table carries in its react-router `handle`. */
export interface RouteHandle {
  guard: RouteGuard;
  meta?: RouteMeta;
}

/**
 * The handle of the route the location matches, deepest first (router.tsx `AppRoutes` matches
 * once per location and provides it): layouts read the guard and meta of the page they frame,
 * which they could not read from below.
 */
export const RouteHandleContext = createContext<RouteHandle | undefined>(undefined);

/** Meta of the matched route, if it has any. */
export function useRouteMeta(): RouteMeta | undefined {
  return useContext(RouteHandleContext)?.meta;
}

/** Guard of the matched route ('public' when none says otherwise). */
export function useRouteGuard(): RouteGuard {
  return useContext(RouteHandleContext)?.guard ?? 'public';
}
