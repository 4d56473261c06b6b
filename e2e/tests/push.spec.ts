import { createECDH, randomBytes } from 'node:crypto';
import { expect, registerAndLogin, test } from '../fixtures.ts';
import { serverDatabase } from '../server-database.ts';

/**
 * Browser notifications in real Chromium. Chrome gives no Push API to a private (incognito)
 * context, which every Playwright context is, and its push service (FCM) is out of reach here:
 * `pushManager.subscribe` cannot succeed. So the browser's own subscribing is checked to fail
 * honestly; the subscription a browser would send goes through the same API; and an alert
 * arrives in the app through the live stream.
 */
test.describe('browser notifications', () => {
  test('a user with notifications allowed sees the service worker, stores a browser, and gets an alert live', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['notifications'], { origin: baseURL ?? '' });
    await page.setViewportSize({ width: 1366, height: 900 });
    const username = await registerAndLogin(page);

    await page.goto('/pages/user');
    const card = page.getByRole('region', { name: 'Browser notifications' });
    // The profile waits for the user's reload (spec §7): slow when the machine is busy.
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card.getByText('No browser gets notifications yet.')).toBeVisible({
      timeout: 15_000,
    });

    // The built app's service worker runs and keeps the app shell, never an API answer.
    await expect
      .poll(() =>
        page.evaluate(
          async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.state ?? 'none',
        ),
      )
      .toBe('activated');
    const cached = await page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) {
          paths.push(new URL(request.url).pathname);
        }
      }
      return paths;
    });
    expect(cached).toContain('/index.html');
    expect(cached.some((path) => path.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((path) => path.startsWith('/api/'))).toEqual([]);

    // Chrome's own subscribing fails here; the card says so instead of pretending.
    await card.getByRole('button', { name: 'Turn on for this browser' }).click();
    await expect(card.getByRole('alert')).toContainText(
      'This browser could not turn notifications on',
      { timeout: 40_000 },
    );

    // The subscription a browser's push service would give, through the same API.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const token = await page.evaluate(() => localStorage.getItem('userToken'));
    const stored = await page.request.post('/api/push/subscribe', {
      headers: { Authorization: `Bearer ${token ?? ''}` },
      data: {
        endpoint: `https://push.example.com/send/${randomBytes(16).toString('base64url')}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
        expirationTime: null,
      },
    });
    expect(stored.status()).toBe(200);
    // The live stream that carries the user's alerts: an alert published before it is open is
    // not replayed to it, so the test publishes only once the stream has answered.
    const alertsStream = page.waitForResponse(
      (res) =>
        res.url().includes('/api/live?') &&
        (new URL(res.url()).searchParams.get('topics') ?? '').split(',').includes('alerts'),
      { timeout: 60_000 },
    );
    await page.reload();
    const devices = card.getByRole('list', { name: 'Browsers with notifications on' });
    await expect(devices.getByText('Chrome on Linux')).toBeVisible({ timeout: 30_000 });
    await expect(card.getByRole('button', { name: 'Send a test notification' })).toBeEnabled();
    expect((await alertsStream).headers()['content-type']).toContain('text/event-stream');

    // An instant alert written for the user reaches the open page through the live stream.
    const db = await serverDatabase();
    try {
      const { id: userId } = (
        await db.query<{ id: string }>('select id from users where username = $1', [username])
      ).rows[0] ?? { id: '' };
      const article = (
        await db.query<{ id: string; title: string }>(
          `select id, title from news where status = 'PROCESSED' order by creation_date desc limit 1`,
        )
      ).rows[0];
      if (!article) throw new Error('the demo data has no analysed article');
      const alert = {
        article_id: article.id,
        title: article.title,
        defcon_level: 1,
        sentiment: 'bearish',
        symbols: ['NASDAQ:AAPL'],
      };
      await db.query(
        `insert into deliveries (user_id, channel, kind, key, payload, status, created_at, due_at)
         values ($1, 'email', 'instant', $2, $3, 'sent', now(), now())`,
        [
          userId,
          `push-e2e-${article.id}`,
          JSON.stringify({ subject: `Alert: ${article.title}`, ...alert, line: '', moves: [] }),
        ],
      );
      await db.query('select pg_notify($1, $2)', [
        'stockpulse_live',
        JSON.stringify({
          i: randomBytes(8).toString('base64url'),
          e: 'alerts',
          p: [[`alerts:${userId}`, { count: 1, alerts: [alert] }]],
        }),
      ]);
    } finally {
      await db.end();
    }
    await expect(page.getByText('Defcon 1 alert · NASDAQ:AAPL')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Alerts, 1 unread' })).toBeVisible();

    // Removing the browser ends its notifications.
    await devices.getByRole('button', { name: 'Remove Chrome on Linux' }).click();
    await expect(card.getByText('No browser gets notifications yet.')).toBeVisible();
  });
});
