import { DELIVERY_CHANNELS, type DeliveryChannel } from '@app/shared/api/alerts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { JobSender } from '../../jobs/job-catalog.ts';
import type { InstantPayload } from './alert-mail.ts';
import {
  alertPlanOf,
  duePeriod,
  movePct,
  releaseTime,
  settingsWithDefaults,
} from './alert-rules.ts';
import { PUBLIC_CHANNEL } from './alert-channels.ts';
import type { AlertArticleRow, AlertsRepository, DeliveryInsert } from './alerts.repository.ts';
import type { DigestWriter } from './digest-writer.ts';

const isDeliveryChannel = (value: string): value is DeliveryChannel =>
  (DELIVERY_CHANNELS as readonly string[]).includes(value);

/** Articles read per fan-out run. */
const FAN_OUT_LIMIT = 5_000;

export type AlertWriterDeps = {
  repository: AlertsRepository;
  /** Whether a public channel takes defcon-1 alerts. */
  publishTelegram?: unknown;
  /** The listings the user holds (in any portfolio) and watches (on any watchlist). */
  heldSymbols: (userId: string) => Promise<string[]>;
  watchedSymbols: (userId: string) => Promise<string[]>;
  /** Of these users, those with a browser that takes notifications; absent: no push channel. */
  pushRecipients?: (userIds: readonly string[]) => Promise<Set<string>>;
  /** The listing's last close on or before `day` and its latest price; nulls when unknown. */
  prices: (symbol: string, day: Date) => Promise<{ then: number | null; now: number | null }>;
  digests: DigestWriter;
  insights: {
    latestRecap: () => Promise<{ slug: string; title: string; body: string } | undefined>;
    subscribers: () => Promise<{ id: string; email: string }[]>;
  };
  jobs: JobSender;
  clock: Clock;
  log: FastifyBaseLogger;
  publicUrl: string;
};

/**
 * Writing the outbox: instant alerts by fan-out, the daily and weekly digests, the
 * weekly insights; each row once (the unique key), then the sender is woken.
 */
export function createAlertWriters(deps: AlertWriterDeps) {
  const { repository, clock, log, publicUrl } = deps;
  const articleUrl = (id: string) => `${publicUrl}/news/view?id=${id}`;
  const wakeSender = () => deps.jobs.enqueue('alerts.send', {}, { singletonKey: 'after-write' });
  const plan = alertPlanOf;

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

  async function userSymbols(userId: string): Promise<Set<string>> {
    const [held, watched] = await Promise.all([
      deps.heldSymbols(userId),
      deps.watchedSymbols(userId),
    ]);
    return new Set([...held, ...watched]);
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
      const withPush =
        deps.pushRecipients && recipients.length > 0
          ? await deps.pushRecipients(recipients.map((r) => r.user.id))
          : new Set<string>();
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
          if (withPush.has(user.id)) {
            rows.push({ ...base, user_id: user.id, address: null, channel: 'push', due_at });
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

    /**
     * When the alerts of users' own rules (`alert-rules`) may go out on channels other than the
     * app: the end of each user's quiet hours at `now` (in the app they show at once). The
     * recipients' settings are read at once; the rules' firing writes the outbox rows itself, in
     * its own statement.
     */
    async ruleAlertReleases(userIds: readonly string[], now: Date): Promise<Map<string, Date>> {
      const users = [...new Set(userIds)];
      const saved = new Map(
        (await repository.settingsOfMany(users)).map((row) => [row.user_id, row]),
      );
      const none = { time_zone: null, quiet_start: null, quiet_end: null, hourly_cap: null };
      return new Map(
        users.map((userId) => [
          userId,
          releaseTime(now, settingsWithDefaults(saved.get(userId) ?? none)),
        ]),
      );
    },

    /** Rule alerts a firing added to the outbox (a row each): announced, then the sender woken. */
    async ruleAlertsWritten(added: readonly { user_id: string; channel: string }[]) {
      if (added.length === 0) return;
      await repository.announceAdded(
        added.flatMap((row) =>
          isDeliveryChannel(row.channel)
            ? [{ user_id: row.user_id, kind: 'rule' as const, channel: row.channel, payload: null }]
            : [],
        ),
      );
      await wakeSender();
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
  };
}
