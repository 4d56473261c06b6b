import type { NewsletterSubscriber } from '@app/shared/api/site';
import type { Clock } from '../../clock.ts';
import { writeCsv } from '../../http/csv-writer.ts';
import { badRequest } from '../../http/errors.ts';
import { pageGroup, type PageNotices } from '../../cache/page-notices.ts';
import type { Mailer, MailOutcome } from '../messaging/mailer.ts';
import { RATE_RULES, type RateLimiter } from '../security/rate-limiter.ts';
import { hashToken, newToken } from '../security/secrets.ts';
import { recentValue } from '../../cache/recent-value.ts';
import type { UnsubscribeService } from '../unsubscribe/unsubscribe.service.ts';
import type { NewsletterRepository, SubscriberRow } from './newsletter.repository.ts';

/** How long a confirmation link works. */
export const CONFIRM_TTL_MS = 48 * 3_600_000;

export const SUBSCRIBE_ANSWER = 'Please check your inbox and confirm your subscription.';
export const CONFIRM_INVALID = 'This confirmation link is invalid or has expired.';

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

function toSubscriber(row: SubscriberRow): NewsletterSubscriber {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    created_at: Math.floor(row.created_at.getTime() / 1000),
    confirmed_at: seconds(row.confirmed_at),
    unsubscribed_at: seconds(row.unsubscribed_at),
  };
}

const isoOrEmpty = (date: Date | null) => (date ? date.toISOString() : '');

/**
 * The weekly insights newsletter's list (spec §1 landing subscribe): double opt-in, one-click
 * unsubscribe in every mail (RFC 8058), the same answer for every address.
 */
/** How old the admin list's counts may be (a write of this process clears them). */
const ADMIN_COUNTS_TTL_MS = 5_000;

export function createNewsletterService(deps: {
  repository: NewsletterRepository;
  mailer: Mailer;
  /** The one-click unsubscribe link each mail carries. */
  unsubscribe: Pick<UnsubscribeService, 'link'>;
  limiter: RateLimiter;
  clock: Clock;
  publicUrl: string;
  /** The admin pages kept while their tables are unchanged (ADMIN_PAGE_CACHE). */
  adminPages?: PageNotices;
}) {
  const { repository, mailer, limiter, clock, publicUrl } = deps;
  // The admin list's counts scan every subscriber: read at most every 5 s per process, and
  // again at once after a write of this process or any process's notice.
  const counts = recentValue(ADMIN_COUNTS_TTL_MS, () => repository.counts());
  // The admin list's pages as sent, kept while no subscriber is written (`cache/page-notices.ts`).
  const pages = pageGroup(deps.adminPages, 'newsletter');
  pages.onForget(() => counts.clear());

  /** A page of subscribers (newest first), the counts per status and the total. */
  async function adminList(page: { skip: number; limit: number }) {
    const [rows, perStatus] = await Promise.all([repository.list(page), counts.get()]);
    const total = perStatus.pending + perStatus.confirmed + perStatus.unsubscribed;
    return { subscribers: rows.map(toSubscriber), counts: perStatus, total };
  }

  /**
   * Sends one mail of the list to one subscriber, with the unsubscribe headers and footer; answers
   * what became of it (a refused mail is `failed`, with the reason and whether it is permanent).
   */
  async function sendToSubscriber(
    subscriber: { id: string; email: string },
    subject: string,
    text: string,
  ): Promise<MailOutcome> {
    const link = await deps.unsubscribe.link({ kind: 'newsletter', subscriberId: subscriber.id });
    return mailer.deliver({
      to: subscriber.email,
      subject,
      text: `${text}\n\n--\nYou receive this because you subscribed to StockPulse's weekly market insights.\nUnsubscribe in one click: ${link.url}\n`,
      headers: link.headers,
      secrets: [link.token],
    });
  }

  return {
    /**
     * Starts (or restarts) the double opt-in: a new address or one not yet confirmed gets a
     * confirmation link; a confirmed one gets a note that it is already on the list. The answer
     * is the same for all, so nobody learns who subscribes.
     */
    async subscribe(email: string, client: { ip: string }): Promise<string> {
      await limiter.hit(RATE_RULES.subscribePerIp, client.ip);
      await limiter.hit(RATE_RULES.subscribePerAddress, email);
      const now = clock.now();
      const token = newToken();
      const pending = await repository.upsertPending(
        email,
        hashToken(token),
        new Date(now.getTime() + CONFIRM_TTL_MS),
        now,
      );
      counts.clear();
      if (pending) {
        await sendToSubscriber(
          pending,
          'Confirm your StockPulse newsletter subscription',
          `Hello,\n\nplease confirm that you want StockPulse's weekly market insights at this address:\n\n${publicUrl}/newsletter/confirm?token=${token}\n\nThe link works once, for 48 hours. If you did not ask for this, ignore this mail and nothing will be sent to you.`,
        );
        return SUBSCRIBE_ANSWER;
      }
      const confirmed = await repository.findByEmail(email);
      if (confirmed) {
        await sendToSubscriber(
          confirmed,
          'You are already subscribed to StockPulse',
          "Hello,\n\nsomeone (probably you) asked to subscribe this address to StockPulse's weekly market insights. It is already subscribed, so nothing changes.",
        );
      }
      return SUBSCRIBE_ANSWER;
    },

    /** Confirms an address with the link's token; works once, within 48 hours. */
    async confirm(token: string): Promise<string> {
      const row = await repository.confirm(hashToken(token), clock.now());
      counts.clear();
      if (!row) throw badRequest(CONFIRM_INVALID);
      return row.email;
    },

    /** Takes a subscriber off the list, from a one-click unsubscribe link (idempotent). */
    async stopMail(subscriberId: string): Promise<void> {
      if (await repository.unsubscribe(subscriberId, clock.now())) counts.clear();
    },

    sendToSubscriber,

    /** The confirmed addresses: the only ones a newsletter may go to. */
    confirmedSubscribers: () => repository.confirmed(),

    /** A page of `/subscription/admin/list`, kept with the counts it carries. */
    adminListPage: (page: { skip: number; limit: number }) =>
      pages.answer(`list:${String(page.skip)}:${String(page.limit)}`, () => adminList(page)),

    /** Every subscriber as CSV (email, status, dates in ISO 8601). */
    async exportCsv(): Promise<string> {
      const rows = await repository.list({ skip: 0, limit: 1_000_000 });
      return writeCsv(
        ['email', 'status', 'subscribed_at', 'confirmed_at', 'unsubscribed_at'],
        rows.map((row) => [
          row.email,
          row.status,
          row.created_at.toISOString(),
          isoOrEmpty(row.confirmed_at),
          isoOrEmpty(row.unsubscribed_at),
        ]),
      );
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
