import { expect, registerAndLogin, test } from '../fixtures.ts';

test.describe('the market calendar', () => {
  test('a visitor reads a week of earnings, moves a week on, and opens a company from it', async ({
    page,
  }) => {
    // The worker's first refresh and the first page load may take minutes on a loaded machine.
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    // The worker stores the calendar on start: wait for its first refresh, then open the page.
    await expect
      .poll(
        async () => {
          const week = await page.request.get('/api/market-calendar/week?kind=earnings');
          return ((await week.json()) as { events?: unknown[] }).events?.length ?? 0;
        },
        { timeout: 120_000 },
      )
      .toBeGreaterThan(0);
    await page.goto('/calendar/earnings');
    await expect(page.getByRole('heading', { name: 'Earnings calendar' })).toBeVisible({
      timeout: 30_000,
    });
    const columns = page.getByTestId('calendar-columns');
    await expect(columns.getByTestId('market-event').first()).toBeVisible({ timeout: 30_000 });
    const firstWeek = await page.getByTestId('calendar-week').textContent();

    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(page).toHaveURL(/[?&]week=\d{4}-\d{2}-\d{2}/);
    await expect(page.getByTestId('calendar-week')).not.toHaveText(firstWeek ?? '');
    await page.getByRole('button', { name: 'Previous week' }).click();
    await expect(page.getByTestId('calendar-week')).toHaveText(firstWeek ?? '');

    // A visitor cannot pick a personal scope; the dividends tab keeps the week.
    await page.locator('label', { hasText: /^Dividends$/ }).click();
    await expect(page).toHaveURL(/\/calendar\/dividends\?week=/);
    await expect(page.getByRole('heading', { name: 'Dividend calendar' })).toBeVisible();
    await page.locator('label', { hasText: /^Earnings$/ }).click();
    await expect(page.getByRole('heading', { name: 'Earnings calendar' })).toBeVisible();

    const company = columns.getByTestId('market-event').first().getByRole('link').first();
    const name = (await company.textContent()) ?? '';
    await company.click();
    await expect(page).toHaveURL(/\/ticker\//);
    await expect(page.getByRole('heading', { name: 'Upcoming' })).toBeVisible();
    await expect(page.getByTestId('next-earnings')).toContainText(/EPS estimate \$\d/);
    await expect(page.getByRole('table', { name: 'Last results' }).getByRole('row')).toHaveCount(5);
    expect(name.length).toBeGreaterThan(0);
  });

  test('a user filters by holdings and makes a private calendar link that serves .ics', async ({
    page,
  }) => {
    // Login, two calendar views, a link made and revoked, and the feed fetched twice.
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await registerAndLogin(page);
    await page.goto('/calendar/earnings?scope=holdings');
    await expect(page.getByRole('heading', { name: 'Earnings calendar' })).toBeVisible();
    // No holdings yet: nothing this week, said plainly.
    await expect(page.getByText('Nothing this week')).toBeVisible();

    await page.getByRole('button', { name: 'Create link' }).click();
    const link = page.getByLabel('Your calendar link (shown once)');
    await expect(link).toHaveValue(/\/api\/market-calendar\/feed\/[0-9a-f]{64}\.ics$/);
    const url = await link.inputValue();
    const feed = await page.request.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
    expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR/);

    await page.getByRole('button', { name: 'Revoke link' }).click();
    await expect(page.getByRole('button', { name: 'Create link' })).toBeVisible();
    expect((await page.request.get(url)).status()).toBe(404);
  });
});
