import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { expect, registerAndLogin, test } from '../fixtures.ts';
import { serverDatabase } from '../server-database.ts';

/**
 * An instant alert of `userId` as the fan-out writes it (its e-mail row), `minutesAgo` old, and
 * the live event the fan-out publishes with it.
 */
async function writeAlert(
  db: pg.Client,
  userId: string,
  article: { id: string; title: string },
  minutesAgo: number,
) {
  const payload = {
    subject: `Alert: ${article.title}`,
    article_id: article.id,
    title: article.title,
    line: '',
    sentiment: 'bearish',
    sentiment_score: -6,
    defcon_level: 1,
    moves: [{ symbol: 'NASDAQ:AAPL', pct: -2.1 }],
    url: '',
    stored_at: 0,
  };
  await db.query(
    `insert into deliveries (user_id, channel, kind, key, payload, status, created_at, due_at)
     values ($1, 'email', 'instant', $2, $3, 'sent', now() - make_interval(mins => $4), now())`,
    [userId, `bell-${article.id}-${String(minutesAgo)}`, JSON.stringify(payload), minutesAgo],
  );
  const notification = {
    i: randomBytes(8).toString('base64url'),
    e: 'alerts',
    p: [[`alerts:${userId}`, { count: 1 }]],
  };
  await db.query('select pg_notify($1, $2)', ['stockpulse_live', JSON.stringify(notification)]);
}

test.describe('the alerts bell', () => {
  test('a signed-in user sees no alerts, then new ones live, opens one and marks all read', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    const username = await registerAndLogin(page);
    const db = await serverDatabase();
    try {
      const { id: userId } = (
        await db.query<{ id: string }>('select id from users where username = $1', [username])
      ).rows[0] ?? { id: '' };
      const articles = (
        await db.query<{ id: string; title: string }>(
          `select id, title from news where status = 'PROCESSED' order by creation_date desc limit 2`,
        )
      ).rows;
      expect(articles).toHaveLength(2);

      await page.goto('/news/latest_ai');
      const bell = page.getByRole('button', { name: /^Alerts/ });
      await expect(bell).toHaveAccessibleName('Alerts');
      await bell.click();
      await expect(page.getByText('No alerts yet')).toBeVisible();
      // A new account is on the free plan: the empty state names the plan with instant alerts.
      await expect(page.getByRole('link', { name: 'Standard plan' })).toBeVisible();
      await page.keyboard.press('Escape');

      // Alerts written while the page is open: the count follows the live stream.
      for (const [index, article] of articles.entries()) {
        await writeAlert(db, userId, article, 10 - index);
      }
      await expect(page.getByRole('button', { name: 'Alerts, 2 unread' })).toBeVisible({
        timeout: 30_000,
      });

      await page.getByRole('button', { name: 'Alerts, 2 unread' }).click();
      const newest = articles[1] as { id: string; title: string };
      await expect(page.getByRole('button', { name: `Unread: ${newest.title}` })).toBeVisible();
      await page.getByRole('button', { name: 'Mark all as read' }).click();
      await expect(page.getByRole('button', { name: 'Alerts', exact: true })).toBeVisible();

      // A click opens the article.
      await page.getByRole('button', { name: newest.title, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/news/view\\?id=${newest.id}`));

      // Read on the server too: a reload still shows none unread.
      await page.reload();
      await expect(page.getByRole('button', { name: 'Alerts', exact: true })).toBeVisible();
    } finally {
      await db.end();
    }
  });
});
