import { useHref, useLinkClickHandler, useLocation, useResolvedPath } from 'react-router';
import type { To } from 'react-router';
import type { ComponentPropsWithRef, MouseEvent } from 'react';

/** `https://…`, `mailto:…`, `//host/…`. */
const ABSOLUTE_URL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

export interface LinkProps extends Omit<ComponentPropsWithRef<'a'>, 'href'> {
  /** A path of the app (with its query and hash), resolved as React Router resolves it. */
  to: To;
  /** Replace the current history entry instead of adding one (the default when `to` is here). */
  replace?: boolean;
  /** History state for the page it opens. */
  state?: unknown;
}

/**
 * A link to a page of the app: a real `<a href>` (readable and followable before the script has
 * run, opened in a new tab with a modifier key) whose plain click navigates in the app. Built on
 * React Router's own `useHref` and `useLinkClickHandler`, which exist for links of one's own,
 * because its `Link` component also carries framework-mode prefetching (`prefetch`,
 * `PrefetchPageLinks`, route-module loading) that this app never uses and every page would load
 * (about 2.5 KB gzipped). ESLint keeps React Router's `Link` and `NavLink` out of the app's code.
 */
export function Link({ to, replace, state, target, onClick, ref, ...rest }: LinkProps) {
  // Another site's address is an ordinary link (React Router would resolve it as a path).
  const external = typeof to === 'string' && ABSOLUTE_URL.test(to);
  const path = external ? '/' : to;
  const href = useHref(path);
  const navigate = useLinkClickHandler(path, { replace, state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented && !external) navigate(event);
  };
  return (
    <a {...rest} ref={ref} href={external ? to : href} target={target} onClick={handleClick} />
  );
}

export interface NavLinkProps extends LinkProps {
  /** Active only on this very path, not on the paths below it. */
  end?: boolean;
}

/**
 * A link of a menu: `aria-current="page"` and the class `active` while the visitor is on its
 * path or below it (React Router's NavLink rule, letter case ignored).
 */
export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  const target = useResolvedPath(to).pathname.toLowerCase();
  const here = useLocation().pathname.toLowerCase();
  const slashAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const active =
    here === target || (!end && here.startsWith(target) && here.charAt(slashAt) === '/');
  return (
    <Link
      {...rest}
      to={to}
      aria-current={active ? 'page' : undefined}
      className={[className, active ? 'active' : null].filter(Boolean).join(' ') || undefined}
    />
  );
}
