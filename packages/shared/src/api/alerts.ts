import { z } from 'zod';
import { successResponse } from './envelope.ts';

/** Alerts and digests. Limits of the per-user settings. */
export const HOURLY_CAP_MIN = 1;
export const HOURLY_CAP_MAX = 1_000;
export const DEFAULT_HOURLY_CAP = 10;

export const DELIVERY_CHANNELS = ['email', 'telegram', 'in_app', 'push'] as const;
/** `rule`: an alert of a rule the user set (`alert-rules.ts`). */
export const DELIVERY_KINDS = ['instant', 'daily', 'weekly', 'insights', 'rule'] as const;
export const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Whether `zone` is an IANA time zone this runtime knows (`Europe/Oslo`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const hour = z.number().int().min(0, 'An hour is 0 to 23.').max(23, 'An hour is 0 to 23.');

/** A user's alert settings; quiet hours are local hours [start, end), none when either is null. */
export const alertSettingsSchema = z.object({
  time_zone: z.string().refine(isTimeZone, {
    message: 'Choose a time zone such as Europe/London or America/New_York.',
  }),
  quiet_start: hour.nullable(),
  quiet_end: hour.nullable(),
  hourly_cap: z
    .number()
    .int()
    .min(
      HOURLY_CAP_MIN,
      `The hourly cap is ${String(HOURLY_CAP_MIN)} to ${String(HOURLY_CAP_MAX)}.`,
    )
    .max(
      HOURLY_CAP_MAX,
      `The hourly cap is ${String(HOURLY_CAP_MIN)} to ${String(HOURLY_CAP_MAX)}.`,
    ),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

/** POST /alerts/settings: any subset of the settings. */
export const alertSettingsUpdateSchema = alertSettingsSchema.partial();
export type AlertSettingsUpdate = z.infer<typeof alertSettingsUpdateSchema>;

/** What the user's plan includes of each notification (a setting it lacks names the plan that has it). */
export const alertPlanSchema = z.object({
  plan: z.string(),
  label: z.string(),
  instant: z.boolean(),
  daily: z.boolean(),
  weekly: z.boolean(),
});
export type AlertPlan = z.infer<typeof alertPlanSchema>;

export const alertSettingsResponseSchema = successResponse({
  settings: alertSettingsSchema,
  entitlements: alertPlanSchema,
});
export type AlertSettingsResponse = z.infer<typeof alertSettingsResponseSchema>;

export const deliverySchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  /** The address of a newsletter subscriber (weekly insights), else null. */
  address: z.string().nullable(),
  channel: z.enum(DELIVERY_CHANNELS),
  kind: z.enum(DELIVERY_KINDS),
  key: z.string(),
  subject: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  /** Epoch seconds. */
  created_at: z.number(),
  due_at: z.number(),
  sent_at: z.number().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** Rows per page of the admin's deliveries card (the server pages them, as every admin list). */
export const DELIVERIES_PAGE_SIZE = 20;

export const deliveriesQuerySchema = z.object({
  status: z.enum(DELIVERY_STATUSES).optional(),
  /** Rows skipped, newest first (the card's pages). */
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const deliveriesResponseSchema = successResponse({
  deliveries: z.array(deliverySchema),
  counts: z.record(z.enum(DELIVERY_STATUSES), z.number().int()),
});
export type DeliveriesResponse = z.infer<typeof deliveriesResponseSchema>;

/**
 * The alerts bell: the caller's own instant alerts (what the fan-out wrote for them),
 * newest first, with how many are unread since their "seen up to" watermark.
 */
export const MY_ALERTS_PAGE_MAX = 50;
/** The unread count stops here (the bell shows '99+'). */
export const MY_ALERTS_UNREAD_MAX = 100;

/** GET /alerts/mine?skip&limit (limit 1–50, default 10). */
export const myAlertsQueryShape = {
  skip: z.coerce
    .number('skip must be a whole number.')
    .int('skip must be a whole number.')
    .min(0, 'skip must be 0 or more.')
    .max(10_000, 'skip must be at most 10,000.')
    .default(0),
  limit: z.coerce
    .number('limit must be a whole number.')
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(MY_ALERTS_PAGE_MAX, `limit must be at most ${String(MY_ALERTS_PAGE_MAX)}.`)
    .default(10),
};

export const myAlertSchema = z.object({
  /** The alert's id (the argument of POST /alerts/mine/seen). */
  id: z.string(),
  /** `instant`: the analyst's defcon alert on a story; `rule`: one of the user's own rules fired. */
  kind: z.enum(['instant', 'rule']),
  /** The site path the alert opens: the article, or the quote of a price rule. */
  link: z.string(),
  /** The article the alert is about (`/news/view?id=`); null for a rule fired by a quote. */
  article_id: z.string().nullable(),
  /** The headline, or the line that says what fired the rule. */
  title: z.string(),
  /** The story's defcon level; null for a rule's alert (rules have none). */
  defcon_level: z.number().int().nullable(),
  sentiment: z.string(),
  /** The article's listings (at most 3). */
  symbols: z.array(z.string()),
  /** When the alert was written, epoch seconds. */
  created_at: z.number(),
  unread: z.boolean(),
});
export type MyAlert = z.infer<typeof myAlertSchema>;

export const myAlertsResponseSchema = successResponse({
  alerts: z.array(myAlertSchema),
  /** Unread alerts, at most MY_ALERTS_UNREAD_MAX. */
  unread: z.number().int(),
  has_more: z.boolean(),
  /** Whether the caller's plan includes instant alerts now (Standard). */
  instant: z.boolean(),
});
export type MyAlertsResponse = z.infer<typeof myAlertsResponseSchema>;

/** POST /alerts/mine/seen: everything up to and including this alert of the caller is read. */
export const alertsSeenRequestSchema = z.object({
  up_to: z.uuid('up_to must be the id of one of your alerts.'),
});
export type AlertsSeenRequest = z.infer<typeof alertsSeenRequestSchema>;

export const alertsSeenResponseSchema = successResponse({
  unread: z.number().int(),
});
export type AlertsSeenResponse = z.infer<typeof alertsSeenResponseSchema>;
