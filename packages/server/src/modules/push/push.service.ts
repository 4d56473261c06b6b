import { createHash } from 'node:crypto';
import type { Agent } from 'node:https';
import {
  deviceLabel,
  PUSH_DEVICES_MAX,
  type PushDevice,
  type PushNotification,
  type PushSubscribeBody,
} from '@app/shared/api/push';
import { PAGE_PATHS } from '@app/shared/app-routes';
import type { FastifyBaseLogger } from 'fastify';
import webpush, { WebPushError } from 'web-push';
import type { Clock } from '../../clock.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { RATE_RULES, type RateLimiter } from '../security/rate-limiter.ts';
import { cleanUserAgent, notificationOf } from './push-rules.ts';
import type { PushRepository, PushSubscriptionRow } from './push.repository.ts';

/** How long a push service keeps an undelivered notification (an alert is stale after a day). */
const TTL_SECONDS = 24 * 3600;
const SEND_TIMEOUT_MS = 10_000;

/** What became of one notification sent to each of a user's browsers. */
export type PushOutcome = {
  sent: number;
  /** Browsers the push service no longer knows (404/410): their subscriptions are removed. */
  removed: number;
  failed: number;
  /** The first failure's reason, when any browser failed (then the delivery is retried). */
  error?: string;
};

export type PushServiceDeps = {
  repository: PushRepository;
  limiter: RateLimiter;
  /** The environment's key pair; without it one is made once and kept in the database. */
  configured: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  clock: Clock;
  log: FastifyBaseLogger;
  /** The site's origin: a notification opens only pages of it. */
  publicUrl: string;
  /** The TLS agent for push services; tests trust their local push service through it. */
  agent?: Agent;
};

const toDevice = (row: PushSubscriptionRow): PushDevice => ({
  id: row.id,
  label: deviceLabel(row.user_agent),
  service: new URL(row.endpoint).host,
  endpoint_hash: createHash('sha256').update(row.endpoint).digest('base64url'),
  created_at: Math.floor(row.created_at.getTime() / 1000),
  last_sent_at: row.last_sent_at ? Math.floor(row.last_sent_at.getTime() / 1000) : null,
});

/**
 * Browser push through the `web-push` library (VAPID, aes128gcm): the server's key pair, the
 * subscriptions of each user's browsers, and sending a notification to all of them.
 */
export function createPushService(deps: PushServiceDeps) {
  const { repository, clock, log } = deps;
  let keys: Promise<{ publicKey: string; privateKey: string }> | undefined;

  /** The key pair: the environment's, else the stored one, else a new one stored once. */
  const vapidKeys = () =>
    (keys ??= (async () => {
      const { publicKey, privateKey } = deps.configured;
      if (publicKey && privateKey) return { publicKey, privateKey };
      const stored =
        (await repository.vapidKeys()) ??
        (await (async () => {
          const made = webpush.generateVAPIDKeys();
          return repository.keepVapidKeys(
            { public_key: made.publicKey, private_key: made.privateKey },
            clock.now(),
          );
        })());
      return { publicKey: stored.public_key, privateKey: stored.private_key };
    })().catch((error: unknown) => {
      keys = undefined;
      throw error;
    }));

  /** Sends one notification to one browser: 'sent', 'gone' (removed) or the failure's reason. */
  async function sendTo(
    row: PushSubscriptionRow,
    notification: PushNotification,
  ): Promise<'sent' | 'gone' | { error: string }> {
    const { publicKey, privateKey } = await vapidKeys();
    try {
      await webpush.sendNotification(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        JSON.stringify(notification),
        {
          vapidDetails: { subject: deps.configured.subject, publicKey, privateKey },
          TTL: TTL_SECONDS,
          urgency: 'high',
          timeout: SEND_TIMEOUT_MS,
          ...(deps.agent && { agent: deps.agent }),
        },
      );
      await repository.markSent(row.id, clock.now());
      return 'sent';
    } catch (error) {
      if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        await repository.removeGone(row.id);
        log.info({ subscription: row.id, status: error.statusCode }, 'push: subscription gone');
        return 'gone';
      }
      const reason =
        error instanceof WebPushError
          ? `the push service answered ${String(error.statusCode)}`
          : `the push service could not be reached: ${error instanceof Error ? error.message : String(error)}`;
      return { error: reason };
    }
  }

  async function sendToUser(userId: string, notification: PushNotification): Promise<PushOutcome> {
    const outcome: PushOutcome = { sent: 0, removed: 0, failed: 0 };
    const rows = await repository.listOf(userId);
    const results = await Promise.all(rows.map((row) => sendTo(row, notification)));
    for (const result of results) {
      if (result === 'sent') outcome.sent += 1;
      else if (result === 'gone') outcome.removed += 1;
      else {
        outcome.failed += 1;
        outcome.error ??= result.error;
      }
    }
    return outcome;
  }

  return {
    /** The VAPID public key browsers subscribe with (the private key never leaves the server). */
    publicKey: async (): Promise<string> => (await vapidKeys()).publicKey,

    /** The user's subscribed browsers, oldest first. */
    devices: async (userId: string): Promise<PushDevice[]> =>
      (await repository.listOf(userId)).map(toDevice),

    /**
     * Stores the browser's subscription for the user (the same browser subscribing again
     * replaces its keys); a user has at most PUSH_DEVICES_MAX browsers.
     */
    async subscribe(
      userId: string,
      body: PushSubscribeBody,
      userAgent: string | undefined,
    ): Promise<PushDevice> {
      await deps.limiter.hit(RATE_RULES.pushSubscribePerUser, userId);
      const owner = await repository.endpointOwner(body.endpoint);
      if (owner !== userId && (await repository.countOf(userId)) >= PUSH_DEVICES_MAX) {
        throw conflict(
          `You have ${String(PUSH_DEVICES_MAX)} browsers with notifications on: remove one first.`,
        );
      }
      const row = await repository.upsert({
        user_id: userId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        user_agent: cleanUserAgent(userAgent),
        created_at: clock.now(),
      });
      return toDevice(row);
    },

    /** Removes one of the user's browsers; a 404 when it is not theirs or not there. */
    async remove(userId: string, id: string): Promise<void> {
      if (!(await repository.removeOwn(userId, id))) {
        throw notFound('No such browser with notifications on.');
      }
    },

    /** A test notification to every browser of the user. */
    async sendTest(userId: string): Promise<PushOutcome> {
      await deps.limiter.hit(RATE_RULES.pushTestPerUser, userId);
      return sendToUser(userId, {
        title: 'StockPulse test notification',
        body: 'Browser notifications work: alerts you choose will arrive like this.',
        url: PAGE_PATHS.userProfile,
        tag: 'test',
      });
    },

    /** Sends `notification` to every browser of the user. */
    sendToUser,

    /**
     * Sends one `push` delivery of the outbox (its payload and key) to every browser of the user,
     * as a notification that opens a page of our site.
     */
    sendDelivery: (userId: string, payload: unknown, key: string): Promise<PushOutcome> =>
      sendToUser(userId, notificationOf(payload, key, deps.publicUrl)),

    /** Of `userIds`, those with at least one browser subscribed. */
    usersWithDevices: (userIds: readonly string[]) => repository.usersWithDevices(userIds),
  };
}

export type PushService = ReturnType<typeof createPushService>;
