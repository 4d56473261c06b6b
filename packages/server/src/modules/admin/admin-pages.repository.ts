import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PageVersions } from './page-answers.ts';

/** `%`, `_` and `\\` taken literally in a LIKE pattern. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What a user search matches: the username, the e-mail or the first and last name holding the
 * text in any case. The trigram index `users_search` (migration 2026-11-30T1410) holds the three
 * together and finds the candidates; each field is then matched on its own, so a text spanning
 * two fields matches nothing.
 */
export const userSearchCondition = (search: string) => {
  const pattern = `%${likeLiteral(search.toLowerCase())}%`;
  return sql<boolean>`((lower(username) || ' ' || lower(email) || ' '
      || lower(first_name || ' ' || last_name)) like ${pattern}
    and (lower(username) like ${pattern} or lower(email) like ${pattern}
      or lower(first_name || ' ' || last_name) like ${pattern}))`;
};

const versionsOf = async (
  query: ReturnType<typeof sql<{ versions: string | null }>>,
  db: Database,
) => (await query.execute(db)).rows[0]?.versions ?? '';

/**
 * The versions (`page-answers.ts`) of the admin panel's pages: each the same page statement as
 * the page's own read (same filter, order and index), reading ids and `xmin` only, folded into one
 * text in the page's order (newest first for the user list and the outbox, oldest first for the
 * approval queue).
 */
export function createAdminPagesRepository(db: Database) {
  return {
    /** A page of the user list (`users_admin_list`), newest first. */
    users: (page: { skip: number; limit: number }): Promise<PageVersions> =>
      versionsOf(
        sql<{ versions: string | null }>`
          select string_agg(id::text || ':' || xmin::text, ',' order by created_at desc, id) as versions
          from (select id, xmin, created_at from users order by created_at desc, id
            offset ${page.skip} limit ${page.limit}) as page`,
        db,
      ),

    /** The same page read from the list's end (`skip` counted from the oldest). */
    usersFromEnd: (page: { skip: number; limit: number }): Promise<PageVersions> =>
      versionsOf(
        sql<{ versions: string | null }>`
          select string_agg(id::text || ':' || xmin::text, ',' order by created_at desc, id) as versions
          from (select id, xmin, created_at from users order by created_at asc, id desc
            offset ${page.skip} limit ${page.limit}) as page`,
        db,
      ),

    /** A page of a user search, and how many users match (`matches:` first). */
    search: (page: { skip: number; limit: number; search: string }): Promise<PageVersions> =>
      versionsOf(
        sql<{ versions: string | null }>`
          select max(matches) || ':' ||
            string_agg(id::text || ':' || xmin::text, ',' order by created_at desc, id) as versions
          from (select id, xmin, created_at, count(*) over () as matches from users
            where ${userSearchCondition(page.search)}
            order by created_at desc, id offset ${page.skip} limit ${page.limit}) as page`,
        db,
      ),

    /** A page of the approval queue (`users_validation_queue`), oldest first. */
    pending: (page: { skip: number; limit: number }): Promise<PageVersions> =>
      versionsOf(
        sql<{ versions: string | null }>`
          select string_agg(id::text || ':' || xmin::text, ',' order by created_at, id) as versions
          from (select id, xmin, created_at from users where validation_status = 'pending'
            order by created_at, id offset ${page.skip} limit ${page.limit}) as page`,
        db,
      ),

    /** A page of the outbox (`outbox_recent`), newest first. */
    outbox: (page: { skip: number; limit: number }): Promise<PageVersions> =>
      versionsOf(
        sql<{ versions: string | null }>`
          select string_agg(id::text || ':' || xmin::text, ',' order by created_at desc, id desc) as versions
          from (select id, xmin, created_at from outbox order by created_at desc, id desc
            offset ${page.skip} limit ${page.limit}) as page`,
        db,
      ),
  };
}

export type AdminPagesRepository = ReturnType<typeof createAdminPagesRepository>;
