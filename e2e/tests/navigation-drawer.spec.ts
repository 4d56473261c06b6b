import { expect, test } from '../fixtures.ts';

test.describe('the navigation when it is put away', () => {
  test("a phone's closed drawer is out of Tab's way; opened, its links are there", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const open = page.getByRole('button', { name: 'Open navigation' });
    await expect(open).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Screener' })).toBeHidden();
    // Tab from the top of the page never lands in the closed drawer.
    for (let step = 0; step < 10; step += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('nav')?.ariaLabel)).not.toBe(
        'Main navigation',
      );
    }
    await open.click();
    await expect(nav.getByRole('link', { name: 'Screener' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Screener' })).toBeHidden();
    await expect(open).toBeFocused();
  });

  test("a desktop's hidden sidebar hides its links, and shows them again", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto('/about');
    const screener = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Screener' });
    await expect(screener).toBeVisible();
    await page.getByRole('button', { name: 'Hide sidebar' }).click();
    await expect(screener).toBeHidden();
    await page.getByRole('button', { name: 'Show sidebar' }).click();
    await expect(screener).toBeVisible();
  });
});
