import {
  IconAlertTriangle,
  IconBell,
  IconChartCandle,
  IconMessageChatbot,
  IconNews,
  IconTrendingUp,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';

export interface Feature {
  title: string;
  text: string;
  icon: Icon;
  color: string;
}

export const FEATURES: readonly Feature[] = [
  {
    title: 'AI-summarised news',
    text: 'Every article is condensed into a plain-English summary, tied to the companies and tickers it mentions.',
    icon: IconNews,
    color: 'blue',
  },
  {
    title: 'Bullish and bearish feeds',
    text: 'Sentiment scoring sorts the flood of headlines into what may lift a stock and what may sink it.',
    icon: IconTrendingUp,
    color: 'teal',
  },
  {
    title: 'Defcon alerts',
    text: 'Stories that could move a price right now are flagged, so the important ones never get lost.',
    icon: IconAlertTriangle,
    color: 'orange',
  },
  {
    title: 'Company analysis',
    text: 'Profiles, price tables, candlestick charts, related companies and a news timeline for each company.',
    icon: IconChartCandle,
    color: 'indigo',
  },
  {
    title: 'AI chat with personas',
    text: 'Ask about your portfolio in the voice of a value investor, a macro thinker or a no-nonsense analyst.',
    icon: IconMessageChatbot,
    color: 'grape',
  },
  {
    title: 'Alerts your way',
    text: 'Weekly summaries, daily digests or instant alerts, by e-mail or messaging app, for the stocks you watch.',
    icon: IconBell,
    color: 'red',
  },
];

export interface TeamMember {
  name: string;
  role: string;
  bio: string;
  initials: string;
  color: string;
}

export const TEAM: readonly TeamMember[] = [
  {
    name: 'Elena Marsh',
    role: 'Co-founder & CEO',
    bio: 'Twelve years as an equity analyst before deciding retail investors deserved the same tools.',
    initials: 'EM',
    color: 'blue',
  },
  {
    name: 'Daniel Okafor',
    role: 'Co-founder & CTO',
    bio: 'Builds the data pipelines and the AI analyst that read thousands of articles a day.',
    initials: 'DO',
    color: 'teal',
  },
  {
    name: 'Priya Raman',
    role: 'Head of Research',
    bio: 'Former portfolio manager; keeps the models honest and the classifications meaningful.',
    initials: 'PR',
    color: 'grape',
  },
  {
    name: 'Tomás Vidal',
    role: 'Product Designer',
    bio: 'Turns dense market data into screens you can read at a glance, on any device.',
    initials: 'TV',
    color: 'orange',
  },
];
