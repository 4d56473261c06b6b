import type { User } from '@app/shared/api/users';
import { useCurrentUser } from './api/current-user';

/** Who is looking (spec §6): logged in or not, and the flags that change what menus show. */
export interface Viewer {
  loggedIn: boolean;
  isAdmin: boolean;
  debug: boolean;
  dev: boolean;
  subscribed: boolean;
}

export const ANONYMOUS_VIEWER: Viewer = {
  loggedIn: false,
  isAdmin: false,
  debug: false,
  dev: false,
  subscribed: false,
};

/** The viewer a stored token and the loaded user make (flags stay off until the user loads). */
export function viewerOf(loggedIn: boolean, user: User | undefined): Viewer {
  if (!loggedIn) return ANONYMOUS_VIEWER;
  return {
    loggedIn: true,
    isAdmin: user?.is_admin ?? false,
    debug: user?.my_debug_interface ?? false,
    dev: user?.my_dev_interface ?? false,
    subscribed: isSubscribed(user),
  };
}

/**
 * Spec §6 "subscribed user": a plan that is paid, in trial or overdue within its grace. A plan
 * left `canceled` or never paid (`incomplete`) makes the user an unsubscribed one again, who sees
 * Pricing. (An empty status with a plan is read as subscribed: older accounts had no status.)
 */
function isSubscribed(user: User | undefined): boolean {
  if (!user?.subscription) return false;
  return !['canceled', 'incomplete'].includes(user.subscription_status);
}

/** Who is looking at the page: the stored token and the loaded user's flags. */
export function useViewer(): Viewer {
  const { token, user } = useCurrentUser();
  return viewerOf(token !== null, user);
}
