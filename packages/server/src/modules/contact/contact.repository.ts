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

    /** The newest messages first. */
    list: (limit: number): Promise<ContactRow[]> =>
      db
        .selectFrom('contact_messages')
        .select(columns)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute(),

    countUnread: async () =>
      Number(
        (
          await db
            .selectFrom('contact_messages')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('read_at', 'is', null)
            .executeTakeFirstOrThrow()
        ).n,
      ),

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
