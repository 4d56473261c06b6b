import {
  IconInfoCircle,
  IconLogin2,
  IconShieldLock,
  IconSparkles,
  IconUserCircle,
  IconUserPlus,
  IconCrown,
  IconGift,
  IconMessageReply,
  IconBell,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import type { NavVisibility } from './nav-visibility';

/**
 * All menus of the main and auth layouts, in one place. An internal item is shown only when its
 * path has a route in the route table (`hasRoute`, applied in nav-visibility.ts), so adding a
 * route makes its menu item appear. Audiences follow spec §6.
 */

export type NavSection =
  'Markets' | 'Portfolio' | 'Account' | 'Admin' | 'Debugging' | 'Developer' | 'StockPulse';

export interface NavItem {
  label: string;
  /** Internal path, may carry a query. */
  path: string;
  icon: Icon;
  section: NavSection;
  visibility: NavVisibility;
  /** A server page (`/api/…`): opened in a new tab, not looked up in the route table. */
  external?: boolean;
}

export interface TopBarLink {
  label: string;
  path: string;
  icon: Icon;
  /** 'signedOut': only without a stored token; 'signedIn': only with one. */
  when: 'always' | 'signedIn' | 'signedOut';
  /** Text button, or icon button with a tooltip. */
  display: 'text' | 'icon';
}

/** Internal top-bar links (spec §2); community chat and Logout are added by the top bar itself. */
export const TOP_BAR_LINKS: readonly TopBarLink[] = [
  { label: 'Register', path: '/register', icon: IconUserPlus, when: 'signedOut', display: 'text' },
  { label: 'About', path: '/about', icon: IconInfoCircle, when: 'always', display: 'text' },
  {
    label: 'AI prompt',
    path: '/pages/prompt',
    icon: IconSparkles,
    when: 'always',
    display: 'icon',
  },
  {
    label: 'Account',
    path: '/pages/user',
    icon: IconUserCircle,
    when: 'signedIn',
    display: 'icon',
  },
  { label: 'Login', path: '/login', icon: IconLogin2, when: 'signedOut', display: 'icon' },
];

export interface FooterLink {
  label: string;
  path: string;
}

export const FOOTER_LINKS: readonly FooterLink[] = [
  { label: 'About', path: '/about' },
  { label: 'Cookies', path: '/cookies' },
  { label: 'Terms', path: '/terms' },
  { label: 'Privacy', path: '/privacy' },
];

export interface AuthMenuLink extends FooterLink {
  /** Shown instead while this link's own page is open (Register on the login page). */
  alternate?: FooterLink;
}

/** The auth layout's menu (spec §2: the legal pages share a top bar with Contact and Login). */
export const AUTH_MENU_LINKS: readonly AuthMenuLink[] = [
  { label: 'Contact', path: '/contact' },
  { label: 'Login', path: '/login', alternate: { label: 'Register', path: '/register' } },
];

export interface UserMenuLink {
  label: string;
  path: string;
  icon: Icon;
  visibility: NavVisibility;
}

/** Spec §2 user menu (sidebar): avatar and name, then these links, then Logout. */
export const USER_MENU_LINKS: readonly UserMenuLink[] = [
  { label: 'ADMIN', path: '/admin/panel', icon: IconShieldLock, visibility: { admin: true } },
  {
    label: 'User Profile',
    path: '/pages/user',
    icon: IconUserCircle,
    visibility: { user: true },
  },
  { label: 'Replies', path: '/pages/replies', icon: IconMessageReply, visibility: { user: true } },
  { label: 'Alerts', path: '/pages/alerts', icon: IconBell, visibility: { user: true } },
  { label: 'Referrals', path: '/affiliates', icon: IconGift, visibility: { user: true } },
  {
    label: 'Upgrade Subscription',
    path: '/pricing?from=subscription_management',
    icon: IconCrown,
    visibility: { subscribed: true },
  },
];
