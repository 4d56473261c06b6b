import { z } from 'zod';
import { successResponse } from './envelope.ts';

/** Browser push (Web Push with VAPID): the subscriptions of a user's browsers. */

/** The longest push-service endpoint we store (real ones are 150–500 characters). */
export const PUSH_ENDPOINT_MAX = 1_000;
/** Browsers (devices) one user may subscribe; the oldest must go before another joins. */
export const PUSH_DEVICES_MAX = 20;
/** A notification's title and body as the service worker shows them. */
export const PUSH_TITLE_MAX = 120;
export const PUSH_BODY_MAX = 300;

/** Bytes of base64url text (padding allowed), or null when it is not base64url. */
export function base64UrlBytes(text: string): number | null {
  const bare = text.replace(/={0,2}$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(bare) || bare.length % 4 === 1) return null;
  return Math.floor((bare.length * 3) / 4);
}

/** Why `endpoint` is no push endpoint we send to, or null when it is one. */
export function pushEndpointProblem(endpoint: string): string | null {
  if (endpoint.length > PUSH_ENDPOINT_MAX)
    return `The endpoint is longer than ${String(PUSH_ENDPOINT_MAX)} characters.`;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The endpoint is not a URL.';
  }
  if (url.protocol !== 'https:') return 'The endpoint must be an https URL.';
  if (url.username !== '' || url.password !== '') return 'The endpoint must not carry a password.';
  // Push services are public hosts: a name, never an address or this machine (no requests from
  // our server to hosts a user picks on the inside).
  const host = url.hostname.toLowerCase();
  if (/^[\d.]+$/.test(host) || host.startsWith('['))
    return 'The endpoint must name its host, not an address.';
  if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.'))
    return 'The endpoint must be a push service on the internet.';
  return null;
}

export const pushSubscriptionKeysSchema = z.object({
  /** The browser's P-256 public key: 65 bytes, uncompressed. */
  p256dh: z
    .string()
    .max(100)
    .refine((key) => base64UrlBytes(key) === 65, {
      message: 'keys.p256dh must be a base64url P-256 public key (65 bytes).',
    }),
  /** The browser's 16-byte authentication secret. */
  auth: z
    .string()
    .max(30)
    .refine((key) => base64UrlBytes(key) === 16, {
      message: 'keys.auth must be a base64url secret of 16 bytes.',
    }),
});

/** POST /push/subscribe: what `PushSubscription.toJSON()` gives. */
export const pushSubscribeBodySchema = z.object({
  endpoint: z.string().superRefine((endpoint, ctx) => {
    const problem = pushEndpointProblem(endpoint);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  keys: pushSubscriptionKeysSchema,
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeBodySchema>;

/** One subscribed browser as its owner sees it (never its keys). */
export const pushDeviceSchema = z.object({
  id: z.string(),
  /** "Chrome on Linux", or "Unknown browser" when the user agent does not say. */
  label: z.string(),
  /** The push service's host (fcm.googleapis.com …). */
  service: z.string(),
  /** SHA-256 of the endpoint (base64url): a browser finds its own entry without the endpoint. */
  endpoint_hash: z.string(),
  /** Epoch seconds. */
  created_at: z.number(),
  /** Epoch seconds of the last notification the push service took, or null. */
  last_sent_at: z.number().nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

/** GET /push/key: the VAPID public key the browser subscribes with. */
export const pushKeyResponseSchema = successResponse({
  public_key: z.string(),
});

export const pushDevicesResponseSchema = successResponse({
  devices: z.array(pushDeviceSchema),
});
export type PushDevicesResponse = z.infer<typeof pushDevicesResponseSchema>;

export const pushSubscribeResponseSchema = successResponse({ device: pushDeviceSchema });

export const pushDeviceParamsSchema = z.object({ id: z.uuid('Not a device id.') });

/** POST /push/test: what became of the test notification on each device. */
export const pushTestResponseSchema = successResponse({
  sent: z.number().int(),
  removed: z.number().int(),
  failed: z.number().int(),
});

/** What the service worker receives and shows; `url` is a path on our own site. */
export const pushNotificationSchema = z.object({
  title: z.string().max(PUSH_TITLE_MAX),
  body: z.string().max(PUSH_BODY_MAX),
  url: z.string().startsWith('/'),
  tag: z.string().max(200).optional(),
});
export type PushNotification = z.infer<typeof pushNotificationSchema>;

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|Chromium|CriOS|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

/** A device's name from its user agent: "Chrome on Linux"; what it does not say stays unknown. */
export function deviceLabel(userAgent: string | null): string {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (!browser && !system) return 'Unknown browser';
  return `${browser ?? 'Unknown browser'} on ${system ?? 'an unknown system'}`;
}
