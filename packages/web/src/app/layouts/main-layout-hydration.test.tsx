import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { MainLayout } from './main-layout';
import { hydrationDone, startHydrating } from '../../lib/hydration';
import type * as SidebarNavModule from '../sidebar-nav';

/** Every time the sidebar works out its links (once per render of the sidebar). */
const sidebar = vi.hoisted(() => ({ renders: 0 }));
vi.mock('../sidebar-nav', async (importOriginal) => {
  const real = await importOriginal<typeof SidebarNavModule>();
  return {
    ...real,
    visibleSidebarItems: (...args: Parameters<typeof real.visibleSidebarItems>) => {
      sidebar.renders += 1;
      return real.visibleSidebarItems(...args);
    },
  };
});

afterEach(() => hydrationDone());

/**
 * Right after hydration the layout switches from the server's phone layout with
 * both search boxes to the visitor's width (one box). That render of the layout must not draw
 * the sidebar's links again.
 */
describe('the main layout after hydration', () => {
  it('drops the hidden search box without drawing the sidebar again', async () => {
    // As main.tsx before hydrateRoot: the layout's first render is the server's.
    startHydrating();
    renderRoutes([
      {
        element: (
          <MainLayout
            search={<input type="search" aria-label="Top bar search" />}
            actionBarSearch={<input type="search" aria-label="Action bar search" />}
          />
        ),
        children: [{ path: '*', element: <h1>Page</h1> }],
      },
    ]);
    await screen.findByRole('heading', { name: 'Page' });
    // The server's layout has both search boxes; the visitor's (a phone here) has one.
    await waitFor(() => expect(screen.getAllByRole('searchbox')).toHaveLength(1));
    expect(sidebar.renders).toBe(1);
  });
});
