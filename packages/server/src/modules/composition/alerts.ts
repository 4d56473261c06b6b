import type { AssistantProvider } from '../../providers/ai/assistant/assistant-provider.ts';
import type { Providers } from './providers.ts';
import { createAlertInboxCache } from '../alerts/alert-inbox-cache.ts';
import { createAlertSettingsCache } from '../alerts/alert-settings-cache.ts';
import { createAlertsRepository } from '../alerts/alerts.repository.ts';
import { createAlertsService } from '../alerts/alerts.service.ts';
import { createDigestWriter } from '../alerts/digest-writer.ts';
import { createPriceMoves } from '../alerts/price-moves.ts';
import { createAlertRuleEvalRepository } from '../alert-rules/alert-rule-eval.repository.ts';
import { createAlertRuleRepository } from '../alert-rules/alert-rule.repository.ts';
import { createAlertRuleCache } from '../alert-rules/alert-rule-cache.ts';
import { createAlertRuleService } from '../alert-rules/alert-rule.service.ts';
import { publishingDeliveries } from '../live/live-publishers.ts';
import { createPushRepository } from '../push/push.repository.ts';
import { createPushService } from '../push/push.service.ts';
import { createAssistantContextBuilder } from '../prompts/assistant-context.ts';
import { registerTelegramCommands } from '../telegram/telegram-commands.ts';
import { createTelegramRepository } from '../telegram/telegram.repository.ts';
import { createTelegramService } from '../telegram/telegram.service.ts';
import type { AssistantGroup } from './assistant.ts';
import type { MarketGroup } from './market.ts';
import type { NewsGroup } from './news.ts';
import type { CompositionBase, Foundation, ServiceDeps } from './service-deps.ts';
import type { SiteGroup } from './site.ts';

/**
 * The Telegram bot and channels, browser push, alerts and digests and the
 * newest market brief for the daily channel post.
 */
export function composeAlerts(
  deps: CompositionBase &
    Pick<Foundation, 'live' | 'mailer' | 'users' | 'limiter' | 'unsubscribe'> &
    Pick<MarketGroup, 'market' | 'watchlists' | 'portfolio'> &
    Pick<NewsGroup, 'news'> &
    Pick<AssistantGroup, 'companies' | 'analysis' | 'prompts'> &
    Pick<SiteGroup, 'blog' | 'newsletter'> & {
      assistant: AssistantProvider;
      telegramBot: Providers['telegramBot'];
      pushAgent?: ServiceDeps['pushAgent'];
    },
) {
  const { db, hub, config, log, clock, jobs, users, market, watchlists, portfolio, news } = deps;
  const { telegramBot, blog, newsletter } = deps;
  const telegram = createTelegramService({
    repository: createTelegramRepository(db),
    bot: telegramBot,
    botUsername: config.telegram.botUsername,
    clock,
    log,
    ...(users.adminPages && { adminPages: users.adminPages }),
  });
  if (telegramBot) {
    registerTelegramCommands(telegramBot, {
      telegram,
      watchedSymbols: (userId) => watchlists.symbolsOf(userId),
      financials: async (symbols) => (await market.quotes.financials(symbols)).financials,
      newsAbout: (symbol, limit) => news.companyArticles(symbol, limit),
      setInstantAlerts: async (userId, on) => {
        await users.userService.setProperty(userId, 'my_instant_alerts', on);
      },
      publicUrl: config.publicUrl,
    });
  }
  const push = createPushService({
    repository: createPushRepository(db),
    limiter: deps.limiter,
    configured: config.push,
    clock,
    log,
    publicUrl: config.publicUrl,
    ...(deps.pushAgent && { agent: deps.pushAgent }),
  });
  // Alerts and digests: written to the deliveries outbox, sent by alerts.send. Digests read
  // every watchlist and every portfolio of the user, not only the default ones.
  const digestContext = createAssistantContextBuilder({
    clock,
    watchlists: { symbolsOf: (userId) => watchlists.allSymbolsOf(userId) },
    holdings: { heldSymbols: (userId) => portfolio.heldSymbolsInAll(userId) },
    companies: deps.companies,
    quotes: market.quotes,
    news,
    analysis: deps.analysis,
  });
  // The bell kept per user in each process; a fan-out's live event waits for its drop everywhere.
  const inboxCache = config.alertInboxCache ? createAlertInboxCache({ hub }) : undefined;
  const alerts = createAlertsService({
    repository: publishingDeliveries(createAlertsRepository(db), deps.live, inboxCache),
    mailer: deps.mailer,
    unsubscribe: deps.unsubscribe,
    sendTelegram: (userId, text) => telegram.sendToUser(userId, text),
    sendPush: (userId, payload, key) => push.sendDelivery(userId, payload, key),
    pushRecipients: (userIds) => push.usersWithDevices(userIds),
    // The public channel gets each defcon-1 story once, when the bot runs.
    ...(telegram.enabled && {
      publishTelegram: (kind: 'alert' | 'brief', text: string) => telegram.publish(kind, text),
    }),
    heldSymbols: (userId) => portfolio.heldSymbolsInAll(userId),
    watchedSymbols: (userId) => watchlists.allSymbolsOf(userId),
    prices: createPriceMoves({
      closes: (symbol, from, to) => market.history.history(symbol, from, to),
      latestPrice: (symbol) => market.quotes.latestPrice(symbol),
    }),
    digests: createDigestWriter({
      assistant: deps.assistant,
      buildContext: (user) =>
        digestContext({
          userId: user.id,
          viewer: { is_admin: user.is_admin },
          selection: { kind: 'EMAIL' },
          articleId: null,
        }),
      savedPrompt: (user) => deps.prompts.savedEmailPrompt(user.id),
      publicUrl: config.publicUrl,
      log,
    }),
    insights: {
      latestRecap: () => blog.latestPost(),
      subscribers: () => newsletter.confirmedSubscribers(),
      send: (subscriber, subject, text) => newsletter.sendToSubscriber(subscriber, subject, text),
    },
    setFlag: (userId, key, value) => users.userService.setProperty(userId, key, value),
    // A mail's unsubscribe link names the rule: its service (below) takes e-mail off that rule.
    dropRuleEmail: (userId, ruleId) => alertRules.dropEmail(userId, ruleId),
    ...(config.alertSettingsCache && { settingsCache: createAlertSettingsCache({ hub }) }),
    ...(inboxCache && { inboxCache }),
    ...(users.adminPages && { adminPages: users.adminPages }),
    jobs,
    clock,
    log,
    publicUrl: config.publicUrl,
  });
  // Rules users set fire into the same outbox, through the alerts service.
  const alertsRepository = createAlertsRepository(db);
  const alertRules = createAlertRuleService({
    repository: createAlertRuleRepository(db),
    evaluation: createAlertRuleEvalRepository(db),
    planFacts: (userId) => alertsRepository.userById(userId),
    heldSymbolsOf: (userIds) => portfolio.heldSymbolsOf(userIds),
    outbox: {
      releases: (userIds, now) => alerts.ruleAlertReleases(userIds, now),
      written: (added) => alerts.ruleAlertsWritten(added),
    },
    ...(config.alertRulesCache && { cache: createAlertRuleCache({ hub }) }),
    clock,
    log,
    publicUrl: config.publicUrl,
  });
  return { telegram, push, alerts, alertRules, latestMarketBrief: () => news.latestBrief() };
}
