import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Database } from './database.ts';
import * as cacheEntries from './migrations/2026-11-22T1200-cache-entries.ts';
import * as accounts from './migrations/2026-11-22T1300-accounts.ts';
import * as companies from './migrations/2026-11-22T1400-companies.ts';
import * as priceBars from './migrations/2026-11-22T1500-price-bars.ts';
import * as alertRules from './migrations/2026-12-01T2000-alert-rules.ts';
import * as quotesWatchlists from './migrations/2026-11-22T1600-quotes-watchlists.ts';
import * as suggestionIndexes from './migrations/2026-11-22T1700-suggestion-indexes.ts';
import * as priceBarsWithoutFk from './migrations/2026-11-22T1800-price-bars-without-fk.ts';
import * as companyNameWords from './migrations/2026-11-22T1900-company-name-words.ts';
import * as priceSeries from './migrations/2026-11-22T2000-price-series.ts';
import * as ginWithoutPendingList from './migrations/2026-11-22T2100-gin-without-pending-list.ts';
import * as news from './migrations/2026-11-22T2200-news.ts';
import * as newsFeeds from './migrations/2026-11-22T2300-news-feeds.ts';
import * as companyPrompts from './migrations/2026-11-22T2400-company-prompts.ts';
import * as prompts from './migrations/2026-11-25T1000-prompts.ts';
import * as portfolio from './migrations/2026-11-25T1200-portfolio.ts';
import * as calendar from './migrations/2026-11-25T1300-calendar.ts';
import * as portfolioVersion from './migrations/2026-11-25T1400-portfolio-version.ts';
import * as billing from './migrations/2026-11-25T1500-billing.ts';
import * as comments from './migrations/2026-11-26T1000-comments.ts';
import * as site from './migrations/2026-11-26T1100-site.ts';
import * as newsStories from './migrations/2026-11-26T1200-news-stories.ts';
import * as newsStoryReports from './migrations/2026-11-26T1210-news-story-reports.ts';
import * as trackRecord from './migrations/2026-11-26T1300-track-record.ts';
import * as alerts from './migrations/2026-11-26T1400-alerts.ts';
import * as telegram from './migrations/2026-11-26T1500-telegram.ts';
import * as sessionNotify from './migrations/2026-11-27T1000-session-notify.ts';
import * as newsReadPaths from './migrations/2026-11-27T1100-news-read-paths.ts';
import * as portfolioNotify from './migrations/2026-11-28T1000-portfolio-notify.ts';
import * as newsArticleJson from './migrations/2026-11-28T1500-news-article-json.ts';
import * as commentNotify from './migrations/2026-11-27T1200-comment-notify.ts';
import * as promptsNotify from './migrations/2026-11-28T1200-prompts-notify.ts';
import * as adminListIndexes from './migrations/2026-11-28T1600-admin-list-indexes.ts';
import * as adminUserSearch from './migrations/2026-11-28T1610-admin-user-search.ts';
import * as newsApiJsonInline from './migrations/2026-11-29T1100-news-api-json-inline.ts';
import * as alertInbox from './migrations/2026-11-29T1200-alert-inbox.ts';
import * as watchlistNotify from './migrations/2026-11-30T1300-watchlist-notify.ts';
import * as adminOutboxOrder from './migrations/2026-11-30T1400-admin-outbox-order.ts';
import * as adminUserSearchOneIndex from './migrations/2026-11-30T1410-admin-user-search-one-index.ts';
import * as adminValidationQueueOrder from './migrations/2026-11-30T1420-admin-validation-queue-order.ts';
import * as alertSettingsNotify from './migrations/2026-11-30T1430-alert-settings-notify.ts';
import * as adminPagesNotify from './migrations/2026-11-30T1440-admin-pages-notify.ts';
import * as adminSitePagesNotify from './migrations/2026-11-30T1520-admin-site-pages-notify.ts';
import * as usersReferredBy from './migrations/2026-11-30T1530-users-referred-by.ts';
import * as alertInboxNotify from './migrations/2026-11-30T1510-alert-inbox-notify.ts';
import * as referralNotify from './migrations/2026-11-30T1540-referral-notify.ts';
import * as calendarNotify from './migrations/2026-11-30T1550-calendar-notify.ts';
import * as widgetsNotify from './migrations/2026-11-30T1560-widgets-notify.ts';
import * as newsScoreFollowsCall from './migrations/2026-12-01T1400-news-score-follows-call.ts';
import * as newsSources from './migrations/2026-12-01T1100-news-sources.ts';
import * as marketEvents from './migrations/2026-12-01T2200-market-events.ts';
import * as screener from './migrations/2026-12-01T2300-screener.ts';
import * as ruleUnsubscribe from './migrations/2026-12-01T3000-rule-unsubscribe.ts';
import * as unsubscribeTokens from './migrations/2026-12-01T5200-unsubscribe-tokens.ts';
import * as alertRuleKeywordLexemes from './migrations/2026-12-01T6300-alert-rule-keyword-lexemes.ts';
import * as bellRuleAlerts from './migrations/2026-12-01T3001-bell-rule-alerts.ts';
import * as screenerDescending from './migrations/2026-12-01T3100-screener-descending.ts';
import * as alertRuleLevels from './migrations/2026-12-01T4100-alert-rule-levels.ts';
import * as alertRulesNotify from './migrations/2026-12-01T4101-alert-rules-notify.ts';
import * as alertSymbolFigures from './migrations/2026-12-01T5100-alert-symbol-figures.ts';
import * as alertRulesFillfactor from './migrations/2026-12-01T5101-alert-rules-fillfactor.ts';
import * as push from './migrations/2026-12-01T2100-push.ts';
import * as calendarFeedsNotify from './migrations/2026-12-01T6400-calendar-feeds-notify.ts';
import * as alertRuleMarksUnchecked from './migrations/2026-12-01T6600-alert-rule-marks-unchecked.ts';

/** Every migration, keyed by its timestamped file name; append new ones at the end. */
const migrations: Record<string, Migration> = {
  '2026-11-22T1200-cache-entries': cacheEntries,
  '2026-11-22T1300-accounts': accounts,
  '2026-11-22T1400-companies': companies,
  '2026-11-22T1500-price-bars': priceBars,
  '2026-11-22T1600-quotes-watchlists': quotesWatchlists,
  '2026-11-22T1700-suggestion-indexes': suggestionIndexes,
  '2026-11-22T1800-price-bars-without-fk': priceBarsWithoutFk,
  '2026-11-22T1900-company-name-words': companyNameWords,
  '2026-11-22T2000-price-series': priceSeries,
  '2026-11-22T2100-gin-without-pending-list': ginWithoutPendingList,
  '2026-11-22T2200-news': news,
  '2026-11-22T2300-news-feeds': newsFeeds,
  '2026-11-22T2400-company-prompts': companyPrompts,
  '2026-11-25T1000-prompts': prompts,
  '2026-11-25T1200-portfolio': portfolio,
  '2026-11-25T1300-calendar': calendar,
  '2026-11-25T1400-portfolio-version': portfolioVersion,
  '2026-11-25T1500-billing': billing,
  '2026-11-26T1000-comments': comments,
  '2026-11-26T1100-site': site,
  '2026-11-26T1200-news-stories': newsStories,
  '2026-11-26T1210-news-story-reports': newsStoryReports,
  '2026-11-26T1300-track-record': trackRecord,
  '2026-11-26T1400-alerts': alerts,
  '2026-11-26T1500-telegram': telegram,
  '2026-11-27T1000-session-notify': sessionNotify,
  '2026-11-27T1100-news-read-paths': newsReadPaths,
  '2026-11-28T1500-news-article-json': newsArticleJson,
  '2026-11-27T1200-comment-notify': commentNotify,
  '2026-11-28T1200-prompts-notify': promptsNotify,
  '2026-11-28T1000-portfolio-notify': portfolioNotify,
  '2026-11-28T1600-admin-list-indexes': adminListIndexes,
  '2026-11-28T1610-admin-user-search': adminUserSearch,
  '2026-11-29T1100-news-api-json-inline': newsApiJsonInline,
  '2026-11-29T1200-alert-inbox': alertInbox,
  '2026-11-30T1300-watchlist-notify': watchlistNotify,
  '2026-11-30T1400-admin-outbox-order': adminOutboxOrder,
  '2026-11-30T1410-admin-user-search-one-index': adminUserSearchOneIndex,
  '2026-11-30T1420-admin-validation-queue-order': adminValidationQueueOrder,
  '2026-11-30T1430-alert-settings-notify': alertSettingsNotify,
  '2026-11-30T1440-admin-pages-notify': adminPagesNotify,
  '2026-11-30T1520-admin-site-pages-notify': adminSitePagesNotify,
  '2026-11-30T1510-alert-inbox-notify': alertInboxNotify,
  '2026-11-30T1530-users-referred-by': usersReferredBy,
  '2026-11-30T1540-referral-notify': referralNotify,
  '2026-11-30T1550-calendar-notify': calendarNotify,
  '2026-11-30T1560-widgets-notify': widgetsNotify,
  '2026-12-01T1400-news-score-follows-call': newsScoreFollowsCall,
  '2026-12-01T1100-news-sources': newsSources,
  '2026-12-01T2200-market-events': marketEvents,
  '2026-12-01T2300-screener': screener,
  '2026-12-01T3000-rule-unsubscribe': ruleUnsubscribe,
  '2026-12-01T3001-bell-rule-alerts': bellRuleAlerts,
  '2026-12-01T3100-screener-descending': screenerDescending,
  '2026-12-01T4100-alert-rule-levels': alertRuleLevels,
  '2026-12-01T4101-alert-rules-notify': alertRulesNotify,
  '2026-12-01T5100-alert-symbol-figures': alertSymbolFigures,
  '2026-12-01T5101-alert-rules-fillfactor': alertRulesFillfactor,
  '2026-12-01T2100-push': push,
  '2026-12-01T2000-alert-rules': alertRules,
  '2026-12-01T5200-unsubscribe-tokens': unsubscribeTokens,
  '2026-12-01T6300-alert-rule-keyword-lexemes': alertRuleKeywordLexemes,
  '2026-12-01T6400-calendar-feeds-notify': calendarFeedsNotify,
  '2026-12-01T6600-alert-rule-marks-unchecked': alertRuleMarksUnchecked,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** Applies pending migrations; Kysely's lock makes concurrent starts (API + worker) safe. */
export async function migrateToLatest(db: Database): Promise<string[]> {
  // Parallel work lands migrations out of name order (1400 after 1500): a database that already
  // ran a later one still takes an earlier new one.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error !== undefined || failed) {
    const reason = error instanceof Error ? error.message : JSON.stringify(error ?? null);
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
