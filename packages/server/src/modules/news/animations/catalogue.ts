/**
 * The looping animations we draw ourselves (`npm run animations` writes them to
 * `packages/server/assets/animations/{id}.gif`). Order matters: on a tie the earlier entry wins,
 * so topics (what the article is about) come before moods (which way it points), and the calm
 * line, the default, comes last.
 */
export interface Animation {
  /** File name without `.gif`; also the id in `/api/news/gif/file/{id}.gif`. */
  id: string;
  /** Alt text. */
  title: string;
  /** Words and phrases that choose it (matched after stemming, so `rates` finds `rate`). */
  keywords: readonly string[];
}

export const ANIMATIONS = [
  {
    id: 'siren',
    title: 'A red alarm light flashing',
    keywords: ['alarm', 'siren', 'defcon', 'emergency', 'urgent', 'crisis', 'panic', 'warning'],
  },
  {
    id: 'handshake',
    title: 'Two circles merging into one',
    keywords: ['handshake', 'merger', 'acquisition', 'deal', 'takeover', 'buyout', 'merge', 'm&a'],
  },
  {
    id: 'gavel',
    title: 'A judge’s gavel striking',
    keywords: [
      'judge gavel',
      'gavel',
      'judge',
      'lawsuit',
      'court',
      'legal',
      'sue',
      'rules',
      'regulation',
      'regulator',
      'regulatory',
      'antitrust',
      'fine',
      'settlement',
    ],
  },
  {
    id: 'central-bank',
    title: 'A columned bank building with a pulsing coin',
    keywords: [
      'money printer',
      'central bank',
      'fed',
      'federal reserve',
      'ecb',
      'interest rate',
      'rates',
      'rate cut',
      'rate hike',
      'inflation',
      'monetary policy',
      'bank',
    ],
  },
  {
    id: 'coins',
    title: 'Coins dropping onto a stack',
    keywords: ['cash', 'dividend', 'payout', 'coins', 'money', 'yield', 'buyback', 'income'],
  },
  {
    id: 'bell',
    title: 'A bell ringing',
    keywords: ['ringing the bell', 'bell', 'ipo', 'listing', 'debut', 'goes public', 'spac'],
  },
  {
    id: 'earnings',
    title: 'A magnifying glass over a bar chart',
    keywords: [
      'earnings',
      'results',
      'revenue',
      'profit',
      'quarter',
      'quarterly',
      'guidance',
      'expert',
      'analyst',
      'upgrade',
      'downgrade',
      'secret',
      'insider',
      'report',
    ],
  },
  {
    id: 'hourglass',
    title: 'An hourglass turning',
    keywords: ['waiting', 'wait', 'preview', 'soon', 'upcoming', 'ahead', 'countdown', 'calendar'],
  },
  {
    id: 'factory',
    title: 'A factory with smoke rising',
    keywords: [
      'factory',
      'economy',
      'economic',
      'sector',
      'industry',
      'manufacturing',
      'jobs',
      'gdp',
      'production',
      'supply chain',
    ],
  },
  {
    id: 'newspaper',
    title: 'A newspaper spinning in',
    keywords: [
      'breaking news',
      'news',
      'newspaper',
      'headline',
      'hot take',
      'opinion',
      'editorial',
      'column',
      'market news',
      'press',
    ],
  },
  {
    id: 'chart-up',
    title: 'A green chart line climbing',
    keywords: [
      'stonks',
      'rising',
      'bullish',
      'bull',
      'up',
      'gain',
      'rally',
      'surge',
      'soar',
      'growth',
      'record high',
      'climb',
      'jump',
      'beat',
      'green',
    ],
  },
  {
    id: 'rocket',
    title: 'A rocket launching',
    keywords: ['rocket', 'moon', 'to the moon', 'skyrocket', 'launch', 'blast off', 'liftoff'],
  },
  {
    id: 'chart-down',
    title: 'A red chart line falling',
    keywords: [
      'falling',
      'facepalm',
      'bearish',
      'bear',
      'down',
      'drop',
      'loss',
      'crash',
      'plunge',
      'slump',
      'decline',
      'sell off',
      'tumble',
      'miss',
      'red',
    ],
  },
  {
    id: 'flat',
    title: 'A calm line drifting sideways',
    keywords: [
      'shrug',
      'meh',
      'flat',
      'calm',
      'steady',
      'unchanged',
      'sideways',
      'neutral',
      'quiet',
    ],
  },
] as const satisfies readonly Animation[];

export type AnimationId = (typeof ANIMATIONS)[number]['id'];

/** What is shown when no keyword matches. */
export const DEFAULT_ANIMATION_ID: AnimationId = 'flat';

const BY_ID = new Map<string, Animation>(ANIMATIONS.map((animation) => [animation.id, animation]));

/** The animation with this id, or undefined (the allowlist of the file route). */
export function findAnimation(id: string): Animation | undefined {
  return BY_ID.get(id);
}
