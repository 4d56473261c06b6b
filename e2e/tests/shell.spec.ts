import type { Browser } from '@playwright/test';
import { expect, test } from '../fixtures.ts';

/** `path` as the server draws it, in a browser that runs no script. */
async function openDrawnPage(browser: Browser, path: string) {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  // The first screen is drawn once the server's renderer has started; until then the loader.
  await expect(async () => {
    await page.goto(path);
    await expect(page.locator('#root[data-first-screen]')).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  return { context, page };
}

test.describe('the app shell', () => {
  test('an unknown path answers HTTP 404 and shows the not-found text', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('The page you requested could not be found.')).toBeVisible();
  });

  test('an unknown API path answers a JSON 404', async ({ request }) => {
    const response = await request.get('/api/no-such-thing');
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({
      status: 'error',
      error_msg: 'Not found: GET /api/no-such-thing',
    });
  });

  test('/n/{id} redirects to /news/view?id={id} keeping the hash', async ({ page }) => {
    await page.goto('/n/42#NVIDIA_BEATS_ESTIMATES');
    await expect(page).toHaveURL(/\/news\/view\?id=42#NVIDIA_BEATS_ESTIMATES$/);
  });

  test('/news and /analysis redirect to their default feeds', async ({ page }) => {
    await page.goto('/news');
    await expect(page).toHaveURL(/\/news\/latest_ai$/);
    await page.goto('/analysis');
    await expect(page).toHaveURL(/\/analysis\/latest$/);
  });

  test('the error page shows the message and leads back home', async ({ page }) => {
    await page.goto('/error?msg=Unable%20to%20connect%20to%20the%20server.');
    await expect(page.getByText('Oops! Something went wrong')).toBeVisible();
    await expect(page.getByText('Unable to connect to the server.')).toBeVisible();
    await page.goto('/error');
    await expect(page.getByText('An unexpected error occurred')).toBeVisible();
    await page.getByRole('link', { name: /home/i }).first().click();
    await expect(page).not.toHaveURL(/\/error/);
  });

  test('route meta sets the document title', async ({ page }) => {
    await page.goto('/terms');
    await expect(page).toHaveTitle('Terms of Service · StockPulse');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  });

  test('pages load without console errors (the CSP allows the built app)', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    for (const path of ['/about', '/cookies', '/privacy', '/error', '/nope']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    // The 404 of '/nope' itself is logged by Chromium as a failed resource: that one is expected.
    expect(errors.filter((text) => !text.includes('404'))).toEqual([]);
  });

  test('the app does nothing the CSP refuses, not even a probe (the feed and a company page)', async ({
    page,
  }) => {
    // A refused `new Function` caught by a library still reaches the page as a violation event
    // (and Lighthouse's best practices); zod probed with one before its first object schema.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`);
      });
    });
    for (const path of ['/news/latest_ai', '/ticker/NASDAQ:AAPL']) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const violations = await page.evaluate(
        () => (window as unknown as { cspViolations: string[] }).cspViolations,
      );
      expect(violations, path).toEqual([]);
    }
  });

  test('the server-drawn feed can be read and its links followed before any script runs', async ({
    browser,
  }) => {
    const { context, page } = await openDrawnPage(browser, '/news/latest_ai');
    const ticker = page.locator('#root a[href^="/ticker/"]').first();
    const href = await ticker.getAttribute('href');
    await ticker.click();
    await expect(page).toHaveURL(`${process.env.E2E_BASE_URL ?? ''}${href ?? ''}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.close();
  });

  test("the server draws a company page's AI review, so nothing below it moves when the app starts", async ({
    browser,
  }) => {
    const { context, page } = await openDrawnPage(browser, '/ticker/NASDAQ:AAPL');
    const review = page.getByRole('region', { name: 'AI review' });
    // Drawn: the review with its date, or the plain "not reviewed" line; not the loading skeleton.
    await expect(
      review
        .locator('time')
        .or(review.getByText('The AI analyst has not reviewed this company yet.')),
    ).toHaveCount(1);
    await expect(review.locator('.mantine-Skeleton-root')).toHaveCount(0);
    await context.close();
  });
});

test.describe('layout preferences', () => {
  test('the sidebar colour defaults to black and survives a reload', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about');
    const shell = page.locator('[data-sidebar-color]');
    await expect(shell).toHaveAttribute('data-sidebar-color', 'black');
    await page.getByRole('button', { name: 'Layout settings' }).click();
    await page.getByRole('button', { name: 'Green' }).click();
    const compact = page.getByRole('switch', { name: 'Icons only (compact sidebar)' });
    await compact.click();
    await expect(compact).toBeChecked();
    await expect(shell).toHaveAttribute('data-sidebar-color', 'green');
    await page.reload();
    await expect(shell).toHaveAttribute('data-sidebar-color', 'green');
    await expect(page.locator('[data-minimized]')).toBeVisible();
  });

  test('dark mode follows the system preference', async ({ browser }) => {
    // The theme's own page colours (Mantine's defaults are #fff and #242424): the theme's variables
    // are a style sheet of the app's CSS, not drawn by the provider.
    const body = { light: 'rgb(244, 246, 250)', dark: 'rgb(17, 22, 31)' };
    for (const scheme of ['dark', 'light'] as const) {
      const context = await browser.newContext({ colorScheme: scheme });
      const page = await context.newPage();
      await page.goto(`${process.env.E2E_BASE_URL ?? ''}/about`);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await expect(page.locator('body')).toHaveCSS('background-color', body[scheme]);
      await expect(page.locator('style[data-mantine-styles="true"]')).toHaveCount(0);
      await context.close();
    }
  });

  test('an open page follows the system switching scheme, the app and the static landing', async ({
    page,
  }) => {
    for (const path of ['/about', '/landing']) {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(path);
      const html = page.locator('html');
      await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect(html, path).toHaveAttribute('data-mantine-color-scheme', 'dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await expect(html, path).toHaveAttribute('data-mantine-color-scheme', 'light');
    }
  });
});
