import { sql, type Kysely } from 'kysely';

/**
 * A symbol's 52-week range and volume figures for the alert rules, kept per trading day: a quote
 * refresh compares quotes with them instead of reading a year of bars per symbol each time.
 * `bars_version` moves on with every write of the symbol's bars (a statement trigger on
 * `price_series`, COPY included) and clears the day, so figures are computed again on the next
 * refresh; a refresh stores what it computed only while the version it read is still current,
 * so figures from bars a concurrent write replaced are never kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table alert_symbol_figures (
      exchange_ticker text primary key,
      bars_version bigint not null default 0,
      day date,
      high52 float8,
      low52 float8,
      volume float8,
      avg_volume float8
    )`.execute(db);
  await sql`
    create function alert_symbol_figures_bars_written() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        update alert_symbol_figures set bars_version = bars_version + 1, day = null;
        return null;
      end if;
      -- A row is written even for a symbol without one yet: a refresh that read no row and
      -- computed from the bars before this write then finds a newer version and keeps nothing.
      if tg_op = 'INSERT' then
        insert into alert_symbol_figures (exchange_ticker, bars_version)
        select distinct exchange_ticker, 1 from new_rows order by 1
        on conflict (exchange_ticker) do update
          set bars_version = alert_symbol_figures.bars_version + 1, day = null;
      elsif tg_op = 'DELETE' then
        insert into alert_symbol_figures (exchange_ticker, bars_version)
        select distinct exchange_ticker, 1 from old_rows order by 1
        on conflict (exchange_ticker) do update
          set bars_version = alert_symbol_figures.bars_version + 1, day = null;
      else
        insert into alert_symbol_figures (exchange_ticker, bars_version)
        select s, 1 from (select exchange_ticker from old_rows
          union select exchange_ticker from new_rows) as t(s) order by 1
        on conflict (exchange_ticker) do update
          set bars_version = alert_symbol_figures.bars_version + 1, day = null;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger price_series_alert_figures_insert after insert on price_series
    referencing new table as new_rows for each statement
    execute function alert_symbol_figures_bars_written()`.execute(db);
  await sql`create trigger price_series_alert_figures_update after update on price_series
    referencing old table as old_rows new table as new_rows for each statement
    execute function alert_symbol_figures_bars_written()`.execute(db);
  await sql`create trigger price_series_alert_figures_delete after delete on price_series
    referencing old table as old_rows for each statement
    execute function alert_symbol_figures_bars_written()`.execute(db);
  await sql`create trigger price_series_alert_figures_truncate after truncate on price_series
    for each statement execute function alert_symbol_figures_bars_written()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'update', 'delete', 'truncate']) {
    await sql`drop trigger ${sql.id(`price_series_alert_figures_${event}`)} on price_series`.execute(
      db,
    );
  }
  await sql`drop function alert_symbol_figures_bars_written()`.execute(db);
  await sql`drop table alert_symbol_figures`.execute(db);
}
