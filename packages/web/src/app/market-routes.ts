import type { PagePathName } from '@app/shared/app-routes';
import type { PageLoader } from './lazy-page';
import type { PageRouteSpec, RouteSpec } from './route-types';

/*
 * The investor's screens of the route table (spec §2): the home page and the company analyses,
 * the dashboard and the portfolio, companies and search, by their PAGE_PATHS name. `routes.tsx`
 * spreads them into its table.
 */

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

export const marketRouteSpecs = {
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
  calendarEarnings: {
    kind: 'page',
    guard: 'public',
    page: () =>
      import('../features/market-calendar/pages/market-calendar-page').then(
        (m) => m.EarningsCalendarPage,
      ),
    meta: {
      title: 'Earnings calendar',
      description:
        'Who reports results this week, before the open or after the close, with estimates and surprises.',
      canonical: true,
      layout: 'main',
    },
  },
  calendarDividends: {
    kind: 'page',
    guard: 'public',
    page: () =>
      import('../features/market-calendar/pages/market-calendar-page').then(
        (m) => m.DividendsCalendarPage,
      ),
    meta: {
      title: 'Dividend calendar',
      description: 'Ex-dividend dates of the week, with amounts, record and pay dates.',
      canonical: true,
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
  screener: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/screener/pages/screener-page').then((m) => m.ScreenerPage),
    meta: {
      title: 'Stock screener',
      description:
        'Screen the listed companies by sector, price, market cap, momentum, 52-week range, volume, dividend yield, P/E and this week’s news sentiment.',
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
} satisfies Partial<Record<PagePathName, RouteSpec>>;
