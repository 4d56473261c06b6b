import type { Insertable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { OutboxTable } from '../../db/schema.ts';

/** SQL of the outbox: every mail we send or keep, and when a user last got one. */
export function createOutboxRepository(db: Database) {
  return {
    /** Keeps a copy of a mail and records it as the user's last e-mail, in one transaction. */
    record: (mail: Insertable<OutboxTable>) =>
      db.transaction().execute(async (trx) => {
        await trx.insertInto('outbox').values(mail).execute();
        if (mail.user_id) {
          await trx
            .updateTable('users')
            .set({ last_email_at: mail.created_at })
            .where('id', '=', mail.user_id)
            .execute();
        }
      }),
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
