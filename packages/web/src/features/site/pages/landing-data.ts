import {
  IconAlertTriangle,
  IconChartCandle,
  IconMessageChatbot,
  IconNews,
  IconTrendingUp,
  IconWallet,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';

export type FigureKey = 'readers_30d' | 'articles_analysed' | 'companies_covered' | 'alerts_sent';

/** What a figure is, in the words of its footnote (each one count over this installation). */
export const FIGURE_DEFINITIONS: Readonly<Record<FigureKey, { label: string; note: string }>> = {
  readers_30d: {
    label: 'readers in the last 30 days',
    note: 'Readers in the last 30 days: accounts on this site that signed in or used it in the 30 days before the count.',
  },
  articles_analysed: {
    label: 'articles analysed',
    note: "Articles analysed: news articles readable on this site that carry the AI analyst's summary.",
  },
  companies_covered: {
    label: 'companies covered',
    note: 'Companies covered: companies that have a profile page on this site.',
  },
  alerts_sent: {
    label: 'alerts sent by e-mail and Telegram',
    note: 'Alerts sent: alerts and digests this site has delivered to its readers by e-mail or Telegram.',
  },
};

/** Spec §1: three trust figures under the hero, each carrying an asterisk. */
export const TRUST_FIGURES: readonly FigureKey[] = [
  'readers_30d',
  'articles_analysed',
  'companies_covered',
];

export interface MarketingSection {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  points: readonly { icon: Icon; text: string }[];
}

/** The three marketing sections that fade in (spec §2). */
export const MARKETING_SECTIONS: readonly MarketingSection[] = [
  {
    id: 'news',
    eyebrow: 'AI news',
    title: 'The news, read for you',
    text: 'Every article is summarised in plain English, scored for sentiment and tied to the companies it is about, so you see what matters to your stocks in seconds.',
    points: [
      { icon: IconNews, text: 'AI summaries and a no-nonsense version of every story' },
      { icon: IconTrendingUp, text: 'Bullish and bearish feeds sorted by sentiment' },
      { icon: IconAlertTriangle, text: 'Defcon alerts for stories that could move a price now' },
    ],
  },
  {
    id: 'analysis',
    eyebrow: 'Company analysis',
    title: 'Every company on one page',
    text: "Profiles, price tables, candlestick charts, related companies and a news timeline, with the AI analyst's latest view citing the articles it read.",
    points: [
      { icon: IconChartCandle, text: 'Candlestick charts with volume and range selector' },
      { icon: IconMessageChatbot, text: 'An AI chat that answers with your portfolio in mind' },
    ],
  },
  {
    id: 'portfolio',
    eyebrow: 'Your portfolio',
    title: 'Know where you stand',
    text: 'Track what you own, follow it against a benchmark and get weekly reviews and alerts by e-mail or Telegram.',
    points: [
      { icon: IconWallet, text: 'Positions, value over time, allocation and contributions' },
      { icon: IconAlertTriangle, text: 'Instant, daily or weekly alerts on your holdings' },
    ],
  },
];

/** How the figures are made, after their definitions. */
export const FIGURES_METHOD =
  "Each figure is counted from this site's own records, at most every ten minutes; nothing is estimated or rounded up.";
export const FIGURES_DEMO_NOTE =
  'This site runs on the generated demo data set: the figures count demo accounts, articles and companies, not real readers.';
export const FIGURES_UNKNOWN = 'unknown';
export const ADVICE_NOTE =
  'StockPulse gives information, not financial advice. Make your own decisions or ask a qualified adviser.';
