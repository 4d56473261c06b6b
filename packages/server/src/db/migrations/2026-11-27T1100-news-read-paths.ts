import { sql, type Kysely } from 'kysely';

/**
 * The news read paths at a million articles:
 *
 * - `news_tickers`: the articles' listings as a normalised link table (one row per article and
 *   listing) ordered by (symbol, creation_date, id), so a company's newest articles are one index
 *   range read backwards (20 rows), where the GIN index on the array had to fetch and sort every
 *   article of the symbol (1,200–1,500 heap pages for a listing at 1 M articles). Triggers keep it
 *   in step with `news.related_exchange_tickers` and `news.creation_date`: per statement for
 *   inserts and deletes (a bulk load pays one join, not a call per row), per row for updates of
 *   those two columns only.
 * - `enrich_inputs`: a fingerprint of what the analyst read when it enriched the article (see
 *   news-enrich.service.ts), so 'reindex' runs the analyst again only when those inputs changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table news_tickers (
      symbol text not null,
      creation_date timestamptz not null,
      news_id uuid not null,
      primary key (symbol, creation_date, news_id)
    )`.execute(db);

  await sql`create function news_tickers_inserted() returns trigger language plpgsql as $$
    begin
      insert into news_tickers (symbol, creation_date, news_id)
      select distinct s.symbol, n.creation_date, n.id
      from new_rows n cross join lateral unnest(n.related_exchange_tickers) as s(symbol)
      on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`create function news_tickers_deleted() returns trigger language plpgsql as $$
    begin
      delete from news_tickers t
      using old_rows o cross join lateral unnest(o.related_exchange_tickers) as s(symbol)
      where t.symbol = s.symbol and t.creation_date = o.creation_date and t.news_id = o.id;
      return null;
    end $$`.execute(db);
  await sql`create function news_tickers_updated() returns trigger language plpgsql as $$
    begin
      delete from news_tickers t
      where t.symbol = any(old.related_exchange_tickers) and t.creation_date = old.creation_date
        and t.news_id = old.id;
      insert into news_tickers (symbol, creation_date, news_id)
      select distinct s.symbol, new.creation_date, new.id
      from unnest(new.related_exchange_tickers) as s(symbol)
      on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`create trigger news_tickers_insert after insert on news
    referencing new table as new_rows for each statement
    execute function news_tickers_inserted()`.execute(db);
  await sql`create trigger news_tickers_delete after delete on news
    referencing old table as old_rows for each statement
    execute function news_tickers_deleted()`.execute(db);
  await sql`create trigger news_tickers_update
    after update of related_exchange_tickers, creation_date on news for each row
    when (old.related_exchange_tickers is distinct from new.related_exchange_tickers
      or old.creation_date is distinct from new.creation_date)
    execute function news_tickers_updated()`.execute(db);

  await sql`insert into news_tickers (symbol, creation_date, news_id)
    select distinct s.symbol, n.creation_date, n.id
    from news n cross join lateral unnest(n.related_exchange_tickers) as s(symbol)
    on conflict do nothing`.execute(db);

  await sql`alter table news add column enrich_inputs text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table news drop column enrich_inputs`.execute(db);
  await sql`drop trigger news_tickers_update on news`.execute(db);
  await sql`drop trigger news_tickers_delete on news`.execute(db);
  await sql`drop trigger news_tickers_insert on news`.execute(db);
  await sql`drop function news_tickers_updated()`.execute(db);
  await sql`drop function news_tickers_deleted()`.execute(db);
  await sql`drop function news_tickers_inserted()`.execute(db);
  await sql`drop table news_tickers`.execute(db);
}
