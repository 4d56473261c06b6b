import {
  IconApi,
  IconForms,
  IconMap2,
  IconTable,
  IconTimeline,
  IconLayoutBoard,
  IconChartDots,
  IconCalendarMonth,
  IconCalendarStats,
  IconBrain,
  IconCalendarEvent,
  IconChartPie,
  IconCirclePlus,
  IconFileImport,
  IconLayoutGrid,
  IconBroadcast,
  IconBuildingSkyscraper,
  IconChartCandle,
  IconCoin,
  IconComponents,
  IconEye,
  IconFilter,
  IconFlask,
  IconInfoCircle,
  IconLayoutDashboard,
  IconLogin2,
  IconMessageChatbot,
  IconNews,
  IconShieldLock,
  IconSparkles,
  IconUserCircle,
  IconUserPlus,
  IconBriefcase,
  IconCrown,
  IconGift,
  IconMessageReply,
  IconTargetArrow,
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

const everyone: NavVisibility = { visitor: true, user: true };

export const SIDEBAR_NAV: readonly NavItem[] = [
  {
    label: 'News',
    path: '/news/latest_ai',
    icon: IconNews,
    section: 'Markets',
    visibility: everyone,
  },
  {
    label: 'Analysis',
    path: '/analysis/latest',
    icon: IconChartCandle,
    section: 'Markets',
    visibility: everyone,
  },
  {
    label: 'Track record',
    path: '/analysis/track-record',
    icon: IconTargetArrow,
    section: 'Markets',
    visibility: everyone,
  },
  {
    label: 'Earnings calendar',
    path: '/calendar/earnings',
    icon: IconCalendarStats,
    section: 'Markets',
    visibility: everyone,
  },
  {
    label: 'Screener',
    path: '/screener',
    icon: IconFilter,
    section: 'Markets',
    visibility: everyone,
  },
  {
    label: 'AI Chat',
    path: '/pages/ai_chat',
    icon: IconMessageChatbot,
    section: 'Markets',
    visibility: everyone,
  },
  {
    label: 'Dashboard',
    path: '/dashboard',
    icon: IconLayoutDashboard,
    section: 'Portfolio',
    visibility: { user: true },
  },
  {
    label: 'Track a Purchase',
    path: '/portfolio/register',
    icon: IconCirclePlus,
    section: 'Portfolio',
    visibility: { user: true },
  },
  {
    label: 'Charts',
    path: '/dashboard/charts',
    icon: IconChartPie,
    section: 'Portfolio',
    visibility: { user: true },
  },
  {
    label: 'Calendar',
    path: '/dashboard/calendar',
    icon: IconCalendarEvent,
    section: 'Portfolio',
    visibility: { user: true },
  },
  {
    label: 'Widgets',
    path: '/dashboard/widgets',
    icon: IconLayoutGrid,
    section: 'Portfolio',
    visibility: { user: true },
  },
  {
    label: 'Import',
    path: '/dashboard/import',
    icon: IconFileImport,
    section: 'Portfolio',
    visibility: { user: true },
  },
  {
    label: 'My Portfolio Feed',
    path: '/news/my_portfolio',
    icon: IconBriefcase,
    section: 'Portfolio',
    visibility: { user: true },
  },
  {
    label: 'Explore Companies',
    path: '/company/explore',
    icon: IconBuildingSkyscraper,
    section: 'Portfolio',
    visibility: { user: true },
  },
  {
    label: 'Watch a Company',
    path: '/stock/register',
    icon: IconEye,
    section: 'Portfolio',
    visibility: { user: true },
  },
  {
    label: 'Pricing',
    path: '/pricing',
    icon: IconCoin,
    section: 'Account',
    visibility: { ...everyone, hideWhenSubscribed: true },
  },
  {
    label: 'Login',
    path: '/login',
    icon: IconLogin2,
    section: 'Account',
    visibility: { visitor: true },
  },
  {
    label: 'Register',
    path: '/register',
    icon: IconUserPlus,
    section: 'Account',
    visibility: { visitor: true },
  },
  {
    label: 'Channels',
    path: '/channels/list',
    icon: IconBroadcast,
    section: 'Admin',
    visibility: { admin: true },
  },
  {
    label: 'Admin',
    path: '/admin/panel',
    icon: IconShieldLock,
    section: 'Admin',
    visibility: { admin: true },
  },
  {
    label: 'Experiments',
    path: '/news/experiments',
    icon: IconFlask,
    section: 'Debugging',
    visibility: { debug: true },
  },
  {
    label: 'Query prompts',
    path: '/api/company/query_prompts?ai_summary__exists=1&order_by=-ai_upload_date&limit=20',
    icon: IconBrain,
    section: 'Debugging',
    visibility: { debug: true },
    external: true,
  },
  {
    label: 'OPEN API',
    path: '/api/docs',
    icon: IconApi,
    section: 'Debugging',
    visibility: { debug: true },
    external: true,
  },
  {
    label: 'Components',
    path: '/components/buttons',
    icon: IconComponents,
    section: 'Developer',
    visibility: { dev: true },
  },
  {
    label: 'Forms',
    path: '/forms/regular',
    icon: IconForms,
    section: 'Developer',
    visibility: { dev: true },
  },
  {
    label: 'Tables',
    path: '/table-list/regular',
    icon: IconTable,
    section: 'Developer',
    visibility: { dev: true },
  },
  {
    label: 'Maps',
    path: '/maps/vector-map',
    icon: IconMap2,
    section: 'Developer',
    visibility: { dev: true },
  },
  {
    label: 'Demo widgets',
    path: '/widgets',
    icon: IconLayoutBoard,
    section: 'Developer',
    visibility: { dev: true },
  },
  {
    label: 'Demo charts',
    path: '/charts',
    icon: IconChartDots,
    section: 'Developer',
    visibility: { dev: true },
  },
  {
    label: 'Demo calendar',
    path: '/calendar',
    icon: IconCalendarMonth,
    section: 'Developer',
    visibility: { dev: true },
  },
  {
    label: 'Timeline',
    path: '/pages/timeline',
    icon: IconTimeline,
    section: 'Developer',
    visibility: { dev: true },
  },
  {
    label: 'About',
    path: '/about',
    icon: IconInfoCircle,
    section: 'StockPulse',
    visibility: everyone,
  },
];

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
