import { PAGE_PATHS } from '@app/shared/app-routes';

/** The site's defaults: the head of any page without its own, and the JSON-LD Organization. */
export const SITE = {
  name: 'StockPulse',
  description:
    'AI-summarised stock-market news, company analysis and watchlists for self-directed investors.',
} as const;

export type PublicPage = { title: string; description: string };

/**
 * THE table of the public pages' titles and descriptions, as the server writes them into the
 * HTML it sends and lists them in the sitemap (paths without parameters that visitors may open
 * and crawlers should index). Same texts as the web route table's meta, which the client applies
 * after it starts. A path here that is not (yet) a page of PAGE_PATHS is ignored, so pages may be
 * described before they exist.
 */
export const PUBLIC_PAGES: Readonly<Record<string, PublicPage>> = {
  '/': {
    title: 'AI News: Company Analysis',
    description: "The AI analyst's latest company analyses, from recent news and price action.",
  },
  '/landing': {
    title: 'AI-assisted stock-market news and analysis',
    description:
      'StockPulse turns market news into clear, AI-assisted insight: summaries, sentiment, company analysis and alerts for self-directed investors.',
  },
  '/analysis/latest': {
    title: 'Company analysis',
    description: "The AI analyst's latest company analyses, two a page.",
  },
  '/analysis/track-record': {
    title: "The analyst's track record",
    description:
      "How often the AI analyst's bullish and bearish calls were right: hit rates against the market over 1, 5 and 20 trading days, with confidence intervals, calibration and the best and worst calls.",
  },
  '/home': {
    title: 'Hot news',
    description: 'The newest market news with related tickers and an AI summary.',
  },
  '/news/latest_ai': {
    title: 'AI news feed',
    description: 'The latest market news tied to companies, summarised by our AI analyst.',
  },
  '/news/latest': {
    title: 'Latest news',
    description: 'Every market news article, newest first.',
  },
  '/news/bullish': {
    title: 'Bullish news',
    description: 'Market news with a strongly positive sentiment score.',
  },
  '/news/bearish': {
    title: 'Bearish news',
    description: 'Market news with a strongly negative sentiment score.',
  },
  '/news/defcon': {
    title: 'Defcon alerts',
    description: 'Market news our AI analyst rates as defcon level 1 or 2.',
  },
  '/company/explore': {
    title: 'Explore companies',
    description: 'Browse companies by GICS sector and sub-industry.',
  },
  '/screener': {
    title: 'Stock screener',
    description:
      'Screen the listed companies by sector, price, market cap, momentum, 52-week range, volume, dividend yield, P/E and this week’s news sentiment.',
  },
  '/dashboard': {
    title: 'Dashboard',
    description:
      'Your portfolio, top growth today and this week, and your watchlist, refreshed as prices move.',
  },
  '/stock/register': {
    title: 'Watch a company',
    description: 'Find a company by ticker or name and add it to your watchlist.',
  },
  '/pricing': {
    title: 'Pricing',
    description:
      'StockPulse plans: Supporter $1, Basic $10 and Standard $29 a month, Enterprise by quote.',
  },
  '/affiliates': {
    title: 'Referral programme',
    description:
      'Invite friends to StockPulse: a free month per paying referral, 20% commission for 12 months and bonuses.',
  },
  '/about': {
    title: 'About',
    description:
      'StockPulse turns the flood of market news into clear, AI-assisted insight for self-directed investors.',
  },
  '/features': {
    title: 'Features',
    description:
      'What StockPulse does: AI news feeds, company pages with charts, watchlists, portfolios, AI analysis and alerts.',
  },
  '/faq': {
    title: 'FAQ',
    description: 'Answers to the questions investors ask most about StockPulse.',
  },
  '/help': {
    title: 'Help',
    description: 'How to use each screen of StockPulse, from the news feeds to the portfolio.',
  },
  '/documentation': {
    title: 'Documentation',
    description:
      'Self-hosting StockPulse: two commands, the configuration, the providers and the API.',
  },
  '/blog': {
    title: 'Blog',
    description: "The analyst's weekly market recaps, written from the week's news and prices.",
  },
  '/contact': {
    title: 'Contact',
    description: 'Write to the StockPulse team: questions, feedback and Enterprise enquiries.',
  },
  '/register': {
    title: 'Register',
    description:
      'Create a free StockPulse account: AI-summarised market news, a watchlist and alerts.',
  },
  '/login': {
    title: 'Login',
    description: 'Log in to StockPulse with your e-mail address or username.',
  },
  '/cookies': {
    title: 'Cookie Policy',
    description: 'How StockPulse uses cookies and similar technologies, and how to control them.',
  },
  '/terms': {
    title: 'Terms of Service',
    description: 'The terms that govern your use of StockPulse.',
  },
  '/privacy': {
    title: 'Privacy Policy',
    description: 'What personal data StockPulse collects, why, and the rights you have over it.',
  },
};

/**
 * Pages crawlers should leave alone (robots.txt): accounts, the admin panel, a user's own pages
 * and the transient ones. Prefixes end in '/' where a whole folder is private.
 */
export const PRIVATE_PATHS: readonly string[] = [
  '/admin/',
  '/pages/',
  '/dashboard/',
  '/portfolio/',
  '/news/my_portfolio',
  '/news/experiments',
  '/lock',
  '/please_wait',
  '/password_recovery',
  '/error',
  '/success',
  PAGE_PATHS.cancel,
  '/search',
];
