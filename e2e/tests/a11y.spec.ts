import { AxeBuilder } from '@axe-core/playwright';
import { PAGE_PATHS, type PagePathName } from '@app/shared/app-routes';
import type { Page, Request } from '@playwright/test';
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

/**
 * Every route of the developer gallery shows a visitor the same "Developer interface only" notice:
 * /components/buttons stands for all of them (dev-gallery.spec.ts walks the gallery itself).
 */
const GALLERY_STAND_IN: PagePathName = 'devButtons';

const PUBLIC_PAGES = (Object.keys(PAGE_PATHS) as PagePathName[])
  .filter((name) => !(name in NOT_A_PUBLIC_PAGE))
  .filter((name) => !name.startsWith('dev') || name === GALLERY_STAND_IN)
  .map((name) => PAGE_PATHS[name] as string)
  .filter((path) => !path.includes(':') && !path.includes('*'));

/**
 * The rules whose outcome depends on the colours drawn. Switching the colour scheme changes
 * colours only (the same DOM), so the dark pass runs these on the page the light pass analysed.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The serious and critical WCAG 2.1 A/AA violations on the page as it stands. Legacy mode runs
 * `axe.run` in the page itself: the default opens a blank page per analysis to merge the frames'
 * partial results (measured: a third of the analyses' time), and the app draws no cross-origin
 * frame for it to reach.
 */
async function seriousViolations(page: Page, rules?: string[]) {
  const builder = new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (rules ? builder.withRules(rules) : builder).analyze();
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

/**
 * Waits until no request is in flight for `quietMs`, at most `maxMs`. The live stream (an
 * EventSource) never ends, so Playwright's `networkidle` would wait its whole timeout on every
 * page; polling pages are quiet between two polls.
 */
async function settleNetwork(
  page: Page,
  load: () => Promise<unknown>,
  quietMs = 400,
  maxMs = 5_000,
) {
  const inFlight = new Set<Request>();
  const started = (request: Request) => {
    if (request.resourceType() !== 'eventsource') inFlight.add(request);
  };
  const ended = (request: Request) => inFlight.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await load();
    const deadline = Date.now() + maxMs;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      if (inFlight.size > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= quietMs) return;
      await page.waitForTimeout(50);
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** Opens `url` and waits until the page has drawn its content (no loader left). */
async function open(page: Page, url: string) {
  await settleNetwork(page, () => page.goto(url));
  await expect(page.locator('#root')).not.toBeEmpty();
  // A page's loaders go once its calls are answered: up to seconds on two busy cores.
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
  await settleAnimations(page);
}

/** Fade-ins and colour transitions (finite ones) finish first: axe measures colours as drawn. */
async function settleAnimations(page: Page) {
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

/**
 * Each page is loaded once and analysed in light, then switched to dark in place and analysed for
 * the colour rules. Returns the violations found, by page and scheme.
 */
async function checkPages(page: Page, paths: string[]) {
  const found: Record<string, unknown> = {};
  for (const path of paths) {
    await page.emulateMedia({ colorScheme: 'light' });
    await open(page, path);
    const light = await seriousViolations(page);
    if (light.length > 0) found[`${path} (light)`] = light;
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await settleAnimations(page);
    const dark = await seriousViolations(page, COLOUR_RULES);
    if (dark.length > 0) found[`${path} (dark)`] = dark;
  }
  return found;
}

/**
 * Public pages per test: small groups, each with its own time limit, that fail with their own
 * names. The file's tests run in order on one worker while the other worker runs the other specs.
 */
const GROUP_SIZE = 5;
const PAGE_GROUPS = Array.from({ length: Math.ceil(PUBLIC_PAGES.length / GROUP_SIZE) }, (_, i) =>
  PUBLIC_PAGES.slice(i * GROUP_SIZE, (i + 1) * GROUP_SIZE),
);

test('the public pages checked include the about page and one gallery route', () => {
  expect(PUBLIC_PAGES).toContain('/about');
  expect(PUBLIC_PAGES).toContain('/components/buttons');
  expect(PUBLIC_PAGES).not.toContain('/forms/wizard');
  expect(PAGE_GROUPS.flat()).toEqual(PUBLIC_PAGES);
});

test.describe('accessibility (axe, light and dark)', () => {
  test.use({ colorScheme: 'light', viewport: { width: 1366, height: 900 } });

  for (const group of PAGE_GROUPS) {
    test(`public pages ${group[0] ?? ''} … ${group.at(-1) ?? ''} have no serious or critical violation`, async ({
      page,
    }) => {
      // Each page loaded, settled and analysed by axe twice, on two cores shared with the other worker.
      test.setTimeout(240_000);
      expect(await checkPages(page, group)).toEqual({});
    });
  }

  test('the feed, an article and a company page have no serious or critical violation', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { articleId, symbol } = await demoTargets(page);
    expect(articleId).toBeDefined();
    const found = await checkPages(page, [
      '/news/latest_ai',
      `/news/view?id=${articleId ?? ''}`,
      `/ticker/${symbol}`,
      `/analysis/${symbol}`,
    ]);
    expect(found).toEqual({});
  });
});
