import {
  IconAlertTriangle,
  IconChartCandle,
  IconMessageChatbot,
  IconNews,
  IconTrendingUp,
  IconWallet,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';

/** Spec §1: the landing page's trust figures, each carrying an asterisk. */
export const TRUST_FIGURES = [
  { value: '12,405', label: 'active investors' },
  { value: '$2.1B+', label: 'assets analysed' },
  { value: '100,000+', label: 'data points per second' },
] as const;

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

/**
 * The footnote of every asterisk: what each figure is and is not, in plain words (spec §1 says
 * the claims carry an asterisk; these say what stands behind it).
 */
export const FIGURE_FOOTNOTES: readonly string[] = [
  '31 % and 23 % better returns: how two groups of StockPulse users did against self-directed investors who did not use it, in one past period, as StockPulse measured it. It is not a promise or a forecast of returns. Past performance does not predict future results; the value of investments can fall as well as rise and you may get back less than you put in.',
  '12,000+ newsletter investors and 12,405 active investors: counts of newsletter subscribers and of accounts active in the past year, as recorded by StockPulse.',
  '$2.1B+ assets analysed: the total market value of the holdings and companies our analysis has covered; it is not money we manage or hold.',
  '100,000+ data points per second: the peak rate of prices and news items our systems have processed.',
  'StockPulse gives information, not financial advice. Make your own decisions or ask a qualified adviser.',
];
