import { createHash } from 'node:crypto';
import {
  DELETED_COMMENT_TEXT,
  HIDDEN_COMMENT_TEXT,
  type Comment,
  type SubscriptionIcon,
} from '@app/shared/api/comments';
import { PAST_DUE_GRACE_DAYS, planOf, type SubscriptionFacts } from '../billing/plans.ts';

/** How long after registering an account may not post links (the link/spam rule). */
export const NEW_ACCOUNT_LINK_HOURS = 24;
/** The same text from the same author within this window is refused as a repeat. */
export const REPEAT_WINDOW_HOURS = 24;

/** Lower case with runs of white space made one space: what "the same comment" compares. */
export function normaliseContent(content: string): string {
  return content.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The repeated-comment rule's key (an index column; never shown). */
export function contentHash(content: string): string {
  return createHash('md5').update(normaliseContent(content)).digest('hex');
}

/**
 * Whether the text holds a link: a URL scheme, `www.`, or a host name with a common top-level
 * domain (`example.com/path`). Prices and tickers (`BRK.B`, `3.5%`) are not links.
 */
export function containsLink(content: string): boolean {
  if (/\b(?:https?|ftp):\/\//i.test(content) || /\bwww\.[a-z0-9-]/i.test(content)) return true;
  return /\b[a-z0-9-]{2,}\.(?:com|net|org|io|co|info|biz|xyz|ru|cn|app|dev|me|ly|gg|link|site|online|top|club|shop)\b(?:\/|$|\s|[),.!?])/i.test(
    content,
  );
}

/** Whether an account registered at `createdAt` counts as new at `now` (may not post links). */
export function isNewAccount(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() < NEW_ACCOUNT_LINK_HOURS * 3_600_000;
}

const ICONS: Record<string, SubscriptionIcon> = {
  tier1_monthly: 'supporter',
  tier2_monthly: 'basic',
  tier3_monthly: 'standard',
};

/**
 * The badge of an author's plan as it applies now (billing's status rules, the past_due grace
 * included); '' without one. Read from the author's subscription, never from a request.
 */
export function subscriptionIcon(facts: SubscriptionFacts | null, now: Date): SubscriptionIcon {
  if (!facts) return '';
  if (facts.subscription === 'enterprise' && planOf(facts, now) !== 'free') return 'enterprise';
  return ICONS[planOf(facts, now)] ?? '';
}

/**
 * The first instant after `now` (epoch ms) at which any of these authors' badges may change
 * without a write: a paid period's end or the end of its past-due grace (Infinity when none is
 * ahead). A cached page holding their badges is valid until then.
 */
export function badgesValidUntil(
  authors: readonly (SubscriptionFacts | null)[],
  now: Date,
): number {
  const at = now.getTime();
  let until = Infinity;
  for (const facts of authors) {
    const end = facts?.current_period_end?.getTime();
    if (end === undefined) continue;
    for (const edge of [end, end + PAST_DUE_GRACE_DAYS * 86_400_000]) {
      if (edge > at && edge < until) until = edge;
    }
  }
  return until;
}

/** A stored comment with its author's name and subscription, as the repository reads it. */
export type CommentRecord = {
  id: string;
  article_id: string;
  parent_comment_id: string | null;
  user_id: string | null;
  username: string | null;
  content: string;
  is_report: boolean;
  is_hidden: boolean;
  is_deleted: boolean;
  no_replies: number;
  created_at: Date;
  updated_at: Date | null;
  author: SubscriptionFacts | null;
};

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Spec §3 Comment as `viewer` may see it: a deleted comment kept for its replies shows
 * '[deleted]' (author too); a hidden one shows its text only to admins.
 */
export function toApiComment(
  record: CommentRecord,
  viewer: { is_admin: boolean } | null,
  now: Date,
): Comment {
  const masked = record.is_hidden && !viewer?.is_admin;
  let content = record.content;
  let username = record.username ?? DELETED_COMMENT_TEXT;
  if (record.is_deleted) {
    content = DELETED_COMMENT_TEXT;
    username = DELETED_COMMENT_TEXT;
  } else if (masked) {
    content = HIDDEN_COMMENT_TEXT;
    username = '';
  }
  const anonymous = record.is_deleted || masked;
  return {
    id: record.id,
    content,
    username,
    creation_date: seconds(record.created_at),
    update_date: record.updated_at && !anonymous ? seconds(record.updated_at) : null,
    is_report: record.is_report,
    subscription: anonymous ? '' : subscriptionIcon(record.author, now),
    parent_obj: record.parent_comment_id ? 'comment' : 'news',
    parent_obj_id: record.article_id,
    parent_comment_id: record.parent_comment_id,
    no_replies: record.no_replies,
    is_deleted: record.is_deleted,
    is_hidden: record.is_hidden,
  };
}

/** The visible-comment delta of a state change (reports never count). */
export function visibleDelta(
  before: { is_hidden: boolean; is_deleted: boolean } | null,
  after: { is_hidden: boolean; is_deleted: boolean } | null,
): number {
  const visible = (state: { is_hidden: boolean; is_deleted: boolean } | null) =>
    state !== null && !state.is_hidden && !state.is_deleted ? 1 : 0;
  return visible(after) - visible(before);
}
