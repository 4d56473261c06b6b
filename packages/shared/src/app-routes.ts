/**
 * THE list of page paths (spec §2 route table): every URL the web app answers with a page or a
 * client-side redirect, by name. Two readers, one list:
 * - the web route table (`packages/web/src/app/routes.tsx`) is a `Record<PagePathName, RouteSpec>`,
 *   so TypeScript demands exactly one route entry per name and the path itself is written only here;
 * - the server (`http/web-app.ts`) answers these paths with HTTP 200 and any other non-API path
 *   with HTTP 404 (`isAppRoute`).
 *
 * Adding a page (e.g. /pages/prompt, /pages/ai_chat, /pricing) = one entry here plus its route spec
 * in the web table; until the spec is written, `tsc` reports "Property 'name' is missing" there.
 * Links in web code should say `PAGE_PATHS.name` rather than repeat the string.
 *
 * Patterns: `:name` matches one segment, a trailing `*` any rest (react-router syntax).
 * Order: the web table is built in this order (the catch-all after it).
 */
export const PAGE_PATHS = {
  /** The latest company analyses (the site's landing page). */
  home: '/',
  /** Redirect to the AI news feed. */
  news: '/news',
  /** Redirect to the latest analyses. */
  analysis: '/analysis',
  analysisLatest: '/analysis/latest',
  /** The analyst's public track record (before `analysisSymbol`, or it would be taken as a symbol). */
  analysisTrackRecord: '/analysis/track-record',
  analysisSymbol: '/analysis/:symbol',
  /** Short article link: redirect to `/news/view?id={newsId}`, keeping the hash. */
  newsShortLink: '/n/:newsId',
  error: '/error',
  about: '/about',
  cookies: '/cookies',
  terms: '/terms',
  privacy: '/privacy',
  register: '/register',
  login: '/login',
  lock: '/lock',
  passwordRecovery: '/password_recovery',
  pleaseWait: '/please_wait',
  /** The AI portfolio prompt editor with the prompt list (login). */
  prompt: '/pages/prompt',
  /** The AI chat, optionally about one article (login). */
  aiChat: '/pages/ai_chat',
  userProfile: '/pages/user',
  /** The caller's alert rules and what they fired (login). */
  alerts: '/pages/alerts',
  /** The new replies to my comments (login). */
  replies: '/pages/replies',
  adminPanel: '/admin/panel',
  /** The Telegram channels the product publishes to (admins). */
  channelsList: '/channels/list',
  dashboard: '/dashboard',
  /** Portfolio value over time against the benchmark, allocation and contributions (login). */
  dashboardCharts: '/dashboard/charts',
  /** Earnings, dividends and the user's own events, by month or as an agenda (login). */
  dashboardCalendar: '/dashboard/calendar',
  /** The market's results of one week, by day (`?week=&scope=&sector=`). */
  calendarEarnings: '/calendar/earnings',
  /** The market's ex-dividend dates of one week, by day (`?week=&scope=&sector=`). */
  calendarDividends: '/calendar/dividends',
  /** Cards the user shows, hides and orders (login). */
  dashboardWidgets: '/dashboard/widgets',
  /** CSV import (our format or a broker's, with a preview) and export of transactions (login). */
  dashboardImport: '/dashboard/import',
  /** Track a share purchase (or a sale, dividend or split) (login). */
  portfolioRegister: '/portfolio/register',
  companyView: '/company/view',
  ticker: '/ticker/:symbol',
  companyExplore: '/company/explore',
  /** Listings filtered and sorted by any figure; the URL holds the query. */
  screener: '/screener',
  companyNews: '/company/news',
  stockRegister: '/stock/register',
  search: '/search',
  /** Hot news (not the landing page, which is `home`). */
  hotNews: '/home',
  newsLatestAi: '/news/latest_ai',
  newsLatest: '/news/latest',
  newsBullish: '/news/bullish',
  newsBearish: '/news/bearish',
  newsDefcon: '/news/defcon',
  newsClass: '/news/class/:type',
  newsPublisher: '/news/publisher/:type',
  newsMyPortfolio: '/news/my_portfolio',
  newsExperiments: '/news/experiments',
  newsView: '/news/view',
  /** The four plans (spec §2, §9); `?from=subscription_management` from the subscription card. */
  pricing: '/pricing',
  /** Back from a paid checkout: waits for the verified payment, then shows the plan (login). */
  success: '/success',
  /** Back from a cancelled checkout (capital C, spec §2): regret and a feedback form. */
  cancel: '/Cancel',
  /** The referral programme's terms; share link, code and earnings for logged-in users. */
  affiliates: '/affiliates',
  /** The public site: the landing page a first-time visitor of `/` is sent to. */
  landing: '/landing',
  /** The contact form; `#subject=…&message=…` prefills it. */
  contact: '/contact',
  features: '/features',
  faq: '/faq',
  help: '/help',
  /** Self-hosting: the two commands, the settings, the providers, the API docs. */
  documentation: '/documentation',
  /** The analyst's weekly market recaps. */
  blog: '/blog',
  blogPost: '/blog/:slug',
  /** Where the newsletter's confirmation link lands (`?token=`). */
  newsletterConfirm: '/newsletter/confirm',
  /* The developer gallery (users with my_dev_interface): our components as demo pages. */
  devButtons: '/components/buttons',
  devGridSystem: '/components/grid-system',
  devPanels: '/components/panels',
  devSweetAlert: '/components/sweet-alert',
  devNotifications: '/components/notifications',
  devIcons: '/components/icons',
  devTypography: '/components/typography',
  devFormsRegular: '/forms/regular',
  devFormsExtended: '/forms/extended',
  devFormsValidation: '/forms/validation',
  devFormsWizard: '/forms/wizard',
  devTableRegular: '/table-list/regular',
  devTableExtended: '/table-list/extended',
  devTablePaginated: '/table-list/paginated',
  devMapsGoogle: '/maps/google',
  devMapsFullScreen: '/maps/full-screen',
  devMapsVector: '/maps/vector-map',
  devWidgets: '/widgets',
  devCharts: '/charts',
  devCalendar: '/calendar',
  devTimeline: '/pages/timeline',
} as const;

export type PagePathName = keyof typeof PAGE_PATHS;
export type PagePath = (typeof PAGE_PATHS)[PagePathName];

/** The names of PAGE_PATHS, in its order. */
export const PAGE_PATH_NAMES = Object.keys(PAGE_PATHS) as readonly PagePathName[];

/** Every page path pattern, for the server's 200/404 decision. */
export const APP_ROUTE_PATTERNS: readonly PagePath[] = Object.values(PAGE_PATHS);

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** True when `pattern` matches `pathname` (trailing slashes ignored, case-sensitive). */
export function matchesRoutePattern(pattern: string, pathname: string): boolean {
  const want = segments(pattern);
  const got = segments(pathname);
  for (let i = 0; i < want.length; i += 1) {
    const part = want[i] ?? '';
    if (part === '*') return true;
    const value = got[i];
    if (value === undefined) return false;
    if (!part.startsWith(':') && part !== value) return false;
  }
  return want.length === got.length;
}

/** True when the web app has a page for `pathname`. */
export function isAppRoute(pathname: string, patterns: readonly string[] = APP_ROUTE_PATTERNS) {
  return patterns.some((pattern) => matchesRoutePattern(pattern, pathname));
}
