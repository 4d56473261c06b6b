import type { Database } from '../../db/database.ts';
import type { UnsubscribeKind } from '../../db/schema.ts';

/** Whose mails a token stops: a user (and for `rule` one rule), or a newsletter subscriber. */
export type UnsubscribeTokenRow = {
  kind: UnsubscribeKind;
  user_id: string | null;
  rule_id: string | null;
  subscriber_id: string | null;
};

/** SQL of the one-click unsubscribe tokens of every mail; no decisions. */
export function createUnsubscribeRepository(db: Database) {
  return {
    async add(hash: Buffer, owner: UnsubscribeTokenRow, now: Date): Promise<void> {
      await db
        .insertInto('unsubscribe_tokens')
        .values({ token_hash: hash, ...owner, created_at: now })
        .execute();
    },

    /** The token's owner and the address its mail went to (tokens created since `since`). */
    find: (
      hash: Buffer,
      since: Date,
    ): Promise<(UnsubscribeTokenRow & { email: string | null }) | undefined> =>
      db
        .selectFrom('unsubscribe_tokens as t')
        .leftJoin('users as u', 'u.id', 't.user_id')
        .leftJoin('newsletter_subscribers as s', 's.id', 't.subscriber_id')
        .select((eb) => [
          't.kind',
          't.user_id',
          't.rule_id',
          't.subscriber_id',
          eb.fn.coalesce('u.email', 's.email').as('email'),
        ])
        .where('t.token_hash', '=', hash)
        .where('t.created_at', '>=', since)
        .executeTakeFirst(),
  };
}

export type UnsubscribeRepository = ReturnType<typeof createUnsubscribeRepository>;
