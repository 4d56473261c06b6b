import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { E2E_ADMIN } from '../global-setup.ts';
import { expect, serverNow, test } from '../fixtures.ts';

type Article = { id: string; title: string; AI: { title: string } | null };

/**
 * The server ingests the bundled wire at worker start and enriches it right after; the company
 * analyses follow. Wait for them through the API, as a reader would wait for the first news.
 */
async function articles(request: APIRequestContext, query: string): Promise<Article[]> {
  let found: Article[] = [];
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/news/query?${query}&no_cache=1`);
        found = ((await response.json()) as { news: Article[] }).news;
        return found.length;
      },
      { timeout: 60_000, intervals: [500, 1_000, 2_000] },
    )
    .toBeGreaterThan(0);
  return found;
}

/**
 * The analysed article whose title starts with `title`, found by full-text search as a reader
 * would find it (the demo newsroom keeps writing, so it is not always among the newest).
 */
async function articleTitled(request: APIRequestContext, title: string): Promise<Article> {
  let match: Article | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/news/search/${encodeURIComponent(title)}`);
        const found = ((await response.json()) as { news: Article[] }).news;
        match = found.find((article) => article.title.startsWith(title) && article.AI !== null);
        return match !== undefined;
      },
      { timeout: 60_000, intervals: [500, 1_000, 2_000] },
    )
    .toBe(true);
  if (!match) throw new Error(`no article titled ${title}`);
  return match;
}

/** Scrolls an infinite feed (5 cards at a time) until `target` is on the page. */
async function scrollUntilVisible(page: Page, target: Locator) {
  await expect(async () => {
    if (!(await target.isVisible())) {
      await page.getByRole('article').last().scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 2_000);
    }
    await expect(target).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

async function loginAsAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel(/^Email or username/).fill(E2E_ADMIN.username);
  await page.getByLabel(/^Password/).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

test.describe('news for a visitor', () => {
  test('read the AI feed, open an article with its sources, copy its link', async ({
    page,
    context,
  }) => {
    await articleTitled(page.request, 'Apple tops quarterly estimates');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // The page's clock reads the server's business time, so 'hours ago' means what it says.
    await page.clock.install({ time: serverNow() });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/news/latest_ai?symbol=NASDAQ:AAPL');
    const first = page.getByRole('article').first();
    await expect(first).toBeVisible();
    await expect(first.getByRole('list', { name: 'Related tickers' })).toBeVisible();

    const apple = page.getByRole('heading', { name: /Apple tops quarterly estimates/ });
    await scrollUntilVisible(page, apple);
    const card = page.getByRole('article').filter({ has: apple });
    // The bundled wire is dated relative to the first start, by whole weeks (each story keeps
    // its weekday): its newest stories are hours to days old.
    await expect(card.getByText(/^\d+ (minutes?|hours?|days?) ago$/)).toBeVisible();
    await apple.getByRole('link').click();
    await expect(page).toHaveURL(/\/news\/view\?id=[0-9a-f-]+#APPLE_TOPS_QUARTERLY/);
    const article = page.getByRole('article');
    await expect(article.getByRole('link', { name: 'NASDAQ:AAPL' })).toBeVisible();
    await expect(article.getByText(/Classification: Company Results/)).toBeVisible();
    await expect(article.getByRole('link', { name: /Read the original/ })).toHaveAttribute(
      'href',
      /^https:\/\//,
    );

    await article.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('button', { name: 'Copy to clipboard' }).click();
    await expect(page.getByText('Link copied to clipboard')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/\/n\/[0-9a-f-]+#APPLE_TOPS_QUARTERLY/);
    // Open new tab only when the link is not this page: here it is.
    await expect(page.getByRole('link', { name: 'Open new tab' })).toHaveCount(0);
  });

  test('the bullish, bearish and defcon feeds keep to their rules', async ({ page }) => {
    await articles(page.request, 'sentiment_score__lte=-5');
    await page.goto('/news/bullish');
    await expect(page.getByRole('article').first()).toBeVisible();
    for (const badge of await page
      .getByRole('article')
      .getByText(/bullish -?\d+/i)
      .all()) {
      // The badge reads "Bullish 8" and, for screen readers, ", 91 % confidence".
      const score = Number((await badge.textContent())?.match(/bullish (-?\d+)/i)?.[1]);
      expect(score).toBeGreaterThanOrEqual(7);
    }
    await page.goto('/news/bearish');
    await expect(
      page
        .getByRole('article')
        .first()
        .getByText(/bearish -\d+/i),
    ).toBeVisible();
    await page.goto('/news/defcon');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('img', { name: /Defcon [12] alert/ }).first()).toBeVisible();
  });

  test('an unknown class answers with the empty text', async ({ page }) => {
    await page.goto('/news/class/No_Such_Class');
    await expect(page.getByText('No news found.')).toBeVisible();
  });

  test('search finds the news, and the company page shows its timeline', async ({ page }) => {
    await articleTitled(page.request, 'Apple tops quarterly estimates');
    await page.goto('/search?q=iPhone');
    await expect(page.getByRole('link', { name: /Apple tops quarterly estimates/ })).toBeVisible();
    await page.goto('/ticker/NASDAQ:AAPL');
    await expect(page.getByRole('link', { name: /Apple tops quarterly estimates/ })).toBeVisible();
  });

  test('/ shows the AI company analyses, each leading to its company', async ({ page }) => {
    await expect
      .poll(
        async () => {
          const response = await page.request.get('/api/company/latest_prompts?limit=1');
          return ((await response.json()) as { news: unknown[] }).news.length;
        },
        { timeout: 90_000, intervals: [1_000, 2_000] },
      )
      .toBeGreaterThan(0);
    await page.goto('/');
    await expect(page).toHaveTitle(/AI News: Company Analysis/);
    const analysis = page.getByRole('article').first();
    await expect(analysis).toBeVisible();
    await analysis.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/ticker\/[A-Z]+:[A-Z.]+/);
  });
});

test.describe('an admin', () => {
  test('hides an article from everyone else, then shows it again', async ({ page, browser }) => {
    const costco = await articleTitled(page.request, 'Costco November comparable sales');
    await loginAsAdmin(page);
    await page.goto(`/news/view?id=${costco.id}`);
    // The box follows the server: it changes once the hide is saved, not on the click.
    const hide = page.getByRole('checkbox', { name: 'Hide' });
    await expect(hide).not.toBeChecked();
    await hide.click();
    await expect(hide).toBeChecked();
    await expect(page.getByRole('article').getByText('Hidden', { exact: true })).toBeVisible();

    // A visitor (another browser, no session) no longer finds it, in the feed or by its link.
    const visitor = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
    const visitorPage = await visitor.newPage();
    const feed = await visitorPage.request.get('/api/news/query?limit=100');
    const ids = ((await feed.json()) as { news: Article[] }).news.map((article) => article.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain(costco.id);
    await visitorPage.goto(`/news/view?id=${costco.id}`);
    await expect(visitorPage.getByRole('alert')).toBeVisible();

    await hide.click();
    await expect(hide).not.toBeChecked();
    await expect(page.getByRole('article').getByText('Hidden', { exact: true })).toHaveCount(0);
    const back = await visitorPage.request.get(`/api/news/get/${costco.id}`);
    expect(back.status()).toBe(200);
    await visitor.close();
  });
});
