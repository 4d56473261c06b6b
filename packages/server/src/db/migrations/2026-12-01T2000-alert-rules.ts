import { sql, type Kysely } from 'kysely';

/**
 * Alert rules users set (price level, day move, 52-week high or low, volume spike, keyword),
 * each rule's state per symbol (whether its condition held at the last evaluation: a rule fires
 * on the crossing, not on every quote that stays past the level) and the history of what fired.
 * The outbox takes the rules' alerts as kind `rule` on the channels `in_app` and `push` besides
 * e-mail and Telegram.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table alert_rules (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      kind text not null check (kind in
        ('price_above', 'price_below', 'day_move', 'high_52w', 'low_52w', 'volume_spike', 'keyword')),
      scope text not null check (scope in ('symbol', 'watchlist', 'holdings', 'any')),
      symbol text check (length(symbol) between 1 and 40),
      watchlist text check (length(watchlist) between 1 and 40),
      threshold float8 check (threshold > 0),
      direction text check (direction in ('up', 'down', 'either')),
      keyword text check (length(keyword) between 2 and 100),
      keyword_query tsquery generated always as (
        case when keyword is null then null else phraseto_tsquery('english'::regconfig, keyword) end
      ) stored,
      sentiment text check (sentiment in ('bullish', 'bearish')),
      defcon_max smallint check (defcon_max between 1 and 5),
      repeat boolean not null,
      cooldown_minutes integer not null check (cooldown_minutes between 1 and 43200),
      channels text[] not null check (
        cardinality(channels) between 1 and 4
        and channels <@ array['in_app', 'email', 'telegram', 'push']::text[]),
      status text not null default 'active' check (status in ('active', 'paused', 'done')),
      last_fired_at timestamptz,
      fire_count integer not null default 0,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      check (scope <> 'symbol' or symbol is not null),
      check (scope <> 'watchlist' or watchlist is not null)
    )`.execute(db);
  await sql`create index alert_rules_user on alert_rules (user_id, created_at desc, id desc)`.execute(
    db,
  );
  // A quote refresh reads the active rules of the refreshed symbols through this index…
  await sql`create index alert_rules_active_symbol on alert_rules (symbol, kind)
    where status = 'active' and scope = 'symbol'`.execute(db);
  // …and the few rules on a watchlist or the holdings, which it expands by their owner.
  await sql`create index alert_rules_active_lists on alert_rules (kind, user_id)
    where status = 'active' and scope <> 'symbol'`.execute(db);

  await sql`
    create table alert_rule_marks (
      rule_id uuid not null references alert_rules (id) on delete cascade,
      symbol text not null,
      holds boolean not null,
      day date not null,
      primary key (rule_id, symbol)
    )`.execute(db);

  await sql`
    create table alert_rule_firings (
      id uuid primary key default gen_random_uuid(),
      rule_id uuid references alert_rules (id) on delete set null,
      user_id uuid not null references users (id) on delete cascade,
      kind text not null,
      symbol text,
      article_id text,
      story_key text,
      text text not null,
      link text not null,
      fired_at timestamptz not null
    )`.execute(db);
  // A story fires a rule once, however often it is analysed again.
  await sql`create unique index alert_rule_firings_story on alert_rule_firings (rule_id, story_key)
    where story_key is not null`.execute(db);
  await sql`create index alert_rule_firings_user on alert_rule_firings (user_id, fired_at desc, id desc)`.execute(
    db,
  );

  await sql`alter table deliveries drop constraint deliveries_channel_check`.execute(db);
  await sql`alter table deliveries add constraint deliveries_channel_check
    check (channel in ('email', 'telegram', 'in_app', 'push'))`.execute(db);
  await sql`alter table deliveries drop constraint deliveries_kind_check`.execute(db);
  await sql`alter table deliveries add constraint deliveries_kind_check
    check (kind in ('instant', 'daily', 'weekly', 'insights', 'rule'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from deliveries where kind = 'rule' or channel in ('in_app', 'push')`.execute(
    db,
  );
  await sql`alter table deliveries drop constraint deliveries_kind_check`.execute(db);
  await sql`alter table deliveries add constraint deliveries_kind_check
    check (kind in ('instant', 'daily', 'weekly', 'insights'))`.execute(db);
  await sql`alter table deliveries drop constraint deliveries_channel_check`.execute(db);
  await sql`alter table deliveries add constraint deliveries_channel_check
    check (channel in ('email', 'telegram'))`.execute(db);
  await sql`drop table alert_rule_firings`.execute(db);
  await sql`drop table alert_rule_marks`.execute(db);
  await sql`drop table alert_rules`.execute(db);
}
