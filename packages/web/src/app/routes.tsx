import { matchRoutes } from 'react-router';
import type { Params, To } from 'react-router';
import { PAGE_PATH_NAMES, PAGE_PATHS } from '@app/shared/app-routes';
import type { PagePathName } from '@app/shared/app-routes';
import type { PageLoader } from './lazy-page';
import { newsRouteSpecs } from './news-routes';
import { devRouteSpecs } from './dev-routes';

/**
 * THE route table (spec §2). Every screen of the product is one entry here; layouts, guards,
 * document meta and navigation visibility (`hasRoute`) are all derived from it.
 *
 * The paths are not written here: they are named in `PAGE_PATHS` (`@app/shared/app-routes`), the
 * one list that the server also reads for its 200/404 answers. This table is a
 * `Record<PagePathName, RouteSpec>` (route specs without their path; the news pages come from
 * `news-routes.ts`), so TypeScript insists on exactly one spec per named path. To add a page
 * (/pages/prompt, /pages/ai_chat, /pricing …): add `name: '/the/path'` to PAGE_PATHS, then `tsc`
 * reports "Property 'name' is missing" on `routeSpecs` below until its spec is written. A spec
 * without a name in PAGE_PATHS is an error too. Only the catch-all (`NOT_FOUND_PATH`) stays
 * outside PAGE_PATHS, last in `appRoutes`.
 */

/**
 * Who may open a route; enforced by the route guard (app/route-guard.tsx). 'dev': users with
 * my_dev_interface (the developer gallery).
 */
export type RouteGuard = 'public' | 'user' | 'admin' | 'dev';

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
  /** react-router path pattern ('/n/:newsId', '*'): a PAGE_PATHS value or NOT_FOUND_PATH. */
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

/** Meta as written in the table: `canonical: true` makes the page's own path its canonical link. */
export type RouteSpecMeta = Omit<RouteMeta, 'canonical'> & { canonical?: true };

/** A page of the table before its path is added from PAGE_PATHS. */
export type PageRouteSpec = Omit<PageRouteEntry, 'path' | 'meta'> & { meta: RouteSpecMeta };

/** A redirect of the table before its path is added from PAGE_PATHS. */
export type RedirectRouteSpec = Omit<RedirectRouteEntry, 'path'>;

export type RouteSpec = PageRouteSpec | RedirectRouteSpec;

export const NOT_FOUND_PATH = '*';

const BACKGROUND = '/backgrounds/market-night.svg';

/** Meta of a page of the auth layout: full-page background, no action bar. */
function authPage(meta: Omit<RouteSpecMeta, 'layout'>): RouteSpecMeta {
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
const companyPage: PageRouteSpec = {
  kind: 'page',
  guard: 'public',
  page: () => import('../features/companies/pages/company-page').then((m) => m.CompanyPage),
  meta: {
    title: 'Company',
    description: 'Company profile, prices, candlestick chart and related companies.',
    layout: 'main',
  },
};

/** One spec per name of PAGE_PATHS; the type makes a missing or unknown name a compile error. */
const routeSpecs: Record<PagePathName, RouteSpec> = {
  home: {
    kind: 'page',
    guard: 'public',
    page: analysisLatestPage,
    meta: {
      title: 'AI News: Company Analysis',
      description: "The AI analyst's latest company analyses, from recent news and price action.",
      canonical: true,
      layout: 'main',
    },
  },
  news: { kind: 'redirect', guard: 'public', to: keepQueryAndHash(PAGE_PATHS.newsLatestAi) },
  analysis: {
    kind: 'redirect',
    guard: 'public',
    to: keepQueryAndHash(PAGE_PATHS.analysisLatest),
  },
  analysisLatest: {
    kind: 'page',
    guard: 'public',
    page: analysisLatestPage,
    meta: {
      title: 'Company analysis',
      description: "The AI analyst's latest company analyses, two a page.",
      canonical: true,
      layout: 'main',
    },
  },
  analysisTrackRecord: {
    kind: 'page',
    guard: 'public',
    page: () =>
      import('../features/analysis/pages/track-record-page').then((m) => m.TrackRecordPage),
    meta: {
      title: "The analyst's track record",
      description:
        "How often the AI analyst's bullish and bearish calls were right: hit rates against the market over 1, 5 and 20 trading days, with confidence intervals, calibration and the best and worst calls.",
      canonical: true,
      layout: 'main',
    },
  },
  analysisSymbol: {
    kind: 'page',
    guard: 'public',
    page: () =>
      import('../features/analysis/pages/analysis-symbol-page').then((m) => m.AnalysisSymbolPage),
    meta: {
      title: 'Analysis',
      description: "A company's AI analyses, newest first.",
      layout: 'main',
    },
  },
  newsShortLink: {
    kind: 'redirect',
    guard: 'public',
    to: ({ params, searchParams, hash }) => {
      searchParams.set('id', params.newsId ?? '');
      return { pathname: PAGE_PATHS.newsView, search: `?${searchParams.toString()}`, hash };
    },
  },
  about: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/site/pages/about-page').then((m) => m.AboutPage),
    meta: {
      title: 'About',
      description:
        'StockPulse turns the flood of market news into clear, AI-assisted insight for self-directed investors.',
      canonical: true,
      noActionBar: true,
      layout: 'main',
    },
  },
  cookies: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/legal/pages/cookies-page').then((m) => m.CookiesPage),
    meta: authPage({
      title: 'Cookie Policy',
      description: 'How StockPulse uses cookies and similar technologies, and how to control them.',
      canonical: true,
    }),
  },
  terms: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/legal/pages/terms-page').then((m) => m.TermsPage),
    meta: authPage({
      title: 'Terms of Service',
      description: 'The terms that govern your use of StockPulse.',
      canonical: true,
    }),
  },
  privacy: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/legal/pages/privacy-page').then((m) => m.PrivacyPage),
    meta: authPage({
      title: 'Privacy Policy',
      description: 'What personal data StockPulse collects, why, and the rights you have over it.',
      canonical: true,
    }),
  },
  error: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/site/pages/error-page').then((m) => m.ErrorPage),
    meta: authPage({ title: 'Error', hideFooter: true }),
  },
  register: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/users/pages/register-page').then((m) => m.RegisterPage),
    meta: authPage({
      title: 'Register',
      description:
        'Create a free StockPulse account: AI-summarised market news, a watchlist and alerts.',
      canonical: true,
    }),
  },
  login: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/users/pages/login-page').then((m) => m.LoginPage),
    meta: authPage({
      title: 'Login',
      description: 'Log in to StockPulse with your e-mail address or username.',
      canonical: true,
    }),
  },
  lock: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/users/pages/lock-page').then((m) => m.LockPage),
    meta: authPage({ title: 'Locked', hideFooter: true }),
  },
  passwordRecovery: {
    kind: 'page',
    guard: 'public',
    page: () =>
      import('../features/users/pages/password-recovery-page').then((m) => m.PasswordRecoveryPage),
    meta: authPage({ title: 'Password recovery', hideFooter: true }),
  },
  pleaseWait: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/users/pages/please-wait-page').then((m) => m.PleaseWaitPage),
    meta: authPage({ title: 'Please wait' }),
  },
  prompt: {
    kind: 'page',
    guard: 'user',
    page: () => import('../features/assistant/pages/prompt-page').then((m) => m.PromptPage),
    meta: {
      title: 'AI prompts',
      description:
        'Ask the AI assistant about your portfolio or chosen companies, with cited answers.',
      layout: 'main',
    },
  },
  aiChat: {
    kind: 'page',
    guard: 'user',
    page: () => import('../features/assistant/pages/ai-chat-page').then((m) => m.AiChatPage),
    meta: {
      title: 'AI chat',
      description: 'Chat with the AI assistant about your portfolio, companies and the news.',
      layout: 'main',
    },
  },
  userProfile: {
    kind: 'page',
    guard: 'user',
    // The profile page with the billing feature's subscription card (app/profile-route.tsx).
    page: () => import('./profile-route').then((m) => m.ProfileRoute),
    meta: {
      title: 'User Profile',
      description: 'Your profile, subscription, notifications, Telegram alerts and referral code.',
      layout: 'main',
    },
  },
  replies: {
    kind: 'page',
    guard: 'user',
    page: () => import('../features/comments/pages/replies-page').then((m) => m.RepliesPage),
    meta: {
      title: 'Replies',
      description: 'The new replies to your comments.',
      layout: 'main',
    },
  },
  adminPanel: {
    kind: 'page',
    guard: 'admin',
    page: () => import('../features/admin/pages/admin-panel-page').then((m) => m.AdminPanelPage),
    meta: {
      title: 'Admin panel',
      description: 'Users, account approvals, outgoing mail and tools.',
      layout: 'main',
    },
  },
  channelsList: {
    kind: 'page',
    guard: 'admin',
    page: () => import('../features/channels/pages/channels-page').then((m) => m.ChannelsPage),
    meta: {
      title: 'Channels',
      description: 'The Telegram channels StockPulse publishes alerts and the daily brief to.',
      layout: 'main',
    },
  },
  dashboard: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/portfolio/pages/dashboard-page').then((m) => m.DashboardPage),
    meta: {
      title: 'Dashboard',
      description:
        'Your portfolio, top growth today and this week, and your watchlist, refreshed as prices move.',
      canonical: true,
      layout: 'main',
    },
  },
  dashboardCharts: {
    kind: 'page',
    guard: 'user',
    page: () => import('../features/portfolio/pages/charts-page').then((m) => m.ChartsPage),
    meta: {
      title: 'Portfolio charts',
      description:
        'Your portfolio against the benchmark over time, its allocation by sector and what each position added.',
      layout: 'main',
    },
  },
  dashboardCalendar: {
    kind: 'page',
    guard: 'user',
    page: () => import('../features/portfolio/pages/calendar-page').then((m) => m.CalendarPage),
    meta: {
      title: 'Calendar',
      description: 'Earnings and dividend dates of your companies, and your own events.',
      layout: 'main',
    },
  },
  dashboardWidgets: {
    kind: 'page',
    guard: 'user',
    page: () => import('../features/portfolio/pages/widgets-page').then((m) => m.WidgetsPage),
    meta: {
      title: 'Widgets',
      description:
        'Your movers, news on your holdings, your AI summary, upcoming events and recommendations.',
      layout: 'main',
    },
  },
  dashboardImport: {
    kind: 'page',
    guard: 'user',
    page: () => import('../features/portfolio/pages/import-page').then((m) => m.ImportPage),
    meta: {
      title: 'Import and export',
      description: 'Import transactions from a CSV file (ours or a broker’s) and export yours.',
      layout: 'main',
    },
  },
  portfolioRegister: {
    kind: 'page',
    guard: 'user',
    page: () => import('../features/portfolio/pages/register-page').then((m) => m.RegisterPage),
    meta: {
      title: 'Track a purchase',
      description: 'Record a share purchase, sale, dividend or split in your portfolio.',
      layout: 'main',
    },
  },
  companyView: companyPage,
  ticker: companyPage,
  companyExplore: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/companies/pages/explore-page').then((m) => m.ExplorePage),
    meta: {
      title: 'Explore companies',
      description: 'Browse companies by GICS sector and sub-industry.',
      canonical: true,
      layout: 'main',
    },
  },
  companyNews: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/companies/pages/my-topics-page').then((m) => m.MyTopicsPage),
    meta: {
      title: 'My topics',
      description: 'A company you follow: its profile, prices and news.',
      layout: 'main',
    },
  },
  stockRegister: {
    kind: 'page',
    guard: 'public',
    page: () =>
      import('../features/companies/pages/stock-register-page').then((m) => m.StockRegisterPage),
    meta: {
      title: 'Watch a company',
      description: 'Find a company by ticker or name and add it to your watchlist.',
      canonical: true,
      layout: 'main',
    },
  },
  search: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/search/pages/search-page').then((m) => m.SearchPage),
    meta: {
      title: 'Search',
      description: 'Search companies and news.',
      layout: 'main',
    },
  },
  ...newsRouteSpecs,
  ...devRouteSpecs,
  pricing: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/billing/pages/pricing-page').then((m) => m.PricingPage),
    meta: {
      title: 'Pricing',
      description:
        'StockPulse plans: Supporter $1, Basic $10 and Standard $29 a month, Enterprise by quote.',
      canonical: true,
      noActionBar: true,
      layout: 'main',
    },
  },
  success: {
    kind: 'page',
    guard: 'user',
    page: () => import('../features/billing/pages/success-page').then((m) => m.SuccessPage),
    meta: authPage({ title: 'Thank you', hideFooter: true }),
  },
  cancel: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/billing/pages/cancel-page').then((m) => m.CancelPage),
    meta: authPage({ title: 'Payment cancelled', hideFooter: true }),
  },
  affiliates: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/billing/pages/affiliates-page').then((m) => m.AffiliatesPage),
    meta: {
      title: 'Referral programme',
      description:
        'Invite friends to StockPulse: a free month per paying referral, 20% commission for 12 months and bonuses.',
      canonical: true,
      noActionBar: true,
      layout: 'main',
    },
  },
  // The public site (issue 15).
  landing: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/site/pages/landing-page').then((m) => m.LandingPage),
    meta: authPage({
      title: 'AI stock-market news and analysis',
      description:
        'StockPulse reads the market news for you: AI summaries, company analysis, charts, a portfolio with alerts, and a free weekly market recap by e-mail.',
      canonical: true,
      hideContent: true,
      hideFooter: true,
    }),
  },
  contact: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/site/pages/contact-page').then((m) => m.ContactPage),
    meta: authPage({
      title: 'Contact',
      description:
        'Write to the StockPulse team: questions, Enterprise plans, press and partnerships.',
      canonical: true,
    }),
  },
  features: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/site/pages/features-page').then((m) => m.FeaturesPage),
    meta: {
      title: 'Features',
      description:
        'AI news feeds, company analysis, candlestick charts, a portfolio dashboard, alerts and an AI chat: what StockPulse does, screen by screen.',
      canonical: true,
      noActionBar: true,
      layout: 'main',
    },
  },
  faq: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/site/pages/faq-page').then((m) => m.FaqPage),
    meta: {
      title: 'FAQ',
      description:
        'Answers to common questions about StockPulse: data, AI, accounts, plans and the newsletter.',
      canonical: true,
      noActionBar: true,
      layout: 'main',
    },
  },
  help: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/site/pages/help-page').then((m) => m.HelpPage),
    meta: {
      title: 'Help',
      description:
        'How to use each StockPulse screen: news, analysis, companies, dashboard, chat and account.',
      canonical: true,
      noActionBar: true,
      layout: 'main',
    },
  },
  documentation: {
    kind: 'page',
    guard: 'public',
    page: () =>
      import('../features/site/pages/documentation-page').then((m) => m.DocumentationPage),
    meta: {
      title: 'Documentation',
      description:
        'Run StockPulse yourself: the two commands, the configuration, the providers and the API reference.',
      canonical: true,
      noActionBar: true,
      layout: 'main',
    },
  },
  blog: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/site/pages/blog-page').then((m) => m.BlogPage),
    meta: {
      title: 'Blog: weekly market recaps',
      description:
        "The StockPulse analyst's weekly market recaps: performers, sectors and the stories that mattered.",
      canonical: true,
      noActionBar: true,
      layout: 'main',
    },
  },
  blogPost: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/site/pages/blog-post-page').then((m) => m.BlogPostPage),
    meta: {
      title: 'Weekly market recap',
      description: 'A weekly market recap by the StockPulse analyst.',
      noActionBar: true,
      layout: 'main',
    },
  },
  newsletterConfirm: {
    kind: 'page',
    guard: 'public',
    page: () =>
      import('../features/site/pages/newsletter-confirm-page').then((m) => m.NewsletterConfirmPage),
    meta: authPage({ title: 'Confirm your subscription', hideFooter: true }),
  },
};

/** Any other path. */
const notFoundRoute: PageRouteEntry = {
  kind: 'page',
  path: NOT_FOUND_PATH,
  guard: 'public',
  page: () => import('../features/site/pages/not-found-page').then((m) => m.NotFoundPage),
  meta: { title: 'Page not found', noActionBar: true, layout: 'main' },
};

/** The entry of `spec` at `path`; `canonical: true` becomes the path itself. */
function routeEntry(path: string, spec: RouteSpec): AppRouteEntry {
  if (spec.kind === 'redirect') return { ...spec, path };
  const { canonical, ...meta } = spec.meta;
  return { ...spec, path, meta: canonical ? { ...meta, canonical: path } : meta };
}

/** The route table: the pages and redirects in PAGE_PATHS order, then the catch-all. */
export const appRoutes: readonly AppRouteEntry[] = [
  ...PAGE_PATH_NAMES.map((name) => routeEntry(PAGE_PATHS[name], routeSpecs[name])),
  notFoundRoute,
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
