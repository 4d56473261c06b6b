import type { AlertRuleInput } from '@app/shared/api/alert-rules';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { AlertRuleTable } from '../../db/schema.ts';

/** A rule as its owner's reads select it (the phrase's words stay in the database). */
export type AlertRuleRow = Omit<Selectable<AlertRuleTable>, 'keyword_lexemes'>;

export type FiringInsert = {
  rule_id: string;
  user_id: string;
  kind: string;
  symbol: string | null;
  article_id: string | null;
  story_key: string | null;
  text: string;
  link: string;
};

/** A history row written by `fire`, with its rule's channels. */
export type FiredRow = {
  id: string;
  rule_id: string;
  user_id: string;
  symbol: string | null;
  article_id: string | null;
  text: string;
  link: string;
  channels: string[];
};

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

    /**
     * Stops a rule's e-mails (one-click unsubscribe): `email` leaves its channels, and a rule
     * that only mailed shows in the app instead (a rule has at least one channel).
     */
    dropEmail: (userId: string, id: string, now: Date) =>
      db
        .updateTable('alert_rules')
        .set({
          channels: sql<string[]>`case when channels = array['email']::text[]
            then array['in_app']::text[] else array_remove(channels, 'email') end`,
          updated_at: now,
        })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .where(sql<boolean>`'email' = any(channels)`)
        .execute(),

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
     * Fires the candidates in one statement: takes their rules whose cool-down has passed at
     * `now` (a once rule is then done; the row lock makes two workers evaluating the same quotes
     * fire a rule once) and writes a history row for each candidate of a rule taken (a story
     * fires a rule once: another is left out). Answers the rows written with the rule's
     * channels. Arrays, not a VALUES list: a burst is one statement whatever its size.
     */
    fire: async (candidates: readonly FiringInsert[], now: Date): Promise<FiredRow[]> => {
      if (candidates.length === 0) return [];
      const column = <K extends keyof FiringInsert>(key: K) => candidates.map((c) => c[key]);
      const { rows } = await sql<FiredRow>`
        with c as (
          select * from unnest(${column('rule_id')}::uuid[], ${column('kind')}::text[],
            ${column('symbol')}::text[], ${column('article_id')}::text[],
            ${column('story_key')}::text[], ${column('text')}::text[], ${column('link')}::text[])
            with ordinality as c(rule_id, kind, symbol, article_id, story_key, text, link, n)
        ),
        claimed as (
          update alert_rules r set last_fired_at = ${now}::timestamptz,
            fire_count = r.fire_count + 1,
            status = case when r.repeat then r.status else 'done' end
          where r.id in (select rule_id from c) and r.status = 'active'
            and (r.last_fired_at is null
              or r.last_fired_at <= ${now}::timestamptz - r.cooldown_minutes * interval '1 minute')
          returning r.id, r.user_id, r.channels
        ),
        written as (
          insert into alert_rule_firings (rule_id, user_id, kind, symbol, article_id, story_key,
            text, link, fired_at)
          select c.rule_id, claimed.user_id, c.kind, c.symbol, c.article_id, c.story_key, c.text,
            c.link, ${now}::timestamptz
          from c join claimed on claimed.id = c.rule_id
          order by c.n
          on conflict (rule_id, story_key) where story_key is not null do nothing
          returning id, rule_id, user_id, symbol, article_id, text, link
        )
        select w.id, w.rule_id, w.user_id, w.symbol, w.article_id, w.text, w.link,
          claimed.channels
        from written w join claimed on claimed.id = w.rule_id`.execute(db);
      return rows;
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
