/**
 * What a question asks, from its words: the topic, the period it is about, and whether it points
 * back at an earlier turn ("and Microsoft?", "what are its risks?").
 */
import type { Period } from './company-facts.ts';

export type Intent =
  | 'portfolio_summary'
  | 'portfolio_overview'
  | 'company_overview'
  | 'movers'
  | 'news'
  | 'risks'
  | 'compare'
  | 'watch'
  | 'explain'
  | 'article'
  | 'unknown_company'
  | 'out_of_scope';

export type Topic = 'compare' | 'explain' | 'risks' | 'watch' | 'movers' | 'news' | 'overview';

export interface Reading {
  topic: Topic | null;
  /** Every topic the question names, in the order of TOPICS ("how did it do and what's next"). */
  topics: Topic[];
  period: Period | null;
  /** Names the portfolio, the watchlist, "my stocks". */
  portfolio: boolean;
  /** Points back at something named before ("it", "they", "that company"). */
  pronoun: boolean;
  /** Asks for a definition in so many words ("explain", "define", "what does … mean"). */
  defines: boolean;
  /** The move the question asks about: down ("why did it fall"), up ("what made it jump") or either. */
  direction: -1 | 1 | null;
}

const TOPICS: readonly [Topic, RegExp][] = [
  [
    'compare',
    /\bcompar(?:e|ed|ing|ison)\b|\bversus\b|\bvs\.?(?!\w)|\bwhich (?:is|one is|looks) (?:better|stronger|weaker|cheaper)\b|\bbetter (?:buy|pick|investment)\b|\bdifference between\b/i,
  ],
  [
    'explain',
    /\bexplain\b|\bdefin(?:e|ition)\b|\bmeaning of\b|\bwhat (?:does|do) .{1,40} mean\b|\bwhat(?: is|'s|’s| are) (?:a |an |the )?(?:meaning|definition)\b|\bwhat(?: is|'s|’s| are) (?:a |an )\b|\bwhat(?: is|'s|’s| are) (?:p\/e|eps|beta|risk parity|margin of safety|diversification|volatility|market cap|dividend yield|short interest|guidance|moats?)\b|\bhow does .{1,30} work\b|\bteach me\b/i,
  ],
  [
    'risks',
    /\brisk(?:s|y)?\b|\bdownside\b|\bworr(?:y|ied|ying)\b|\bdanger\b|\bthreats?\b|\bconcentrat\w*|\bexposure\b|\bwrong\b|\bred flags?\b|\bdraw ?downs?\b|\bvulnerab\w*|\bconcern(?:s|ed|ing)?\b|\bbear case\b|\bdiversif\w*|\bsafe\b/i,
  ],
  [
    'watch',
    /\bwatch\b|\bupcoming\b|\bcatalysts?\b|\bcoming up\b|\bkeep an eye\b|\blook out\b|\blookout\b|\bwhat(?:'s|’s| is) next\b|\bahead\b|\bcalendar\b|\bnext (?:week|month|few|days)\b|\bevents?\b|\bmonitor\b/i,
  ],
  [
    'movers',
    /\bmov(?:e|ed|ers?|es|ing)\b|\bgainers?\b|\blosers?\b|\bwhy (?:did|is|are|has|have)\b|\bjump\w*|\bdrop\w*|\bfell\b|\bfall(?:ing|s)?\b|\brose\b|\brise\b|\brising\b|\brall(?:y|ied)\b|\bplung\w*|\bsurg\w*|\btumbl\w*|\bsoar\w*|\bsink\w*|\bslump\w*|\bbiggest (?:swings?|changes?)\b|\bup or down\b|\bwinners?\b|\bperformers?\b/i,
  ],
  [
    'news',
    /\bnews\b|\bheadlines?\b|\barticles?\b|\bstor(?:y|ies)\b|\bhappening\b|\blatest\b|\bannounce\w*|\breports?\b|\bpress\b|\bwhat happened\b|\bsentiment\b/i,
  ],
  [
    'overview',
    /\bhow (?:is|are|'s|’s|has|have|did)\b|\bdoing\b|\bperform\w*|\boverview\b|\bsummar\w*|\bupdate\b|\bstatus\b|\boutlook\b|\btell me about\b|\bthoughts?\b|\bthink\b|\bopinion\b|\bview\b|\banaly[sz]\w*|\bshould i (?:buy|sell|hold|keep|add)\b|\bbuy\b|\bsell\b|\bhold\b|\blook(?:s|ing)? (?:like|at)\b|\bdigest\b|\breview\b|\bbrief\w*\b/i,
  ],
];

const PERIODS: readonly [Period, RegExp][] = [
  [365, /\byear\w*\b|\bannual\w*\b|\b12 months\b|\blong[- ]term\b|\bytd\b/i],
  [31, /\bmonth\w*\b|\b30 days\b|\b31 days\b/i],
  [8, /\bweek\w*\b|\b5 days\b|\b7 days\b|\bfew days\b/i],
  [1, /\btoday\b|\bday\b|\bdaily\b|\bsession\b|\byesterday\b|\bovernight\b/i],
];

export function readQuestion(question: string): Reading {
  const topics = TOPICS.filter(([, pattern]) => pattern.test(question)).map(([t]) => t);
  const topic = topics[0] ?? null;
  return {
    topic,
    topics,
    period: PERIODS.find(([, pattern]) => pattern.test(question))?.[0] ?? null,
    portfolio:
      /\b(?:portfolio|watch ?list|holdings?|positions?|my (?:stocks|shares|companies|picks|investments|selection|tickers))\b/i.test(
        question,
      ),
    pronoun:
      /\b(?:it|its|it's|they|them|their|that (?:company|stock|one)|this (?:company|stock|one)|the (?:company|stock|shares))\b/i.test(
        question,
      ),
    defines: topic === 'explain',
    direction: directionOf(question),
  };
}

const DOWN =
  /\b(?:fall(?:s|ing)?|fell|drop\w*|down|declin\w*|slid(?:e|es|ing)?|plung\w*|tumbl\w*|sink\w*|sank|slump\w*|lose|los(?:es|ing)|lost|crash\w*)\b/i;
const UP =
  /\b(?:ris(?:e|es|ing)|rose|up|jump\w*|gain\w*|rall(?:y|ied|ies)|soar\w*|surg\w*|climb\w*)\b/i;

function directionOf(question: string): -1 | 1 | null {
  const down = DOWN.test(question);
  const up = UP.test(question);
  return down === up ? null : down ? -1 : 1;
}

/** A question that only names something ("and Microsoft?", "what about NVDA?") continues the last one. */
export function isFollowUp(question: string): boolean {
  return /^\s*(?:and|also|what about|how about|same for|now|ok(?:ay)?,?|then)\b/i.test(question);
}

/** Generic instructions of the prompt editor ("summarise my portfolio", or nothing specific). */
export function isGenericInstruction(reading: Reading, named: number): boolean {
  return named === 0 && (reading.topic === null || reading.topic === 'overview');
}

/** The parts of an answer, in the order they are written, when one question asks several. */
const ANSWER_ORDER = ['overview', 'movers', 'news', 'risks', 'watch'] as const;
export type AnswerPart = (typeof ANSWER_ORDER)[number];

/**
 * The parts a question asks for when it asks more than one ("how did my portfolio do this week,
 * what moved it and what should I watch next?"); one or none: an empty list (the intent decides).
 * Comparisons and definitions are answered alone.
 */
export function answerParts(reading: Reading): AnswerPart[] {
  if (reading.topics.includes('compare') || reading.topics.includes('explain')) return [];
  const parts = ANSWER_ORDER.filter((part) => reading.topics.includes(part));
  return parts.length > 1 ? parts : [];
}
