import { sql } from 'kysely';
import { HYSTERESIS, VOLUME_SESSIONS } from './alert-rule-rules.ts';

/** A rule whose condition just started to hold for a symbol (a crossing), its cool-down over. */
export type QuoteCandidate = {
  rule_id: string;
  user_id: string;
  kind: string;
  scope: string;
  /** The rule's watchlist (scope `watchlist`), for the alert's text. */
  watchlist: string | null;
  symbol: string;
  threshold: number | null;
  direction: string | null;
  price: number;
  change_pct: number;
  high52: number | null;
  low52: number | null;
  volume: number | null;
  avg_volume: number | null;
};

/** Whether a pair's condition holds at its quote (`f`: a row of rule and figures columns). */
const holdsSql = (f: string) =>
  sql.raw(`coalesce(case ${f}.kind
    when 'price_above' then ${f}.price >= ${f}.threshold
    when 'price_below' then ${f}.price <= ${f}.threshold
    when 'day_move' then case ${f}.direction
      when 'up' then ${f}.change_pct >= ${f}.threshold
      when 'down' then ${f}.change_pct <= -${f}.threshold
      else abs(${f}.change_pct) >= ${f}.threshold end
    when 'high_52w' then ${f}.price > ${f}.high52
    when 'low_52w' then ${f}.price < ${f}.low52
    when 'volume_spike' then ${f}.volume >= ${f}.threshold * ${f}.avg_volume
  end, false)`);

/**
 * The crossings statement of `quoteCrossings` (exported for the benchmark's query plan).
 */
export const quoteCrossingsSql = (symbols: readonly string[], now: Date) =>
  sql<QuoteCandidate>`
        with q as materialized (
          select exchange_ticker as symbol, price, change_pct,
            (as_of at time zone 'America/New_York')::date as day
          from quote_snapshots
          where exchange_ticker = any(${sql.val([...symbols])}::text[]) and price > 0
        ),
        -- The day's range and volume of the symbols a 52-week or volume rule may watch: once a
        -- symbol (691 rows), before the rules are expanded, not once a rule × symbol pair.
        needs_history as (
          select q.symbol, q.day from q
          where exists (select 1 from alert_rules r where r.symbol = q.symbol
              and r.kind in ('high_52w', 'low_52w', 'volume_spike')
              and r.status = 'active' and r.scope = 'symbol')
            or exists (select 1 from alert_rules r
              where r.kind in ('high_52w', 'low_52w', 'volume_spike')
              and r.status = 'active' and r.scope <> 'symbol')
        ),
        -- The figures kept for the symbol's trading day (alert_symbol_figures); the others are
        -- computed from the bars below and kept for the next refreshes of the day.
        kept as (
          select f.exchange_ticker as symbol, f.bars_version, f.day, f.high52, f.low52,
            f.volume, f.avg_volume
          from alert_symbol_figures f
          where f.exchange_ticker in (select symbol from needs_history)
        ),
        computed as materialized (
          select n.symbol, n.day, coalesce(k.bars_version, 0) as bars_version,
            -- A 52-week range needs about a year of history, not a new listing's few weeks.
            case when h.first_day <= n.day - 350 then h.high52 end as high52,
            case when h.first_day <= n.day - 350 then h.low52 end as low52,
            -- The day's volume counts once its own bar is stored (not during the session).
            case when v.last_day = n.day and cardinality(v.volumes) = ${VOLUME_SESSIONS + 1}
              then v.volumes[1]::float8 end as volume,
            case when v.last_day = n.day and cardinality(v.volumes) = ${VOLUME_SESSIONS + 1}
              then (select avg(x) from unnest(v.volumes[2:]) as x)::float8 end as avg_volume
          from needs_history n
          left join kept k on k.symbol = n.symbol
          left join lateral (
            select max(u.high) as high52, min(u.low) as low52, min(u.d) as first_day
            from price_series p
            cross join lateral unnest(p.days, p.high, p.low) as u(d, high, low)
            where p.exchange_ticker = n.symbol
              and p.month >= date_trunc('month', n.day - 365)::date
              and u.d >= n.day - 365 and u.d < n.day
          ) h on true
          left join lateral (
            select array_agg(b.volume order by b.d desc) as volumes, max(b.d) as last_day
            from (
              select u.d, u.volume from price_series p
              cross join lateral unnest(p.days, p.volume) as u(d, volume)
              where p.exchange_ticker = n.symbol
                and p.month >= date_trunc('month', n.day - 120)::date and u.d <= n.day
              order by u.d desc limit ${VOLUME_SESSIONS + 1}
            ) b
          ) v on true
          where k.day is distinct from n.day
        ),
        -- Kept only while the bars they came from are still the symbol's latest (a write of its
        -- bars since this statement's snapshot moved the version on).
        stored as (
          insert into alert_symbol_figures (exchange_ticker, bars_version, day, high52, low52,
            volume, avg_volume)
          select symbol, bars_version, day, high52, low52, volume, avg_volume from computed
          order by symbol
          on conflict (exchange_ticker) do update set day = excluded.day,
            high52 = excluded.high52, low52 = excluded.low52, volume = excluded.volume,
            avg_volume = excluded.avg_volume
          where alert_symbol_figures.bars_version = excluded.bars_version
        ),
        history as (
          select n.symbol, n.day, k.high52, k.low52, k.volume, k.avg_volume
          from needs_history n join kept k on k.symbol = n.symbol and k.day = n.day
          union all
          select symbol, day, high52, low52, volume, avg_volume from computed
        ),
        qf as materialized (
          select q.*, h.high52, h.low52, h.volume, h.avg_volume
          from q left join history h on h.symbol = q.symbol
        ),
        -- A condition that does not hold now and did not hold at the last evaluation changes
        -- nothing (no crossing, no mark written): only the pairs whose condition holds now and
        -- those whose mark says it held are evaluated, not every rule × symbol pair. A rule on
        -- one symbol is found by its level's index range; the lists only on the hot symbols.
        list_least as (
          select min(threshold) filter (where kind = 'day_move') as move,
            min(threshold) filter (where kind = 'volume_spike') as volume
          from alert_rules
          where status = 'active' and scope <> 'symbol' and kind in ('day_move', 'volume_spike')
        ),
        -- The symbols on which a rule on a watchlist or the holdings may hold now.
        hot as (
          select qf.* from qf cross join list_least l
          where abs(qf.change_pct) >= l.move or qf.price > qf.high52 or qf.price < qf.low52
            or qf.volume >= l.volume * qf.avg_volume
        ),
        -- The owners' ledger symbols among the hot ones, for the rules on the holdings.
        ledger as (
          select distinct p.user_id, t.symbol
          from portfolios p
          join portfolio_transactions t on t.portfolio_id = p.id
          where t.symbol in (select symbol from hot)
            and p.user_id in (select user_id from alert_rules
              where status = 'active' and scope = 'holdings' and kind <> 'keyword')
        ),
        -- The pairs whose condition holds now.
        now_pairs as (
          select * from (
            -- Per symbol, the range of each kind's index its quote reached (a lateral, so each is
            -- an index range scan, never a pass over every rule).
            select r.id, r.user_id, r.kind, r.scope, r.threshold, r.direction,
              r.watchlist, r.last_fired_at, r.cooldown_minutes, qf.*
            from qf cross join lateral (
              select r.id, r.user_id, r.kind, r.scope, r.threshold, r.direction,
                r.watchlist, r.last_fired_at, r.cooldown_minutes
              from alert_rules r where r.symbol = qf.symbol and r.kind = 'price_above'
                and r.threshold <= qf.price and r.status = 'active' and r.scope = 'symbol'
              union all
              select r.id, r.user_id, r.kind, r.scope, r.threshold, r.direction,
                r.watchlist, r.last_fired_at, r.cooldown_minutes
              from alert_rules r where r.symbol = qf.symbol and r.kind = 'price_below'
                and r.threshold >= qf.price and r.status = 'active' and r.scope = 'symbol'
              union all
              select r.id, r.user_id, r.kind, r.scope, r.threshold, r.direction,
                r.watchlist, r.last_fired_at, r.cooldown_minutes
              from alert_rules r where r.symbol = qf.symbol and r.kind = 'day_move'
                and r.threshold <= abs(qf.change_pct) and r.status = 'active' and r.scope = 'symbol'
              union all
              select r.id, r.user_id, r.kind, r.scope, r.threshold, r.direction,
                r.watchlist, r.last_fired_at, r.cooldown_minutes
              from alert_rules r where r.symbol = qf.symbol
                and r.kind in ('high_52w', 'low_52w', 'volume_spike')
                and r.status = 'active' and r.scope = 'symbol'
                and (qf.price > qf.high52 or qf.price < qf.low52 or qf.volume is not null)
            ) r
            union all
            -- Each list expanded once and hashed against the hot symbols (none: not expanded).
            select r.id, r.user_id, r.kind, r.scope, r.threshold, r.direction,
              r.watchlist, r.last_fired_at, r.cooldown_minutes, hot.*
            from alert_rules r
            join watchlists w on w.user_id = r.user_id and w.name = r.watchlist
            cross join lateral unnest(w.exchange_tickers) as listed(symbol)
            join hot on hot.symbol = listed.symbol
            where r.status = 'active' and r.scope = 'watchlist' and r.kind <> 'keyword'
              and exists (select 1 from hot)
            union all
            select r.id, r.user_id, r.kind, r.scope, r.threshold, r.direction,
              r.watchlist, r.last_fired_at, r.cooldown_minutes, hot.*
            from alert_rules r
            join ledger on ledger.user_id = r.user_id
            join hot on hot.symbol = ledger.symbol
            where r.status = 'active' and r.scope = 'holdings' and r.kind <> 'keyword'
          ) p
          where ${holdsSql('p')}
        ),
        -- The pairs whose condition held and does not now (to be let go, or kept by the
        -- hysteresis), while the symbol is still the rule's (on its watchlist, in its owner's
        -- ledgers): none of them is among the pairs above.
        held_pairs as (
          select * from (
            select r.id, r.user_id, r.kind, r.scope, r.threshold, r.direction,
              r.watchlist, r.last_fired_at, r.cooldown_minutes, qf.*
            from alert_rule_marks m
            join qf on qf.symbol = m.symbol
            join alert_rules r on r.id = m.rule_id
            where m.holds and r.status = 'active' and r.kind <> 'keyword'
              and case r.scope
                when 'symbol' then r.symbol = m.symbol
                when 'watchlist' then exists (select 1 from watchlists w
                  where w.user_id = r.user_id and w.name = r.watchlist
                    and w.exchange_tickers @> array[m.symbol]::text[])
                when 'holdings' then exists (select 1 from portfolios p
                  join portfolio_transactions t on t.portfolio_id = p.id
                  where p.user_id = r.user_id and t.symbol = m.symbol)
                else false end
          ) h
          where not ${holdsSql('h')}
        ),
        figures as (
          select * from now_pairs
          union all
          select * from held_pairs
        ),
        evaluated as (
          select f.*, m.holds as was, m.day as was_day,
            ${holdsSql('f')} as holds_now,
            -- A price level is let go only once the price is back past it by the hysteresis.
            case f.kind
              when 'price_above' then f.price < f.threshold * (1 - ${HYSTERESIS}::float8)
              when 'price_below' then f.price > f.threshold * (1 + ${HYSTERESIS}::float8)
              else true end as released
          from figures f
          left join alert_rule_marks m on m.rule_id = f.id and m.symbol = f.symbol
        ),
        decided as (
          select e.*,
            case when e.holds_now then true when e.released then false
              else coalesce(e.was, false) end as holds_next,
            -- Price levels hold across days; the day's conditions start afresh each day.
            e.holds_now and not (coalesce(e.was, false)
              and (e.kind in ('price_above', 'price_below') or e.was_day = e.day)) as crossed
          from evaluated e
        ),
        marked as (
          insert into alert_rule_marks (rule_id, symbol, holds, day)
          select id, symbol, holds_next, day from decided
          where coalesce(was, false) <> holds_next
            or (holds_next and was_day is distinct from day)
          on conflict (rule_id, symbol) do update set holds = excluded.holds, day = excluded.day
        )
        -- A crossing of a rule still in its cool-down is stored (its mark) but fires nothing: it
        -- is not answered (the firing's claim checks the cool-down again, under the row lock).
        -- The rule's columns came with its pair (read once, not joined again by id).
        select d.id as rule_id, d.user_id, d.kind, d.scope, d.watchlist, d.symbol, d.threshold,
          d.direction,
          d.price, d.change_pct, d.high52, d.low52, d.volume::float8 as volume,
          d.avg_volume::float8 as avg_volume
        from decided d
        where d.crossed and (d.last_fired_at is null
          or d.last_fired_at <= ${now}::timestamptz - d.cooldown_minutes * interval '1 minute')`;
