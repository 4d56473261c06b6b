import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { waitForLink } from '../mail-capture.ts';

const NOT_FOUND = 'The page you requested could not be found.';
const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root', { hasText: text });
const uniqueEmail = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}@example.com`;

test.describe('a first-time visitor (spec §4)', () => {
  // No landing-seen cookie: a visitor who has never been here.
  test.use({ storageState: { cookies: [], origins: [] } });

  test('opening / lands on /landing once, marked in storage and a 30-day Lax cookie', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/landing$/);
    await expect(
      page.getByRole('heading', { name: 'Understand what moves your stocks.' }),
    ).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('hasSeenLanding'))).toBe('true');
    const cookie = (await context.cookies()).find((c) => c.name === 'hasSeenLanding');
    expect(cookie).toMatchObject({ value: 'true', path: '/', sameSite: 'Lax' });
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    // Seen: / now shows the analyses page itself.
    await page.goto('/');
    await expect(page.locator('main')).toBeVisible();
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('heading', { name: 'Understand what moves your stocks.' }),
    ).toHaveCount(0);
  });

  test('with storage failing, the cookie alone remembers the landing', async ({
    page,
    context,
  }) => {
    await context.addInitScript(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException('blocked', 'SecurityError');
      };
    });
    await page.goto('/');
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('hasSeenLanding'))).toBeNull();
    expect((await context.cookies()).some((c) => c.name === 'hasSeenLanding')).toBe(true);
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('/landing', () => {
  test("subscribes: 'Subscribing...', 'Thank you for subscribing!', field cleared; the mailed link confirms", async ({
    page,
  }) => {
    const email = uniqueEmail('reader');
    // Hold the answer a moment so the subscribing state can be seen.
    await page.route('**/api/subscription/subscribe/email', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.goto('/landing');
    const field = page.getByRole('textbox', { name: 'Your e-mail address' });
    await field.fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('button', { name: 'Subscribing...' })).toBeVisible();
    await expect(toast(page, 'Thank you for subscribing!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
    await expect(field).toHaveValue('');

    const link = await waitForLink(
      email,
      /https?:\/\/\S+\/newsletter\/confirm\?token=[0-9a-f]{64}/,
    );
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
  });

  test("keeps the field and says 'Sorry, there was an error. Please try again.' on failure", async ({
    page,
  }) => {
    await page.route('**/api/subscription/subscribe/email', (route) => route.abort('failed'));
    await page.goto('/landing');
    const field = page.getByRole('textbox', { name: 'Your e-mail address' });
    await field.fill('kept@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toast(page, 'Sorry, there was an error. Please try again.')).toBeVisible();
    await expect(field).toHaveValue('kept@example.com');
    await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  });

  test('every footer link opens a page that is not the 404 page', async ({ page }) => {
    // Eleven pages, each a fresh load of the app: 2–3 s apiece while the other worker runs axe.
    test.setTimeout(90_000);
    await page.goto('/landing');
    const footer = page.getByRole('navigation', { name: 'Footer' });
    await expect(footer.getByRole('link')).toHaveCount(11);
    const hrefs = await footer
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(hrefs).toEqual([
      '/about',
      '/features',
      '/pricing',
      '/blog',
      '/help',
      '/contact',
      '/faq',
      '/documentation',
      '/privacy',
      '/terms',
      '/cookies',
    ]);
    for (const href of hrefs) {
      const response = await page.goto(href);
      expect(response?.status(), href).toBe(200);
      await expect(page.locator('main h1').first(), href).toBeVisible();
      await expect(page.getByText(NOT_FOUND), href).toHaveCount(0);
    }
  });

  test('the blog lists weekly recaps, each at its own URL', async ({ page }) => {
    await page.goto('/blog');
    const first = page.getByRole('article').first().getByRole('link');
    await expect(first).toHaveText(/^Weekly market recap, /);
    await first.click();
    await expect(page).toHaveURL(/\/blog\/weekly-market-recap-\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByText('Best and worst performers')).toBeVisible();
  });
});

test.describe('/contact', () => {
  test("pricing's Enterprise Contact Us opens the form prefilled; sending it succeeds", async ({
    page,
  }) => {
    await page.goto('/pricing');
    await page.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/contact#subject=/);
    await expect(page.getByLabel(/^Subject/)).toHaveValue('Enterprise plan enquiry');
    await expect(page.getByLabel(/^Message/)).toHaveValue(/Enterprise plan for our team/);
    await page.getByLabel(/^Name/).fill('Grace Hopper');
    await page.getByLabel(/^Email/).fill(uniqueEmail('grace'));
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(toast(page, 'Your message has been sent successfully!')).toBeVisible();
    await expect(page.getByLabel(/^Name/)).toHaveValue('');
  });

  test('the legal pages have Contact in their top bar', async ({ page }) => {
    await page.goto('/terms');
    await page
      .getByRole('navigation', { name: 'Site' })
      .getByRole('link', { name: 'Contact' })
      .click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();
  });
});
