import type { AlertRuleInput } from '@app/shared/api/alert-rules';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { AlertRuleTable } from '../../db/schema.ts';

export type AlertRuleRow = Selectable<AlertRuleTable>;

export type FiringInsert = {
  rule_id: string;
  user_id: string;
  kind: string;
  symbol: string | null;
  article_id: string | null;
  story_key: string | null;
  text: string;
  link: string;
  fired_at: Date;
};

const INSERT_CHUNK = 2_000;

const columns = [
  'id',
  'user_id',
  'kind',
  'scope',
  'symbol',
  'watchlist',
  'threshold',
  'direction',
  'keyword',
  'keyword_query',
  'sentiment',
  'defcon_max',
  'repeat',
  'cooldown_minutes',
  'channels',
  'status',
  'last_fired_at',
  'fire_count',
  'created_at',
  'updated_at',
] as const;

/** SQL of a user's alert rules and their history; every method is scoped by the owner's id. */
export function createAlertRuleRepository(db: Database) {
  return {
    list: (userId: string): Promise<AlertRuleRow[]> =>
      db
        .selectFrom('alert_rules')
        .select(columns)
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    find: (userId: string, id: string): Promise<AlertRuleRow | undefined> =>
      db
        .selectFrom('alert_rules')
        .select(columns)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /**
     * Adds a rule unless the user already has `max` (null: no limit): the user's row is locked
     * first, so two requests at once cannot both take the last place. Undefined when full.
     */
    create: (userId: string, input: AlertRuleInput, max: number | null, now: Date) =>
      db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
        if (max !== null) {
          const { n } = await trx
            .selectFrom('alert_rules')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow();
          if (Number(n) >= max) return undefined;
        }
        return trx
          .insertInto('alert_rules')
          .values({ ...input, user_id: userId, created_at: now, updated_at: now })
          .returning(columns)
          .executeTakeFirstOrThrow();
      }),

    /** Replaces a rule's settings; it is active again and its crossings start afresh. */
    update: (userId: string, id: string, input: AlertRuleInput, now: Date) =>
      db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('alert_rules')
          .set({ ...input, status: 'active', updated_at: now })
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .returning(columns)
          .executeTakeFirst();
        if (row) await trx.deleteFrom('alert_rule_marks').where('rule_id', '=', id).execute();
        return row;
      }),

    setPaused: (userId: string, id: string, paused: boolean, now: Date) =>
      db
        .updateTable('alert_rules')
        .set({ status: paused ? 'paused' : 'active', updated_at: now })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .returning(columns)
        .executeTakeFirst(),

    remove: async (userId: string, id: string): Promise<boolean> =>
      (await db
        .deleteFrom('alert_rules')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst()) !== undefined,

    /** The symbols of the active rules on one symbol (refreshed every minute, as watched ones). */
    activeSymbols: async (): Promise<string[]> =>
      (
        await db
          .selectFrom('alert_rules')
          .select('symbol')
          .distinct()
          .where('status', '=', 'active')
          .where('scope', '=', 'symbol')
          .where('symbol', 'is not', null)
          .execute()
      ).flatMap((row) => (row.symbol ? [row.symbol] : [])),

    count: async (userId: string): Promise<number> =>
      Number(
        (
          await db
            .selectFrom('alert_rules')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    /**
     * Takes the rules among `ids` whose cool-down has passed at `now` (a once rule is then done):
     * one locked update, so two workers evaluating the same quotes fire a rule once.
     */
    claimFiring: (ids: readonly string[], now: Date) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .updateTable('alert_rules')
            .set((eb) => ({
              last_fired_at: now,
              fire_count: eb('fire_count', '+', 1),
              status: sql<'active' | 'done'>`case when repeat then status else 'done' end`,
            }))
            // One array parameter: a burst may claim more rules than a statement has parameters.
            .where(sql<boolean>`id = any(${[...ids]}::uuid[])`)
            .where('status', '=', 'active')
            .where(
              sql<boolean>`(last_fired_at is null or last_fired_at <= ${now}::timestamptz - cooldown_minutes * interval '1 minute')`,
            )
            .returning(['id', 'user_id', 'channels'])
            .execute(),

    /** Writes the history rows (a story fires a rule once: others are left out) and answers them. */
    insertFirings: async (rows: FiringInsert[]) => {
      const written = [];
      // At most 65,535 parameters a statement (9 a row): a large burst goes in chunks.
      for (let at = 0; at < rows.length; at += INSERT_CHUNK) {
        written.push(
          ...(await db
            .insertInto('alert_rule_firings')
            .values(rows.slice(at, at + INSERT_CHUNK))
            .onConflict((oc) =>
              oc.columns(['rule_id', 'story_key']).where('story_key', 'is not', null).doNothing(),
            )
            .returning(['id', 'rule_id', 'user_id', 'symbol', 'article_id', 'text', 'link'])
            .execute()),
        );
      }
      return written;
    },

    history: (userId: string, skip: number, limit: number) =>
      db
        .selectFrom('alert_rule_firings')
        .select(['id', 'rule_id', 'kind', 'symbol', 'article_id', 'text', 'link', 'fired_at'])
        .where('user_id', '=', userId)
        .orderBy('fired_at', 'desc')
        .orderBy('id', 'desc')
        .offset(skip)
        .limit(limit)
        .execute(),
  };
}

export type AlertRuleRepository = ReturnType<typeof createAlertRuleRepository>;
