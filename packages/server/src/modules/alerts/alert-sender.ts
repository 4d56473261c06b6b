import type { MailOutcome } from '../messaging/mailer.ts';
import {
  alertMessage,
  renderAlertMail,
  renderDigestMail,
  type DigestPayload,
  type InstantPayload,
} from './alert-mail.ts';
import { MAX_ATTEMPTS, retryAt, settingsWithDefaults } from './alert-rules.ts';
import type { ClaimedDelivery } from './alerts.repository.ts';
import { PUBLIC_CHANNEL, type AlertSenderDeps, type RuleAlertPayload } from './alert-channels.ts';

/** Deliveries claimed per round, and sent in parallel within one. */
const CLAIM_BATCH = 100;
const SEND_PARALLEL = 16;
/** A claimed delivery whose worker died is due again after this long. */
const LEASE_MS = 5 * 60_000;
const HOUR_MS = 3_600_000;
/**
 * Sending the outbox: claims due deliveries, sends each by its channel (mail with its
 * one-click unsubscribe link, Telegram, browser push, the public channel, the newsletter's
 * insights), keeps the
 * hourly cap, and retries with backoff.
 */
export function createAlertSender(deps: AlertSenderDeps) {
  const { repository, mailer, clock, log, publicUrl } = deps;

  /**
   * A mail the SMTP server refused: failed for good on a permanent (5xx) refusal, else thrown so
   * the row is retried with backoff.
   */
  async function refused(row: ClaimedDelivery, outcome: MailOutcome): Promise<'failed'> {
    const reason = `the SMTP server refused the mail: ${outcome.error ?? 'no reason given'}`;
    if (!outcome.permanent) throw new Error(reason);
    await repository.finish(row.id, 'failed', reason);
    log.warn({ delivery: row.id, reason }, 'alerts: mail refused for good');
    return 'failed';
  }

  /**
   * What the rows of one recipient within a claimed batch share, read once for the chain: the
   * hourly cap and the instant alerts already sent this hour per channel (counted on as the
   * chain sends, in order).
   */
  type Chain = { cap?: number; sent: Map<string, number> };

  /** Counts a capped delivery sent on its channel (the chain's later rows see it). */
  const counted = (row: ClaimedDelivery, chain: Chain) =>
    chain.sent.set(row.channel, (chain.sent.get(row.channel) ?? 0) + 1);

  /** Sends `text` by Telegram; a user without a linked chat (or with it off) is skipped. */
  async function viaTelegram(
    row: ClaimedDelivery,
    userId: string,
    text: string,
    now: Date,
  ): Promise<'sent' | 'skipped'> {
    const answer = await deps.sendTelegram(userId, text);
    if (answer !== 'sent') {
      await repository.finish(
        row.id,
        'skipped',
        answer === 'disabled' ? 'Telegram is off' : 'Telegram is not linked',
      );
      return 'skipped';
    }
    await repository.markSent(row.id, now, null);
    return 'sent';
  }

  /**
   * Sends `payload` to the user's browsers. One browser that took it is a delivery (a retry
   * would show it there twice); none with notifications on is skipped; a push service that
   * failed them all is retried.
   */
  async function viaPush(
    row: ClaimedDelivery,
    userId: string,
    payload: unknown,
    now: Date,
  ): Promise<'sent' | 'skipped'> {
    if (!deps.sendPush) {
      await repository.finish(row.id, 'skipped', 'browser push is off');
      return 'skipped';
    }
    const outcome = await deps.sendPush(userId, payload, row.key);
    if (outcome.sent > 0) {
      await repository.markSent(row.id, now, null);
      return 'sent';
    }
    if (outcome.failed > 0) throw new Error(outcome.error ?? 'the push service failed');
    await repository.finish(row.id, 'skipped', 'no browser with notifications on');
    return 'skipped';
  }

  /** Sends one claimed delivery; answers what became of it. */
  async function deliver(
    row: ClaimedDelivery,
    chain: Chain,
  ): Promise<'sent' | 'skipped' | 'failed'> {
    const now = clock.now();
    if (row.kind === 'insights') {
      const payload = row.payload as { subject: string; text: string };
      const outcome = await deps.insights.send(
        { id: row.key.split(':')[1] ?? '', email: row.address ?? '' },
        payload.subject,
        payload.text,
      );
      if (outcome.delivery === 'failed') return refused(row, outcome);
      await repository.markSent(row.id, now, null);
      return 'sent';
    }
    if (row.address === PUBLIC_CHANNEL) {
      if (!deps.publishTelegram) {
        await repository.finish(row.id, 'skipped', 'no public channel');
        return 'skipped';
      }
      await deps.publishTelegram('alert', alertMessage(row.payload as InstantPayload));
      await repository.markSent(row.id, now, null);
      return 'sent';
    }
    const userId = row.user_id ?? '';
    // The in-app row is the alert itself (the bell and the live event): nothing to send.
    if (row.channel === 'in_app') {
      await repository.markSent(row.id, now, null);
      return 'sent';
    }
    const capped = row.kind === 'instant' || row.kind === 'rule';
    if (capped) {
      if (chain.cap === undefined) {
        const user = await repository.userById(userId);
        chain.cap = settingsWithDefaults(
          user ?? { time_zone: null, quiet_start: null, quiet_end: null, hourly_cap: null },
        ).hourly_cap;
      }
      let sent = chain.sent.get(row.channel);
      if (sent === undefined) {
        sent = await repository.sentSince(userId, row.channel, new Date(now.getTime() - HOUR_MS));
        chain.sent.set(row.channel, sent);
      }
      if (sent >= chain.cap) {
        await repository.finish(
          row.id,
          'skipped',
          `over the hourly cap of ${String(chain.cap)} alerts`,
        );
        return 'skipped';
      }
    }
    if (row.kind === 'rule') return deliverRule(row, chain, userId, now);
    if (row.channel === 'telegram') {
      const text =
        row.kind === 'instant'
          ? alertMessage(row.payload as InstantPayload)
          : (row.payload as DigestPayload).body;
      const result = await viaTelegram(row, userId, text, now);
      if (result === 'sent' && capped) counted(row, chain);
      return result;
    }
    if (row.channel === 'push') {
      const result = await viaPush(row, userId, row.payload, now);
      if (result === 'sent' && row.kind === 'instant') counted(row, chain);
      return result;
    }
    if (!row.email) {
      await repository.finish(row.id, 'skipped', 'no e-mail address');
      return 'skipped';
    }
    const link = await deps.unsubscribe.link({ kind: row.kind, userId });
    const mail =
      row.kind === 'instant'
        ? await renderAlertMail(row.payload as InstantPayload, link.url)
        : await renderDigestMail(row.payload as DigestPayload, row.kind, link.url);
    const outcome = await mailer.deliver({
      to: row.email,
      userId,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: link.headers,
      secrets: [link.token],
    });
    if (outcome.delivery === 'failed') return refused(row, outcome);
    await repository.markSent(row.id, clock.now(), userId);
    if (capped) counted(row, chain);
    return 'sent';
  }

  /** A rule's alert on e-mail, Telegram or browser push (the hourly cap was kept). */
  async function deliverRule(
    row: ClaimedDelivery,
    chain: Chain,
    userId: string,
    now: Date,
  ): Promise<'sent' | 'skipped' | 'failed'> {
    const alert = row.payload as RuleAlertPayload;
    if (row.channel === 'push' || row.channel === 'telegram') {
      const result =
        row.channel === 'push'
          ? await viaPush(row, userId, alert, now)
          : await viaTelegram(row, userId, `🔔 ${alert.text}\n${alert.url}`, now);
      if (result === 'sent') counted(row, chain);
      return result;
    }
    if (!row.email) {
      await repository.finish(row.id, 'skipped', 'no e-mail address');
      return 'skipped';
    }
    // The link stops this rule's e-mails only; the user's other alerts are unchanged.
    const link = alert.rule_id
      ? await deps.unsubscribe.link({ kind: 'rule', userId, ruleId: alert.rule_id })
      : null;
    const outcome = await mailer.deliver({
      to: row.email,
      userId,
      subject: alert.subject,
      text: `${alert.text}\n\n${alert.url}\n\nYour alert rules: ${publicUrl}/pages/alerts (pause or delete them there).${link ? `\nStop the e-mails of this rule: ${link.url}` : ''}`,
      ...(link && { headers: link.headers, secrets: [link.token] }),
    });
    if (outcome.delivery === 'failed') return refused(row, outcome);
    await repository.markSent(row.id, clock.now(), userId);
    counted(row, chain);
    return 'sent';
  }

  async function settle(row: ClaimedDelivery, chain: Chain) {
    try {
      return await deliver(row, chain);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (row.attempts >= MAX_ATTEMPTS) {
        await repository.finish(row.id, 'failed', reason);
        log.warn({ err: error, delivery: row.id }, 'alerts: delivery failed for good');
      } else {
        await repository.retryLater(row.id, reason, retryAt(clock.now(), row.attempts));
      }
      return 'retry' as const;
    }
  }

  return {
    /** Sends every due delivery, a batch at a time; one failing never holds up the others. */
    async sendDue(): Promise<Record<'sent' | 'skipped' | 'failed' | 'retry', number>> {
      const counts = { sent: 0, skipped: 0, failed: 0, retry: 0 };
      for (;;) {
        const now = clock.now();
        const batch = await repository.claim(now, new Date(now.getTime() - LEASE_MS), CLAIM_BATCH);
        // Recipients in parallel, each recipient's rows in order (so the hourly cap counts the
        // ones just sent).
        const byRecipient = new Map<string, ClaimedDelivery[]>();
        for (const row of batch) {
          const recipient = row.user_id ?? row.address ?? row.id;
          byRecipient.set(recipient, [...(byRecipient.get(recipient) ?? []), row]);
        }
        const chains = [...byRecipient.values()];
        for (let i = 0; i < chains.length; i += SEND_PARALLEL) {
          await Promise.all(
            chains.slice(i, i + SEND_PARALLEL).map(async (rows) => {
              const chain: Chain = { sent: new Map() };
              for (const row of rows) counts[await settle(row, chain)] += 1;
            }),
          );
        }
        if (batch.length < CLAIM_BATCH) return counts;
      }
    },
  };
}
