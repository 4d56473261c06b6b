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

/** A firing with its alert's subject and absolute URL, for the outbox row of each channel. */
export type FiringWrite = FiringInsert & { subject: string; url: string };

/** What `fire` wrote: the firings (one per rule taken) and the outbox rows it added. */
export type FireResult = {
  fired: number;
  /** One per delivery row added (an alert on a channel). */
  added: { user_id: string; channel: string }[];
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

/**
 * The statement of `fire` (exported for the benchmark's query plan): candidates one per rule,
 * `releases` holding every candidate owner's.
 */
export const fireSql = (
  candidates: readonly FiringWrite[],
  now: Date,
  outbox: { releases: ReadonlyMap<string, Date>; channels: readonly string[] },
) => {
  const column = <K extends keyof FiringWrite>(key: K) => candidates.map((c) => c[key]);
  const releases = [...outbox.releases];
  return sql<{ user_id: string; channel: string | null }>`
    with c as (
      select * from unnest(${column('rule_id')}::uuid[], ${column('kind')}::text[],
        ${column('symbol')}::text[], ${column('article_id')}::text[],
        ${column('story_key')}::text[], ${column('text')}::text[], ${column('link')}::text[],
        ${column('subject')}::text[], ${column('url')}::text[])
        with ordinality as c(rule_id, kind, symbol, article_id, story_key, text, link,
          subject, url, n)
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
      -- A story fires a rule once (an article's firing); a quote's firing has no story, and
      -- without the clause each row is a plain insert, not a speculative one.
      ${
        candidates.some((c) => c.story_key !== null)
          ? sql`on conflict (rule_id, story_key) where story_key is not null do nothing`
          : sql``
      }
      returning id, rule_id, user_id, symbol, article_id, text
    ),
    released as (
      select * from unnest(${releases.map(([userId]) => userId)}::uuid[],
        ${releases.map(([, at]) => at)}::timestamptz[]) as x(user_id, at)
    ),
    delivered as (
      insert into deliveries (user_id, address, channel, kind, key, payload, created_at,
        due_at)
      select w.user_id, null, ch.channel, 'rule', w.id::text,
        jsonb_build_object('subject', c.subject, 'text', w.text, 'url', c.url,
          'rule_id', w.rule_id, 'symbol', w.symbol, 'article_id', w.article_id),
        ${now}::timestamptz,
        case when ch.channel = 'in_app' then ${now}::timestamptz else released.at end
      from written w
      join c on c.rule_id = w.rule_id
      join claimed on claimed.id = w.rule_id
      join released on released.user_id = w.user_id
      cross join lateral (select distinct unnest(claimed.channels)) as ch(channel)
      where ch.channel = any(${[...outbox.channels]}::text[])
      -- Keyed by the firing written just now: no row of it can exist yet (the unique key still
      -- holds), so a plain insert, not a speculative one per row.
      returning user_id, channel
    )
    -- A row per firing (no channel), then one per outbox row added, for the announcement.
    select user_id, null as channel from written
    union all
    select user_id, channel from delivered`;
};

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
     * Fires the candidates (one per rule) in one statement: takes their rules whose cool-down has
     * passed at `now` (a once rule is then done; the row lock makes two workers evaluating the
     * same quotes fire a rule once), writes a history row for each rule taken (a story fires a
     * rule once: another is left out) and its alert to the outbox, a row per rule channel among
     * `channels` (in the app due at once, elsewhere at the owner's `releases` time, the end of
     * their quiet hours), keyed by the firing. Arrays, not a VALUES list,
     * and one statement, not one per step: a storm's burst is one round trip whatever its size.
     */
    fire: async (
      candidates: readonly FiringWrite[],
      now: Date,
      outbox: { releases: ReadonlyMap<string, Date>; channels: readonly string[] },
    ): Promise<FireResult> => {
      if (candidates.length === 0) return { fired: 0, added: [] };
      // The outbox rows join their firing by its rule: two candidates of a rule would be one.
      if (new Set(candidates.map((c) => c.rule_id)).size !== candidates.length)
        throw new Error('fire takes one candidate per rule');
      if (candidates.some((c) => !outbox.releases.has(c.user_id)))
        throw new Error('fire needs the release time of every candidate’s owner');
      const { rows } = await fireSql(candidates, now, outbox).execute(db);
      return {
        fired: rows.filter((row) => row.channel === null).length,
        added: rows.flatMap((row) =>
          row.channel === null ? [] : [{ user_id: row.user_id, channel: row.channel }],
        ),
      };
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
