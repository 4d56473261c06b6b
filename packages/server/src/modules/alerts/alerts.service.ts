import type { AlertSettings, AlertSettingsUpdate, DeliveryStatus } from '@app/shared/api/alerts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import { badRequest } from '../../http/errors.ts';
import type { JobSender } from '../../jobs/job-catalog.ts';
import type { Mailer, MailOutcome } from '../messaging/mailer.ts';
import { hashToken, newToken } from '../security/secrets.ts';
import { recentValue } from '../site/recent-value.ts';
import {
  alertMessage,
  renderAlertMail,
  renderDigestMail,
  type DigestPayload,
  type InstantPayload,
} from './alert-mail.ts';
import {
  alertPlanOf,
  duePeriod,
  MAX_ATTEMPTS,
  movePct,
  releaseTime,
  retryAt,
  settingsWithDefaults,
} from './alert-rules.ts';
import type {
  AlertArticleRow,
  AlertsRepository,
  AlertUserRow,
  ClaimedDelivery,
  DeliveryInsert,
} from './alerts.repository.ts';
import type { DigestWriter } from './digest-writer.ts';

/** Articles read per fan-out run. */
const FAN_OUT_LIMIT = 5_000;
/** Deliveries claimed per round, and sent in parallel within one. */
const CLAIM_BATCH = 100;
const SEND_PARALLEL = 16;
/** A claimed delivery whose worker died is due again after this long. */
const LEASE_MS = 5 * 60_000;
const HOUR_MS = 3_600_000;
/** How old the admin view's delivery counts may be. */
const DELIVERY_COUNTS_TTL_MS = 5_000;
/** How long the unsubscribe link of a mail works. */
const UNSUBSCRIBE_TTL_MS = 400 * 86_400_000;
/** The address of the public channel's rows (defcon-1 alerts published once per story). */
export const PUBLIC_CHANNEL = 'telegram:public-channel';

export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is invalid or has expired.';

export type TelegramSender = (
  userId: string,
  text: string,
) => Promise<'sent' | 'not-linked' | 'disabled'>;

const FLAG_OF_KIND = {
  instant: 'my_instant_alerts',
  daily: 'my_email_alerts_daily',
  weekly: 'my_email_summary',
} as const;

/** Alerts, digests and the weekly insights (issue 16): written to the outbox, then sent. */
export function createAlertsService(deps: {
  repository: AlertsRepository;
  mailer: Mailer;
  sendTelegram: TelegramSender;
  /** Posts to the public channel (defcon-1 alerts); absent: no channel. */
  publishTelegram?: (kind: 'alert' | 'brief', text: string) => Promise<void>;
  /** The listings the user holds (in any portfolio) and watches (on any watchlist). */
  heldSymbols: (userId: string) => Promise<string[]>;
  watchedSymbols: (userId: string) => Promise<string[]>;
  /** The listing's last close on or before `day` and its latest price; nulls when unknown. */
  prices: (symbol: string, day: Date) => Promise<{ then: number | null; now: number | null }>;
  digests: DigestWriter;
  insights: {
    latestRecap: () => Promise<{ slug: string; title: string; body: string } | undefined>;
    subscribers: () => Promise<{ id: string; email: string }[]>;
    send: (
      subscriber: { id: string; email: string },
      subject: string,
      text: string,
    ) => Promise<MailOutcome>;
  };
  setFlag: (
    userId: string,
    key: (typeof FLAG_OF_KIND)[keyof typeof FLAG_OF_KIND],
    value: boolean,
  ) => Promise<unknown>;
  jobs: JobSender;
  clock: Clock;
  log: FastifyBaseLogger;
  publicUrl: string;
}) {
  const { repository, mailer, clock, log, publicUrl } = deps;
  const articleUrl = (id: string) => `${publicUrl}/news/view?id=${id}`;
  // The admin view's counts scan every delivery (100,000 rows: ~100× the page's cost): read at
  // most once per DELIVERY_COUNTS_TTL_MS per process, the page itself every call.
  const deliveryCounts = recentValue(DELIVERY_COUNTS_TTL_MS, () => repository.deliveryCounts());

  const wakeSender = () => deps.jobs.enqueue('alerts.send', {}, { singletonKey: 'after-write' });

  async function instantPayload(
    article: AlertArticleRow,
    symbols: string[],
  ): Promise<InstantPayload> {
    const moves = await Promise.all(
      symbols.slice(0, 3).map(async (symbol) => {
        try {
          const { then, now } = await deps.prices(symbol, article.published_at);
          return { symbol, pct: movePct(then, now) };
        } catch (error) {
          log.warn({ err: error, symbol }, 'alerts: no price move');
          return { symbol, pct: null };
        }
      }),
    );
    return {
      subject: `Alert: ${article.title}`.slice(0, 200),
      article_id: article.id,
      title: article.title,
      line: article.no_bullshit ?? '',
      sentiment: article.sentiment ?? 'neutral',
      sentiment_score: article.sentiment_score,
      defcon_level: article.defcon_level,
      moves,
      url: articleUrl(article.id),
      stored_at: article.stored_at.getTime(),
    };
  }

  /** A one-click unsubscribe link of one mail and the headers that offer it (RFC 8058). */
  async function unsubscribeLink(userId: string, kind: 'instant' | 'daily' | 'weekly') {
    const token = newToken();
    await repository.addUnsubscribeToken(hashToken(token), userId, kind, clock.now());
    const url = `${publicUrl}/api/alerts/unsubscribe?token=${token}`;
    return {
      token,
      url,
      headers: {
        'List-Unsubscribe': `<${url}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }

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
    if (row.kind === 'instant') {
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
    if (row.channel === 'telegram') {
      const text =
        row.kind === 'instant'
          ? alertMessage(row.payload as InstantPayload)
          : (row.payload as DigestPayload).body;
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
      if (row.kind === 'instant')
        chain.sent.set(row.channel, (chain.sent.get(row.channel) ?? 0) + 1);
      return 'sent';
    }
    if (!row.email) {
      await repository.finish(row.id, 'skipped', 'no e-mail address');
      return 'skipped';
    }
    const link = await unsubscribeLink(userId, row.kind);
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
    if (row.kind === 'instant') chain.sent.set(row.channel, (chain.sent.get(row.channel) ?? 0) + 1);
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

  async function userSymbols(userId: string): Promise<Set<string>> {
    const [held, watched] = await Promise.all([
      deps.heldSymbols(userId),
      deps.watchedSymbols(userId),
    ]);
    return new Set([...held, ...watched]);
  }

  const plan = (user: AlertUserRow, now: Date) => alertPlanOf(user, now);

  /** The user and kind an unsubscribe token stands for, if it is valid. */
  async function unsubscribeTarget(token: string) {
    if (!/^[0-9a-f]{64}$/.test(token)) return undefined;
    const since = new Date(clock.now().getTime() - UNSUBSCRIBE_TTL_MS);
    return repository.unsubscribeToken(hashToken(token), since);
  }

  return {
    /**
     * Instant alerts for the articles analysed since `since` with defcon 1 or 2: one delivery per
     * story, recipient and channel (the unique key makes re-analysis and a second worker no-ops),
     * to the users entitled to instant alerts who hold or watch a linked listing.
     */
    async fanOut(since: Date, until?: Date): Promise<{ articles: number; written: number }> {
      const articles = await repository.alertableArticles(since, until, FAN_OUT_LIMIT);
      if (articles.length === 0) return { articles: 0, written: 0 };
      const now = clock.now();
      const recipients = await Promise.all(
        (await repository.instantSubscribers())
          .filter((user) => plan(user, now).instant)
          .map(async (user) => ({
            user,
            settings: settingsWithDefaults(user),
            symbols: await userSymbols(user.id),
          })),
      );
      const rows: DeliveryInsert[] = [];
      for (const article of articles) {
        const audience = recipients.filter((r) => article.tickers.some((t) => r.symbols.has(t)));
        const toChannel = article.defcon_level === 1 && deps.publishTelegram !== undefined;
        if (audience.length === 0 && !toChannel) continue;
        const payload = await instantPayload(article, article.tickers);
        const base = { kind: 'instant' as const, key: article.story_key, payload, created_at: now };
        for (const { user, settings } of audience) {
          const due_at = releaseTime(now, settings);
          rows.push({ ...base, user_id: user.id, address: null, channel: 'email', due_at });
          if (user.my_telegram_chat_id !== '') {
            rows.push({ ...base, user_id: user.id, address: null, channel: 'telegram', due_at });
          }
        }
        if (toChannel) {
          rows.push({
            ...base,
            user_id: null,
            address: PUBLIC_CHANNEL,
            channel: 'telegram',
            due_at: now,
          });
        }
      }
      const written = await repository.insertDeliveries(rows);
      if (written > 0) await wakeSender();
      return { articles: articles.length, written };
    },

    /**
     * The daily and weekly digests due now in each user's time zone, one per period (the unique
     * key); a user whose plan lacks a digest gets none.
     */
    async writeDigests(): Promise<{ written: number }> {
      const now = clock.now();
      let written = 0;
      for (const user of await repository.digestSubscribers()) {
        const entitled = plan(user, now);
        const settings = settingsWithDefaults(user);
        const kinds = [
          ...(user.my_email_alerts_daily && entitled.daily ? (['daily'] as const) : []),
          ...(user.my_email_summary && entitled.weekly ? (['weekly'] as const) : []),
        ];
        for (const kind of kinds) {
          const period = duePeriod(kind, now, settings.time_zone);
          if (!period || (await repository.exists(user.id, 'email', kind, period.key))) continue;
          try {
            const digest = await deps.digests.write(user, kind, period);
            written += await repository.insertDeliveries([
              {
                user_id: user.id,
                address: null,
                channel: 'email',
                kind,
                key: period.key,
                payload: digest ?? { subject: '', period: period.key },
                ...(digest === null && {
                  status: 'skipped' as const,
                  last_error: 'no news of the period',
                }),
                created_at: now,
                due_at: now,
              },
            ]);
          } catch (error) {
            log.warn({ err: error, userId: user.id, kind }, 'alerts: digest not written');
          }
        }
      }
      if (written > 0) await wakeSender();
      return { written };
    },

    /** The latest weekly recap of the blog to every confirmed newsletter subscriber, once each. */
    async writeInsights(): Promise<{ written: number }> {
      const recap = await deps.insights.latestRecap();
      if (!recap) return { written: 0 };
      const now = clock.now();
      const subject = `StockPulse weekly market insights: ${recap.title}`.slice(0, 200);
      const text = `${recap.title}\n\n${recap.body}\n\nRead it on the site: ${publicUrl}/blog/${recap.slug}`;
      const rows = (await deps.insights.subscribers()).map((subscriber) => ({
        user_id: null,
        address: subscriber.email,
        channel: 'email' as const,
        kind: 'insights' as const,
        key: `${recap.slug}:${subscriber.id}`,
        payload: { subject, text },
        created_at: now,
        due_at: now,
      }));
      const written = await repository.insertDeliveries(rows);
      if (written > 0) await wakeSender();
      return { written };
    },

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

    async settings(userId: string) {
      const user = await repository.userById(userId);
      if (!user) throw badRequest('This account no longer exists.');
      return { settings: settingsWithDefaults(user), entitlements: plan(user, clock.now()) };
    },

    async saveSettings(userId: string, update: AlertSettingsUpdate) {
      const user = await repository.userById(userId);
      if (!user) throw badRequest('This account no longer exists.');
      const next: AlertSettings = { ...settingsWithDefaults(user), ...update };
      await repository.saveSettings(userId, next, clock.now());
      return { settings: next, entitlements: plan(user, clock.now()) };
    },

    /** The latest deliveries (read every call) and the counts per status (at most 5 s old). */
    async adminList(status: DeliveryStatus | undefined, limit: number) {
      const [rows, counts] = await Promise.all([
        repository.adminList(status, limit),
        deliveryCounts.get(),
      ]);
      const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
      const all = { pending: 0, sending: 0, sent: 0, failed: 0, skipped: 0 };
      for (const row of counts) all[row.status] = Number(row.n);
      return {
        counts: all,
        deliveries: rows.map((row) => ({
          ...row,
          created_at: seconds(row.created_at),
          due_at: seconds(row.due_at),
          sent_at: row.sent_at ? seconds(row.sent_at) : null,
        })),
      };
    },

    unsubscribeTarget,

    /** One-click unsubscribe from one kind of mail (repeating it changes nothing). */
    async unsubscribe(token: string) {
      const target = await unsubscribeTarget(token);
      if (!target) throw badRequest(UNSUBSCRIBE_INVALID);
      await deps.setFlag(target.user_id, FLAG_OF_KIND[target.kind], false);
      return target;
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
