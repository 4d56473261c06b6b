import { sql, type Insertable, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { UserTable } from '../../db/schema.ts';
import type { UserRow } from './user.mapper.ts';

/** SQL for users, sessions and one-time tokens; no decisions. */
export function createUserRepository(db: Database) {
  return {
    findById: (id: string) =>
      db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

    findByUsername: (username: string) =>
      db
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst(),

    /** By e-mail address or username, case-insensitively. */
    findByLogin: (login: string) =>
      db
        .selectFrom('users')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb(sql<string>`lower(email)`, '=', login.toLowerCase()),
            eb(sql<string>`lower(username)`, '=', login.toLowerCase()),
          ]),
        )
        .orderBy(sql`lower(email) = ${login.toLowerCase()}`, 'desc')
        .executeTakeFirst(),

    findByReferralCode: (code: string) =>
      db
        .selectFrom('users')
        .selectAll()
        .where('share_referral_code', '=', code.toUpperCase())
        .executeTakeFirst(),

    emailTaken: async (email: string, exceptId?: string) => {
      let query = db
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(email)`, '=', email.toLowerCase());
      if (exceptId) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    insert: (values: Insertable<UserTable>) =>
      db.insertInto('users').values(values).returningAll().executeTakeFirstOrThrow(),

    update: (id: string, values: Updateable<UserTable>) =>
      db.updateTable('users').set(values).where('id', '=', id).returningAll().executeTakeFirst(),

    remove: async (id: string) =>
      Number(
        (await db.deleteFrom('users').where('id', '=', id).executeTakeFirst()).numDeletedRows,
      ) > 0,

    list: (limit: number): Promise<UserRow[]> =>
      db
        .selectFrom('users')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute(),

    listPendingValidation: (): Promise<UserRow[]> =>
      db
        .selectFrom('users')
        .selectAll()
        .where('validation_status', '=', 'pending')
        .orderBy('created_at')
        .execute(),

    countAdmins: async () =>
      Number(
        (
          await db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('is_admin', '=', true)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    // Sessions
    insertSession: (values: {
      user_id: string;
      token_hash: Buffer;
      expires_at: Date;
      user_agent: string;
    }) => db.insertInto('sessions').values(values).execute(),

    /** The session's user, when the session exists and has not expired. */
    findSessionUser: (tokenHash: Buffer, now: Date) =>
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .selectAll('users')
        .select(['sessions.id as session_id', 'sessions.expires_at as session_expires_at'])
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.expires_at', '>', now)
        .executeTakeFirst(),

    /** Pushes a session's expiry forward and records the user's last access, in one transaction. */
    extendSession: (sessionId: string, userId: string, expiresAt: Date, now: Date) =>
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('sessions')
          .set({ expires_at: expiresAt, last_used_at: now })
          .where('id', '=', sessionId)
          .execute();
        await trx
          .updateTable('users')
          .set({ last_access_at: now })
          .where('id', '=', userId)
          .execute();
      }),

    /** Deletes a session; answers its user's id (undefined when there was none). */
    deleteSession: async (tokenHash: Buffer) =>
      (
        await db
          .deleteFrom('sessions')
          .where('token_hash', '=', tokenHash)
          .returning('user_id')
          .executeTakeFirst()
      )?.user_id,

    deleteOtherSessions: (userId: string, keepTokenHash: Buffer | null) => {
      let query = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (keepTokenHash) query = query.where('token_hash', '<>', keepTokenHash);
      return query.execute();
    },

    // One-time tokens
    insertToken: (values: {
      user_id: string;
      purpose: 'recovery' | 'email_validation';
      token_hash: Buffer;
      expires_at: Date;
    }) => db.insertInto('user_tokens').values(values).execute(),

    /** Deletes and returns a live token in one statement, so a key works exactly once. */
    consumeToken: (purpose: 'recovery' | 'email_validation', tokenHash: Buffer, now: Date) =>
      db
        .deleteFrom('user_tokens')
        .where('purpose', '=', purpose)
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now)
        .returning(['user_id'])
        .executeTakeFirst(),

    deleteTokens: (userId: string, purpose: 'recovery' | 'email_validation') =>
      db
        .deleteFrom('user_tokens')
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .execute(),

    outbox: (limit: number) =>
      db.selectFrom('outbox').selectAll().orderBy('created_at', 'desc').limit(limit).execute(),
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
