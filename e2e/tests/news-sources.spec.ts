import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { E2E_ADMIN } from '../global-setup.ts';
import { expect, serverNow, test } from '../fixtures.ts';

const HOUR = 3_600_000;

/** A feed served from this machine: one story dated two hours ago, one with no date. */
let server: Server;
let feedUrl = '';

test.beforeAll(async () => {
  const dated = new Date(serverNow().getTime() - 2 * HOUR).toUTCString();
  const rss = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Quayside Markets</title>
  <item><title>Quayside Freight lifts its full-year outlook</title>
    <link>https://quayside.example/outlook</link><guid>quayside-outlook</guid>
    <description>Quayside Freight raised its outlook.</description><pubDate>${dated}</pubDate></item>
  <item><title>Quayside Freight appoints a new treasurer</title>
    <link>https://quayside.example/treasurer</link><guid>quayside-treasurer</guid>
    <description>The board named a treasurer.</description></item>
</channel></rss>`;
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
    res.end(rss);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/quayside.xml`;
});

test.afterAll(() => {
  server.closeAllConnections();
  server.close();
});

async function loginAsAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel(/^Email or username/).fill(E2E_ADMIN.username);
  await page.getByLabel(/^Password/).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

test('an admin tests and adds a feed; its stories are stored and shown with honest dates', async ({
  page,
}) => {
  // The worker polls the feeds every minute.
  test.setTimeout(180_000);
  // The page tells time by the browser's clock: it reads the server's business time instead.
  await page.clock.setFixedTime(serverNow());
  await loginAsAdmin(page);
  await page.goto('/admin/panel');
  const card = page.getByRole('region', { name: 'News sources' });
  await card.getByLabel('Feed URL').fill(feedUrl);
  await card.getByRole('button', { name: 'Test' }).click();
  await expect(card.getByText(/Quayside Markets answered HTTP 200 with 2 items/)).toBeVisible();
  await expect(
    card.getByRole('link', { name: 'Quayside Freight appoints a new treasurer' }),
  ).toBeVisible();
  await expect(card.getByText('date estimated')).toHaveCount(1);
  await card.getByRole('button', { name: 'Add source' }).click();
  const table = card.getByRole('table', { name: 'News sources' });
  await expect(table.getByText(feedUrl)).toBeVisible();

  // The next poll (every minute) stores both stories: the dated one with its date, the other
  // "first seen". They are found by search: the latest feed's first screen holds five stories,
  // and the demo newsroom keeps writing newer ones.
  await expect(async () => {
    await page.clock.setFixedTime(serverNow());
    await page.goto('/search?q=Quayside');
    for (const name of [
      'Quayside Freight lifts its full-year outlook',
      'Quayside Freight appoints a new treasurer',
    ]) {
      await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 3_000 });
    }
  }).toPass({ timeout: 150_000, intervals: [5_000] });
  const dated = page.getByRole('article').filter({
    has: page.getByRole('heading', { name: 'Quayside Freight lifts its full-year outlook' }),
  });
  await expect(dated.locator('time')).toHaveText('2 hours ago');
  const undated = page.getByRole('article').filter({
    has: page.getByRole('heading', { name: 'Quayside Freight appoints a new treasurer' }),
  });
  await expect(undated.locator('time')).toHaveText(
    /^first seen (just now|\d+ (seconds?|minutes?) ago)$/,
  );

  // The panel shows the feed read: healthy, HTTP 200, two items today.
  await page.goto('/admin/panel');
  const row = page.getByRole('row').filter({ hasText: feedUrl });
  await expect(row.getByText('Healthy')).toBeVisible();
  await expect(row.getByText('200', { exact: true })).toBeVisible();
  await expect(row.getByText('2 / 2')).toBeVisible();
});
