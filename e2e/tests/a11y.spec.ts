import { AxeBuilder } from '@axe-core/playwright';
import { PAGE_PATHS, type PagePathName } from '@app/shared/app-routes';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';

/**
 * Names of PAGE_PATHS that are not a public page a visitor opens and reads, each with why. Every
 * other name without a parameter is checked below, so pages added later are checked as they come.
 */
const NOT_A_PUBLIC_PAGE: Partial<Record<PagePathName, string>> = {
  news: 'redirect to /news/latest_ai',
  analysis: 'redirect to /analysis/latest',
  prompt: 'login',
  replies: 'login',
  newsletterConfirm: 'the landing of an e-mail link (needs its token)',
  aiChat: 'login',
  userProfile: 'login',
  adminPanel: 'admin',
  dashboardCharts: 'login',
  dashboardCalendar: 'login',
  dashboardWidgets: 'login',
  dashboardImport: 'login',
  portfolioRegister: 'login',
  newsMyPortfolio: 'login',
  newsExperiments: 'debug users',
  success: 'login (back from a checkout)',
  lock: 'a locked session',
  pleaseWait: 'transient',
  error: 'an error screen',
  companyView: 'without a filter it redirects to explore; checked as a company page below',
  newsView: 'without an id; checked as an article page below',
};

const PUBLIC_PAGES = (Object.keys(PAGE_PATHS) as PagePathName[])
  .filter((name) => !(name in NOT_A_PUBLIC_PAGE))
  .map((name) => PAGE_PATHS[name] as string)
  .filter((path) => !path.includes(':') && !path.includes('*'));

/** The serious and critical WCAG 2.1 A/AA violations on the page as it stands. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `${node.target.join(' ')}: ${node.any[0]?.message ?? node.failureSummary ?? ''}`,
        ),
    }));
}

/** Opens `url` and waits until the page has drawn its content (no loader left). */
async function open(page: Page, url: string) {
  await page.goto(url);
  // Pages that poll never go idle; a few quiet seconds are enough for the rest.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  // Fade-ins (finite animations and transitions) finish first: axe measures colours as drawn.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

/** An article and a company of the demo data, found through the API. */
async function demoTargets(page: Page) {
  const feed = await page.request.get('/api/news/query?order_by=-creation_date&limit=1');
  const articles = ((await feed.json()) as { news?: { id: string }[] }).news ?? [];
  return { articleId: articles[0]?.id, symbol: 'NASDAQ:AAPL' };
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`accessibility (axe, ${scheme})`, () => {
    test.use({ colorScheme: scheme, viewport: { width: 1366, height: 900 } });

    test('every public page has no serious or critical violation', async ({ page }) => {
      // About 75 pages, each loaded, settled and analysed by axe: 4–10 minutes on two cores shared
      // with the other worker's tests.
      test.setTimeout(900_000);
      expect(PUBLIC_PAGES).toContain('/about');
      const found: Record<string, unknown> = {};
      for (const path of PUBLIC_PAGES) {
        await open(page, path);
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[path] = violations;
      }
      expect(found).toEqual({});
    });

    test('the feed, an article and a company page have no serious or critical violation', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const { articleId, symbol } = await demoTargets(page);
      expect(articleId).toBeDefined();
      const found: Record<string, unknown> = {};
      for (const path of [
        '/news/latest_ai',
        `/news/view?id=${articleId ?? ''}`,
        `/ticker/${symbol}`,
        `/analysis/${symbol}`,
      ]) {
        await open(page, path);
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[path] = violations;
      }
      expect(found).toEqual({});
    });
  });
}
