import { DELETED_COMMENT_TEXT, HIDDEN_COMMENT_TEXT } from '@app/shared/api/comments';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  containsLink,
  contentHash,
  isNewAccount,
  normaliseContent,
  subscriptionIcon,
  toApiComment,
  visibleDelta,
  type CommentRecord,
} from './comment-rules.ts';

const NOW = new Date('2026-11-24T12:00:00Z');

const record = (overrides: Partial<CommentRecord> = {}): CommentRecord => ({
  id: 'c1',
  article_id: 'a1',
  parent_comment_id: null,
  user_id: 'u1',
  username: 'alice',
  content: 'Nice quarter.',
  is_report: false,
  is_hidden: false,
  is_deleted: false,
  no_replies: 0,
  created_at: new Date('2026-11-24T10:00:00Z'),
  updated_at: null,
  author: { subscription: '', subscription_status: '', current_period_end: null },
  ...overrides,
});

describe('the repeated-comment key', () => {
  it('ignores case and runs of white space', () => {
    expect(normaliseContent('  Buy   the\nDIP ')).toBe('buy the dip');
    expect(contentHash('Buy the dip')).toBe(contentHash('buy  THE dip'));
    expect(contentHash('Buy the dip')).not.toBe(contentHash('Sell the rip'));
  });
  it('is the same for any spacing and case of one text', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), (text) => {
        expect(contentHash(` ${text.toUpperCase()} `)).toBe(contentHash(text.toUpperCase()));
      }),
    );
  });
});

describe('links', () => {
  it.each([
    'see https://example.com',
    'http://x.io/a',
    'www.pump-group.com',
    'join pumpgroup.io/now',
    'free money at signals.xyz',
  ])('finds a link in %s', (text) => {
    expect(containsLink(text)).toBe(true);
  });
  it.each(['BRK.B is up 3.5%', 'AAPL.US lags', 'EPS of 1.25 vs 1.10', 'e.g. the Fed', 'Q3.2026'])(
    'finds no link in %s',
    (text) => {
      expect(containsLink(text)).toBe(false);
    },
  );
  it('counts an account as new for its first 24 hours', () => {
    expect(isNewAccount(new Date('2026-11-23T12:00:01Z'), NOW)).toBe(true);
    expect(isNewAccount(new Date('2026-11-23T12:00:00Z'), NOW)).toBe(false);
  });
});

describe('the badge', () => {
  const active = (subscription: string) => ({
    subscription,
    subscription_status: 'active',
    current_period_end: new Date('2026-12-24T00:00:00Z'),
  });
  it('names the plan that applies now', () => {
    expect(subscriptionIcon(active('tier1_monthly'), NOW)).toBe('supporter');
    expect(subscriptionIcon(active('tier2_monthly'), NOW)).toBe('basic');
    expect(subscriptionIcon(active('tier3_monthly'), NOW)).toBe('standard');
    expect(subscriptionIcon(active('enterprise'), NOW)).toBe('enterprise');
    expect(subscriptionIcon(null, NOW)).toBe('');
  });
  it('follows billing’s status rules: cancelled none, past_due within the 7-day grace only', () => {
    expect(
      subscriptionIcon({ ...active('tier3_monthly'), subscription_status: 'canceled' }, NOW),
    ).toBe('');
    const pastDue = (end: string) => ({
      subscription: 'tier3_monthly',
      subscription_status: 'past_due',
      current_period_end: new Date(end),
    });
    expect(subscriptionIcon(pastDue('2026-11-20T00:00:00Z'), NOW)).toBe('standard');
    expect(subscriptionIcon(pastDue('2026-11-10T00:00:00Z'), NOW)).toBe('');
  });
});

describe('a comment as a reader sees it', () => {
  it('shows §3 fields in epoch seconds, a reply under its comment', () => {
    const reply = toApiComment(
      record({ parent_comment_id: 'c0', updated_at: new Date('2026-11-24T11:00:00Z') }),
      null,
      NOW,
    );
    expect(reply).toMatchObject({
      parent_obj: 'comment',
      parent_obj_id: 'a1',
      parent_comment_id: 'c0',
      creation_date: Date.parse('2026-11-24T10:00:00Z') / 1000,
      update_date: Date.parse('2026-11-24T11:00:00Z') / 1000,
    });
  });
  it('hides a deleted comment’s text and author from everyone', () => {
    for (const viewer of [null, { is_admin: true }]) {
      expect(toApiComment(record({ is_deleted: true, content: '' }), viewer, NOW)).toMatchObject({
        content: DELETED_COMMENT_TEXT,
        username: DELETED_COMMENT_TEXT,
        subscription: '',
      });
    }
  });
  it('shows a hidden comment’s text to admins only', () => {
    const hidden = record({ is_hidden: true });
    expect(toApiComment(hidden, { is_admin: false }, NOW)).toMatchObject({
      content: HIDDEN_COMMENT_TEXT,
      username: '',
      is_hidden: true,
    });
    expect(toApiComment(hidden, { is_admin: true }, NOW)).toMatchObject({
      content: 'Nice quarter.',
      username: 'alice',
    });
  });
  it('names a removed account [deleted]', () => {
    expect(
      toApiComment(record({ user_id: null, username: null, author: null }), null, NOW).username,
    ).toBe(DELETED_COMMENT_TEXT);
  });
});

describe('the visible count', () => {
  const shown = { is_hidden: false, is_deleted: false };
  it('moves by one on each visible change and not otherwise', () => {
    expect(visibleDelta(null, shown)).toBe(1);
    expect(visibleDelta(shown, null)).toBe(-1);
    expect(visibleDelta(shown, { ...shown, is_hidden: true })).toBe(-1);
    expect(visibleDelta({ ...shown, is_hidden: true }, shown)).toBe(1);
    expect(visibleDelta({ ...shown, is_hidden: true }, null)).toBe(0);
    expect(visibleDelta({ ...shown, is_hidden: true }, { is_hidden: true, is_deleted: true })).toBe(
      0,
    );
  });
});
