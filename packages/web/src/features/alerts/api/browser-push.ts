import { pushSubscribeBodySchema, type PushDevice } from '@app/shared/api/push';
import { activeServiceWorker } from '../../../lib/service-worker';
import { fetchPushKey, postPushSubscription } from './push-devices';

/**
 * Where this browser stands with notifications: it cannot show them, the user blocked them,
 * the app has no service worker (the dev server, or registration failed), or it can.
 */
export type PushSupport = 'unsupported' | 'denied' | 'no-worker' | 'available';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** SHA-256 of an endpoint, base64url: how the server names a browser's entry (`endpoint_hash`). */
export async function endpointHash(endpoint: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint)),
  );
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** This browser's state, and its subscription's endpoint (and its hash) when it has one. */
export async function browserPushState(): Promise<{
  support: PushSupport;
  endpoint?: string;
  hash?: string;
}> {
  if (!pushSupported()) return { support: 'unsupported' };
  if (Notification.permission === 'denied') return { support: 'denied' };
  const registration = await activeServiceWorker();
  if (!registration) return { support: 'no-worker' };
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) return { support: 'available' };
  return {
    support: 'available',
    endpoint: subscription.endpoint,
    hash: await endpointHash(subscription.endpoint),
  };
}

/** The VAPID key as the bytes `pushManager.subscribe` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** How long the browser's push service may take to subscribe us. */
const SUBSCRIBE_TIMEOUT_MS = 30_000;

/** Why turning notifications on failed, in words a user can act on. */
export class PushEnableError extends Error {}

/**
 * Asks for permission, subscribes this browser with the server's key and stores the
 * subscription; a subscription made with another key (the server's key changed) is replaced.
 */
export async function enableBrowserPush(): Promise<PushDevice> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushEnableError(
      permission === 'denied'
        ? 'Notifications are blocked for this site. Allow them in your browser’s site settings.'
        : 'Notifications were not allowed.',
    );
  }
  const registration = await activeServiceWorker();
  if (!registration) throw new PushEnableError('The app’s service worker is not running.');
  const key = await fetchPushKey();
  const applicationServerKey = keyBytes(key);
  let subscription = await registration.pushManager.getSubscription();
  const sameKey = (() => {
    const current = subscription?.options.applicationServerKey;
    if (!current) return false;
    const bytes = new Uint8Array(current);
    return (
      bytes.length === applicationServerKey.length &&
      bytes.every((b, i) => b === applicationServerKey[i])
    );
  })();
  if (subscription && !sameKey) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await Promise.race([
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }),
      // The browser asks its push service; unreachable, it may never answer.
      new Promise<never>((_resolve, reject) =>
        setTimeout(
          () => reject(new Error('its push service did not answer')),
          SUBSCRIBE_TIMEOUT_MS,
        ),
      ),
    ]);
  } catch (error) {
    // Chrome refuses in private windows, and fails when its push service is out of reach.
    throw new PushEnableError(
      `This browser could not turn notifications on (${error instanceof Error ? error.message : String(error)}). Private windows cannot get them; otherwise try again later.`,
    );
  }
  const body = pushSubscribeBodySchema.safeParse(subscription.toJSON());
  if (!body.success) {
    throw new PushEnableError(
      `Your browser’s push service gave a subscription we cannot use: ${body.error.issues[0]?.message ?? 'invalid'}`,
    );
  }
  return postPushSubscription(body.data);
}

/** Ends this browser's own subscription (after the server forgot it). */
export async function unsubscribeThisBrowser(endpoint: string): Promise<void> {
  const registration = await activeServiceWorker();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription?.endpoint === endpoint) await subscription.unsubscribe();
}
