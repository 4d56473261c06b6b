import { isEntitled } from '../billing/plans.ts';
import type { User } from '@app/shared/api/users';
import type { Selectable } from 'kysely';
import type { UserTable } from '../../db/schema.ts';
import type { AuthUser } from '../../http/access.ts';

export type UserRow = Selectable<UserTable>;

const epoch = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

/** The API view of a user (spec §3): an allowlist of columns; never the hash. */
export function toApiUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    company: row.company,
    address: row.address,
    city: row.city,
    country: row.country,
    postal_code: row.postal_code,
    about_me: row.about_me,
    share_referral_code: row.share_referral_code,
    my_telegram_chat_id: row.my_telegram_chat_id,
    my_debug_interface: row.my_debug_interface,
    my_dev_interface: row.my_dev_interface,
    my_clickbait: row.my_clickbait,
    my_email_summary: row.my_email_summary,
    my_email_alerts_daily: row.my_email_alerts_daily,
    my_instant_alerts: row.my_instant_alerts,
    my_email_replies: row.my_email_replies,
    is_admin: row.is_admin,
    is_email_validated: row.is_email_validated,
    is_valid: row.is_email_validated,
    validation_status: row.validation_status,
    subscription: row.subscription,
    subscription_status: row.subscription_status,
    creation_date: epoch(row.created_at) ?? 0,
    last_access_date: epoch(row.last_access_at),
    last_email_date: epoch(row.last_email_at),
  };
}

/**
 * What authorisation needs to know about the caller at `now`: a subscriber is one whose plan
 * applies now (billing's status rules, the `past_due` grace included).
 */
export function toAuthUser(row: UserRow, now: Date): AuthUser {
  return {
    id: row.id,
    username: row.username,
    is_admin: row.is_admin,
    is_email_validated: row.is_email_validated,
    is_subscriber: isEntitled(row, now),
  };
}
