import { sql, type Insertable, type SelectQueryBuilder, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB, UserTable } from '../../db/schema.ts';
import { userSearchCondition } from '../admin/admin-pages.repository.ts';
import type { UserRow } from './user.mapper.ts';
import { countRows, firstValue } from '../../db/row-values.ts';

/** Users whose username, e-mail or first and last name hold `search` (any case); all when empty. */
function withSearch<Q extends SelectQueryBuilder<DB, 'users', object>>(
  query: Q,
  search: string,
): Q {
  if (search === '') return query;
  return query.where(userSearchCondition(search)) as Q;
}

/** A row's version (`xmin`: new with every update), for the admin pages' kept answers. */
const rowVersion = sql<string>`xmin::text`.as('row_version');
export type VersionedUserRow = UserRow & { row_version: string };

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

    /**
     * A page of the admin's user list, newest first (`users_admin_list` serves the order), of
     * the users whose username, e-mail or name holds `search` when it is not empty.
     */
    list: (page: { skip: number; limit: number; search: string }): Promise<VersionedUserRow[]> =>
      withSearch(db.selectFrom('users').selectAll().select(rowVersion), page.search)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .offset(page.skip)
        .limit(page.limit)
        .execute(),

    /**
     * The same list counted from its end (oldest first: `users_admin_list` read backwards), so a
     * page near the end skips few rows instead of nearly all of them.
     */
    listFromEnd: (page: { skip: number; limit: number }): Promise<VersionedUserRow[]> =>
      db
        .selectFrom('users')
        .selectAll()
        .select(rowVersion)
        .orderBy('created_at', 'asc')
        .orderBy('id', 'desc')
        .offset(page.skip)
        .limit(page.limit)
        .execute(),

    /**
     * A page of the users matching `search` (not empty) and how many match, in one statement: the
     * trigram indexes are read once (a search by a common part such as `user` walks long posting
     * lists: ~20 ms each at 50,000 users), not once for the page and again for the count. A page
     * past the last match has no row to carry the count: `total` is then undefined.
     */
    search: async (page: {
      skip: number;
      limit: number;
      search: string;
    }): Promise<{ rows: VersionedUserRow[]; total: number | undefined }> => {
      const rows = await withSearch(
        db
          .selectFrom('users')
          .selectAll()
          .select(rowVersion)
          .select(sql<string>`count(*) over ()`.as('matches')),
        page.search,
      )
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .offset(page.skip)
        .limit(page.limit)
        .execute();
      const total = rows[0] === undefined ? undefined : Number(rows[0].matches);
      return { rows: rows.map(({ matches: _, ...row }) => row), total };
    },

    /** How many users the admin's list holds (with `search`, how many match). */
    count: async (search: string): Promise<number> =>
      Number(
        (
          await withSearch(
            db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')),
            search,
          ).executeTakeFirstOrThrow()
        ).n,
      ),

    /** A page of the accounts waiting for approval, oldest first (`users_validation_queue`). */
    listPendingValidation: (page: { skip: number; limit: number }): Promise<VersionedUserRow[]> =>
      db
        .selectFrom('users')
        .selectAll()
        .select(rowVersion)
        .where('validation_status', '=', 'pending')
        .orderBy('created_at')
        .orderBy('id')
        .offset(page.skip)
        .limit(page.limit)
        .execute(),

    countPendingValidation: (): Promise<number> =>
      countRows(db.selectFrom('users').where('validation_status', '=', 'pending')),

    countAdmins: () => countRows(db.selectFrom('users').where('is_admin', '=', true)),

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
    deleteSession: (tokenHash: Buffer) =>
      firstValue(
        db.deleteFrom('sessions').where('token_hash', '=', tokenHash).returning('user_id'),
      ),

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

    /**
     * A page of the outbox, newest first (`outbox_recent`): what the list shows, without the
     * mails' texts (`outboxMail` reads the one opened).
     */
    outbox: (page: { skip: number; limit: number }) =>
      db
        .selectFrom('outbox')
        .select(['id', 'to_address', 'subject', 'created_at', 'delivery'])
        .select(rowVersion)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(page.skip)
        .limit(page.limit)
        .execute(),

    /** One mail of the outbox with its text (`id` a uuid). */
    outboxMail: (id: string) =>
      db
        .selectFrom('outbox')
        .select(['id', 'to_address', 'subject', 'text_body', 'created_at', 'delivery'])
        .where('id', '=', id)
        .executeTakeFirst(),
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
