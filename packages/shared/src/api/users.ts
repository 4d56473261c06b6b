import { z } from 'zod';
import { successResponse } from './envelope.ts';

/** Spec §5: username at least 4 characters; password at least 6. */
export const USERNAME_MIN = 4;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 200;

/** Where an account stands in the "validate you as human" flow (spec §2 Waiting page). */
export const VALIDATION_STATUSES = [
  'none',
  'email_sent',
  'pending',
  'approved',
  'rejected',
] as const;
export type ValidationStatus = (typeof VALIDATION_STATUSES)[number];

/** The user as the API shows it (spec §3 User). Never carries a hash or a token. */
export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  postal_code: z.string(),
  about_me: z.string(),
  share_referral_code: z.string(),
  my_telegram_chat_id: z.string(),
  my_debug_interface: z.boolean(),
  my_dev_interface: z.boolean(),
  my_clickbait: z.boolean(),
  my_email_summary: z.boolean(),
  my_email_alerts_daily: z.boolean(),
  my_instant_alerts: z.boolean(),
  /** E-mail me when someone replies to my comment. */
  my_email_replies: z.boolean(),
  is_admin: z.boolean(),
  is_email_validated: z.boolean(),
  /** Same as is_email_validated: the old client reads either name. */
  is_valid: z.boolean(),
  validation_status: z.enum(VALIDATION_STATUSES),
  /** Plan name (tier1_monthly …) or '' when not subscribed. */
  subscription: z.string(),
  subscription_status: z.string(),
  /** Epoch seconds. */
  creation_date: z.number(),
  last_access_date: z.number().nullable(),
  last_email_date: z.number().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** Text fields the owner may set through POST /user/set/{key}. */
export const USER_TEXT_KEYS = [
  'email',
  'first_name',
  'last_name',
  'company',
  'address',
  'city',
  'country',
  'postal_code',
  'about_me',
] as const;
/** Preference toggles the owner may set. */
export const USER_FLAG_KEYS = [
  'my_debug_interface',
  'my_dev_interface',
  'my_clickbait',
  'my_email_summary',
  'my_email_alerts_daily',
  'my_instant_alerts',
  'my_email_replies',
] as const;
export const USER_SETTABLE_KEYS = [...USER_TEXT_KEYS, ...USER_FLAG_KEYS] as const;
export type UserSettableKey = (typeof USER_SETTABLE_KEYS)[number];

/** Properties an admin may change for any user (spec §6 Admin). */
export const ADMIN_SETTABLE_KEYS = [
  'is_admin',
  'is_email_validated',
  'my_email_summary',
  'my_email_alerts_daily',
  'my_instant_alerts',
] as const;
export type AdminSettableKey = (typeof ADMIN_SETTABLE_KEYS)[number];

const email = z.email('must be a valid e-mail address').max(254);
const password = z
  .string()
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX);

/** Spec §3 Registration payload. */
export const registerRequestSchema = z.object({
  email,
  password,
  username: z
    .string()
    .trim()
    .min(USERNAME_MIN, `must be at least ${USERNAME_MIN} characters`)
    .max(40)
    .regex(/^[A-Za-z0-9._-]+$/, 'may contain only letters, digits, dots, dashes and underscores'),
  first_name: z.string().trim().min(1, 'is required').max(80),
  last_name: z.string().trim().min(1, 'is required').max(80),
  referral: z.string().trim().max(40).optional().default(''),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** `email` holds an e-mail address or a username (spec §2 Login). */
export const loginRequestSchema = z.object({
  email: z.string().trim().min(1, 'is required').max(254),
  password: z.string().min(1, 'is required').max(PASSWORD_MAX),
});

export const passwordRecoveryRequestSchema = z.object({ email: z.string().trim().min(1).max(254) });
export const setPasswordRequestSchema = z.object({ value: password });
export const setValueRequestSchema = z.object({
  value: z.union([z.string().max(2000), z.boolean()]),
});

/** Spec §3 Login/create response. */
export const sessionResponseSchema = successResponse({
  token: z.string(),
  current_user: userSchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const currentUserResponseSchema = successResponse({ current_user: userSchema });
export const tokenExchangeResponseSchema = successResponse({
  token: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export const messageResponseSchema = successResponse({ message: z.string() });

/**
 * Admin user lists (`/user/admin/get/ALL`, `/user/admin/validation_queue`): one page of users and
 * `total`, how many match (every list is paged: 50,000 accounts are never answered at once).
 */
export const adminUsersResponseSchema = successResponse({
  users: z.array(userSchema),
  total: z.number().int().optional(),
});
/** An account of the approval queue: what its row shows (the user list has the whole user). */
export const queueUserSchema = userSchema.pick({
  id: true,
  username: true,
  email: true,
  first_name: true,
  last_name: true,
  validation_status: true,
  creation_date: true,
});
export type QueueUser = z.infer<typeof queueUserSchema>;
/** GET /user/admin/validation_queue: a page of the accounts waiting, and how many wait. */
export const validationQueueResponseSchema = successResponse({
  users: z.array(queueUserSchema),
  total: z.number().int().optional(),
});

/** The largest page of an admin list. */
export const ADMIN_PAGE_MAX = 100;

/** `skip` and `limit` of a paged admin list (limit 1–100, default 50). */
export const adminPageQueryShape = {
  skip: z.coerce
    .number('skip must be a whole number.')
    .int('skip must be a whole number.')
    .min(0, 'skip must be 0 or more.')
    .max(1_000_000, 'skip must be at most 1,000,000.')
    .default(0),
  limit: z.coerce
    .number('limit must be a whole number.')
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(ADMIN_PAGE_MAX, `limit must be at most ${String(ADMIN_PAGE_MAX)}.`)
    .default(50),
};

/** GET /user/admin/get/ALL: a page, optionally of the users whose name, username or e-mail holds `q`. */
export const adminUsersQueryShape = {
  ...adminPageQueryShape,
  q: z.string().trim().max(100, 'The search is at most 100 characters.').default(''),
};
export const adminUpdateRequestSchema = z.object({
  username: z.string().min(1).max(40),
  key: z.enum(ADMIN_SETTABLE_KEYS),
  value: z.boolean(),
});

/** A mail of the outbox list: what its row shows; the text comes with the one mail opened. */
export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  /** Epoch seconds. */
  creation_date: z.number(),
  /** 'logged' (offline: kept here and in the log) or 'sent' (delivered over SMTP). */
  delivery: z.enum(['logged', 'sent', 'failed']),
});
export const outboxResponseSchema = successResponse({ messages: z.array(outboxMessageSchema) });
/** GET /user/admin/outbox/:id: one mail with its text. */
export const outboxMailSchema = outboxMessageSchema.extend({ text: z.string() });
export const outboxMailResponseSchema = successResponse({ message: outboxMailSchema });
