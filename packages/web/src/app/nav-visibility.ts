import { ANONYMOUS_VIEWER, viewerOf, type Viewer } from '../features/users/viewer';
import { hasRoute } from './routes';
import { AUTH_MENU_LINKS, TOP_BAR_LINKS } from './navigation';
import type { FooterLink, TopBarLink } from './navigation';

/** Who sees an item (spec §6). An item is shown when ANY audience it names applies to the viewer. */
export interface NavVisibility {
  /** Anonymous visitors. */
  visitor?: boolean;
  /** Logged-in users. */
  user?: boolean;
  /** Users with is_admin. */
  admin?: boolean;
  /** Users with my_debug_interface. */
  debug?: boolean;
  /** Users with my_dev_interface. */
  dev?: boolean;
  /** Subscribed users. */
  subscribed?: boolean;
  /** Hidden from subscribed users even when another audience applies (Pricing). */
  hideWhenSubscribed?: boolean;
}

export { ANONYMOUS_VIEWER, viewerOf };
export type { Viewer };

export function isVisibleTo(visibility: NavVisibility, viewer: Viewer): boolean {
  if (visibility.hideWhenSubscribed && viewer.subscribed) return false;
  return Boolean(
    (visibility.visitor && !viewer.loggedIn) ||
    (visibility.user && viewer.loggedIn) ||
    (visibility.admin && viewer.isAdmin) ||
    (visibility.debug && viewer.debug) ||
    (visibility.dev && viewer.dev) ||
    (visibility.subscribed && viewer.subscribed),
  );
}

/** Items of any menu (sidebar, user menu) the viewer may see whose page exists. */
export function visibleLinks<
  T extends { path: string; visibility: NavVisibility; external?: boolean },
>(viewer: Viewer, items: readonly T[], routeExists: (path: string) => boolean = hasRoute): T[] {
  return items.filter(
    (item) =>
      (item.external === true || routeExists(item.path)) && isVisibleTo(item.visibility, viewer),
  );
}

/** Top-bar links for the current token state whose page exists. */
export function visibleTopBarLinks(
  signedIn: boolean,
  links: readonly TopBarLink[] = TOP_BAR_LINKS,
  routeExists: (path: string) => boolean = hasRoute,
): TopBarLink[] {
  return links.filter(
    (link) =>
      routeExists(link.path) && (link.when === 'always' || (link.when === 'signedIn') === signedIn),
  );
}

/** Links of a plain list (footer, auth menu) whose page exists. */
export function existingLinks<T extends { path: string }>(
  links: readonly T[],
  routeExists: (path: string) => boolean = hasRoute,
): T[] {
  return links.filter((link) => routeExists(link.path));
}

/** The auth layout's menu on `pathname`: a link to the open page gives way to its alternate. */
export function authMenuLinks(
  pathname: string,
  routeExists: (path: string) => boolean = hasRoute,
): FooterLink[] {
  const links = AUTH_MENU_LINKS.map((link) =>
    link.path === pathname && link.alternate ? link.alternate : link,
  );
  return existingLinks(links, routeExists);
}
