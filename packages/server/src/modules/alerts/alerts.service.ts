import type { AlertSettings, AlertSettingsUpdate } from '@app/shared/api/alerts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { PageNotices } from '../../cache/page-notices.ts';
import type { SubscriptionFacts } from '../billing/plans.ts';
import type { AlertMailOwner } from '../unsubscribe/unsubscribe.service.ts';
import type { InstantPayload } from './alert-mail.ts';
import { alertPlanOf, settingsWithDefaults } from './alert-rules.ts';
import type { AlertInboxCache } from './alert-inbox-cache.ts';
import type { AlertSettingsCache } from './alert-settings-cache.ts';
import type { AlertSenderDeps } from './alert-channels.ts';
import { createAlertSender } from './alert-sender.ts';
import { createAlertWriters, type AlertWriterDeps } from './alert-writers.ts';
import { createDeliveriesAdmin } from './deliveries-admin.ts';

export { PUBLIC_CHANNEL, type TelegramSender } from './alert-channels.ts';

export const ALERT_NOT_FOUND = 'No such alert of yours.';

const FLAG_OF_KIND = {
  instant: 'my_instant_alerts',
  daily: 'my_email_alerts_daily',
  weekly: 'my_email_summary',
} as const;

export type AlertsServiceDeps = AlertSenderDeps &
  AlertWriterDeps & {
    insights: AlertSenderDeps['insights'] & AlertWriterDeps['insights'];
    setFlag: (
      userId: string,
      key: (typeof FLAG_OF_KIND)[keyof typeof FLAG_OF_KIND],
      value: boolean,
    ) => Promise<unknown>;
    /**
     * Stops the e-mails of one of the user's alert rules (its other channels stay; a rule that
     * only mailed keeps showing in the app). Absent: `rule` links change nothing.
     */
    dropRuleEmail?: (userId: string, ruleId: string) => Promise<unknown>;
    /** Settings kept in this process (ALERT_SETTINGS_CACHE); absent: every read goes to the database. */
    settingsCache?: AlertSettingsCache;
    /** The admin pages kept while their tables are unchanged (ADMIN_PAGE_CACHE). */
    adminPages?: PageNotices;
    /** Bell answers kept in this process (ALERT_INBOX_CACHE); absent: every bell reads. */
    inboxCache?: AlertInboxCache;
  };

/**
 * Alerts, digests and the weekly insights: written to the outbox
 * (`alert-writers.ts`), then sent (`alert-sender.ts`); here the user's settings, the admin's
 * view, what a one-click unsubscribe stops and the in-app list of the bell.
 */
export function createAlertsService(deps: AlertsServiceDeps) {
  const { repository, clock, settingsCache, inboxCache } = deps;
  const plan = (facts: SubscriptionFacts, now: Date) => alertPlanOf(facts, now);

  /** The site path of a rule alert's absolute URL (the bell links within the app). */
  function sitePath(url: string | null): string {
    if (!url) return '/pages/alerts';
    try {
      const parsed = new URL(url);
      return `${parsed.pathname}${parsed.search}`;
    } catch {
      return '/pages/alerts';
    }
  }

  /** A page of the bell (`myAlerts`). */
  async function bellPage(userId: string, skip: number, limit: number, instant: boolean) {
    const rows = await repository.inboxPage(userId, skip, limit + 1);
    // The page carries the count; a page past the end has no row to carry it.
    const unread =
      rows[0] === undefined ? await repository.unreadCount(userId) : Number(rows[0].unread_count);
    return {
      alerts: rows.slice(0, limit).map((row) =>
        row.kind === 'rule'
          ? {
              id: row.id,
              kind: 'rule' as const,
              link: sitePath(row.url),
              article_id: row.article_id,
              title: row.text ?? '',
              defcon_level: null,
              sentiment: 'neutral',
              symbols: row.symbol ? [row.symbol] : [],
              created_at: Math.floor(row.created_at.getTime() / 1000),
              unread: row.unread,
            }
          : {
              id: row.id,
              kind: 'instant' as const,
              link: `/news/view?id=${encodeURIComponent(row.article_id ?? '')}`,
              article_id: row.article_id ?? '',
              title: row.title ?? '',
              defcon_level: row.defcon_level ?? 2,
              sentiment: row.sentiment ?? 'neutral',
              symbols: Array.isArray(row.moves)
                ? (row.moves as InstantPayload['moves']).map((move) => move.symbol).slice(0, 3)
                : [],
              created_at: Math.floor(row.created_at.getTime() / 1000),
              unread: row.unread,
            },
      ),
      unread,
      has_more: rows.length > limit,
      instant,
    };
  }

  return {
    ...createAlertWriters(deps),
    ...createAlertSender(deps),

    /**
     * The caller's settings and plan. `facts` are the plan facts of the row the session lookup
     * already read: then only the settings row (primary key, four columns) is read, not the
     * 15-column user join again (bench/site), from this process's memory when the
     * settings cache is on (`alert-settings-cache.ts`: dropped everywhere on every change).
     */
    async settings(userId: string, facts?: SubscriptionFacts) {
      if (facts) {
        const load = () => repository.settingsOf(userId);
        const row = settingsCache ? await settingsCache.row(userId, load) : await load();
        const settings = settingsWithDefaults(
          row ?? { time_zone: null, quiet_start: null, quiet_end: null, hourly_cap: null },
        );
        return { settings, entitlements: plan(facts, clock.now()) };
      }
      const user = await repository.userById(userId);
      if (!user) throw badRequest('This account no longer exists.');
      return { settings: settingsWithDefaults(user), entitlements: plan(user, clock.now()) };
    },

    async saveSettings(userId: string, update: AlertSettingsUpdate) {
      const user = await repository.userById(userId);
      if (!user) throw badRequest('This account no longer exists.');
      const next: AlertSettings = { ...settingsWithDefaults(user), ...update };
      await settingsCache?.ready();
      await repository.saveSettings(userId, next, clock.now());
      // Answered once every process dropped the old settings: the next read anywhere sees these.
      await settingsCache?.changed(userId);
      return { settings: next, entitlements: plan(user, clock.now()) };
    },

    // The admin's deliveries view and its answer's bytes (`deliveries-admin.ts`).
    ...createDeliveriesAdmin({
      repository,
      ...(deps.adminPages && { adminPages: deps.adminPages }),
    }),

    /** The settings cache's state (undefined when ALERT_SETTINGS_CACHE is off); for tests. */
    settingsCacheStats: () => settingsCache?.stats(),

    /** Stops the settings cache's listener. */
    closeSettingsCache: () => settingsCache?.close() ?? Promise.resolve(),

    /** The bell cache's state (undefined when ALERT_INBOX_CACHE is off); for tests. */
    inboxCacheStats: () => inboxCache?.stats(),

    /** Stops the bell cache's listener. */
    closeInboxCache: () => inboxCache?.close() ?? Promise.resolve(),

    /**
     * The bell: a page of the caller's own instant alerts, newest first, the unread
     * count (to 100) and whether the plan includes instant alerts now. A user whose plan lacks
     * them gets no new ones (the fan-out's rule, as the live toasts) but keeps those written.
     * From this process's memory when the bell cache is on (`alert-inbox-cache.ts`: dropped
     * everywhere on every change of the user's alerts).
     */
    async myAlerts(
      userId: string,
      sessionFacts: SubscriptionFacts | undefined,
      skip: number,
      limit: number,
    ) {
      const facts = sessionFacts ?? (await repository.userById(userId));
      if (!facts) throw badRequest('This account no longer exists.');
      const instant = plan(facts, clock.now()).instant;
      const load = () => bellPage(userId, skip, limit, instant);
      return inboxCache ? inboxCache.page(userId, { skip, limit, instant }, load) : load();
    },

    /** Everything up to the caller's alert `upTo` is read (idempotent); 404 for anyone else's. */
    async markSeen(userId: string, upTo: string) {
      await inboxCache?.ready();
      if (!(await repository.markSeen(userId, upTo, clock.now()))) throw notFound(ALERT_NOT_FOUND);
      // Answered once every process dropped the user's bell: the next bell anywhere is read.
      await inboxCache?.changed(userId);
      return { unread: await repository.unreadCount(userId) };
    },

    /** Stops one kind of the user's mails, from a one-click unsubscribe link (idempotent). */
    async stopMail(owner: AlertMailOwner) {
      if (owner.kind === 'rule') await deps.dropRuleEmail?.(owner.userId, owner.ruleId);
      else await deps.setFlag(owner.userId, FLAG_OF_KIND[owner.kind], false);
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
