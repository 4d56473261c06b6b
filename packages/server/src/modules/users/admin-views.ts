import { toApiUser, type UserRow } from './user.mapper.ts';

/**
 * The admin pages' views (`approval.service.ts` keeps them; the routes write each kept view once,
 * `http/kept-answer.ts`): each carries
 * what its page shows — the whole user in the user list, who waits in the approval queue, the
 * mails' headers in the outbox list and the text only in the one mail opened.
 */

/** A page of the user list or of a search, and the total. */
export const usersView = (rows: readonly UserRow[], total: number) => ({
  users: rows.map(toApiUser),
  total,
});

/** A page of the approval queue (20 whole users were 17 KB a page), and how many wait. */
export const queueView = (rows: readonly UserRow[], total: number) => ({
  users: rows.map((row) => {
    const { id, username, email, first_name, last_name, validation_status, creation_date } =
      toApiUser(row);
    return { id, username, email, first_name, last_name, validation_status, creation_date };
  }),
  total,
});

type OutboxRow = {
  id: string;
  to_address: string;
  subject: string;
  created_at: Date;
  delivery: 'logged' | 'sent' | 'failed';
};

const outboxHeaders = (mail: OutboxRow) => ({
  id: mail.id,
  to: mail.to_address,
  subject: mail.subject,
  creation_date: Math.floor(mail.created_at.getTime() / 1000),
  delivery: mail.delivery,
});

/** A page of the outbox: the mails' headers, not their texts. */
export const outboxView = (rows: readonly OutboxRow[]) => ({
  messages: rows.map(outboxHeaders),
});

/** One mail of the outbox with its text. */
export const outboxMailView = (mail: OutboxRow & { text_body: string }) => ({
  message: { ...outboxHeaders(mail), text: mail.text_body },
});
