import type { PagePathName } from '@app/shared/app-routes';
import { authPage } from './route-types';
import type { RouteSpec } from './route-types';

/*
 * The account's screens of the route table (spec §2): registration and login, the profile and
 * replies, the assistant, administration and the plans, by their PAGE_PATHS name. `routes.tsx`
 * spreads them into its table.
 */

export const accountRouteSpecs = {
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
  alerts: {
    kind: 'page',
    guard: 'user',
    page: () => import('../features/alert-rules/pages/alerts-page').then((m) => m.AlertsPage),
    meta: {
      title: 'Alerts',
      description: 'Price, move, 52-week, volume and keyword alerts you set, and what fired.',
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
    // Public (spec §2): a visitor may come back from the payment page in another browser.
    guard: 'public',
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
} satisfies Partial<Record<PagePathName, RouteSpec>>;
