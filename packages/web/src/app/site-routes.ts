import type { PagePathName } from '@app/shared/app-routes';
import { authPage } from './route-types';
import type { RouteSpec } from './route-types';

/*
 * The public site's screens of the route table (spec §2): about, the legal pages, the
 * landing page, contact, features, FAQ, help, documentation, the blog and the newsletter, by their
 * PAGE_PATHS name. `routes.tsx` spreads them into its table.
 */

export const siteRouteSpecs = {
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
  // The public site.
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
} satisfies Partial<Record<PagePathName, RouteSpec>>;
