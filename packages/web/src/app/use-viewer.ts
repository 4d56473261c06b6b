import { useCurrentUser } from '../features/users/api/current-user';
import { viewerOf } from './nav-visibility';
import type { Viewer } from './nav-visibility';

/** Who is looking at the menus (spec §6): the stored token and the loaded user's flags. */
export function useViewer(): Viewer {
  const { token, user } = useCurrentUser();
  return viewerOf(token !== null, user);
}
