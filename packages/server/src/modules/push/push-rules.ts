import { PAGE_PATHS } from '@app/shared/app-routes';
import { PUSH_BODY_MAX, PUSH_TITLE_MAX, type PushNotification } from '@app/shared/api/push';

/** Where a notification without a page of its own leads. */
const FALLBACK_PATH = PAGE_PATHS.userProfile;

/** The longest user agent kept with a subscription (the column's bound). */
const USER_AGENT_MAX = 300;

/** Cuts `text` to `max` characters, marking the cut. */
function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/**
 * `url` as a path on our own site: a same-origin URL (or a path) keeps its path, query and
 * hash; anything else, or nothing, opens the profile (where the notifications are set). The service worker opens only paths.
 */
export function sameOriginPath(url: unknown, publicUrl: string): string {
  if (typeof url !== 'string' || url === '') return FALLBACK_PATH;
  const origin = new URL(publicUrl).origin;
  try {
    const parsed = new URL(url, origin);
    if (parsed.origin !== origin) return FALLBACK_PATH;
    return `${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return FALLBACK_PATH;
  }
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/**
 * The notification of one `push` delivery, from its payload: the instant alert's
 * (`title`, `line`, `url`) or any writer's `title`/`subject` and `body`/`line`/`text` with a `url`.
 */
export function notificationOf(payload: unknown, key: string, publicUrl: string): PushNotification {
  const p = (payload ?? {}) as Record<string, unknown>;
  const title = text(p.title) ?? text(p.subject) ?? 'StockPulse alert';
  const body = text(p.body) ?? text(p.line) ?? text(p.text) ?? '';
  return {
    title: clip(title, PUSH_TITLE_MAX),
    body: clip(body, PUSH_BODY_MAX),
    url: sameOriginPath(p.url, publicUrl),
    tag: key.slice(0, 200),
  };
}

/**
 * The user agent as stored: control characters and lone surrogates dropped (PostgreSQL text
 * cannot hold NUL), bounded; null when there is none.
 */
export function cleanUserAgent(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const clean = userAgent
    .toWellFormed()
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, USER_AGENT_MAX);
  return clean === '' ? null : clean;
}
