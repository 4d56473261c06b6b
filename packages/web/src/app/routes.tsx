import { matchRoutes } from 'react-router';
import type { Params, To } from 'react-router';
import type { PageLoader } from './lazy-page';
import { newsRoutes } from './news-routes';

/**
 * THE route table (spec §2). Every screen of the product is one entry here; layouts, guards,
 * document meta and navigation visibility (`hasRoute`) are all derived from it.
 */

/** Who may open a route; enforced by the route guard (app/route-guard.tsx). */
export type RouteGuard = 'public' | 'user' | 'admin';

export type RouteLayout = 'main' | 'auth';

export interface RouteMeta {
  /** Page title; the document title becomes `{title} · StockPulse`. */
  title: string;
  /** `<meta name="description">`; the site description is used when absent. */
  description?: string;
  /** Canonical path (e.g. '/'); the link is `window.location.origin` + this path. */
  canonical?: string;
  /** Full-page background image of the auth layout (URL). */
  backgroundImage?: string;
  /** Full-page background video of the auth layout (URL); wins over the image. */
  backgroundVideo?: string;
  hideFooter?: boolean;
  /** The page draws its own surface: the layout renders it edge to edge, without a content frame. */
  hideContent?: boolean;
  /** No action bar (the slim search bar under the top bar) in the main layout. */
  noActionBar?: boolean;
  layout: RouteLayout;
}

export interface RedirectContext {
  params: Params;
  /** A copy: free to modify. */
  searchParams: URLSearchParams;
  /** Including the leading '#', or ''. */
  hash: string;
}

interface RouteEntryBase {
  /** react-router path pattern ('/n/:newsId', '*'). */
  path: string;
  guard: RouteGuard;
}

export interface PageRouteEntry extends RouteEntryBase {
  kind: 'page';
  /** Lazy chunk resolving to the page component. */
  page: PageLoader;
  meta: RouteMeta;
}

/** Redirects run in the client so they can keep the URL hash (loaders never see it). */
export interface RedirectRouteEntry extends RouteEntryBase {
  kind: 'redirect';
  to: (context: RedirectContext) => To;
}

export type AppRouteEntry = PageRouteEntry | RedirectRouteEntry;

export const NOT_FOUND_PATH = '*';

const BACKGROUND = '/backgrounds/market-night.svg';

/** Meta of a page of the auth layout: full-page background, no action bar. */
function authPage(meta: Omit<RouteMeta, 'layout'>): RouteMeta {
  return { backgroundImage: BACKGROUND, noActionBar: true, ...meta, layout: 'auth' };
}

/** Keeps the query string and hash of the current URL when redirecting to `pathname`. */
function keepQueryAndHash(pathname: string) {
  return ({ searchParams, hash }: RedirectContext): To => ({
    pathname,
    search: searchParams.size > 0 ? `?${searchParams.toString()}` : '',
    hash,
  });
}

/** `/` and `/analysis/latest` share the latest company analyses page. */
const analysisLatestPage: PageLoader = () =>
  import('../features/analysis/pages/analysis-latest-page').then((m) => m.AnalysisLatestPage);

/** The company page answers both `/company/view?id=|name=|symbol=` and `/ticker/{EX:T}`. */
function companyRoute(path: string): PageRouteEntry {
  return {
    kind: 'page',
    path,
    guard: 'public',
    page: () => import('../features/market/pages/company-page').then((m) => m.CompanyPage),
    meta: {
      title: 'Company',
      description: 'Company profile, prices, candlestick chart and related companies.',
      layout: 'main',
    },
  };
}

export const appRoutes: readonly AppRouteEntry[] = [
  {
    kind: 'page',
    path: '/',
    guard: 'public',
    page: analysisLatestPage,
    meta: {
      title: 'AI News: Company Analysis',
      description: "The AI analyst's latest company analyses, from recent news and price action.",
      canonical: '/',
      layout: 'main',
    },
  },
  { kind: 'redirect', path: '/news', guard: 'public', to: keepQueryAndHash('/news/latest_ai') },
  {
    kind: 'redirect',
    path: '/analysis',
    guard: 'public',
    to: keepQueryAndHash('/analysis/latest'),
  },
  {
    kind: 'page',
    path: '/analysis/latest',
    guard: 'public',
    page: analysisLatestPage,
    meta: {
      title: 'Company analysis',
      description: "The AI analyst's latest company analyses, two a page.",
      canonical: '/analysis/latest',
      layout: 'main',
    },
  },
  {
    kind: 'page',
    path: '/analysis/:symbol',
    guard: 'public',
    page: () =>
      import('../features/analysis/pages/analysis-symbol-page').then((m) => m.AnalysisSymbolPage),
    meta: {
      title: 'Analysis',
      description: "A company's AI analyses, newest first.",
      layout: 'main',
    },
  },
  {
    kind: 'redirect',
    path: '/n/:newsId',
    guard: 'public',
    to: ({ params, searchParams, hash }) => {
      searchParams.set('id', params.newsId ?? '');
      return { pathname: '/news/view', search: `?${searchParams.toString()}`, hash };
    },
  },
  {
    kind: 'page',
    path: '/about',
    guard: 'public',
    page: () => import('../features/site/pages/about-page').then((m) => m.AboutPage),
    meta: {
      title: 'About',
      description:
        'StockPulse turns the flood of market news into clear, AI-assisted insight for self-directed investors.',
      canonical: '/about',
      noActionBar: true,
      layout: 'main',
    },
  },
  {
    kind: 'page',
    path: '/cookies',
    guard: 'public',
    page: () => import('../features/legal/pages/cookies-page').then((m) => m.CookiesPage),
    meta: authPage({
      title: 'Cookie Policy',
      description: 'How StockPulse uses cookies and similar technologies, and how to control them.',
      canonical: '/cookies',
    }),
  },
  {
    kind: 'page',
    path: '/terms',
    guard: 'public',
    page: () => import('../features/legal/pages/terms-page').then((m) => m.TermsPage),
    meta: authPage({
      title: 'Terms of Service',
      description: 'The terms that govern your use of StockPulse.',
      canonical: '/terms',
    }),
  },
  {
    kind: 'page',
    path: '/privacy',
    guard: 'public',
    page: () => import('../features/legal/pages/privacy-page').then((m) => m.PrivacyPage),
    meta: authPage({
      title: 'Privacy Policy',
      description: 'What personal data StockPulse collects, why, and the rights you have over it.',
      canonical: '/privacy',
    }),
  },
  {
    kind: 'page',
    path: '/error',
    guard: 'public',
    page: () => import('../features/site/pages/error-page').then((m) => m.ErrorPage),
    meta: authPage({ title: 'Error', hideFooter: true }),
  },
  {
    kind: 'page',
    path: '/register',
    guard: 'public',
    page: () => import('../features/users/pages/register-page').then((m) => m.RegisterPage),
    meta: authPage({
      title: 'Register',
      description:
        'Create a free StockPulse account: AI-summarised market news, a watchlist and alerts.',
      canonical: '/register',
    }),
  },
  {
    kind: 'page',
    path: '/login',
    guard: 'public',
    page: () => import('../features/users/pages/login-page').then((m) => m.LoginPage),
    meta: authPage({
      title: 'Login',
      description: 'Log in to StockPulse with your e-mail address or username.',
      canonical: '/login',
    }),
  },
  {
    kind: 'page',
    path: '/lock',
    guard: 'public',
    page: () => import('../features/users/pages/lock-page').then((m) => m.LockPage),
    meta: authPage({ title: 'Locked', hideFooter: true }),
  },
  {
    kind: 'page',
    path: '/password_recovery',
    guard: 'public',
    page: () =>
      import('../features/users/pages/password-recovery-page').then((m) => m.PasswordRecoveryPage),
    meta: authPage({ title: 'Password recovery', hideFooter: true }),
  },
  {
    kind: 'page',
    path: '/please_wait',
    guard: 'public',
    page: () => import('../features/users/pages/please-wait-page').then((m) => m.PleaseWaitPage),
    meta: authPage({ title: 'Please wait' }),
  },
  {
    kind: 'page',
    path: '/pages/user',
    guard: 'user',
    page: () => import('../features/users/pages/profile-page').then((m) => m.ProfilePage),
    meta: {
      title: 'User Profile',
      description: 'Your profile, notifications, Telegram alerts and referral code.',
      layout: 'main',
    },
  },
  {
    kind: 'page',
    path: '/admin/panel',
    guard: 'admin',
    page: () => import('../features/admin/pages/admin-panel-page').then((m) => m.AdminPanelPage),
    meta: {
      title: 'Admin panel',
      description: 'Users, account approvals, outgoing mail and tools.',
      layout: 'main',
    },
  },
  {
    kind: 'page',
    path: '/dashboard',
    guard: 'public',
    page: () => import('../features/market/pages/dashboard-page').then((m) => m.DashboardPage),
    meta: {
      title: 'Dashboard',
      description: 'Top growth today and this week, and your watchlist, refreshed as prices move.',
      canonical: '/dashboard',
      layout: 'main',
    },
  },
  companyRoute('/company/view'),
  companyRoute('/ticker/:symbol'),
  {
    kind: 'page',
    path: '/company/explore',
    guard: 'public',
    page: () => import('../features/companies/pages/explore-page').then((m) => m.ExplorePage),
    meta: {
      title: 'Explore companies',
      description: 'Browse companies by GICS sector and sub-industry.',
      canonical: '/company/explore',
      layout: 'main',
    },
  },
  {
    kind: 'page',
    path: '/company/news',
    guard: 'public',
    page: () => import('../features/companies/pages/my-topics-page').then((m) => m.MyTopicsPage),
    meta: {
      title: 'My topics',
      description: 'A company you follow: its profile, prices and news.',
      layout: 'main',
    },
  },
  {
    kind: 'page',
    path: '/stock/register',
    guard: 'public',
    page: () =>
      import('../features/companies/pages/stock-register-page').then((m) => m.StockRegisterPage),
    meta: {
      title: 'Watch a company',
      description: 'Find a company by ticker or name and add it to your watchlist.',
      canonical: '/stock/register',
      layout: 'main',
    },
  },
  {
    kind: 'page',
    path: '/search',
    guard: 'public',
    page: () => import('../features/search/pages/search-page').then((m) => m.SearchPage),
    meta: {
      title: 'Search',
      description: 'Search companies and news.',
      layout: 'main',
    },
  },
  ...newsRoutes,
  // Keep last: any other path.
  {
    kind: 'page',
    path: NOT_FOUND_PATH,
    guard: 'public',
    page: () => import('../features/site/pages/not-found-page').then((m) => m.NotFoundPage),
    meta: { title: 'Page not found', noActionBar: true, layout: 'main' },
  },
];

const matchableRoutes = appRoutes
  .filter((route) => route.path !== NOT_FOUND_PATH)
  .map((route) => ({ path: route.path }));

/**
 * Whether an internal link target (path, optionally with query and hash) has a route of its own,
 * the catch-all excluded. Navigation shows a link only when this is true, so links appear as soon
 * as a later issue adds their route to the table.
 */
export function hasRoute(target: string): boolean {
  if (!target.startsWith('/') || target.startsWith('//')) return false;
  const pathname = target.split(/[?#]/, 1)[0] ?? target;
  return matchRoutes(matchableRoutes, pathname) !== null;
}
