import { sql, type Kysely } from 'kysely';
import { createUserNotifyTrigger, dropUserNotifyTrigger } from '../user-notify-trigger.ts';

/**
 * Referral page cache invalidation (`/payment/referrals` read 0.49× the reference with a
 * prepared statement): API processes may keep each user's referral page in memory, so every
 * change it is made of is announced on the channel `stockpulse_referrals` with the id of the user
 * whose page changed, when the transaction commits, whoever writes it:
 * - a ledger row inserted, updated or deleted: its referrer (old and new);
 * - a user signing up with a code, leaving it, or deleted: the referrer they named (the count);
 * - a user's own code changed, or the user deleted: that user.
 * A truncate of either table announces `*` (drop everything). Users' other updates (sessions,
 * subscriptions, last seen) do not fire: the trigger's WHEN clause filters them in the executor.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createUserNotifyTrigger(db, 'referral_ledger', 'stockpulse_referrals', 'referrer_id');
  await sql`
    create function notify_referral_user_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'TRUNCATE' then
        perform pg_notify('stockpulse_referrals', '*');
      elsif tg_op = 'INSERT' then
        perform pg_notify('stockpulse_referrals', new.referred_by::text);
      elsif tg_op = 'UPDATE' then
        if old.referred_by is distinct from new.referred_by then
          if old.referred_by is not null then
            perform pg_notify('stockpulse_referrals', old.referred_by::text);
          end if;
          if new.referred_by is not null then
            perform pg_notify('stockpulse_referrals', new.referred_by::text);
          end if;
        end if;
        if old.share_referral_code is distinct from new.share_referral_code then
          perform pg_notify('stockpulse_referrals', new.id::text);
        end if;
      else
        if old.referred_by is not null then
          perform pg_notify('stockpulse_referrals', old.referred_by::text);
        end if;
        perform pg_notify('stockpulse_referrals', old.id::text);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger users_referral_notify_insert after insert on users
    for each row when (new.referred_by is not null)
    execute function notify_referral_user_change()`.execute(db);
  await sql`
    create trigger users_referral_notify_update after update of referred_by, share_referral_code
    on users for each row
    when (old.referred_by is distinct from new.referred_by
      or old.share_referral_code is distinct from new.share_referral_code)
    execute function notify_referral_user_change()`.execute(db);
  await sql`
    create trigger users_referral_notify_delete after delete on users
    for each row execute function notify_referral_user_change()`.execute(db);
  await sql`
    create trigger users_referral_notify_truncate after truncate on users
    for each statement execute function notify_referral_user_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger users_referral_notify_truncate on users`.execute(db);
  await sql`drop trigger users_referral_notify_delete on users`.execute(db);
  await sql`drop trigger users_referral_notify_update on users`.execute(db);
  await sql`drop trigger users_referral_notify_insert on users`.execute(db);
  await sql`drop function notify_referral_user_change()`.execute(db);
  await dropUserNotifyTrigger(db, 'referral_ledger');
}
