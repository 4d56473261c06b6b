import { sql, type Kysely } from 'kysely';

/**
 * Portfolio snapshot invalidation: API processes keep finished portfolio snapshots and
 * ledgers in memory and serve them without reading anything, so every change a snapshot is
 * computed from is announced on the channel `stockpulse_portfolio` when its transaction commits,
 * whoever writes it. Statement-level triggers (one notice per statement, not per row) name what
 * changed, as `kind:key,key,…` in payloads under NOTIFY's 8,000 bytes:
 *
 * - `u:` user ids: a portfolio row inserted, updated (every ledger write bumps `ledger_version`)
 *   or deleted;
 * - `p:` portfolio ids: ledger entries inserted, updated or deleted, whoever writes them (their
 *   portfolios' `ledger_version` is bumped in the same statement, which also sends `u:`);
 * - `q:` listings whose stored quote changed in a field a snapshot reads (price, previous close,
 *   as-of, source; a refresh that only touches `updated_at` is silent);
 * - `h:` listings whose stored history changed (`price_history_status`: every bar write updates it
 *   in the same transaction);
 * - `s:` listings whose security or company facts changed (currency, company, name, sector);
 * - `*`: a table was truncated (drop everything).
 *
 * Transition tables cannot serve a trigger of several events, hence one trigger per event.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function portfolio_notify(kind text, keys text[]) returns void
    language plpgsql as $$
    declare
      chunk text := '';
      k text;
    begin
      foreach k in array coalesce(keys, '{}'::text[]) loop
        continue when k is null;
        if chunk <> '' and octet_length(chunk) + octet_length(k) > 7800 then
          perform pg_notify('stockpulse_portfolio', kind || ':' || chunk);
          chunk := '';
        end if;
        chunk := case when chunk = '' then k else chunk || ',' || k end;
      end loop;
      if chunk <> '' then
        perform pg_notify('stockpulse_portfolio', kind || ':' || chunk);
      end if;
    end $$`.execute(db);

  // TG_ARGV: the notice's kind, the key column, and (updates only) the columns compared: a row
  // whose compared columns are unchanged is not announced. Without columns every row is.
  await sql`
    create function portfolio_notify_change() returns trigger
    language plpgsql as $$
    declare
      kind text := tg_argv[0];
      key text := tg_argv[1];
      cols text := tg_argv[2];
      keys text[];
    begin
      if tg_op = 'INSERT' then
        execute format('select array_agg(distinct %I::text) from new_rows', key) into keys;
      elsif tg_op = 'DELETE' then
        execute format('select array_agg(distinct %I::text) from old_rows', key) into keys;
      elsif cols is null then
        execute format(
          'select array_agg(distinct k) from (select %1$I::text as k from new_rows
             union select %1$I::text from old_rows) x', key) into keys;
      else
        execute format(
          'select array_agg(distinct k) from (
             select %1$I::text as k from (select %2$s from new_rows except select %2$s from old_rows) a
             union select %1$I::text from (select %2$s from old_rows except select %2$s from new_rows) b
           ) x', key, cols) into keys;
      end if;
      perform portfolio_notify(kind, keys);
      return null;
    end $$`.execute(db);

  await sql`
    create function portfolio_notify_companies() returns trigger
    language plpgsql as $$
    declare
      ids uuid[];
    begin
      if tg_op = 'DELETE' then
        ids := array(select id from old_rows);
      else
        ids := array(
          select id from (
            select id, company_name, gics_sector, gics_sub_industry from new_rows
            except select id, company_name, gics_sector, gics_sub_industry from old_rows) changed);
      end if;
      if cardinality(ids) > 0 then
        perform portfolio_notify('s', array(
          select exchange_ticker from securities where company_id = any(ids)));
      end if;
      return null;
    end $$`.execute(db);

  // Ledger entries changed, whoever wrote them: the portfolios' `ledger_version` moves in the same
  // transaction (the service's writes bump it already; one more bump is harmless), so every
  // cache keyed by the version is stale exactly when the change commits.
  await sql`
    create function portfolio_notify_ledger() returns trigger
    language plpgsql as $$
    declare
      ids uuid[];
    begin
      if tg_op = 'INSERT' then
        ids := array(select distinct portfolio_id from new_rows);
      elsif tg_op = 'DELETE' then
        ids := array(select distinct portfolio_id from old_rows);
      else
        ids := array(select portfolio_id from new_rows union select portfolio_id from old_rows);
      end if;
      update portfolios set ledger_version = ledger_version + 1 where id = any(ids);
      perform portfolio_notify('p', ids::text[]);
      return null;
    end $$`.execute(db);

  await sql`
    create function portfolio_notify_all() returns trigger
    language plpgsql as $$
    begin
      perform pg_notify('stockpulse_portfolio', '*');
      return null;
    end $$`.execute(db);

  const tables: { table: string; kind: string; key: string; cols?: string }[] = [
    { table: 'portfolios', kind: 'u', key: 'user_id' },
    {
      table: 'quote_snapshots',
      kind: 'q',
      key: 'exchange_ticker',
      cols: 'exchange_ticker, price, previous_close, as_of, source',
    },
    { table: 'price_history_status', kind: 'h', key: 'exchange_ticker' },
    {
      table: 'securities',
      kind: 's',
      key: 'exchange_ticker',
      cols: 'exchange_ticker, company_id, currency',
    },
  ];
  for (const { table, kind, key, cols } of tables) {
    const args = cols === undefined ? [kind, key] : [kind, key, cols];
    const argList = sql.join(args.map((a) => sql.lit(a)));
    await sql`
      create trigger ${sql.id(`${table}_portfolio_notify_insert`)} after insert on ${sql.table(table)}
      referencing new table as new_rows
      for each statement execute function portfolio_notify_change(${argList})`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_portfolio_notify_update`)} after update on ${sql.table(table)}
      referencing old table as old_rows new table as new_rows
      for each statement execute function portfolio_notify_change(${argList})`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_portfolio_notify_delete`)} after delete on ${sql.table(table)}
      referencing old table as old_rows
      for each statement execute function portfolio_notify_change(${argList})`.execute(db);
  }
  await sql`
    create trigger portfolio_transactions_portfolio_notify_insert after insert on portfolio_transactions
    referencing new table as new_rows
    for each statement execute function portfolio_notify_ledger()`.execute(db);
  await sql`
    create trigger portfolio_transactions_portfolio_notify_update after update on portfolio_transactions
    referencing old table as old_rows new table as new_rows
    for each statement execute function portfolio_notify_ledger()`.execute(db);
  await sql`
    create trigger portfolio_transactions_portfolio_notify_delete after delete on portfolio_transactions
    referencing old table as old_rows
    for each statement execute function portfolio_notify_ledger()`.execute(db);
  await sql`
    create trigger companies_portfolio_notify_update after update on companies
    referencing old table as old_rows new table as new_rows
    for each statement execute function portfolio_notify_companies()`.execute(db);
  await sql`
    create trigger companies_portfolio_notify_delete after delete on companies
    referencing old table as old_rows
    for each statement execute function portfolio_notify_companies()`.execute(db);
  for (const table of [...tables.map((t) => t.table), 'portfolio_transactions', 'companies']) {
    await sql`
      create trigger ${sql.id(`${table}_portfolio_notify_truncate`)} after truncate on ${sql.table(table)}
      for each statement execute function portfolio_notify_all()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'portfolios',
    'portfolio_transactions',
    'quote_snapshots',
    'price_history_status',
    'securities',
    'companies',
  ]) {
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      await sql`drop trigger if exists ${sql.id(`${table}_portfolio_notify_${event}`)} on ${sql.table(table)}`.execute(
        db,
      );
    }
  }
  await sql`drop function portfolio_notify_all()`.execute(db);
  await sql`drop function portfolio_notify_companies()`.execute(db);
  await sql`drop function portfolio_notify_ledger()`.execute(db);
  await sql`drop function portfolio_notify_change()`.execute(db);
  await sql`drop function portfolio_notify(text, text[])`.execute(db);
}
