import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/api-stub';
import {
  ANONYMOUS_VIEWER,
  authMenuLinks,
  isVisibleTo,
  viewerOf,
  visibleLinks,
  visibleTopBarLinks,
} from './nav-visibility';
import type { Viewer } from './nav-visibility';
import { USER_MENU_LINKS } from './navigation';
import { SIDEBAR_NAV, visibleSidebarItems } from './sidebar-nav';

const allRoutesExist = () => true;
const user: Viewer = { ...ANONYMOUS_VIEWER, loggedIn: true };
const labels = (items: { label: string }[]) => items.map((item) => item.label);

describe('menu visibility (spec §6)', () => {
  it('shows visitors Login, Register, News, Pricing, Analysis and AI chat', () => {
    const visible = labels(visibleSidebarItems(ANONYMOUS_VIEWER, SIDEBAR_NAV, allRoutesExist));
    expect(visible).toEqual(
      expect.arrayContaining(['Login', 'Register', 'News', 'Pricing', 'Analysis', 'AI Chat']),
    );
    expect(visible).not.toContain('Dashboard');
    expect(visible).not.toContain('Admin');
  });

  it('adds Dashboard, the portfolio pages, My Portfolio Feed and Companies for logged-in users, without Login', () => {
    const visible = labels(visibleSidebarItems(user, SIDEBAR_NAV, allRoutesExist));
    expect(visible).toEqual(
      expect.arrayContaining([
        'Dashboard',
        'Track a Purchase',
        'Charts',
        'Calendar',
        'Widgets',
        'Import',
        'My Portfolio Feed',
        'Explore Companies',
        'Watch a Company',
      ]),
    );
    expect(visible).not.toContain('Login');
    expect(visible).not.toContain('Register');
  });

  it('hides Pricing from subscribers', () => {
    const visible = labels(
      visibleSidebarItems({ ...user, subscribed: true }, SIDEBAR_NAV, allRoutesExist),
    );
    expect(visible).not.toContain('Pricing');
  });

  it('shows Channels and Admin to admins, Experiments to debug users, demos to dev users', () => {
    expect(isVisibleTo({ admin: true }, { ...user, isAdmin: true })).toBe(true);
    expect(isVisibleTo({ admin: true }, user)).toBe(false);
    expect(isVisibleTo({ debug: true }, { ...user, debug: true })).toBe(true);
    expect(isVisibleTo({ dev: true }, { ...user, dev: true })).toBe(true);
    expect(isVisibleTo({ dev: true }, user)).toBe(false);
  });

  it('gives debug users a Debugging group with Experiments and the server views', () => {
    const noRoutes = () => false;
    const debugItems = visibleSidebarItems({ ...user, debug: true }, SIDEBAR_NAV, allRoutesExist);
    expect(
      debugItems.filter((item) => item.section === 'Debugging').map((item) => item.label),
    ).toEqual(['Experiments', 'Query prompts', 'OPEN API']);
    // The server serves these two, so the route table does not decide them.
    expect(labels(visibleSidebarItems({ ...user, debug: true }, SIDEBAR_NAV, noRoutes))).toEqual([
      'Query prompts',
      'OPEN API',
    ]);
    expect(labels(visibleSidebarItems(user, SIDEBAR_NAV, allRoutesExist))).not.toContain(
      'OPEN API',
    );
    expect(labels(visibleSidebarItems(user, SIDEBAR_NAV, allRoutesExist))).not.toContain(
      'Experiments',
    );
  });

  it('leaves out items whose page does not exist yet', () => {
    expect(labels(visibleSidebarItems(ANONYMOUS_VIEWER))).toEqual([
      'News',
      'Analysis',
      'Track record',
      'Earnings calendar',
      'Screener',
      'AI Chat',
      'Pricing',
      'Login',
      'Register',
      'About',
    ]);
    expect(labels(visibleSidebarItems({ ...user, isAdmin: true }))).toEqual([
      'News',
      'Analysis',
      'Track record',
      'Earnings calendar',
      'Screener',
      'AI Chat',
      'Dashboard',
      'Track a Purchase',
      'Charts',
      'Calendar',
      'Widgets',
      'Import',
      'My Portfolio Feed',
      'Explore Companies',
      'Watch a Company',
      'Pricing',
      'Channels',
      'Admin',
      'About',
    ]);
  });

  it("builds the viewer from the loaded user's flags", () => {
    expect(viewerOf(false, makeUser({ is_admin: true }))).toEqual(ANONYMOUS_VIEWER);
    expect(viewerOf(true, undefined)).toEqual(user);
    expect(
      viewerOf(
        true,
        makeUser({
          is_admin: true,
          my_debug_interface: true,
          my_dev_interface: true,
          subscription: 'tier2_monthly',
        }),
      ),
    ).toEqual({ loggedIn: true, isAdmin: true, debug: true, dev: true, subscribed: true });
  });

  it('counts a plan that is paid, in trial or overdue as subscribed, not a cancelled or unpaid one', () => {
    const subscribed = (subscription_status: string) =>
      viewerOf(true, makeUser({ subscription: 'tier2_monthly', subscription_status })).subscribed;
    expect(subscribed('active')).toBe(true);
    expect(subscribed('trialing')).toBe(true);
    expect(subscribed('past_due')).toBe(true);
    expect(subscribed('canceled')).toBe(false);
    expect(subscribed('incomplete')).toBe(false);
    expect(viewerOf(true, makeUser({ subscription: '' })).subscribed).toBe(false);
    // A cancelled subscriber sees Pricing again and no Upgrade Subscription.
    const viewer = viewerOf(
      true,
      makeUser({ subscription: 'tier2_monthly', subscription_status: 'canceled' }),
    );
    expect(labels(visibleSidebarItems(viewer, SIDEBAR_NAV, allRoutesExist))).toContain('Pricing');
    expect(labels(visibleLinks(viewer, USER_MENU_LINKS, allRoutesExist))).not.toContain(
      'Upgrade Subscription',
    );
  });

  it('shows ADMIN in the user menu to admins and Upgrade Subscription to subscribers', () => {
    const admin = labels(visibleLinks({ ...user, isAdmin: true }, USER_MENU_LINKS, allRoutesExist));
    expect(admin).toEqual(['ADMIN', 'User Profile', 'Replies', 'Alerts', 'Referrals']);
    const subscriber = labels(
      visibleLinks({ ...user, subscribed: true }, USER_MENU_LINKS, allRoutesExist),
    );
    expect(subscriber).toEqual([
      'User Profile',
      'Replies',
      'Alerts',
      'Referrals',
      'Upgrade Subscription',
    ]);
    // With the real route table: /pages/replies, /pages/alerts, /affiliates and /pricing exist.
    expect(labels(visibleLinks(user, USER_MENU_LINKS))).toEqual([
      'User Profile',
      'Replies',
      'Alerts',
      'Referrals',
    ]);
    expect(labels(visibleLinks({ ...user, subscribed: true }, USER_MENU_LINKS))).toEqual([
      'User Profile',
      'Replies',
      'Alerts',
      'Referrals',
      'Upgrade Subscription',
    ]);
  });

  it('offers Register instead of Login in the auth menu of the login page', () => {
    expect(labels(authMenuLinks('/terms', allRoutesExist))).toEqual(['Contact', 'Login']);
    expect(labels(authMenuLinks('/login', allRoutesExist))).toEqual(['Contact', 'Register']);
  });

  it('shows Register and Login in the top bar without a token, Account with one', () => {
    expect(labels(visibleTopBarLinks(false, undefined, allRoutesExist))).toEqual([
      'Register',
      'About',
      'AI prompt',
      'Login',
    ]);
    expect(labels(visibleTopBarLinks(true, undefined, allRoutesExist))).toEqual([
      'About',
      'AI prompt',
      'Account',
    ]);
  });
});
