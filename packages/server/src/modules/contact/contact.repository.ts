import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

export type ContactRow = {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: Date;
  read_at: Date | null;
};

const columns = ['id', 'name', 'email', 'subject', 'message', 'created_at', 'read_at'] as const;

/** SQL of the contact inbox; no decisions. */
export function createContactRepository(db: Database) {
  return {
    insert: (values: {
      name: string;
      email: string;
      subject: string;
      message: string;
      ip: string;
      created_at: Date;
    }): Promise<ContactRow> =>
      db.insertInto('contact_messages').values(values).returning(columns).executeTakeFirstOrThrow(),

    /** A page of messages, newest first (`contact_messages_inbox`). */
    list: (page: { skip: number; limit: number }): Promise<ContactRow[]> =>
      db
        .selectFrom('contact_messages')
        .select(columns)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .offset(page.skip)
        .limit(page.limit)
        .execute(),

    /** Every message and the unread ones (the partial index `contact_messages_unread`). */
    counts: async (): Promise<{ total: number; unread: number }> => {
      const row = await db
        .selectFrom('contact_messages')
        .select((eb) => [
          eb.fn.countAll<string>().as('total'),
          sql<string>`(select count(*) from contact_messages where read_at is null)`.as('unread'),
        ])
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), unread: Number(row.unread) };
    },

    setRead: (id: string, readAt: Date | null): Promise<ContactRow | undefined> =>
      db
        .updateTable('contact_messages')
        .set({ read_at: readAt })
        .where('id', '=', id)
        .returning(columns)
        .executeTakeFirst(),

    /** The administrators' addresses, who receive every contact message. */
    adminAddresses: async (): Promise<string[]> =>
      (
        await db
          .selectFrom('users')
          .select('email')
          .where('is_admin', '=', true)
          .orderBy('email')
          .execute()
      ).map((row) => row.email),
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
