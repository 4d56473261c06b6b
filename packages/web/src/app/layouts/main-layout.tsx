import { useDisclosure, useMediaQuery, useWindowEvent } from '@mantine/hooks';
import {
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { deferredComponent } from '../../lib/deferred-component';
import { useHydrated } from '../../lib/hydration';
import { HydrationBoundary } from '../../lib/hydration-boundary';
import { GuardedOutlet } from '../route-guard';
import { useRouteMeta } from '../route-handle';
import { ActionBar } from './action-bar';
import { useLayoutPreferences } from './layout-preferences';
import classes from './main-layout.module.css';
import sidebarClasses from './sidebar.module.css';
import type { SidebarProps } from './sidebar';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';

/** The drawer's backdrop on a phone, a chunk loaded when the drawer first opens. */
const DrawerOverlay = lazy(async () => ({
  default: (await import('./drawer-overlay')).DrawerOverlay,
}));

/** The sidebar's frame while its chunk loads. */
function SidebarFrame({ minimized }: SidebarProps) {
  return <div className={sidebarClasses.sidebar} data-minimized={minimized || undefined} />;
}

/** In place of the sidebar when its chunk could not be downloaded (offline). */
function SidebarUnavailable() {
  return (
    <p className={classes.sidebarUnavailable}>
      The menu could not be loaded. <a href="">Reload the page</a> to try again.
    </p>
  );
}

/**
 * The sidebar with its links and their icons is not part of a page's first load
 * (lib/deferred-component.tsx): a phone shows it only in the drawer, and on a desktop the server's
 * markup is its first view until the chunk is in. Its styles come with the layout, not with that
 * chunk, so that the server's sidebar is drawn with them.
 */
const { Component: Sidebar } = deferredComponent<SidebarProps>(
  () => import('./sidebar').then((module) => module.Sidebar),
  { fallback: SidebarFrame, unavailable: SidebarUnavailable },
);

export interface MainLayoutProps {
  /** Search box of the top bar (search issue). */
  search?: ReactNode;
  /** Search box of the action bar (search issue). */
  actionBarSearch?: ReactNode;
  /** User menu at the top of the sidebar (session issue); empty for visitors. */
  userMenu?: ReactNode;
}

const DESKTOP_QUERY = '(min-width: 48em)';
/**
 * react-remove-scroll-bar's class for fixed elements at the right edge: while a modal locks the
 * page's scrolling, they keep their place where the scroll bar was.
 */
const RIGHT_SCROLL_BAR_POSITION = 'right-scroll-bar-position';

/**
 * True for the layout's first 200 ms and while the window is being resized: the sidebar and the
 * page do not animate into place on load or when the width crosses the phone breakpoint.
 */
function useSettling(): boolean {
  const [settling, setSettling] = useState(true);
  const timeout = useRef<number | undefined>(undefined);
  const settleSoon = useCallback(() => {
    window.clearTimeout(timeout.current);
    timeout.current = window.setTimeout(() => {
      startTransition(() => {
        setSettling(false);
      });
    }, 200);
  }, []);
  useWindowEvent('resize', () => {
    setSettling(true);
    settleSoon();
  });
  useEffect(() => {
    settleSoon();
    return () => {
      window.clearTimeout(timeout.current);
    };
  }, [settleSoon]);
  return settling;
}

/**
 * Spec §2 main layout: sidebar, top bar, optional action bar, page, footer. The frame is
 * main-layout.module.css (fixed top bar and sidebar, a drawer on phones), not Mantine's AppShell:
 * the same layout without its per-render media styles and parts (about 4 KB gzipped on every page).
 */
export function MainLayout({ search, actionBarSearch, userMenu }: MainLayoutProps) {
  const meta = useRouteMeta();
  const preferences = useLayoutPreferences();
  const [drawerOpened, drawer] = useDisclosure(false);
  const drawerButton = useRef<HTMLButtonElement>(null);
  // Escape closes the phone's drawer, as any panel that covers the page, and focus goes back to
  // its menu button (the drawer's links slide out of view).
  useWindowEvent('keydown', (event) => {
    if (!drawerOpened || event.key !== 'Escape' || event.defaultPrevented) return;
    drawer.close();
    drawerButton.current?.focus();
  });
  const resizing = useSettling();
  const { sidebarMinimized, setSidebarMinimized } = preferences;
  // Stable, so the memoised sidebar is not drawn again when the layout is (the switch to the
  // visitor's width after hydration, the drawer).
  const toggleMinimized = useCallback(
    () => setSidebarMinimized(!sidebarMinimized),
    [setSidebarMinimized, sidebarMinimized],
  );
  // The server does not know the width: it draws, and the app hydrates, the phone's layout with
  // both search boxes (lib/hydration.ts); the width applies right after.
  const hydrated = useHydrated();
  const isDesktopNow = useMediaQuery(DESKTOP_QUERY, false, { getInitialValueInEffect: false });
  const isDesktop = hydrated && isDesktopNow;
  const minimized = preferences.sidebarMinimized && isDesktop;
  // One search box at a time (search-box.module.css hides the other at this width): the hidden
  // one's suggestion list, kept mounted, was positioned in the app's first commit (a
  // forced style recalculation in one long task). The server's first screen has both; their
  // wrappers stay, so nothing moves when the hidden one goes.
  const onServer = !hydrated;
  const actionBar = !meta?.noActionBar;
  const topBarSearch = onServer || isDesktop || !actionBar ? search : undefined;
  const actionBarSearchShown = onServer || !isDesktop ? actionBarSearch : actionBarSearch && null;

  return (
    <div
      className={classes.shell}
      data-sidebar-minimized={minimized || undefined}
      data-drawer-opened={drawerOpened || undefined}
      data-desktop-collapsed={!preferences.sidebarOpen || undefined}
      data-resizing={resizing || undefined}
    >
      <a href="#main-content" className={classes.skipLink}>
        Skip to content
      </a>
      <header className={`${classes.header} ${RIGHT_SCROLL_BAR_POSITION}`}>
        <TopBar
          title={meta?.title}
          search={topBarSearch}
          drawerOpened={drawerOpened}
          onToggleDrawer={drawer.toggle}
          drawerButtonRef={drawerButton}
          preferences={preferences}
        />
      </header>

      <nav
        className={classes.navbar}
        aria-label="Main navigation"
        data-sidebar-color={preferences.sidebarColor}
        data-drawer-opened={drawerOpened || undefined}
        data-desktop-opened={preferences.sidebarOpen || undefined}
      >
        <Sidebar
          minimized={minimized}
          userMenu={userMenu}
          onNavigate={drawer.close}
          onToggleMinimized={toggleMinimized}
        />
      </nav>
      {drawerOpened && !isDesktop && (
        <Suspense fallback={null}>
          <DrawerOverlay onClose={drawer.close} />
        </Suspense>
      )}

      <main className={classes.main} id="main-content" tabIndex={-1}>
        {actionBar && <ActionBar description={meta?.description} search={actionBarSearchShown} />}
        <div className={meta?.hideContent ? classes.bare : classes.content}>
          {/* Hydrated in a commit of its own (lib/hydration-boundary.tsx). */}
          <HydrationBoundary>
            <GuardedOutlet loadUserFirst />
          </HydrationBoundary>
        </div>
        {!meta?.hideFooter && <SiteFooter />}
      </main>
    </div>
  );
}
