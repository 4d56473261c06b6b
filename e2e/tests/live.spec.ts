import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { expect, serverNow, test } from '../fixtures.ts';

/**
 * The server's own database (the embedded PostgreSQL global-setup started in its DATA_DIR): the
 * test plays a news wire that stores an article, as news ingestion would.
 */
async function serverDatabase(): Promise<pg.Client> {
  const dir = path.join(path.dirname(process.env.E2E_MAIL_DIR ?? ''), 'postgres');
  const password = (await fs.readFile(path.join(dir, 'password'), 'utf8')).trim();
  const { port } = JSON.parse(await fs.readFile(path.join(dir, 'owner.json'), 'utf8')) as {
    port: number;
  };
  const client = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${String(port)}/stockpulse`,
  });
  await client.connect();
  return client;
}

test.describe('live updates (issue 18)', () => {
  test("a new article shows the 'N new articles' bar on the open AI feed; clicking it shows the article", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    const live = page.waitForResponse((res) => res.url().includes('/api/live?topics=news'));
    await page.goto('/news/latest_ai');
    await expect(page.getByRole('heading', { name: 'AI news feed' })).toBeVisible();
    expect((await live).headers()['content-type']).toContain('text/event-stream');
    const firstCard = page.getByRole('article').first();
    await expect(firstCard).toBeVisible();
    const firstBefore = await firstCard.getByRole('heading', { level: 2 }).innerText();

    // A wire stores an article; the worker's analyst enriches it (every minute) and publishes.
    const title = `Live wire ${Date.now().toString(36)}: chip maker raises its outlook`;
    const guid = `live-${Date.now().toString(36)}`;
    const db = await serverDatabase();
    try {
      await db.query(
        `insert into news (link, guid, title, description, publisher, creation_date,
           related_exchange_tickers, status, source)
         values ($1, $2, $3, $4, 'E2E Wire', $5, $6, 'WAITING_INDEX', 'e2e')`,
        [
          `https://wire.example/${guid}`,
          guid,
          title,
          'The chip maker raised its full-year revenue outlook on strong data-centre demand.',
          serverNow(),
          ['NASDAQ:NVDA'],
        ],
      );
    } finally {
      await db.end();
    }

    const bar = page.getByRole('button', { name: /^\d+ new articles?$/ });
    await expect(bar).toBeVisible({ timeout: 120_000 });
    // Nothing moved: the list still starts with the same article.
    await expect(firstCard.getByRole('heading', { level: 2 })).toHaveText(firstBefore);
    await page.screenshot({ path: '.tmp/live-bar-1366.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(bar).toBeInViewport();
    await page.screenshot({ path: '.tmp/live-bar-390-dark.png' });

    await bar.click();
    await expect(bar).toBeHidden();
    const shownNow = page
      .getByRole('article')
      .filter({ has: page.locator(`a[href="https://wire.example/${guid}"]`) });
    await expect(shownNow).toBeVisible();
    await page.screenshot({ path: '.tmp/live-shown-1366.png' });
  });
});
