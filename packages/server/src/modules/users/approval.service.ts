import type { AdminSettableKey } from '@app/shared/api/users';
import type { Clock } from '../../clock.ts';
import type { AuthUser } from '../../http/access.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { AdminPagesRepository } from '../admin/admin-pages.repository.ts';
import { createPageAnswers, rowVersions } from '../admin/page-answers.ts';
import type { PageGroup, PageNotices } from '../../cache/page-notices.ts';
import type { Mailer } from '../messaging/mailer.ts';
import { RATE_RULES, type RateLimiter } from '../security/rate-limiter.ts';
import { hashToken, newToken } from '../security/secrets.ts';
import { recentValue } from '../../cache/recent-value.ts';
import { outboxMailView, outboxView, queueView, usersView } from './admin-views.ts';
import type { UserRow } from './user.mapper.ts';
import type { UserRepository } from './user.repository.ts';

const VALIDATION_TTL_MS = 48 * 3600 * 1000;
/** How old the admin user list's total may be. */
const USER_TOTAL_TTL_MS = 5_000;

type Deps = {
  users: UserRepository;
  /** The admin pages' versions (kept answers are checked against them on every call). */
  pages: AdminPagesRepository;
  /** The pages answered from memory while their tables are unchanged (ADMIN_PAGE_CACHE). */
  notices?: PageNotices;
  mailer: Mailer;
  limiter: RateLimiter;
  publicUrl: string;
  clock: Clock;
};

/**
 * "Validate you as human": the user confirms their e-mail, the request joins the admin's queue,
 * an admin approves or rejects, the user is told by e-mail. Also the admin's user management.
 */
export function createApprovalService(deps: Deps) {
  const { users, pages, mailer, limiter, publicUrl, clock, notices } = deps;
  // The user list's total counts every account (50,000 rows): read at most every 5 s per
  // process (a removal here clears it); a search's total is counted each time.
  const userTotal = recentValue(USER_TOTAL_TTL_MS, () => users.count(''));
  // The approval queue's count (5,000 waiting: 0.7 ms an index-only scan a call) likewise; this
  // process's approvals, rejections, removals and confirmations clear it.
  const pendingTotal = recentValue(USER_TOTAL_TTL_MS, () => users.countPendingValidation());
  const changed = () => {
    userTotal.clear();
    pendingTotal.clear();
  };
  // The admin pages' views (their routes write each kept view once), checked against their rows' versions on every call; with
  // `notices`, sent with no check while their table is unchanged (`cache/page-notices.ts`).
  const answers = createPageAnswers();
  const kept = <T extends object>(group: PageGroup, key: string, build: () => Promise<T>) =>
    notices ? notices.answer(group, key, build) : build();
  // Any process's write of the users (a notice) clears the totals too.
  notices?.onForget((group) => {
    if (group === 'users') changed();
  });
  /** After a write of the users here: every process forgets their pages before the answer. */
  const usersWritten = () => notices?.changed('users');

  /** Where a user-list page is read from: its start, or (second half) the list's end. */
  const listPlan = (page: { skip: number; limit: number }, total: number) => {
    // A page in the second half is read from the end (the last page of 50,000 skips 0 rows,
    // not 49,990); the total may be 5 s old, so the edges are read the usual way.
    const fromEnd = total - page.skip - page.limit;
    return page.skip > total / 2 && fromEnd >= 0 ? fromEnd : undefined;
  };

  /** A page of the user list (newest first) and how many users match. */
  async function list(page: { skip: number; limit: number; search: string }) {
    if (page.search !== '') {
      const { rows, total } = await users.search(page);
      return { rows, total: total ?? (await users.count(page.search)) };
    }
    const total = await userTotal.get();
    const fromEnd = listPlan(page, total);
    if (fromEnd !== undefined) {
      const rows = await users.listFromEnd({ skip: fromEnd, limit: page.limit });
      return { rows: rows.reverse(), total };
    }
    return { rows: await users.list(page), total };
  }

  async function byUsername(username: string): Promise<UserRow> {
    const row = await users.findByUsername(username);
    if (!row) throw notFound(`No user named '${username}'.`);
    return row;
  }

  async function tell(row: UserRow, subject: string, text: string) {
    await mailer.send({
      to: row.email,
      userId: row.id,
      subject,
      text: `Hi ${row.first_name || row.username},\n\n${text}`,
    });
  }

  /** One mail of the outbox with its text, opened from the outbox list. */
  async function outboxMail(id: string) {
    const mail = await users.outboxMail(id);
    if (!mail) throw notFound('No such mail in the outbox.');
    return outboxMailView(mail);
  }

  return {
    async requestValidation(userId: string): Promise<string> {
      const row = await users.findById(userId);
      if (!row) throw notFound('This account no longer exists.');
      if (row.is_email_validated) return 'Your account is already validated.';
      if (row.validation_status === 'pending')
        return 'Your request is waiting for an administrator.';
      await limiter.hit(RATE_RULES.validationPerUser, userId);
      const key = newToken();
      await users.deleteTokens(userId, 'email_validation');
      await users.insertToken({
        user_id: userId,
        purpose: 'email_validation',
        token_hash: hashToken(key),
        expires_at: new Date(clock.now().getTime() + VALIDATION_TTL_MS),
      });
      await users.update(userId, { validation_status: 'email_sent' });
      await usersWritten();
      await mailer.send({
        to: row.email,
        userId,
        secrets: [key],
        subject: 'Confirm your StockPulse e-mail address',
        text:
          `Hi ${row.first_name || row.username},\n\nPlease confirm that this is your address by opening this link ` +
          `within 48 hours:\n\n${publicUrl}/api/user/validate_email/confirm?key=${key}\n\n` +
          `An administrator then approves your account (we check every account by hand because of spam).`,
      });
      return `We sent a confirmation link to ${row.email}.`;
    },

    /** Consumes a confirmation key; the request then waits for an admin. False when the key is bad. */
    async confirmValidation(key: string): Promise<boolean> {
      if (!/^[0-9a-f]{64}$/.test(key)) return false;
      const consumed = await users.consumeToken('email_validation', hashToken(key), clock.now());
      if (!consumed) return false;
      const row = await users.findById(consumed.user_id);
      if (row && !row.is_email_validated) {
        await users.update(row.id, { validation_status: 'pending' });
        pendingTotal.clear();
        await usersWritten();
      }
      return row !== undefined;
    },

    /**
     * `/user/admin/get/ALL`'s view: a page of the user list or of a search, kept and the same
     * object again while its rows are the same row versions (`admin/page-answers.ts`).
     */
    async listPage(page: { skip: number; limit: number; search: string }) {
      if (page.search !== '') {
        return kept('users', `search:${JSON.stringify(page)}`, async () => {
          const versions = await pages.search(page);
          // A page past the last match carries no count: its total is counted every time.
          if (versions === '') {
            const { rows, total } = await list(page);
            return usersView(rows, total);
          }
          return answers.answer(`search:${JSON.stringify(page)}`, versions, async () => {
            const { rows, total } = await users.search(page);
            if (total === undefined)
              return { versions: '', body: usersView([], await users.count(page.search)) };
            return {
              versions: `${String(total)}:${rowVersions(rows)}`,
              body: usersView(rows, total),
            };
          });
        });
      }
      const total = await userTotal.get();
      const key = `list:${String(page.skip)}:${String(page.limit)}:${String(total)}`;
      return kept('users', key, async () => {
        const fromEnd = listPlan(page, total);
        const versions =
          fromEnd === undefined
            ? await pages.users(page)
            : await pages.usersFromEnd({ skip: fromEnd, limit: page.limit });
        return answers.answer(key, versions, async () => {
          const rows =
            fromEnd === undefined
              ? await users.list(page)
              : (await users.listFromEnd({ skip: fromEnd, limit: page.limit })).reverse();
          return { versions: rowVersions(rows), body: usersView(rows, total) };
        });
      });
    },

    /** `/user/admin/validation_queue`'s view, kept like the user list's. */
    async pendingPage(page: { skip: number; limit: number }) {
      const total = await pendingTotal.get();
      const key = `pending:${String(page.skip)}:${String(page.limit)}:${String(total)}`;
      return kept('users', key, async () =>
        answers.answer(key, await pages.pending(page), async () => {
          const rows = await users.listPendingValidation(page);
          return { versions: rowVersions(rows), body: queueView(rows, total) };
        }),
      );
    },

    /** `/user/admin/outbox`'s view, kept like the user list's. */
    async outboxPage(page: { skip: number; limit: number }) {
      const key = `outbox:${String(page.skip)}:${String(page.limit)}`;
      return kept('outbox', key, async () =>
        answers.answer(key, await pages.outbox(page), async () => {
          const rows = await users.outbox(page);
          return { versions: rowVersions(rows), body: outboxView(rows) };
        }),
      );
    },

    /** `/user/admin/outbox/{id}`'s view, kept with the outbox's pages. */
    openedMail: (id: string) => kept('outbox', `mail:${id}`, () => outboxMail(id)),

    /** An admin sets one of the admin-only properties of any user. */
    async adminUpdate(
      actor: AuthUser,
      username: string,
      key: AdminSettableKey,
      value: boolean,
    ): Promise<UserRow> {
      const row = await byUsername(username);
      if (key === 'is_admin' && !value && row.id === actor.id) {
        throw conflict('You cannot remove your own administrator rights.');
      }
      const changes: Partial<Record<AdminSettableKey, boolean>> & {
        validation_status?: UserRow['validation_status'];
      } = {
        [key]: value,
      };
      if (key === 'is_email_validated') changes.validation_status = value ? 'approved' : 'none';
      const updated = await users.update(row.id, changes);
      if (!updated) throw notFound(`No user named '${username}'.`);
      if (key === 'is_email_validated') pendingTotal.clear();
      if (key === 'is_email_validated' && value && !row.is_email_validated) {
        await tell(
          updated,
          'Your StockPulse account is approved',
          'an administrator approved your account: you can now comment and report. Welcome aboard!',
        );
      }
      // After the mail: every process has then heard its outbox notice too (commit order).
      await usersWritten();
      return updated;
    },

    async reject(username: string): Promise<UserRow> {
      const row = await byUsername(username);
      const updated = await users.update(row.id, {
        is_email_validated: false,
        validation_status: 'rejected',
      });
      if (!updated) throw notFound(`No user named '${username}'.`);
      pendingTotal.clear();
      await tell(
        updated,
        'About your StockPulse account',
        'an administrator could not approve your account for public actions (comments and reports). ' +
          'You can keep using your watchlists and the rest of the product. Reply to this e-mail if you think this is a mistake.',
      );
      await usersWritten();
      return updated;
    },

    async remove(actor: AuthUser, username: string): Promise<void> {
      const row = await byUsername(username);
      if (row.id === actor.id)
        throw conflict('You cannot delete your own account from the admin panel.');
      await users.remove(row.id);
      changed();
      await usersWritten();
    },
  };
}

export type ApprovalService = ReturnType<typeof createApprovalService>;
