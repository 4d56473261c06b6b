import { z } from 'zod';
import { successResponse } from './envelope.ts';

/**
 * The public site: newsletter sign-up (spec §7 `/subscription/subscribe/email`),
 * the contact form (§7 `/contact/submit`), the site's contact details and the blog of weekly
 * market recaps. Texts of spec §8 live here so the web and the tests share them.
 */

export const SUBSCRIBE_SUCCESS_MESSAGE = 'Thank you for subscribing!';
export const SUBSCRIBE_FAILURE_MESSAGE = 'Sorry, there was an error. Please try again.';
export const SUBSCRIBING_LABEL = 'Subscribing...';
export const CONTACT_SUCCESS_MESSAGE = 'Your message has been sent successfully!';
export const CONTACT_FAILURE_MESSAGE =
  'There was a problem accessing the server, please try again later.';

const emailField = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(254, `${label} is too long.`)
    .pipe(z.email(`${label} must be a valid e-mail address.`))
    .transform((value) => value.toLowerCase());

/** Spec §5: the e-mail is required and of e-mail type. */
export const subscribeRequestSchema = z.object({ email: emailField('The Email') });
export type SubscribeRequest = z.input<typeof subscribeRequestSchema>;

/** The same answer whoever subscribes (no enumeration of subscribers). */
export const subscribeResponseSchema = successResponse({ message: z.string() });

export const confirmRequestSchema = z.object({
  token: z.string().regex(/^[0-9a-f]{64}$/, 'This confirmation link is invalid or has expired.'),
});
export const confirmResponseSchema = successResponse({ email: z.string() });

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/** Spec §5: name, subject and message required; e-mail valid and required. */
export const contactRequestSchema = z.object({
  name: requiredText('The Name', 120),
  email: emailField('The Email'),
  subject: requiredText('The Subject', 200),
  message: requiredText('The Message', 5_000),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const contactResponseSchema = successResponse({ message: z.string() });

/** Where the footer and the contact page point (CONTACT_EMAIL, CONTACT_PHONE, CONTACT_ADDRESS). */
export const siteContactSchema = z.object({
  email: z.string(),
  /** CONTACT_PRIVACY_EMAIL, or the contact e-mail when unset. */
  privacy_email: z.string(),
  /** CONTACT_LEGAL_EMAIL, or the contact e-mail when unset. */
  legal_email: z.string(),
  phone: z.string(),
  addresses: z.array(z.string()),
});
export type SiteContact = z.infer<typeof siteContactSchema>;
export const siteContactResponseSchema = successResponse({ contact: siteContactSchema });

export const newsletterSubscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['pending', 'confirmed', 'unsubscribed']),
  /** Epoch seconds. */
  created_at: z.number(),
  confirmed_at: z.number().nullable(),
  unsubscribed_at: z.number().nullable(),
});
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriberSchema>;
/** GET /subscription/admin/list?skip&limit: a page of subscribers, newest first, and the counts. */
export const newsletterAdminResponseSchema = successResponse({
  subscribers: z.array(newsletterSubscriberSchema),
  counts: z.object({ pending: z.number(), confirmed: z.number(), unsubscribed: z.number() }),
  /** Every subscriber (the sum of the counts). */
  total: z.number().int().optional(),
});

export const contactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  /** Epoch seconds. */
  created_at: z.number(),
  read: z.boolean(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
/** GET /contact/admin/inbox?skip&limit: a page of messages, newest first, the unread count and the total. */
export const contactInboxResponseSchema = successResponse({
  messages: z.array(contactMessageSchema),
  unread: z.number(),
  total: z.number().int().optional(),
});
export const contactMarkRequestSchema = z.object({ read: z.boolean() });
export const contactMarkResponseSchema = successResponse({ message: contactMessageSchema });

/** A weekly market recap written by the analyst (the blog). */
export const blogPostSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  /** The week the recap covers, `YYYY-MM-DD` (Monday) to `YYYY-MM-DD` (Friday). */
  week_start: z.string(),
  week_end: z.string(),
  /** Epoch seconds. */
  published_at: z.number(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;
export const blogPostSchema = blogPostSummarySchema.extend({
  /** Markdown. */
  body: z.string(),
  /** Ids of the articles the recap drew on. */
  citations: z.array(z.string()),
});
export type BlogPost = z.infer<typeof blogPostSchema>;
export const blogListResponseSchema = successResponse({ posts: z.array(blogPostSummarySchema) });
export const blogPostResponseSchema = successResponse({ post: blogPostSchema });
export const blogSlugSchema = z.string().regex(/^[a-z0-9-]{3,120}$/, 'Unknown blog post.');

/** The landing's trust figures, counted from this installation (GET /site/figures). */
export const siteFiguresSchema = z.object({
  /** Accounts that used the product in the last 30 days. */
  readers_30d: z.number().int().nonnegative(),
  /** Readable articles that carry the analyst's summary. */
  articles_analysed: z.number().int().nonnegative(),
  /** Companies with a profile page. */
  companies_covered: z.number().int().nonnegative(),
  /** Alerts and digests delivered by e-mail or Telegram. */
  alerts_sent: z.number().int().nonnegative(),
  /** When they were counted, epoch seconds (they are kept for up to ten minutes). */
  counted_at: z.number().int(),
  /** True when the installation runs on the generated demo data set (DEMO_MODE). */
  demo: z.boolean(),
});
export type SiteFigures = z.infer<typeof siteFiguresSchema>;
export const siteFiguresResponseSchema = successResponse({ figures: siteFiguresSchema });
