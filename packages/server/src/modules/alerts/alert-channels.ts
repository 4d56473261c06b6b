import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Mailer, MailOutcome } from '../messaging/mailer.ts';
import type { UnsubscribeService } from '../unsubscribe/unsubscribe.service.ts';
import type { AlertsRepository } from './alerts.repository.ts';

/* What the outbox's sender sends through: each channel's sender and the payload of a rule's alert. */

/** The address of the public channel's rows (defcon-1 alerts published once per story). */
export const PUBLIC_CHANNEL = 'telegram:public-channel';

export type TelegramSender = (
  userId: string,
  text: string,
) => Promise<'sent' | 'not-linked' | 'disabled'>;

/** The payload of a rule's alert (`alert-rules/alert-rule-text.ts` writes it). */
export type RuleAlertPayload = {
  subject: string;
  text: string;
  /** The quote or the article, an absolute URL. */
  url: string;
  rule_id: string;
  symbol: string | null;
  article_id: string | null;
};

/**
 * Sends one `push` delivery (its payload and key) to every browser of the user: how many took
 * it, how many were gone (and removed), how many failed and why.
 */
export type PushSender = (
  userId: string,
  payload: unknown,
  key: string,
) => Promise<{ sent: number; removed: number; failed: number; error?: string }>;

export type AlertSenderDeps = {
  repository: AlertsRepository;
  mailer: Mailer;
  /** The one-click unsubscribe link each mail carries. */
  unsubscribe: Pick<UnsubscribeService, 'link'>;
  sendTelegram: TelegramSender;
  /** Browser push; absent: push deliveries are skipped. */
  sendPush?: PushSender;
  /** Posts to the public channel (defcon-1 alerts); absent: no channel. */
  publishTelegram?: (kind: 'alert' | 'brief', text: string) => Promise<void>;
  insights: {
    send: (
      subscriber: { id: string; email: string },
      subject: string,
      text: string,
    ) => Promise<MailOutcome>;
  };
  clock: Clock;
  log: FastifyBaseLogger;
  publicUrl: string;
};
