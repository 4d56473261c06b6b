import type { ContactMessage, ContactRequest } from '@app/shared/api/site';
import { CONTACT_SUCCESS_MESSAGE } from '@app/shared/api/site';
import type { Clock } from '../../clock.ts';
import { notFound } from '../../http/errors.ts';
import { pageGroup, type PageNotices } from '../../cache/page-notices.ts';
import type { Mailer } from '../messaging/mailer.ts';
import { RATE_RULES, type RateLimiter } from '../security/rate-limiter.ts';
import { recentValue } from '../../cache/recent-value.ts';
import type { ContactRepository, ContactRow } from './contact.repository.ts';

/** How old the inbox's counts may be (a write of this process clears them). */
const INBOX_COUNTS_TTL_MS = 5_000;

function toMessage(row: ContactRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    created_at: Math.floor(row.created_at.getTime() / 1000),
    read: row.read_at !== null,
  };
}

/**
 * The contact form (spec §2 /contact, §7 /contact/submit): every message is stored for the
 * admin inbox and mailed to the site's contact address and to every administrator.
 */
export function createContactService(deps: {
  repository: ContactRepository;
  mailer: Mailer;
  limiter: RateLimiter;
  clock: Clock;
  contactEmail: string;
  publicUrl: string;
  /** The admin pages kept while their tables are unchanged (ADMIN_PAGE_CACHE). */
  adminPages?: PageNotices;
}) {
  const { repository, mailer, limiter, clock } = deps;
  // The inbox's total and unread counts scan the messages: read at most every 5 s per process,
  // and again at once after a write of this process or any process's notice.
  const counts = recentValue(INBOX_COUNTS_TTL_MS, () => repository.counts());
  // The inbox's pages as sent, kept while no message is written (`cache/page-notices.ts`).
  const pages = pageGroup(deps.adminPages, 'contact');
  pages.onForget(() => counts.clear());

  /** A page of the inbox (newest first), the unread count and the total. */
  async function inbox(page: { skip: number; limit: number }) {
    const [rows, { total, unread }] = await Promise.all([repository.list(page), counts.get()]);
    return { messages: rows.map(toMessage), unread, total };
  }
  return {
    async submit(input: Required<ContactRequest>, client: { ip: string }): Promise<string> {
      await limiter.hit(RATE_RULES.contactPerIp, client.ip);
      const row = await repository.insert({ ...input, ip: client.ip, created_at: clock.now() });
      counts.clear();
      const recipients = new Set([deps.contactEmail, ...(await repository.adminAddresses())]);
      // One-line header fields: a subject cannot smuggle in another header.
      const subject = `Contact: ${input.subject.replace(/[\r\n]+/g, ' ')}`;
      for (const to of recipients) {
        await mailer.send({
          to,
          subject,
          text: `From: ${input.name} <${input.email}>\nSubject: ${input.subject}\n\n${input.message}\n\n--\nReply to ${input.email}. Inbox: ${deps.publicUrl}/admin/panel (message ${row.id}).`,
        });
      }
      return CONTACT_SUCCESS_MESSAGE;
    },

    /**
     * A page of the inbox (`/contact/admin/inbox`), kept while no message is written or marked;
     * the counts are part of the kept page.
     */
    inboxPage: (page: { skip: number; limit: number }) =>
      pages.answer(`inbox:${String(page.skip)}:${String(page.limit)}`, () => inbox(page)),

    /** Marks a message; answered once every process forgot the inbox's pages. */
    async markRead(id: string, read: boolean): Promise<ContactMessage> {
      const row = await repository.setRead(id, read ? clock.now() : null);
      counts.clear();
      if (!row) throw notFound('Message not found.');
      await pages.changed();
      return toMessage(row);
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
